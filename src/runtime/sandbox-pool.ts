// Runs a user's JavaScript module in a QuickJS WebAssembly sandbox on a small pool of worker threads, so user code
// never blocks the main event loop; memory/time limits, per-project fairness, and the caller's host answered here.
// A pool is an instance (docs/decisions/0021-bounded-logs-results-outbox-and-function-memory.md, "One function runner"): the composition root makes one per app, and
// its function runner owns it; nothing of it is shared with another app in the same process.
import { ProjectQueues } from '../lib/fair-queue'
import { deliverNotice, runHostCall } from './sandbox-host-calls'
import { workerInit } from './sandbox-init'
import {
  allParked,
  claimed,
  DEFAULT_WARM_PER_WORKER,
  defaultPoolSize,
  heldBy,
  type Job,
  newFlags,
  newJob,
  noteWarm,
  PIPELINE_DEPTH,
  placeFor,
  poolBounds,
  queuedOnWorkers,
  raiseFlag,
  releaseFlag,
  runningSince,
  type Slot,
  settle,
  shareOf,
  takeBackFlag,
  takeFlag,
} from './sandbox-job'
import type { FromWorker, HostCallName, ToWorker } from './sandbox-protocol'
import { startThread } from './sandbox-thread'
import { type RunJavaScriptOptions, SandboxError, type SandboxFailure } from './sandbox-types'

/** A project's waiting calls when the caller gives no bound (docs/decisions/0013-isolation.md). */
const DEFAULT_QUEUE_LIMIT = 32
const DEFAULT_LOG_BYTES = 4 * 1024 * 1024 // a call's log budget when none is given (TOOLYARD_MAX_RESULT_BYTES)
/**
 * After the main thread gives up on a call (deadline or cancel), the worker's interrupt handler normally stops it
 * within milliseconds. A worker that has not reported the call ended by then is stuck in native code: it is terminated.
 */
const KILL_GRACE_MS = 1_000
/** A call that never started (queued behind a stuck call, or its worker crashed) is sent to another worker this often. */
const MAX_DISPATCHES = 3
/**
 * A call running code longer than this is long: an idle worker takes the calls queued behind it before the ones
 * waiting in the project's line (sandbox-job.ts, PIPELINE_DEPTH).
 */
const LONG_CALL_MS = 2
/** Host functions a call has when its caller offers them (fetch it always has). */
const OPTIONAL_HOSTS = ['sample', 'elicit', 'listRoots', 'callTool'] as const
/** A worker that has not loaded its WASM module by then is replaced (its calls go to another worker). */
const START_LIMIT_MS = 30_000

export interface SandboxPoolOptions {
  /** Worker threads at most (TOOLYARD_SANDBOX_WORKERS); a project holds at most half. Default: twice the cores, 4–8. */
  size?: number
  /**
   * Warm VMs (a function version's evaluated module) each worker keeps, least recently used dropped first
   * (TOOLYARD_SANDBOX_WARM_PER_WORKER); 0: every call gets a fresh context.
   */
  warmPerWorker?: number
}

export function createSandboxPool(options: SandboxPoolOptions = {}) {
  const bounds = poolBounds(options.size ?? defaultPoolSize())
  const warmPerWorker = options.warmPerWorker ?? DEFAULT_WARM_PER_WORKER
  const init = workerInit(warmPerWorker)
  const slots: Slot[] = []
  /** Calls not yet sent to a worker; their deadline has not started (waiting does not count against timeout_ms). */
  const waiting = new ProjectQueues<Job>()
  let nextJobId = 1

  /**
   * Runs `code`'s default export with `input` and a ctx over the options; resolves to its JSON result or rejects with
   * SandboxError (`timed out after Nms`, `out of memory (limit N MB)`, `canceled`, or the code's own error message).
   */
  function run(options: RunJavaScriptOptions): Promise<unknown> {
    const host = options.host
    // A host's onCancel spares the AbortController its signal would make (docs/decisions/0036-hot-path-at-the-limit.md).
    const signal = host?.onCancel ? undefined : host?.signal
    if (signal?.aborted) return Promise.reject(new SandboxError('canceled', 'aborted'))
    return new Promise<unknown>((resolve, reject) => {
      const job = newJob(nextJobId++, options, resolve, reject)
      if (job instanceof SandboxError) {
        reject(job)
        return
      }
      job.onAbort = () => {
        settle(job, new SandboxError('canceled', 'aborted'))
        if (!waiting.remove(job.project, job)) stopInWorker(job)
      }
      const limit = options.queueLimit ?? DEFAULT_QUEUE_LIMIT
      // Calls queued on its workers, not started yet, wait as much as the ones in its line do.
      if (!waiting.push(job.project, job, limit - queuedOnWorkers(job.project, slots))) {
        const why = `too many concurrent calls for this project (${limit} already waiting for a sandbox worker); retry later`
        reject(new SandboxError(why, 'error'))
        return
      }
      if (host?.onCancel) {
        const unlisten = host.onCancel(job.onAbort)
        // Cancelled already: nothing was registered, and the call never starts.
        if (!unlisten) {
          waiting.remove(job.project, job)
          settle(job, new SandboxError('canceled', 'aborted'))
          return
        }
        job.unlisten = unlisten
      } else if (signal) {
        const onAbort = job.onAbort
        signal.addEventListener('abort', onAbort, { once: true })
        job.unlisten = () => signal.removeEventListener('abort', onAbort)
      }
      pump()
    })
  }

  /** Graceful shutdown: idle workers end now, busy ones once their calls end (each bounded by its deadline). Later calls start new workers. */
  function shutdown(): void {
    for (const slot of [...slots]) {
      slot.draining = true
      retireIfIdle(slot)
    }
  }

  /** Live workers and their running calls, and the pool's fairness bounds (for tests, diagnostics and metrics). */
  function stats() {
    const live = slots.filter((s) => !s.dead)
    const calls = live.reduce((n, s) => n + s.calls.size, 0)
    return { workers: live.length, calls, poolSize: bounds.size, projectShare: bounds.share }
  }

  /** Sends waiting calls to workers, one project after another, while any project has room. */
  function pump(): void {
    for (;;) {
      const next = waiting.next((project, first) =>
        placeFor(project, slots, spawn, bounds, warmPerWorker > 0 ? first.warmKey : undefined),
      )
      if (!next) return
      dispatch(next.item, next.place)
    }
  }

  function dispatch(job: Job, slot: Slot): void {
    if (job.settled) {
      retireIfIdle(slot)
      return
    }
    job.dispatches++
    job.slot = slot
    slot.project = job.project
    // A worker with its engine loaded and no call running code (idle, or its calls all await the host) starts the
    // call as soon as the message arrives: its deadline starts now. One queued behind a running call starts when the
    // calls before it end or await the host (advance). Neither needs the worker to say 'started' (one message less per
    // call); a worker still loading its engine says it.
    const quiet = slot.ready
    const startsNow = quiet && allParked(slot)
    // A busy worker holds the process already (retireIfIdle lets it go once idle).
    if (slot.calls.size === 0) slot.worker.keepAlive(true)
    job.started = false
    slot.calls.set(job.id, job)
    if (startsNow) {
      job.started = true
      startDeadline(job)
    }
    const { code, host } = job.options
    const hosts: HostCallName[] = ['fetch']
    for (const name of OPTIONAL_HOSTS) if (host?.[name]) hosts.push(name)
    post(slot, {
      type: 'run',
      id: job.id,
      code,
      inputJson: job.inputJson,
      credentialsJson: job.credentialsJson,
      memoryMb: job.memoryMb,
      timeoutMs: job.timeoutMs,
      logBytes: job.options.logBytes ?? DEFAULT_LOG_BYTES,
      hosts,
      cancelIndex: takeFlag(slot, job),
      cancelFlag: job.cancelFlag,
      checkOnly: job.options.checkOnly,
      warmKey: warmPerWorker > 0 ? job.warmKey : undefined,
      ...(quiet ? { quiet: true } : {}),
    })
  }

  function spawn(): Slot {
    const slot: Slot = {
      worker: startThread(
        (message) => onMessage(slot, message),
        (reason) => kill(slot, reason),
      ),
      calls: new Map(),
      ready: false,
      draining: false,
      dead: false,
      warm: new Set(),
      ...newFlags(),
    }
    init.start(slot)
    slots.push(slot)
    slot.startGuard = setTimeout(() => {
      if (!slot.ready) kill(slot, 'the sandbox worker did not start; retry the call')
    }, START_LIMIT_MS)
    slot.startGuard.unref()
    return slot
  }

  function onMessage(slot: Slot, message: FromWorker): void {
    if (slot.dead) return
    switch (message.type) {
      case 'ready':
        slot.ready = true
        init.ready(slot, message.wasmModule)
        clearTimeout(slot.startGuard)
        return
      case 'started': {
        // The deadline counts from here: time spent waiting for a worker is not the function's.
        const job = slot.calls.get(message.id)
        if (job) {
          job.started = true
          startDeadline(job)
        }
        return
      }
      case 'done': {
        const job = slot.calls.get(message.id)
        releaseFlag(slot, message.id)
        if (message.recycle) slot.draining = true
        if (job) {
          slot.calls.delete(job.id)
          advance(slot)
          clearTimeout(job.grace)
          const key = job.warmKey
          if (key !== undefined && warmPerWorker > 0) noteWarm(slot, key, message.ok && message.warm, warmPerWorker)
          if (message.ok) settle(job, undefined, message.json)
          else settle(job, new SandboxError(message.message, message.reason))
        }
        retireIfIdle(slot)
        // Calls queued behind a long call elsewhere (or a worker the machine has not let run) come here before the ones
        // waiting in the line (they came first); then, left idle with nothing to run, it takes any queued elsewhere.
        if (hasRoom(slot)) takeBack(slot, performance.now() - LONG_CALL_MS)
        pump()
        if (slot.calls.size === 0) takeBack(slot, Number.POSITIVE_INFINITY)
        return
      }
      case 'host-notice': {
        const job = slot.calls.get(message.id)
        if (job && !job.settled) deliverNotice(job.options, message)
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
      job.parked++
      // The worker runs the next call queued there meanwhile; while every call on it awaits the host, another call of
      // the project can run there.
      advance(slot)
      pump()
      try {
        reply = {
          type: 'host-result',
          callId,
          ok: true,
          value: await runHostCall(job.options, message.name, message.args),
        }
      } finally {
        job.parked--
      }
    } catch (error) {
      reply = {
        type: 'host-result',
        callId,
        ok: false,
        message: error instanceof Error ? error.message : String(error),
      }
    }
    post(slot, reply)
  }

  /**
   * A worker with room takes calls queued on another worker behind a call running code since before `since`, if that
   * worker has not started them yet: a call queued behind a long call, or on a worker the machine has not let run,
   * does not wait for it while another worker could run it. The flag decides (takeBackFlag): one worker runs a call.
   */
  function takeBack(target: Slot, since: number): void {
    while (hasRoom(target)) {
      const job = queuedElsewhere(target, since)
      if (!job) return
      job.slot!.calls.delete(job.id)
      // A new id: the other worker still answers for the old one (it skips it), and its flag is freed by that answer.
      job.id = nextJobId++
      dispatch(job, target)
    }
  }

  /** A ready worker that may take a call now or queue one behind its own (not draining, pipeline not full). */
  const hasRoom = (slot: Slot) => !slot.dead && !slot.draining && slot.ready && slot.calls.size < PIPELINE_DEPTH

  /** The first call `target` may run that another worker holds queued behind a call running since before `since`. */
  function queuedElsewhere(target: Slot, since: number): Job | undefined {
    for (const slot of slots) {
      if (slot === target || slot.dead || slot.calls.size < 2 || !(runningSince(slot) < since)) continue
      for (const job of slot.calls.values()) {
        if (job.started || job.settled) continue
        // Onto a worker the project holds, or an idle one while the project holds less than its share.
        const allowed =
          target.calls.size > 0
            ? target.project === job.project
            : heldBy(job.project, slots) < shareOf(job.project, bounds)
        if (allowed && takeBackFlag(job)) return job
      }
    }
    return undefined
  }

  /**
   * Calls queued on a worker start in the order they were sent, each once every call before it ended or awaits the
   * host: their deadlines start then (time spent queued behind another call is not theirs).
   */
  function advance(slot: Slot): void {
    for (const job of slot.calls.values()) {
      if (!job.started && slot.ready) {
        job.started = true
        startDeadline(job)
      }
      if (job.parked === 0) return
    }
  }

  function startDeadline(job: Job): void {
    if (job.deadline || job.settled) return
    job.startedAt = performance.now()
    job.deadline = setTimeout(() => {
      settle(job, new SandboxError(`timed out after ${job.timeoutMs}ms`, 'timeout'))
      stopInWorker(job)
    }, job.timeoutMs)
  }

  /** Asks the worker to stop a call the caller no longer waits for; terminates the worker if it does not comply in time. */
  function stopInWorker(job: Job): void {
    // A call the worker has not claimed yet never starts there; one it runs is stopped by its interrupt handler.
    const notStarted = takeBackFlag(job)
    if (!notStarted) raiseFlag(job)
    const slot = job.slot
    if (!slot || slot.dead || !slot.calls.has(job.id)) return
    post(slot, { type: 'cancel', id: job.id })
    if (notStarted || !job.started) {
      // Not running yet: the worker skips it when it gets there (the flag is set); nothing to wait for.
      slot.calls.delete(job.id)
      retireIfIdle(slot)
      pump()
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

  /** Terminates a worker: its finished calls are dropped, calls that never started go elsewhere, running ones fail. */
  function kill(slot: Slot, message: string, reason: SandboxFailure = 'error'): void {
    if (slot.dead) return
    slot.dead = true
    clearTimeout(slot.startGuard)
    slots.splice(slots.indexOf(slot), 1)
    slot.worker.terminate()
    init.gone(slot)
    const jobs = [...slot.calls.values()]
    slot.calls.clear()
    for (const job of [...jobs].reverse()) {
      clearTimeout(job.grace)
      if (job.settled) continue
      // A call the worker claimed ran there, even if the main thread had not heard so: it is not run again elsewhere.
      if (job.started || claimed(job)) settle(job, new SandboxError(message, reason))
      else if (job.dispatches >= MAX_DISPATCHES)
        settle(job, new SandboxError('the sandbox is unavailable (its workers keep stopping); retry the call', 'error'))
      else waiting.unshift(job.project, job)
    }
    pump()
  }

  function retireIfIdle(slot: Slot): void {
    if (slot.dead) return
    if (slot.calls.size > 0) return
    slot.project = undefined
    if (slot.draining) {
      slot.dead = true
      clearTimeout(slot.startGuard)
      slots.splice(slots.indexOf(slot), 1)
      slot.worker.terminate()
      init.gone(slot)
      return
    }
    slot.worker.keepAlive(false)
  }

  return { run, shutdown, stats }
}

const post = (slot: Slot, message: ToWorker): void => slot.worker.post(message)
export type SandboxPool = ReturnType<typeof createSandboxPool>
