// GET /servers/{id}/tools/search: the list find_tools gives, over REST (the /servers {success, data} wrapper).
import { Elysia } from 'elysia'
import { errorResponses } from '../../../http/common-model'
import { type GuardDeps, guard } from '../../../http/guard'
import type { ServersService } from '../../servers/service'
import { ServerToolParams } from '../server-tools/model'
import { ToolSearchEnvelope, ToolSearchQuery } from './model'
import type { ToolSearch } from './service'

export const toolSearchModule = (deps: GuardDeps & { toolSearch: ToolSearch; servers: ServersService }) =>
  new Elysia({ name: 'toolyard.tool-search' }).use(guard(deps)).get(
    '/servers/:id/tools/search',
    async ({ auth, params, query }) => {
      // Another project's server is not found (404), as everywhere.
      const server = await deps.servers.mustGet(auth.projectId, params.id)
      const tools = (await deps.toolSearch.search(server, query.q, query.limit)).map(({ tool, score }) => ({
        id: tool.id,
        name: tool.name,
        ...(tool.description !== null ? { description: tool.description } : {}),
        inputSchema: JSON.parse(tool.input_schema) as Record<string, unknown>,
        score,
      }))
      return { success: true as const, data: { tools } }
    },
    {
      api: 'servers_read',
      params: ServerToolParams,
      query: ToolSearchQuery,
      response: { 200: ToolSearchEnvelope, ...errorResponses },
      detail: { tags: ['servers'], summary: "Search a server's tools by what they do (best first)" },
    },
  )
