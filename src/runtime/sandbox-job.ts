// A call of the sandbox pool and the worker slot it runs on: where a call may run (per-project fairness,
// docs/decisions/0013-isolation.md), and how it is settled (once, from a fresh task).
import { FUNCTION_LIMITS } from '../limits'
import type { SandboxThread } from './sandbox-thread'
import { FLAG, type RunJavaScriptOptions, SandboxError } from './sandbox-types'

/**
 * The default pool size (TOOLYARD_SANDBOX_WORKERS): twice the cores, four at least and eight at most (each holds a WASM
 * heap): a project may hold half, so on a small machine one project still keeps every core busy, and a neighbour
 * always finds a worker of its own.
 */
// navigator.hardwareConcurrency is what Bun's os.availableParallelism() returns; read directly, node:os is not loaded
// at start for it (docs/decisions/0036-hot-path-at-the-limit.md: cold start).
export const defaultPoolSize = () => Math.min(8, Math.max(4, 2 * navigator.hardwareConcurrency))

/**
 * Warm VMs a worker keeps by default (TOOLYARD_SANDBOX_WARM_PER_WORKER): a small function's VM is ~90 KB of the
 * worker's WASM heap (250 of them fit in 28 MB), so 16 stay far under the 64 MB at which an instance is recycled.
 */
export const DEFAULT_WARM_PER_WORKER = 16

/** A pool's bounds: its workers, and how many one project may hold at once (half, so another project finds one). */
export interface PoolBounds {
  size: number
  share: number
}
export const poolBounds = (size: number): PoolBounds => ({ size, share: Math.max(1, Math.floor(size / 2)) })
/** Workers a project may hold at once; calls made for no project are each their own key, not bounded by a share. */
export const shareOf = (project: string, bounds: PoolBounds): number =>
  project.startsWith('p:') ? bounds.share : bounds.size

/** Calls of one project that may share a worker it holds (they interleave while awaiting the host). */
const CALLS_PER_WORKER = 8

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
  /** Cancel flags shared with the worker once (sandbox-protocol.ts 'flags'); `flagOf` maps a call to its Int32. */
  flags: Int32Array
  freeFlags: number[]
  flagOf: Map<number, number>
  startGuard?: ReturnType<typeof setTimeout>
  /** The warm keys the worker keeps a VM for, least recently used first: the same order as the worker's store. */
  warm: Set<string>
}

export interface Job {
  /** The id its worker knows it by; a call taken back for another worker gets a new one. */
  id: number
  options: RunJavaScriptOptions
  /** The fairness key: `p:<project>`, or the call itself when it runs for no project (tests, internal callers). */
  project: string
  /** Serialized once: a call sent to another worker sends the same texts. */
  inputJson: string
  credentialsJson?: string
  /** The caller's warm key with the credential's digest: a VM is reused only with the credential it ran with. */
  warmKey?: string
  memoryMb: number
  timeoutMs: number
  resolve: (value: unknown) => void
  reject: (error: SandboxError) => void
  /** Its own stop flag, only when its worker's shared flags were all taken. */
  cancelFlag?: Int32Array
  slot?: Slot
  started: boolean
  settled: boolean
  /** Host calls (fetch, sample, elicit) it awaits: while any is open it runs no code. */
  parked: number
  dispatches: number
  deadline?: ReturnType<typeof setTimeout>
  /** performance.now() when it started (its deadline started). */
  startedAt?: number
  grace?: ReturnType<typeof setTimeout>
  onAbort?: () => void
  /** Removes `onAbort` from the caller's cancellation (host.onCancel's removal, or the signal's listener). */
  unlisten?: () => void
}

/** A new call, its input and credentials serialized once; a SandboxError when they are not JSON. */
export function newJob(
  id: number,
  options: RunJavaScriptOptions,
  resolve: Job['resolve'],
  reject: Job['reject'],
): Job | SandboxError {
  let inputJson: string
  let credentialsJson: string | undefined
  try {
    inputJson = JSON.stringify(options.input ?? {})
    credentialsJson = options.credentials === undefined ? undefined : JSON.stringify(options.credentials)
  } catch (error) {
    return new SandboxError(`input is not JSON: ${error instanceof Error ? error.message : String(error)}`, 'error')
  }
  return {
    id,
    options,
    project: options.project ? `p:${options.project}` : `call:${id}`,
    inputJson,
    credentialsJson,
    warmKey: options.warmKey === undefined ? undefined : `${options.warmKey}\0${credentialDigest(credentialsJson)}`,
    memoryMb: options.memoryMb ?? FUNCTION_LIMITS.memoryMb.default,
    timeoutMs: options.timeoutMs ?? FUNCTION_LIMITS.timeoutMs.default,
    resolve,
    reject,
    started: false,
    settled: false,
    parked: 0,
    dispatches: 0,
  }
}

/**
 * Tells credentials apart without keeping them: a keyed 64-bit hash with a seed drawn at start, so a warm key says
 * nothing about the secret it stands for (keys stay in memory, never logged).
 */
const DIGEST_SEED = BigInt(`0x${Buffer.from(crypto.getRandomValues(new Uint8Array(8))).toString('hex')}`)
const credentialDigest = (json: string | undefined): string =>
  json === undefined ? '-' : Bun.hash(json, DIGEST_SEED).toString(36)

export function settle(job: Job, error: SandboxError | undefined, json?: string): void {
  if (job.settled) return
  job.settled = true
  clearTimeout(job.deadline)
  job.unlisten?.()
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
  // while one of its message handlers is still on the stack (a caller that blocks in a nested loop would hang). The
  // calls settled meanwhile share that task (one per burst of answers, not one per call), in the order they ended.
  outcomes.push(() => (outcome.ok ? job.resolve(outcome.value) : job.reject(outcome.error)))
  if (outcomes.length === 1) setImmediate(deliverOutcomes)
}

let outcomes: (() => void)[] = []

function deliverOutcomes(): void {
  const now = outcomes
  outcomes = []
  for (const deliver of now) deliver()
}

/**
 * Calls a worker holds at once while its first one runs code: the one running and the next, sent ahead so the worker
 * starts it the moment the one before ends, without waiting for the main thread to hear of the end and send another
 * (a round trip between the threads per call, and a worker that sleeps and wakes for each;
 * docs/decisions/0414-javascript-call-hop.md). It counts against the project's waiting line (queuedOnWorkers). Three
 * saved a few more wake-ups but doubled the slowest requests under wrk on a loaded machine (p99 75–115 → 170–255 ms).
 */
export const PIPELINE_DEPTH = 2

/**
 * Where a call of `project` can run now: an idle worker (or a new one) while the project holds less than its share,
 * else a worker it holds whose calls all await the host (the call starts at once), else one it holds with room in
 * its pipeline (the call starts when the one before it ends or awaits the host); undefined: it waits in its project's
 * line.
 */
export function placeFor(
  project: string,
  slots: Slot[],
  spawn: () => Slot,
  bounds: PoolBounds,
  warmKey?: string,
): Slot | undefined {
  const share = shareOf(project, bounds)
  let held = 0
  let live = 0
  let idle: Slot | undefined
  let idleWarm: Slot | undefined
  for (const s of slots) {
    if (s.dead) continue
    if (s.project === project && s.calls.size > 0) held++
    if (s.draining) continue
    live++
    if (s.calls.size > 0) continue
    idle ??= s
    if (warmKey !== undefined && !idleWarm && s.warm.has(warmKey)) idleWarm = s
  }
  if (held < share) {
    // A worker holding the call's function warm first: its module is evaluated already.
    if (idleWarm || idle) return idleWarm ?? idle
    if (live < bounds.size) return spawn()
  }
  // A worker it holds, when every call there is parked on a host call: nothing of it is running code, so a call sent
  // there starts now (its deadline would otherwise run while it waits behind the project's own CPU-bound code). Else
  // the least busy one with room in its pipeline, one holding the call's function warm first; never one still
  // loading its engine, whose calls all say they started once it is loaded (they would be timed from then).
  let parked: Slot | undefined
  let queued: Slot | undefined
  for (const s of slots) {
    if (s.dead || s.draining || s.project !== project || s.calls.size === 0 || s.calls.size >= CALLS_PER_WORKER)
      continue
    if (allParked(s)) {
      if (!parked || s.calls.size < parked.calls.size) parked = s
    } else if (s.ready && s.calls.size < PIPELINE_DEPTH && (!queued || better(s, queued, warmKey))) queued = s
  }
  return parked ?? queued
}

/** The worker to queue a call behind: fewer calls first, then one holding the call's function warm. */
const better = (a: Slot, b: Slot, warmKey?: string): boolean =>
  a.calls.size !== b.calls.size
    ? a.calls.size < b.calls.size
    : warmKey !== undefined && a.warm.has(warmKey) && !b.warm.has(warmKey)

/** Every call on the worker awaits a host call, or it has none (asked on every pump while calls wait: no array is made). */
export function allParked(slot: Slot): boolean {
  for (const job of slot.calls.values()) if (job.parked === 0) return false
  return true
}

/** Calls one worker may know of at once, each with its cancel flag (far more than CALLS_PER_WORKER). */
const SHARED_FLAGS = 256

export function newFlags(): Pick<Slot, 'flags' | 'freeFlags' | 'flagOf'> {
  const flags = new Int32Array(new SharedArrayBuffer(4 * SHARED_FLAGS))
  return { flags, freeFlags: Array.from({ length: SHARED_FLAGS }, (_, i) => SHARED_FLAGS - 1 - i), flagOf: new Map() }
}

/**
 * The index of the worker's flag for a call sent to it (cleared); when all are in use, the call carries its own flag
 * (`job.cancelFlag`, index 0). A flag is the call's until the worker reports it done: the worker may still run a call
 * the pool gave up on.
 */
export function takeFlag(slot: Slot, job: Job): number {
  const index = slot.freeFlags.pop()
  job.cancelFlag = index === undefined ? new Int32Array(new SharedArrayBuffer(4)) : undefined
  if (index === undefined) return 0
  Atomics.store(slot.flags, index, FLAG.queued)
  slot.flagOf.set(job.id, index)
  return index
}

/** The worker's answer for a call of `key`: it kept its VM warm (most recently used now) or not; the store's bound. */
export function noteWarm(slot: Slot, key: string, kept: boolean, capacity: number): void {
  slot.warm.delete(key)
  if (!kept) return
  slot.warm.add(key)
  for (const oldest of slot.warm) {
    if (slot.warm.size <= capacity) return
    slot.warm.delete(oldest)
  }
}

export function releaseFlag(slot: Slot, id: number): void {
  const index = slot.flagOf.get(id)
  if (index === undefined) return
  slot.flagOf.delete(id)
  slot.freeFlags.push(index)
}

/** The call's flag on the worker it was last sent to (its own, or one of the worker's). */
function flagOf(job: Job): { flags: Int32Array; index: number } | undefined {
  if (job.cancelFlag) return { flags: job.cancelFlag, index: 0 }
  const index = job.slot?.flagOf.get(job.id)
  return job.slot && index !== undefined ? { flags: job.slot.flags, index } : undefined
}

/** Tells the worker's VM to stop the call (its interrupt handler reads the flag while code runs). */
export function raiseFlag(job: Job): void {
  const flag = flagOf(job)
  if (flag) Atomics.store(flag.flags, flag.index, FLAG.stop)
}

/**
 * Takes back a call its worker has not started: true when the worker will never run it (it skips a call whose flag
 * it cannot claim); false when it is running (or ran) there already.
 */
export function takeBackFlag(job: Job): boolean {
  const flag = flagOf(job)
  return flag !== undefined && Atomics.compareExchange(flag.flags, flag.index, FLAG.queued, FLAG.stop) === FLAG.queued
}

/** The worker claimed the call (it started it), whether or not the main thread heard so yet. */
export function claimed(job: Job): boolean {
  const flag = flagOf(job)
  return flag !== undefined && Atomics.load(flag.flags, flag.index) === FLAG.running
}

/** Since when the worker's call running code (started, not awaiting the host) runs; NaN when none does. */
export function runningSince(slot: Slot): number {
  for (const job of slot.calls.values()) if (job.started && job.parked === 0) return job.startedAt ?? Number.NaN
  return Number.NaN
}

/** Calls of `project` sent to a worker ahead that have not started: they count against its waiting line's bound. */
export function queuedOnWorkers(project: string, slots: Slot[]): number {
  let queued = 0
  for (const s of slots) {
    if (s.dead || s.project !== project || s.calls.size < 2) continue
    for (const job of s.calls.values()) if (!job.started) queued++
  }
  return queued
}

/** Workers holding calls of `project` now. */
export function heldBy(project: string, slots: Slot[]): number {
  let held = 0
  for (const s of slots) if (!s.dead && s.project === project && s.calls.size > 0) held++
  return held
}
