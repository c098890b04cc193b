// Routes for /tools: registration and CRUD, plus the REST tool endpoints /tools/list and /tools/call (no JSON-RPC wrapper).
import { Elysia, type Static, t } from 'elysia'
import { errorResponses, IdParams } from '../../http/common-model'
import { type GuardDeps, guard } from '../../http/guard'
import { restRequestContext } from '../../http/rest-context'
import type { Logger } from '../../lib/log'
import type { ServersService } from '../servers/service'
import type { ToolsMcp } from './mcp'
import {
  CallResultView,
  CreateToolBody,
  McpToolView,
  RestCallBody,
  RestListBody,
  ToolList,
  ToolListQuery,
  ToolView,
  UpdateToolBody,
} from './model'
import type { ToolsService } from './service'

/**
 * REST tools/call in a project: the call, answered in the route's response schema (CallResultView) exactly. Also the
 * direct route's (src/direct-routes.ts).
 */
export async function restToolCall(
  deps: { servers: ServersService; toolCalls: ToolsMcp; log: Logger },
  auth: Parameters<typeof restRequestContext>[1],
  body: Static<typeof RestCallBody>,
  request: Request,
): Promise<Static<typeof CallResultView>> {
  // The request context, as the protocol endpoint builds it at admission (docs/decisions/0029-one-request-context.md).
  const server = body.server_id ? await deps.servers.mustGet(auth.projectId, body.server_id) : undefined
  const ctx = restRequestContext(request, auth, server)
  const result = await deps.toolCalls.restCall(ctx, body.name, body.arguments ?? {})
  return {
    content: result.content,
    isError: result.isError ?? false,
    ...(result.structuredContent !== undefined ? { structuredContent: result.structuredContent } : {}),
  }
}

export const toolsModule = (
  deps: GuardDeps & { tools: ToolsService; toolCalls: ToolsMcp; servers: ServersService; log: Logger },
) =>
  new Elysia({ name: 'toolyard.tools' })
    .use(guard(deps))
    .post(
      '/tools/list',
      async ({ auth, body, request }) => {
        const server = body?.server_id ? await deps.servers.mustGet(auth.projectId, body.server_id) : undefined
        // The caller's context, as for a call: the policies that would refuse it a tool leave that tool out.
        return {
          tools: await deps.toolCalls.restList(auth.projectId, server, restRequestContext(request, auth, server)),
        }
      },
      {
        api: 'tools_read',
        body: t.Optional(RestListBody),
        response: { 200: t.Object({ tools: t.Array(McpToolView) }), ...errorResponses },
        detail: { tags: ['tools'], summary: 'Tools in MCP form (one server or all of the project)' },
      },
    )
    .post('/tools/call', ({ auth, body, request }) => restToolCall(deps, auth, body, request), {
      api: 'tools_call',
      body: RestCallBody,
      response: { 200: CallResultView, ...errorResponses },
      detail: { tags: ['tools'], summary: 'Call a tool (no JSON-RPC wrapper)' },
    })
    .post(
      '/tools',
      ({ auth, body, set }) => {
        set.status = 201
        return deps.tools.create(auth.projectId, body)
      },
      {
        api: 'register',
        body: CreateToolBody,
        response: { 201: ToolView, ...errorResponses },
        detail: { tags: ['tools'], summary: 'Register a tool in a hosted toolkit' },
      },
    )
    .get(
      '/tools',
      ({ auth, query }) => deps.tools.list(auth.projectId, query.limit ?? 50, query.cursor, query.toolkit_id),
      {
        api: 'tools_read',
        query: ToolListQuery,
        response: { 200: ToolList, ...errorResponses },
        detail: { tags: ['tools'], summary: "List the project's tools" },
      },
    )
    .get('/tools/:id', ({ auth, params }) => deps.tools.get(auth.projectId, params.id), {
      api: 'tools_read',
      params: IdParams,
      response: { 200: ToolView, ...errorResponses },
      detail: { tags: ['tools'], summary: 'Get a tool' },
    })
    .patch('/tools/:id', ({ auth, params, body }) => deps.tools.update(auth.projectId, params.id, body), {
      api: 'other',
      params: IdParams,
      body: UpdateToolBody,
      response: { 200: ToolView, ...errorResponses },
      detail: { tags: ['tools'], summary: 'Update a tool' },
    })
    .delete(
      '/tools/:id',
      async ({ auth, params }) => {
        await deps.tools.remove(auth.projectId, params.id)
        return { id: params.id, deleted: true }
      },
      { api: 'other', params: IdParams, detail: { tags: ['tools'], summary: 'Delete a tool' } },
    )
