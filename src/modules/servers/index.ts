// Routes for /mcp/servers. Responses keep the spec's {success, data} wrapper.
import { Elysia } from 'elysia'
import { errorResponses, IdParams, ListQuery } from '../../http/common-model'
import { type GuardDeps, guard } from '../../http/guard'
import {
  CreateServerBody,
  ServerDeletedEnvelope,
  ServerDetailEnvelope,
  ServerEnvelope,
  ServerListEnvelope,
  UpdateServerBody,
} from './model'
import type { ServersService } from './service'

export const serversModule = (deps: GuardDeps & { servers: ServersService }) =>
  new Elysia({ name: 'toolyard.servers' })
    .use(guard(deps))
    .post(
      '/servers',
      async ({ auth, body, set }) => {
        const data = await deps.servers.create(auth.projectId, body)
        set.status = 201
        return { success: true as const, data }
      },
      {
        api: 'servers_write',
        body: CreateServerBody,
        response: { 201: ServerEnvelope, ...errorResponses },
        detail: { tags: ['servers'], summary: 'Create a server' },
      },
    )
    .get(
      '/servers',
      async ({ auth, query }) => {
        const { servers, next_cursor } = await deps.servers.list(auth.projectId, query.limit ?? 50, query.cursor)
        return { success: true as const, data: servers, ...(next_cursor ? { next_cursor } : {}) }
      },
      {
        api: 'servers_read',
        query: ListQuery,
        response: { 200: ServerListEnvelope, ...errorResponses },
        detail: { tags: ['servers'], summary: "List the project's servers" },
      },
    )
    .get(
      '/servers/:id',
      async ({ auth, params }) => ({
        success: true as const,
        data: await deps.servers.detail(auth.projectId, params.id),
      }),
      {
        api: 'servers_read',
        params: IdParams,
        response: { 200: ServerDetailEnvelope, ...errorResponses },
        detail: { tags: ['servers'], summary: 'Server with its tools and credential status' },
      },
    )
    .patch(
      '/servers/:id',
      async ({ auth, params, body }) => ({
        success: true as const,
        data: await deps.servers.update(auth.projectId, params.id, body),
      }),
      {
        api: 'servers_write',
        params: IdParams,
        body: UpdateServerBody,
        response: { 200: ServerEnvelope, ...errorResponses },
        detail: {
          tags: ['servers'],
          summary: 'Update a server',
          description:
            'Changes only the fields sent. `toolkits`, when sent, REPLACES the whole list of attached toolkits: a toolkit left out of it is taken off the server (its tools leave at once), and `[]` takes every toolkit off. To attach or take off one toolkit and keep the others, use POST /servers/{id}/toolkits {toolkit_id, credentials?} and DELETE /servers/{id}/toolkits/{toolkit_id}. Single tools added with POST /servers/{id}/tools are kept either way.',
        },
      },
    )
    .delete(
      '/servers/:id',
      async ({ auth, params }) => {
        await deps.servers.remove(auth.projectId, params.id)
        return { success: true as const, data: { id: params.id, deleted: true } }
      },
      {
        api: 'servers_write',
        params: IdParams,
        response: { 200: ServerDeletedEnvelope, ...errorResponses },
        detail: { tags: ['servers'], summary: 'Delete a server' },
      },
    )
