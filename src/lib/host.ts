// What a running function can reach of its caller: one type from the protocol endpoint (or a REST route) through the
// runtime and the sandbox pool to the worker thread, where the same shape is rebuilt over messages. On the ground floor
// because the one request context (./request-context.ts) carries it (docs/architecture.md, "Layers").
import type { McpLogLevel } from './log'

export interface FunctionHost {
  /** Aborted when the caller cancels (notifications/cancelled, a closed REST request). */
  signal: AbortSignal
  /**
   * The same cancellation for one listener, without making the signal (a host may make it lazily, and an
   * AbortController with a listener costs a JavaScript call ~1 µs of the main thread): registers `listener` and returns
   * its removal, or returns undefined and registers nothing when the call is cancelled already. Optional: without it,
   * use `signal`.
   */
  onCancel?: (listener: () => void) => (() => void) | undefined
  /** → notifications/message, filtered by the session's logging/setLevel. */
  log(level: McpLogLevel, message: string): void
  /** → notifications/progress with the client's token; a no-op when the request carried none. */
  progress(progress: number, total?: number, message?: string): void
  /** Present only when the client declared `sampling` (and can be reached: a session stream, or MRTR). */
  sample?: (request: Record<string, unknown>, opts?: AskOptions) => Promise<Record<string, unknown>>
  /** Present only when the client declared `elicitation` (and can be reached: a session stream, or MRTR). */
  elicit?: (request: Record<string, unknown>, opts?: AskOptions) => Promise<Record<string, unknown>>
  /** The client declared URL-mode elicitation (`elicitation.url`): `elicit` may ask it to open a URL. */
  elicitUrl?: boolean
  /** Present only when the client declared `roots` (and can be reached: a session stream, or MRTR). */
  listRoots?: (opts?: AskOptions) => Promise<Record<string, unknown>>
  /**
   * Present only in a code-mode run (src/modules/tools/search/code-mode.ts): calls one of the server's tools through
   * the same path as tools/call and resolves to its result; rejects with a message the code can catch.
   */
  callTool?: (name: string, args: Record<string, unknown>) => Promise<Record<string, unknown>>
  /** Announces that the calling server's tools, prompts or resources changed (list_changed to its clients). */
  notifyListChanged?: (list: ListName) => void
  /** ctx.sleep: waits, ended early (rejecting) when the call is cancelled; bounded by the call's deadline. */
  sleep?: (ms: number) => Promise<void>
  /** ctx.fail: the call ends as a JSON-RPC error with this code (a task: failed) instead of a tool error. */
  fail?: (code: number, message: string) => void
  /** A task's deadline (TOOLYARD_TASK_MAX_MS), replacing the function's own timeout_ms. */
  deadlineMs?: number
}

/** `key` names the question in a 2026-07-28 input-required result; session clients ignore it. */
export interface AskOptions {
  key?: string
}

export type ListName = 'tools' | 'prompts' | 'resources'

/**
 * A caller without an MCP session (REST): logs and progress have nowhere to go, sampling/elicitation are unavailable.
 * Here, beside the type, because the REST routes' context (src/http) builds it and http imports only the ground floor.
 */
export const detachedHost = (signal: AbortSignal): FunctionHost => ({ signal, log: () => {}, progress: () => {} })
