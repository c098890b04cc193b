// Routes for /mcp/resources: registration and management, listings, and reads.
import { Elysia, t } from 'elysia'
import { ErrorBody, errorResponses, IdParams, ListQuery } from '../../http/common-model'
import { type GuardDeps, guard } from '../../http/guard'
import { restRequestContext } from '../../http/rest-context'
import { type CallObserver, observed, reportOf } from '../../lib/call-observer'
import type { Logger } from '../../lib/log'
import type { ServersService } from '../servers/service'
import {
  CreateResourceBody,
  ListRecordsQuery,
  ListResourcesBody,
  ReadResourceBody,
  ReadResult,
  ResourceListing,
  ResourceRecordList,
  ResourceView,
  TemplateListing,
  UpdateResourceBody,
} from './model'
import type { ResourcesService } from './service'

const tags = ['resources']
const withErrors = { ...errorResponses, 502: ErrorBody }

export const resourcesModule = (
  deps: GuardDeps & {
    resources: ResourcesService
    servers: Pick<ServersService, 'mustGet'>
    log: Logger
    calls?: CallObserver
  },
) =>
  new Elysia({ name: 'toolyard.resources' })
    .use(guard(deps))
    .post(
      '/resources',
      ({ auth, body, set }) => {
        set.status = 201
        return deps.resources.create(auth.projectId, body)
      },
      {
        api: 'register',
        body: CreateResourceBody,
        response: { 201: ResourceView, ...errorResponses },
        detail: { tags, summary: 'Register a resource' },
      },
    )
    .get(
      '/resources',
      ({ auth, query }) => deps.resources.listRecords(auth.projectId, query.server_id, query.limit ?? 50, query.cursor),
      {
        api: 'other',
        query: ListRecordsQuery,
        response: { 200: ResourceRecordList, ...errorResponses },
        detail: { tags, summary: "The project's resource records (inactive and templates included)" },
      },
    )
    .post(
      '/resources/list',
      ({ auth, body, query }) =>
        deps.resources.listPage(auth.projectId, body?.server_id, query.limit ?? 100, query.cursor),
      {
        api: 'resources_misc',
        body: t.Optional(ListResourcesBody),
        query: ListQuery,
        response: { 200: ResourceListing, ...errorResponses },
        detail: { tags, summary: 'Active resources (uri templates excluded)' },
      },
    )
    .post(
      '/resources/templates/list',
      ({ auth, body, query }) =>
        deps.resources.listTemplatesPage(auth.projectId, body?.server_id, query.limit ?? 100, query.cursor),
      {
        api: 'resources_misc',
        body: t.Optional(ListResourcesBody),
        query: ListQuery,
        response: { 200: TemplateListing, ...errorResponses },
        detail: { tags, summary: 'Active resource templates' },
      },
    )
    .post(
      '/resources/read',
      async ({ auth, body, request }) => {
        const server = body.server_id ? await deps.servers.mustGet(auth.projectId, body.server_id) : undefined
        const ctx = restRequestContext(request, auth, server)
        return observed(deps.calls, { kind: 'resource', ...reportOf(ctx), name: body.uri }, () =>
          deps.resources.read(ctx, body.uri),
        )
      },
      {
        api: 'resources_read',
        body: ReadResourceBody,
        response: { 200: ReadResult, ...withErrors },
        detail: { tags, summary: 'Read a resource (exact uri or through a template)' },
      },
    )
    .get('/resources/:id', ({ auth, params }) => deps.resources.get(auth.projectId, params.id), {
      api: 'other',
      params: IdParams,
      response: { 200: ResourceView, ...errorResponses },
      detail: { tags, summary: 'A resource record' },
    })
    .patch('/resources/:id', ({ auth, params, body }) => deps.resources.update(auth.projectId, params.id, body), {
      api: 'other',
      params: IdParams,
      body: UpdateResourceBody,
      response: { 200: ResourceView, ...errorResponses },
      detail: { tags, summary: 'Update a resource (null clears an optional field)' },
    })
    .delete(
      '/resources/:id',
      async ({ auth, params }) => {
        await deps.resources.remove(auth.projectId, params.id)
        return { id: params.id, deleted: true as const }
      },
      {
        api: 'other',
        params: IdParams,
        response: { 200: t.Object({ id: t.String(), deleted: t.Literal(true) }), ...errorResponses },
        detail: { tags, summary: 'Delete a resource' },
      },
    )
