// Resource reads and prompt gets over the protocol reported to the call observer (tool calls report from their feature,
// which knows why a call failed).
import type { CallObserver } from '../../lib/call-observer'
import { observed, reportOf } from '../../lib/call-observer'
import type { ServerRow } from '../../lib/server'
import type { PromptsBackend, ResourcesBackend } from '../../mcp/backend'

export function observedResources(part: ResourcesBackend, observer: CallObserver): ResourcesBackend {
  return {
    ...part,
    readResource: (ctx, uri) =>
      observed(observer, { kind: 'resource', ...reportOf(ctx), name: uri }, () => part.readResource(ctx, uri)),
  }
}

export function observedPrompts(part: PromptsBackend, observer: CallObserver): PromptsBackend {
  return {
    ...part,
    getPrompt: (ctx, name, args) =>
      observed(observer, { kind: 'prompt', ...reportOf(ctx), name }, () => part.getPrompt(ctx, name, args)),
  }
}

/** A tools/call refused by the rate limit never reaches the tools feature; it is still a call in the log. */
export function rateLimitedCall(
  observer: CallObserver,
  server: ServerRow | undefined | null,
  tool: string,
  requestId: string,
) {
  if (!server) return
  observer.called({
    kind: 'tool',
    projectId: server.project_id,
    serverId: server.id,
    name: tool,
    outcome: 'rate_limited',
    durationMs: 0,
    error: 'rate limit exceeded',
    requestId,
  })
}
