// Routes for a server's single tools: add, remove, and per-tool settings (credential override, enabled).
// Responses keep the /servers {success, data} wrapper and return the server detail after the change.
import { Elysia } from 'elysia'
import { errorResponses } from '../../../http/common-model'
import { type GuardDeps, guard } from '../../../http/guard'
import { ServerDetailEnvelope } from '../../servers/model'
import type { ServersService } from '../../servers/service'
import { PatchServerToolBody, ServerToolItemParams, ServerToolParams, ToolIdsBody } from './model'
import type { ServerToolsService } from './service'

export const serverToolsModule = (deps: GuardDeps & { serverTools: ServerToolsService; servers: ServersService }) =>
  new Elysia({ name: 'toolyard.server-tools' })
    .use(guard(deps))
    .post(
      '/servers/:id/tools',
      async ({ auth, params, body }) => {
        await deps.serverTools.addTools(auth.projectId, params.id, body.tool_ids)
        return { success: true as const, data: await deps.servers.detail(auth.projectId, params.id) }
      },
      {
        api: 'server_tools',
        params: ServerToolParams,
        body: ToolIdsBody,
        response: { 200: ServerDetailEnvelope, ...errorResponses },
        detail: { tags: ['servers'], summary: 'Add single tools to a server' },
      },
    )
    .delete(
      '/servers/:id/tools',
      async ({ auth, params, body }) => {
        await deps.serverTools.removeTools(auth.projectId, params.id, body.tool_ids)
        return { success: true as const, data: await deps.servers.detail(auth.projectId, params.id) }
      },
      {
        api: 'server_tools',
        params: ServerToolParams,
        body: ToolIdsBody,
        response: { 200: ServerDetailEnvelope, ...errorResponses },
        detail: { tags: ['servers'], summary: 'Remove tools from a server' },
      },
    )
    .patch(
      '/servers/:id/tools/:tool_id',
      async ({ auth, params, body }) => {
        await deps.serverTools.patchTool(auth.projectId, params.id, params.tool_id, body)
        return { success: true as const, data: await deps.servers.detail(auth.projectId, params.id) }
      },
      {
        api: 'server_tools',
        params: ServerToolItemParams,
        body: PatchServerToolBody,
        response: { 200: ServerDetailEnvelope, ...errorResponses },
        detail: { tags: ['servers'], summary: "Change one server tool's credential or enabled flag" },
      },
    )
