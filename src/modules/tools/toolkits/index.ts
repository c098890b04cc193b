// Routes for /toolkits: the project's hosted toolkits plus the read-only pre-built ones.
import { Elysia } from 'elysia'
import { errorResponses, IdParams, ListQuery } from '../../../http/common-model'
import { type GuardDeps, guard } from '../../../http/guard'
import { CreateToolkitBody, RefreshResult, ToolkitDetail, ToolkitList, ToolkitView, UpdateToolkitBody } from './model'
import type { ToolkitsService } from './service'

export const toolkitsModule = (deps: GuardDeps & { toolkits: ToolkitsService }) =>
  new Elysia({ name: 'toolyard.toolkits' })
    .use(guard(deps))
    .post(
      '/toolkits',
      async ({ auth, body, set }) => {
        const created = await deps.toolkits.createOfKind(auth.projectId, body)
        set.status = 201
        return created
      },
      {
        api: 'toolkits_create',
        body: CreateToolkitBody,
        response: { 201: ToolkitView, ...errorResponses },
        detail: { tags: ['toolkits'], summary: 'Create a hosted toolkit, or a remote one (an upstream MCP server)' },
      },
    )
    .get('/toolkits', ({ auth, query }) => deps.toolkits.list(auth.projectId, query.limit ?? 50, query.cursor), {
      api: 'toolkits_read',
      query: ListQuery,
      response: { 200: ToolkitList, ...errorResponses },
      detail: { tags: ['toolkits'], summary: 'List pre-built and own toolkits' },
    })
    .get('/toolkits/:id', ({ auth, params }) => deps.toolkits.get(auth.projectId, params.id), {
      api: 'toolkits_read',
      params: IdParams,
      response: { 200: ToolkitDetail, ...errorResponses },
      detail: { tags: ['toolkits'], summary: 'A toolkit with its tools' },
    })
    .put('/toolkits/:id', ({ auth, params, body }) => deps.toolkits.update(auth.projectId, params.id, body), {
      api: 'toolkits_update',
      params: IdParams,
      body: UpdateToolkitBody,
      response: { 200: ToolkitView, ...errorResponses },
      detail: { tags: ['toolkits'], summary: 'Update a toolkit (display_name, description)' },
    })
    .post('/toolkits/:id/refresh', ({ auth, params }) => deps.toolkits.refresh(auth.projectId, params.id), {
      api: 'toolkits_update',
      params: IdParams,
      response: { 200: RefreshResult, ...errorResponses },
      detail: { tags: ['toolkits'], summary: "Re-list a remote toolkit's upstream tools" },
    })
    .delete(
      '/toolkits/:id',
      async ({ auth, params }) => {
        await deps.toolkits.remove(auth.projectId, params.id)
        return { id: params.id, deleted: true }
      },
      {
        api: 'toolkits_delete',
        params: IdParams,
        detail: { tags: ['toolkits'], summary: 'Delete a toolkit, its tools and its attachments' },
      },
    )
