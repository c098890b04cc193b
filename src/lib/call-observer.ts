// The port through which tool calls, resource reads and prompt gets report how they went (log line, call log, metrics).
// Features call it; src/modules/calls implements it. Never carries results or secrets; a tool call's arguments travel
// by reference only for the audit trail, which hashes them off the request path (src/modules/audit).
import type { RequestContext } from './request-context'

type CallKind = 'tool' | 'resource' | 'prompt'
type CallOutcome = 'ok' | 'error' | 'timeout' | 'denied' | 'rate_limited'

export interface CallEvent {
  kind: CallKind
  projectId: string
  /** The server the call came through; absent for a REST call without server_id. */
  serverId?: string
  /** Tool or prompt name, or resource uri. */
  name: string
  outcome: CallOutcome
  durationMs: number
  /** A short reason when the outcome is not ok. */
  error?: string
  /**
   * The request's id from its context (docs/decisions/0029-one-request-context.md); every HTTP path reports it. Absent
   * only for a report made outside any request, which is logged under an id of its own.
   */
  requestId?: string
  /** Who called (`key:<id>` or `addr:<ip>`), the user the call acts for and the OAuth client's name, when known. */
  principal?: string
  userId?: string
  client?: string
  /** A tool call's arguments (never logged: the audit trail hashes them, and keeps them only as the server says). */
  args?: unknown
}

export interface CallObserver {
  called(event: CallEvent): void
}

/** Where a call is reported from: the context's project, server (when it has one) and request id. */
export const reportOf = (
  ctx: RequestContext,
): Pick<CallEvent, 'projectId' | 'serverId' | 'requestId' | 'principal' | 'userId' | 'client'> => ({
  projectId: ctx.projectId,
  ...(ctx.server ? { serverId: ctx.server.id } : {}),
  requestId: ctx.requestId,
  principal: ctx.principal,
  ...(ctx.userId ? { userId: ctx.userId } : {}),
  ...(ctx.clientName ? { client: ctx.clientName } : {}),
})

type CallBase = Omit<CallEvent, 'outcome' | 'durationMs' | 'error'>

/** A tool call's report: the context's fields and the call's, in one object of one shape (no spreads per call). */
export const toolReport = (ctx: RequestContext, name: string, args: unknown): CallBase => ({
  kind: 'tool',
  projectId: ctx.projectId,
  serverId: ctx.server?.id,
  name,
  requestId: ctx.requestId,
  principal: ctx.principal,
  userId: ctx.userId || undefined,
  client: ctx.clientName || undefined,
  args,
})

/** The event of a finished call: every field named (absent ones undefined), so every event has one shape. */
const eventOf = (base: CallBase, outcome: CallEvent['outcome'], error: string | undefined, durationMs: number) => ({
  kind: base.kind,
  projectId: base.projectId,
  serverId: base.serverId,
  name: base.name,
  outcome,
  durationMs,
  error,
  requestId: base.requestId,
  principal: base.principal,
  userId: base.userId,
  client: base.client,
  args: base.args,
})

const OK: Pick<CallEvent, 'outcome' | 'error'> = Object.freeze({ outcome: 'ok' })

/** Times `run` and reports it; a throw is an `error` outcome (or what `classify` says) and is thrown on. */
export async function observed<T>(
  observer: CallObserver | undefined,
  base: CallBase,
  run: () => Promise<T>,
  outcomeOf: (value: T) => Pick<CallEvent, 'outcome' | 'error'> = () => OK,
): Promise<T> {
  if (!observer) return run()
  const started = performance.now()
  try {
    const value = await run()
    const how = outcomeOf(value)
    observer.called(eventOf(base, how.outcome, how.error, Math.round(performance.now() - started)))
    return value
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    observer.called(eventOf(base, 'error', message, Math.round(performance.now() - started)))
    throw error
  }
}
