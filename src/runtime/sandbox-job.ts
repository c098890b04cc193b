// A call of the sandbox pool and the worker slot it runs on, and how a call is settled (once, from a fresh task).
import type { SandboxThread } from './sandbox-thread'
import { type RunJavaScriptOptions, SandboxError } from './sandbox-types'

export interface Slot {
  worker: SandboxThread
  calls: Map<number, Job>
  /** The project whose calls it runs; a worker never runs two projects' calls at once. */
  project?: string
  /** The WASM module is loaded. */
  ready: boolean
  /** Takes no new calls; terminated once its calls end (it retired a WASM instance, or the service is stopping). */
  draining: boolean
  dead: boolean
  startGuard?: ReturnType<typeof setTimeout>
}

export interface Job {
  id: number
  options: RunJavaScriptOptions
  /** The fairness key: `p:<project>`, or the call itself when it runs for no project (tests, internal callers). */
  project: string
  /** Serialized once: a call sent to another worker sends the same texts. */
  inputJson: string
  credentialsJson?: string
  memoryMb: number
  timeoutMs: number
  resolve: (value: unknown) => void
  reject: (error: SandboxError) => void
  cancelFlag: Int32Array
  slot?: Slot
  started: boolean
  settled: boolean
  /** Host calls (fetch, sample, elicit) it awaits: while any is open it runs no code. */
  parked: number
  dispatches: number
  deadline?: ReturnType<typeof setTimeout>
  grace?: ReturnType<typeof setTimeout>
  onAbort?: () => void
}

export function settle(job: Job, error: SandboxError | undefined, json?: string): void {
  if (job.settled) return
  job.settled = true
  clearTimeout(job.deadline)
  if (job.onAbort) job.options.host?.signal.removeEventListener('abort', job.onAbort)
  let outcome: { ok: true; value: unknown } | { ok: false; error: SandboxError }
  if (error) outcome = { ok: false, error }
  else {
    try {
      outcome = { ok: true, value: (JSON.parse(json ?? '{}') as { value?: unknown }).value }
    } catch {
      outcome = { ok: false, error: new SandboxError('the sandbox returned an unreadable result', 'error') }
    }
  }
  // Settled from a fresh task, not inside the worker's message event: Bun delivers no further messages from a worker
  // while one of its message handlers is still on the stack (a caller that blocks in a nested loop would hang).
  setImmediate(() => (outcome.ok ? job.resolve(outcome.value) : job.reject(outcome.error)))
}
