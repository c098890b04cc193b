// The resources part of McpBackend: listings and reads for one server (its errors become JSON-RPC ones in src/mcp).
import type { ResourcesBackend } from '../../mcp/backend'
import type { ResourcesService } from './service'

export function resourcesBackend(resources: ResourcesService): ResourcesBackend {
  return {
    listResources: (server) => resources.list(server.project_id, server.id),
    listResourceTemplates: (server) => resources.listTemplates(server.project_id, server.id),
    readResource: (ctx, uri) => resources.read(ctx, uri),
  }
}
