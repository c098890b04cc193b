// Resource reads and prompt gets over the protocol reported to the call observer (tool calls report from their feature,
// which knows why a call failed).
import type { CallObserver } from '../../lib/call-observer'
import { observed } from '../../lib/call-observer'
import type { ServerRow } from '../../lib/server'
import type { PromptsBackend, ResourcesBackend } from '../../mcp/backend'

export function observedResources(part: ResourcesBackend, observer: CallObserver): ResourcesBackend {
  return {
    ...part,
    readResource: (server, uri, host) =>
      observed(observer, { kind: 'resource', projectId: server.project_id, serverId: server.id, name: uri }, () =>
        part.readResource(server, uri, host),
      ),
  }
}

export function observedPrompts(part: PromptsBackend, observer: CallObserver): PromptsBackend {
  return {
    ...part,
    getPrompt: (server, name, args, host) =>
      observed(observer, { kind: 'prompt', projectId: server.project_id, serverId: server.id, name }, () =>
        part.getPrompt(server, name, args, host),
      ),
  }
}

/** A tools/call refused by the rate limit never reaches the tools feature; it is still a call in the log. */
export function rateLimitedCall(observer: CallObserver, server: ServerRow | undefined | null, tool: string) {
  if (!server) return
  observer.called({
    kind: 'tool',
    projectId: server.project_id,
    serverId: server.id,
    name: tool,
    outcome: 'rate_limited',
    durationMs: 0,
    error: 'rate limit exceeded',
  })
}
