// What a running function can reach of its caller: one type from the protocol endpoint (or a REST route) through the
// runtime and the sandbox pool to the worker thread, where the same shape is rebuilt over messages.
import type { McpLogLevel } from '../lib/log'

export interface FunctionHost {
  /** Aborted when the caller cancels (notifications/cancelled, a closed REST request). */
  signal: AbortSignal
  /** → notifications/message, filtered by the session's logging/setLevel. */
  log(level: McpLogLevel, message: string): void
  /** → notifications/progress with the client's token; a no-op when the request carried none. */
  progress(progress: number, total?: number, message?: string): void
  /** Present only when the client declared `sampling` (and can be reached on a stream). */
  sample?: (request: Record<string, unknown>) => Promise<Record<string, unknown>>
  /** Present only when the client declared `elicitation` (and can be reached on a stream). */
  elicit?: (request: Record<string, unknown>) => Promise<Record<string, unknown>>
}

/** A caller without an MCP session (REST): logs and progress have nowhere to go, sampling/elicitation are unavailable. */
export const detachedHost = (signal: AbortSignal): FunctionHost => ({ signal, log: () => {}, progress: () => {} })
