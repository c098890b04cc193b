// Routes for what a server carries one piece at a time: a toolkit attached or taken off, single tools added or removed,
// and per-tool settings (credential override, enabled).
// Responses keep the /servers {success, data} wrapper and return the server detail after the change.
import { Elysia } from 'elysia'
import { errorResponses } from '../../../http/common-model'
import { type GuardDeps, guard } from '../../../http/guard'
import { ServerDetailEnvelope } from '../../servers/model'
import type { ServersService } from '../../servers/service'
import {
  AttachToolkitBody,
  PatchServerToolBody,
  ServerToolItemParams,
  ServerToolkitParams,
  ServerToolParams,
  ToolIdsBody,
} from './model'
import type { ServerToolsService } from './service'

export const serverToolsModule = (deps: GuardDeps & { serverTools: ServerToolsService; servers: ServersService }) =>
  new Elysia({ name: 'toolyard.server-tools' })
    .use(guard(deps))
    .post(
      '/servers/:id/toolkits',
      async ({ auth, params, body }) => {
        await deps.serverTools.attachToolkit(auth.projectId, params.id, body)
        return { success: true as const, data: await deps.servers.detail(auth.projectId, params.id) }
      },
      {
        api: 'servers_write',
        params: ServerToolParams,
        body: AttachToolkitBody,
        response: { 200: ServerDetailEnvelope, ...errorResponses },
        detail: {
          tags: ['servers'],
          summary: 'Attach one toolkit to a server, keeping the others',
          description:
            "Adds the toolkit to the server's list and leaves the toolkits already attached as they are (PATCH /servers/{id} with `toolkits` replaces the whole list instead). Attaching a toolkit that is already there replaces its `credentials` map. 404 for an unknown toolkit or credential; 409 when one of its tools is named like a tool already on the server. Answers the server with its toolkits and tools.",
        },
      },
    )
    .delete(
      '/servers/:id/toolkits/:toolkit_id',
      async ({ auth, params }) => {
        await deps.serverTools.detachToolkit(auth.projectId, params.id, params.toolkit_id)
        return { success: true as const, data: await deps.servers.detail(auth.projectId, params.id) }
      },
      {
        api: 'servers_write',
        params: ServerToolkitParams,
        response: { 200: ServerDetailEnvelope, ...errorResponses },
        detail: {
          tags: ['servers'],
          summary: 'Take one toolkit off a server, keeping the others',
          description:
            'Its tools leave the server at once (clients connected to it get notifications/tools/list_changed); the toolkit itself is kept. 404 when the toolkit is not attached to this server.',
        },
      },
    )
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
