// Routes for /mcp/prompts: registration and management, listing, and rendering with arguments.
import { Elysia, t } from 'elysia'
import { errorResponses, IdParams, ListQuery } from '../../http/common-model'
import { type GuardDeps, guard } from '../../http/guard'
import { restRequestContext } from '../../http/rest-context'
import { type CallObserver, observed, reportOf } from '../../lib/call-observer'
import type { Logger } from '../../lib/log'
import type { ServersService } from '../servers/service'
import {
  CreatePromptBody,
  GetPromptBody,
  GetPromptResult,
  ListPromptsBody,
  ListRecordsQuery,
  PromptListing,
  PromptRecordList,
  PromptView,
  UpdatePromptBody,
} from './model'
import type { PromptsService } from './service'

const tags = ['prompts']

export const promptsModule = (
  deps: GuardDeps & {
    prompts: PromptsService
    servers: Pick<ServersService, 'mustGet'>
    log: Logger
    calls?: CallObserver
  },
) =>
  new Elysia({ name: 'toolyard.prompts' })
    .use(guard(deps))
    .post(
      '/prompts',
      ({ auth, body, set }) => {
        set.status = 201
        return deps.prompts.create(auth.projectId, body)
      },
      {
        api: 'register',
        body: CreatePromptBody,
        response: { 201: PromptView, ...errorResponses },
        detail: { tags, summary: 'Register a prompt' },
      },
    )
    .get(
      '/prompts',
      ({ auth, query }) => deps.prompts.listRecords(auth.projectId, query.server_id, query.limit ?? 50, query.cursor),
      {
        api: 'other',
        query: ListRecordsQuery,
        response: { 200: PromptRecordList, ...errorResponses },
        detail: { tags, summary: "The project's prompt records" },
      },
    )
    .post(
      '/prompts/list',
      ({ auth, body, query }) =>
        deps.prompts.listPage(auth.projectId, body?.server_id, query.limit ?? 100, query.cursor),
      {
        api: 'prompts_list',
        body: t.Optional(ListPromptsBody),
        query: ListQuery,
        response: { 200: PromptListing, ...errorResponses },
        detail: { tags, summary: 'Prompts (of one server when server_id is given)' },
      },
    )
    .post(
      '/prompts/get',
      async ({ auth, body, request }) => {
        const server = body.server_id ? await deps.servers.mustGet(auth.projectId, body.server_id) : undefined
        const ctx = restRequestContext(request, auth, server)
        return observed(deps.calls, { kind: 'prompt', ...reportOf(ctx), name: body.name }, () =>
          deps.prompts.render(ctx, body.name, body.arguments ?? {}),
        )
      },
      {
        api: 'prompts_get',
        body: GetPromptBody,
        response: { 200: GetPromptResult, ...errorResponses },
        detail: { tags, summary: 'Render a prompt with arguments' },
      },
    )
    .get('/prompts/:id', ({ auth, params }) => deps.prompts.get(auth.projectId, params.id), {
      api: 'other',
      params: IdParams,
      response: { 200: PromptView, ...errorResponses },
      detail: { tags, summary: 'A prompt record' },
    })
    .patch('/prompts/:id', ({ auth, params, body }) => deps.prompts.update(auth.projectId, params.id, body), {
      api: 'other',
      params: IdParams,
      body: UpdatePromptBody,
      response: { 200: PromptView, ...errorResponses },
      detail: { tags, summary: 'Update a prompt (null clears an optional field)' },
    })
    .delete(
      '/prompts/:id',
      async ({ auth, params }) => {
        await deps.prompts.remove(auth.projectId, params.id)
        return { id: params.id, deleted: true as const }
      },
      {
        api: 'other',
        params: IdParams,
        response: { 200: t.Object({ id: t.String(), deleted: t.Literal(true) }), ...errorResponses },
        detail: { tags, summary: 'Delete a prompt' },
      },
    )
