// The resources part of McpBackend: listings and reads for one server, errors as JSON-RPC errors.
import { AppError } from '../../http/errors'
import type { ResourcesBackend } from '../../mcp/backend'
import { ProtocolError, RPC } from '../../mcp/errors'
import { UnknownResourceError } from './errors'
import type { ResourcesService } from './service'

export function resourcesBackend(resources: ResourcesService): ResourcesBackend {
  return {
    listResources: (server) => resources.list(server.project_id, server.id),
    listResourceTemplates: (server) => resources.listTemplates(server.project_id, server.id),
    async readResource(server, uri, host) {
      try {
        return await resources.read(server.project_id, uri, host, server.id)
      } catch (error) {
        if (error instanceof UnknownResourceError)
          throw new ProtocolError(RPC.RESOURCE_NOT_FOUND, 'Resource not found', { uri })
        // A known resource whose source failed: the message says why (no stack, no secrets).
        if (error instanceof AppError) throw new ProtocolError(RPC.INTERNAL_ERROR, error.message, { uri })
        throw error
      }
    },
  }
}
