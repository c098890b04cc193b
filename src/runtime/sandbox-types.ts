// Types of the JavaScript sandbox (fetch, options, SandboxError), shared by the main thread and the workers.
import type { FunctionHost } from './host'

export interface SandboxFetchInit {
  method?: string
  headers?: Record<string, string>
  body?: string
}

export interface SandboxFetchResponse {
  status: number
  headers: Record<string, string>
  text: string
  url?: string
}

/** `ctx.fetch` as the host runs it (the runtime's: through the egress guard, bounded by the call's deadline). */
export type SandboxFetch = (url: string, init: SandboxFetchInit) => Promise<SandboxFetchResponse>

export interface RunJavaScriptOptions {
  /** An ES module whose default export is `async (input, ctx) => result`. */
  code: string
  input: unknown
  /** The caller: cancellation, log/progress, and sample/elicit (in ctx only when offered here). None: nothing to reach. */
  host?: FunctionHost
  /** Behind `ctx.fetch`; without it ctx.fetch fails with "fetch is not available". */
  fetch?: SandboxFetch
  /** `ctx.credentials`: plain JSON data, never logged. */
  credentials?: unknown
  memoryMb?: number
  timeoutMs?: number
  /** Bytes of logs and progress the call may emit (TOOLYARD_MAX_RESULT_BYTES; 4 MiB). */
  logBytes?: number
  /** Only load the module and check that its default export is a function; resolves to null. */
  checkOnly?: boolean
  /** The project the call runs for: it holds at most half the pool, and waits in its own bounded line. */
  project?: string
  /** How many of the project's calls may wait for a worker (TOOLYARD_SANDBOX_QUEUE_PER_PROJECT; 32). */
  queueLimit?: number
  /**
   * The function version's warm key (project, function version, credential: src/runtime/run-function.ts): the call may
   * reuse the evaluated module an earlier call of the key left on a worker. Absent: a fresh context (`per_call`).
   */
  warmKey?: string
}

export type SandboxFailure = 'error' | 'timeout' | 'memory' | 'aborted'

/**
 * The states of a call's flag, one Int32 shared by the main thread and the worker: `queued` until the worker starts the
 * call and claims it (`running`, compare-and-swap); `stop` when the main thread gives up on it (cancelled, timed out,
 * or handed to another worker before it started). A call whose flag the worker cannot claim never runs there.
 */
export const FLAG = { queued: 0, stop: 1, running: 2 } as const

/** A call's flag (FLAG): one Int32 of a SharedArrayBuffer; the main thread sets it to `stop` to stop the call. */
export interface CancelFlag {
  flags: Int32Array
  index: number
}

/** A failure of the user's code or of a limit; `message` is meant for the user (no host stack). */
export class SandboxError extends Error {
  override readonly name = 'SandboxError'
  constructor(
    message: string,
    readonly reason: SandboxFailure,
  ) {
    super(message)
  }
}

/** The message of a value thrown in the VM (as `context.dump` gives it): an Error's message, a string, or its JSON. */
export function thrownMessage(dumped: unknown): string {
  const err = typeof dumped === 'object' && dumped !== null ? (dumped as { message?: unknown }) : undefined
  if (typeof err?.message === 'string') return err.message
  return typeof dumped === 'string' ? dumped : (JSON.stringify(dumped) ?? 'undefined')
}

/** Appends ` (line L)`: the first frame in the user's module (tool.mjs:LINE:COL); TypeScript lines are mapped back later. */
export function withUserLine(message: string, dumped: unknown): string {
  const stack = typeof dumped === 'object' && dumped !== null ? (dumped as { stack?: unknown }).stack : undefined
  const line = typeof stack === 'string' ? /tool\.mjs:(\d+)/.exec(stack)?.[1] : undefined
  return line ? `${message} (line ${line})` : message
}
