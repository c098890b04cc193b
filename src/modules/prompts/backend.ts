// The prompts part of McpBackend: listing and rendering for one server, errors as JSON-RPC -32602.
import { AppError } from '../../http/errors'
import type { PromptsBackend } from '../../mcp/backend'
import { ProtocolError, RPC } from '../../mcp/errors'
import { type PromptsService, UnknownPromptError } from './service'

export function promptsBackend(prompts: PromptsService): PromptsBackend {
  return {
    listPrompts: (server) => prompts.list(server.project_id, server.id),
    async getPrompt(server, name, args) {
      try {
        return prompts.render(server.project_id, name, args ?? {}, server.id)
      } catch (error) {
        if (error instanceof UnknownPromptError) throw new ProtocolError(RPC.INVALID_PARAMS, `Unknown prompt: ${name}`)
        if (error instanceof AppError && error.status === 400)
          throw new ProtocolError(RPC.INVALID_PARAMS, error.message)
        throw error
      }
    },
  }
}
