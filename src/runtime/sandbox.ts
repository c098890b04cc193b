// Runs a user's JavaScript module in a QuickJS WebAssembly sandbox on a worker thread, with memory/time limits and a host-provided ctx.
import { poolStats, runInPool, shutdownPool } from './sandbox-pool'
import type { RunJavaScriptOptions } from './sandbox-types'

export type {
  RunJavaScriptOptions,
  SandboxHost,
} from './sandbox-types'

/**
 * Runs `code`'s default export with `input` and a ctx over `ctx`; resolves to its JSON result or rejects with
 * SandboxError (`timed out after Nms`, `out of memory (limit N MB)`, `canceled`, or the code's own error message).
 * The code runs on a pooled worker thread; ctx callbacks run here, on the calling thread.
 */
export function runJavaScript(options: RunJavaScriptOptions): Promise<unknown> {
  return runInPool(options)
}

/** Graceful shutdown: idle sandbox workers end now, busy ones as soon as their calls end. Later calls start new workers. */
export function shutdownSandbox(): void {
  shutdownPool()
}

export { poolStats as sandboxStats }
