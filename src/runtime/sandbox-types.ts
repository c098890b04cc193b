// Public types of the JavaScript sandbox (host callbacks, options, SandboxError), shared by the main thread and the workers.

/** What the host offers the code as `ctx`; sample/elicit exist in the sandbox only when given here. */
export interface SandboxHost {
  credentials?: unknown
  fetch?: (url: string, init: SandboxFetchInit) => Promise<SandboxFetchResponse>
  log?: (level: string, message: string) => void
  progress?: (progress: number, total?: number, message?: string) => void
  sample?: (request: unknown) => Promise<unknown>
  elicit?: (request: unknown) => Promise<unknown>
}

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

export interface RunJavaScriptOptions {
  /** An ES module whose default export is `async (input, ctx) => result`. */
  code: string
  input: unknown
  ctx: SandboxHost
  memoryMb?: number
  timeoutMs?: number
  signal?: AbortSignal
}

export type SandboxFailure = 'error' | 'timeout' | 'memory' | 'aborted'

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

export const DEFAULT_SANDBOX_MEMORY_MB = 64
export const DEFAULT_SANDBOX_TIMEOUT_MS = 10_000
