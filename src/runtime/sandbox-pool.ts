// A small pool of worker threads running QuickJS calls, so user code never blocks the main event loop.
import { availableParallelism } from 'node:os'
import type { FromWorker, HostCallName, ToWorker } from './sandbox-protocol'
import {
  DEFAULT_SANDBOX_MEMORY_MB,
  DEFAULT_SANDBOX_TIMEOUT_MS,
  type RunJavaScriptOptions,
  SandboxError,
  type SandboxFailure,
} from './sandbox-types'

/** Two workers at least, so one tenant's CPU-bound call never holds up everyone; four at most (each holds a WASM heap). */
const POOL_SIZE = Math.min(4, Math.max(2, availableParallelism()))
/**
 * After the main thread gives up on a call (deadline or cancel), the worker's interrupt handler normally stops it
 * within milliseconds. A worker that has not reported the call ended by then is stuck in native code: it is terminated.
 */
const KILL_GRACE_MS = 1_000
/** A call that never started (queued behind a stuck call, or its worker crashed) is sent to another worker this often. */
const MAX_DISPATCHES = 3
/** A worker that has not loaded its WASM module by then is replaced (its calls go to another worker). */
const START_LIMIT_MS = 30_000

interface Slot {
  worker: Worker
  calls: Map<number, Job>
  /** The WASM module is loaded: deadlines of calls sent to it start counting. */
  ready: boolean
  /** Takes no new calls; terminated once its calls end (it retired a WASM instance, or the service is stopping). */
  draining: boolean
  dead: boolean
  startGuard?: ReturnType<typeof setTimeout>
}

interface Job {
  id: number
  options: RunJavaScriptOptions
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
  dispatches: number
  deadline?: ReturnType<typeof setTimeout>
  grace?: ReturnType<typeof setTimeout>
  onAbort?: () => void
}

const slots: Slot[] = []
let nextJobId = 1

/** Runs one call on a worker; resolves to the default export's JSON value or rejects with SandboxError. */
export function runInPool(options: RunJavaScriptOptions): Promise<unknown> {
  if (options.signal?.aborted) return Promise.reject(new SandboxError('canceled', 'aborted'))
  let inputJson: string
  let credentialsJson: string | undefined
  try {
    inputJson = JSON.stringify(options.input ?? {})
    credentialsJson = options.ctx.credentials === undefined ? undefined : JSON.stringify(options.ctx.credentials)
  } catch (error) {
    return Promise.reject(
      new SandboxError(`input is not JSON: ${error instanceof Error ? error.message : String(error)}`, 'error'),
    )
  }
  return new Promise<unknown>((resolve, reject) => {
    const job: Job = {
      id: nextJobId++,
      options,
      inputJson,
      credentialsJson,
      memoryMb: options.memoryMb ?? DEFAULT_SANDBOX_MEMORY_MB,
      timeoutMs: options.timeoutMs ?? DEFAULT_SANDBOX_TIMEOUT_MS,
      resolve,
      reject,
      cancelFlag: new Int32Array(new SharedArrayBuffer(4)),
      started: false,
      settled: false,
      dispatches: 0,
    }
    job.onAbort = () => {
      settle(job, new SandboxError('canceled', 'aborted'))
      stopInWorker(job)
    }
    options.signal?.addEventListener('abort', job.onAbort, { once: true })
    dispatch(job)
  })
}

/** Stops taking calls: idle workers end now, busy ones once their calls end (each call is bounded by its deadline). */
export function shutdownPool(): void {
  for (const slot of [...slots]) {
    slot.draining = true
    retireIfIdle(slot)
  }
}

/** Live workers and their running calls (for tests and diagnostics). */
export function poolStats(): { workers: number; calls: number } {
  const live = slots.filter((s) => !s.dead)
  return { workers: live.length, calls: live.reduce((n, s) => n + s.calls.size, 0) }
}

function dispatch(job: Job): void {
  if (job.settled) return
  if (++job.dispatches > MAX_DISPATCHES) {
    settle(job, new SandboxError('the sandbox is unavailable (its workers keep stopping); retry the call', 'error'))
    return
  }
  const slot = pick()
  job.slot = slot
  job.started = false
  slot.calls.set(job.id, job)
  refWorker(slot.worker, true)
  const { code, ctx } = job.options
  const hosts: HostCallName[] = ['fetch']
  if (ctx.sample) hosts.push('sample')
  if (ctx.elicit) hosts.push('elicit')
  post(slot, {
    type: 'run',
    id: job.id,
    code,
    inputJson: job.inputJson,
    credentialsJson: job.credentialsJson,
    memoryMb: job.memoryMb,
    timeoutMs: job.timeoutMs,
    hosts,
    cancelFlag: job.cancelFlag,
  })
  if (slot.ready) startDeadline(job)
}

/** An idle worker, else a new one while the pool has room, else the least busy (its calls may only be awaiting the host). */
function pick(): Slot {
  const live = slots.filter((s) => !s.dead && !s.draining)
  const idle = live.find((s) => s.calls.size === 0)
  if (idle) return idle
  if (live.length < POOL_SIZE) return spawn()
  return live.reduce((a, b) => (b.calls.size < a.calls.size ? b : a))
}

function spawn(): Slot {
  const worker = new Worker(workerSpecifier())
  const slot: Slot = { worker, calls: new Map(), ready: false, draining: false, dead: false }
  slots.push(slot)
  worker.onmessage = (event: MessageEvent<FromWorker>) => onMessage(slot, event.data)
  worker.onerror = (event) => {
    event.preventDefault()
    kill(slot, 'the sandbox worker stopped unexpectedly; retry the call')
  }
  worker.addEventListener('close', () => kill(slot, 'the sandbox worker stopped unexpectedly; retry the call'))
  slot.startGuard = setTimeout(() => {
    if (!slot.ready) kill(slot, 'the sandbox worker did not start; retry the call')
  }, START_LIMIT_MS)
  slot.startGuard.unref()
  return slot
}

/**
 * From source the worker sits next to this file. In a `bun build --compile` binary this module is bundled into the entry
 * (import.meta.url is the binary) and the worker is its own entrypoint (package.json `build`), stored relative to the
 * entrypoints' common root, `src/`: Bun resolves that relative path inside the binary.
 */
function workerSpecifier(): string {
  const compiled = import.meta.url.includes('$bunfs') || import.meta.url.includes('~BUN')
  return compiled ? './runtime/sandbox-worker.ts' : new URL('./sandbox-worker.ts', import.meta.url).href
}

function onMessage(slot: Slot, message: FromWorker): void {
  if (slot.dead) return
  switch (message.type) {
    case 'ready':
      slot.ready = true
      clearTimeout(slot.startGuard)
      for (const job of slot.calls.values()) startDeadline(job)
      return
    case 'started': {
      const job = slot.calls.get(message.id)
      if (job) job.started = true
      return
    }
    case 'done': {
      const job = slot.calls.get(message.id)
      if (message.recycle) slot.draining = true
      if (job) {
        slot.calls.delete(job.id)
        clearTimeout(job.grace)
        if (message.ok) settle(job, undefined, message.json)
        else settle(job, new SandboxError(message.message, message.reason))
      }
      retireIfIdle(slot)
      return
    }
    case 'host-notice': {
      const job = slot.calls.get(message.id)
      if (!job || job.settled) return
      try {
        const [a, b, c] = message.args
        if (message.name === 'log') job.options.ctx.log?.(String(a), String(b))
        else
          job.options.ctx.progress?.(
            Number(a),
            typeof b === 'number' ? b : undefined,
            typeof c === 'string' ? c : undefined,
          )
      } catch {
        // A failing log/progress sink must not fail the user's code.
      }
      return
    }
    case 'host-call':
      void hostCall(slot, message)
      return
  }
}

/** Runs a ctx host function on the main thread and sends its result (or error message) back to the worker. */
async function hostCall(slot: Slot, message: Extract<FromWorker, { type: 'host-call' }>): Promise<void> {
  const { callId } = message
  let reply: ToWorker
  try {
    const job = slot.calls.get(message.id)
    if (!job || job.settled) throw new Error('the call has ended')
    const { ctx } = job.options
    const [first, second] = message.args
    let value: unknown
    if (message.name === 'fetch') {
      if (!ctx.fetch) throw new Error('fetch is not available')
      value = await ctx.fetch(String(first), (second ?? {}) as Parameters<NonNullable<typeof ctx.fetch>>[1])
    } else {
      const fn = ctx[message.name]
      if (!fn) throw new Error(`${message.name} is not available`)
      value = await fn(first)
    }
    // JSON keeps replies plain data (a non-cloneable value would otherwise fail postMessage).
    reply = {
      type: 'host-result',
      callId,
      ok: true,
      value: value === undefined ? undefined : JSON.parse(JSON.stringify(value)),
    }
  } catch (error) {
    reply = { type: 'host-result', callId, ok: false, message: error instanceof Error ? error.message : String(error) }
  }
  post(slot, reply)
}

function startDeadline(job: Job): void {
  if (job.deadline || job.settled) return
  job.deadline = setTimeout(() => {
    settle(job, new SandboxError(`timed out after ${job.timeoutMs}ms`, 'timeout'))
    stopInWorker(job)
  }, job.timeoutMs)
}

/** Asks the worker to stop a call the caller no longer waits for; terminates the worker if it does not comply in time. */
function stopInWorker(job: Job): void {
  Atomics.store(job.cancelFlag, 0, 1)
  const slot = job.slot
  if (!slot || slot.dead || !slot.calls.has(job.id)) return
  post(slot, { type: 'cancel', id: job.id })
  if (!job.started) {
    // Not running yet: the worker skips it when it gets there (the flag is set); nothing to wait for.
    slot.calls.delete(job.id)
    retireIfIdle(slot)
    return
  }
  clearTimeout(job.grace)
  job.grace = setTimeout(() => {
    if (slot.calls.has(job.id))
      kill(
        slot,
        'the sandbox worker running this call was restarted because another call on it overran its limits; retry the call',
      )
  }, KILL_GRACE_MS)
}

function settle(job: Job, error: SandboxError | undefined, json?: string): void {
  if (job.settled) return
  job.settled = true
  clearTimeout(job.deadline)
  if (job.onAbort) job.options.signal?.removeEventListener('abort', job.onAbort)
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

/** Terminates a worker: its finished calls are dropped, calls that never started go elsewhere, running ones fail. */
function kill(slot: Slot, message: string, reason: SandboxFailure = 'error'): void {
  if (slot.dead) return
  slot.dead = true
  clearTimeout(slot.startGuard)
  slots.splice(slots.indexOf(slot), 1)
  void slot.worker.terminate()
  const jobs = [...slot.calls.values()]
  slot.calls.clear()
  for (const job of jobs) {
    clearTimeout(job.grace)
    if (job.settled) continue
    if (!job.started) dispatch(job)
    else settle(job, new SandboxError(message, reason))
  }
}

function retireIfIdle(slot: Slot): void {
  if (slot.dead) return
  if (slot.calls.size > 0) return
  if (slot.draining) {
    slot.dead = true
    clearTimeout(slot.startGuard)
    slots.splice(slots.indexOf(slot), 1)
    void slot.worker.terminate()
    return
  }
  // An idle worker must not keep the process alive (CLI commands, tests).
  refWorker(slot.worker, false)
}

function post(slot: Slot, message: ToWorker): void {
  try {
    slot.worker.postMessage(message)
  } catch {
    kill(slot, 'the sandbox worker stopped unexpectedly; retry the call')
  }
}

/** Bun's Worker has ref()/unref(); the DOM Worker type TypeScript sees here does not declare them. */
function refWorker(worker: Worker, keepAlive: boolean): void {
  const w = worker as Worker & { ref?: () => void; unref?: () => void }
  if (keepAlive) w.ref?.()
  else w.unref?.()
}
