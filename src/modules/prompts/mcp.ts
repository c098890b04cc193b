// The prompts part of McpBackend: listing and rendering for one server (its errors become JSON-RPC ones in src/mcp).
import type { PromptsBackend } from '../../mcp/backend'
import type { PromptsService } from './service'

export function promptsBackend(prompts: PromptsService): PromptsBackend {
  return {
    listPrompts: (server) => prompts.list(server.project_id, server.id),
    getPrompt: (ctx, name, args) => prompts.render(ctx, name, args ?? {}),
  }
}
