// The tasks extension (io.modelcontextprotocol/tasks) for 2026-07-28 tool calls: a call the client lets run as a task
// answers at once with a task id; tasks/get polls it (and inlines the result), tasks/update answers the questions it
// parked on (ctx.elicit/sample/listRoots), tasks/cancel stops it. Run and held in memory by the instance that started
// it, per caller and server, bounded; copied to the task directory so a request landing on another instance finds it
// there (./task-directory.ts; docs/decisions/0047-tasks-across-instances.md).
import { resultBytes } from '../../limits'
import type { FunctionHost } from '../../runtime/host'
import type { JsonObject } from '../backend'
import { ProtocolError, RPC } from '../errors'
import { isObject } from '../jsonrpc'
import type { InputRound } from './mrtr'
import { localTaskDirectory, type TaskDirectory, type TaskRecord, type TaskStatus } from './task-directory'

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks'
/** A finished task stays readable this long (its ttlMs). */
const KEEP_MS = 5 * 60_000
const POLL_MS = 250
/** How long a must-be-task call may run synchronously to ask for its inputs first (MRTR) before it becomes a task. */
const GATHER_WINDOW_MS = 1000
/** Per caller; past it the oldest finished task goes first, then the oldest at all (cancelled). */
const MAX_TASKS_PER_OWNER = 100
/**
 * A task found in the directory still working this long after its run's deadline (TOOLYARD_TASK_MAX_MS) lost the
 * instance running it (killed, or cut off from the database): it reads as failed.
 */
const ORPHAN_GRACE_MS = 60_000

/**
 * What the directory may let go at `now` (PostgreSQL's prune job): tasks ended past their ttl, and tasks whose instance
 * stopped running them (read as failed past their run's deadline) once that failure was readable for a ttl too.
 */
export const expiredTasks = (now: number, runMs: number) => ({
  endedBefore: now - KEEP_MS,
  createdBefore: now - runMs - ORPHAN_GRACE_MS - KEEP_MS,
})

type TaskHostInit = { signal: AbortSignal; ask: TaskAsk }

export type TaskAsk = (method: string, params: JsonObject, key?: string) => Promise<JsonObject>

type Status = TaskStatus

interface Ask {
  method: string
  params: JsonObject
  resolve: (answer: JsonObject) => void
}

interface Task {
  id: string
  owner: string
  status: Status
  createdAt: string
  lastUpdatedAt: string
  endedAt?: number
  result?: JsonObject
  error?: { code: number; message: string }
  asks: Map<string, Ask>
  counters: Map<string, number>
  ac: AbortController
  /** The size of its result or error, counted against the store's byte cap once it ended. */
  bytes: number
  /** Its writes to the directory, one after the other: a later state never lands before an earlier one. */
  writes: Promise<void>
}

export const offersTasks = (caps: JsonObject) => isObject(caps.extensions) && isObject(caps.extensions[TASKS_EXTENSION])

export const tasksRequired = () =>
  new ProtocolError(RPC.MISSING_CAPABILITY, `Missing required client capability: extensions.${TASKS_EXTENSION}`, {
    requiredCapabilities: { extensions: { [TASKS_EXTENSION]: {} } },
  })

const ASK_PREFIX: Record<string, string> = {
  'elicitation/create': 'elicit',
  'sampling/createMessage': 'sample',
  'roots/list': 'roots',
}

/** How a task ends when the instance running it stops (or, read elsewhere, was lost). */
const STOPPED = { code: RPC.INTERNAL_ERROR, message: 'Internal error: the instance running the task stopped' }

const unknownTask = (taskId: unknown) => new ProtocolError(RPC.INVALID_PARAMS, `Invalid params: unknown task ${taskId}`)

export type TaskStore = ReturnType<typeof createTaskStore>

/** What every answer about a task says of it: a task held here or one read from the directory. */
const view = (t: Pick<TaskRecord, 'id' | 'status' | 'createdAt' | 'lastUpdatedAt'>) => ({
  taskId: t.id,
  status: t.status,
  createdAt: t.createdAt,
  lastUpdatedAt: t.lastUpdatedAt,
  ttlMs: KEEP_MS,
  pollIntervalMs: POLL_MS,
})

/** The answer to tasks/get, from a task held here or one read from the directory. */
function taskResult(t: TaskRecord) {
  return {
    resultType: 'complete',
    ...view(t),
    ...(t.status === 'completed' && t.result ? { result: t.result } : {}),
    ...(t.status === 'failed' && t.error ? { error: t.error } : {}),
    ...(t.status === 'input_required' ? { inputRequests: t.inputRequests ?? {} } : {}),
  }
}

/**
 * `resultsBytes` (TOOLYARD_TASK_RESULTS_BYTES) caps the results and errors finished tasks hold together: past it the
 * oldest finished tasks are let go, as if their ttl had passed (docs/decisions/0021-bounded-logs-results-outbox-and-function-memory.md). `runMs` (TOOLYARD_TASK_MAX_MS) bounds a run. `directory`: where other instances find the tasks
 * held here (nowhere, in one process); `onError` hears the directory writes that failed (the task goes on here).
 */
export function createTaskStore(
  limits: { resultsBytes: number; runMs?: number },
  o: { directory?: TaskDirectory; onError?: (err: unknown) => void } = {},
) {
  const directory = o.directory ?? localTaskDirectory()
  const onError = o.onError ?? (() => {})
  const runMs = limits.runMs ?? 600_000
  const tasks = new Map<string, Task>()
  let held = 0
  const ended = (t: Task) => t.endedAt !== undefined
  const isHeld = (t: Task) => tasks.get(t.id) === t
  const write = (t: Task, fn: () => Promise<void>) => {
    t.writes = t.writes.then(fn).catch(onError)
  }
  const asked = (t: Task) =>
    Object.fromEntries([...t.asks].map(([k, a]) => [k, { method: a.method, params: a.params }]))
  const record = (t: Task): TaskRecord => ({
    id: t.id,
    owner: t.owner,
    status: t.status,
    createdAt: t.createdAt,
    lastUpdatedAt: t.lastUpdatedAt,
    ...(t.endedAt !== undefined ? { endedAt: t.endedAt } : {}),
    ...(t.result ? { result: t.result } : {}),
    ...(t.error ? { error: t.error } : {}),
    ...(t.status === 'input_required' ? { inputRequests: asked(t) } : {}),
  })
  /** The task's current state, to the directory (only once it is registered: before that nobody can ask for it). */
  const publish = (t: Task) => {
    if (!isHeld(t)) return
    const { id: _id, owner: _owner, createdAt: _createdAt, ...update } = record(t)
    write(t, () => directory.updated(t.id, update))
  }
  /**
   * Tasks this instance let go whose removal from the directory is still being written: until it lands, the directory
   * would still hand them out, so a lookup here answers "unknown" without asking it (entries leave once written).
   */
  const lettingGo = new Set<string>()
  const remove = (t: Task) => {
    if (isHeld(t)) {
      tasks.delete(t.id)
      lettingGo.add(t.id)
      write(t, () => directory.removed(t.id))
      void t.writes.finally(() => lettingGo.delete(t.id))
    }
    held -= t.bytes
    t.bytes = 0
  }
  /** Oldest first (the map keeps creation order): finished tasks go until the results held fit the cap. */
  const fit = () => {
    for (const t of tasks.values()) {
      if (held <= limits.resultsBytes) return
      if (ended(t) && t.bytes > 0) remove(t)
    }
  }
  const touch = (t: Task, status: Status) => {
    t.status = status
    t.lastUpdatedAt = new Date().toISOString()
  }
  const finish = (t: Task, status: Status, fields: Partial<Pick<Task, 'result' | 'error'>> = {}) => {
    if (ended(t)) return
    Object.assign(t, fields)
    t.endedAt = Date.now()
    t.asks.clear()
    touch(t, status)
    if (!tasks.has(t.id)) return
    t.bytes = resultBytes(fields.result ?? fields.error ?? '')
    held += t.bytes
    fit()
    publish(t)
  }
  const sweep = () => {
    const now = Date.now()
    for (const t of tasks.values()) if (t.endedAt !== undefined && now - t.endedAt > KEEP_MS) remove(t)
  }
  const local = (owner: string, taskId: unknown): Task | undefined => {
    sweep()
    const t = typeof taskId === 'string' ? tasks.get(taskId) : undefined
    return t && t.owner === owner ? t : undefined
  }
  /** A task held by another instance, read from the directory: unknown when it is another caller's or expired. */
  const elsewhere = async (owner: string, taskId: unknown): Promise<TaskRecord> => {
    const t = typeof taskId === 'string' && !lettingGo.has(taskId) ? await directory.lookup(taskId) : null
    const now = Date.now()
    if (!t || t.owner !== owner || (t.endedAt !== undefined && now - t.endedAt > KEEP_MS)) throw unknownTask(taskId)
    if (t.endedAt === undefined && now - Date.parse(t.createdAt) > runMs + ORPHAN_GRACE_MS)
      return { ...t, status: 'failed', error: STOPPED }
    return t
  }

  const open = (owner: string): Task => {
    const at = new Date().toISOString()
    return {
      id: crypto.randomUUID(),
      owner,
      status: 'working',
      createdAt: at,
      lastUpdatedAt: at,
      asks: new Map(),
      counters: new Map(),
      ac: new AbortController(),
      bytes: 0,
      writes: Promise.resolve(),
    }
  }
  /** Held here and recorded in the directory; resolves once any instance can find it (a failed write is thrown). */
  const register = async (t: Task) => {
    sweep()
    const own = [...tasks.values()].filter((x) => x.owner === t.owner)
    if (own.length >= MAX_TASKS_PER_OWNER) {
      const victim = own.find(ended) ?? own[0]!
      victim.ac.abort()
      remove(victim)
    }
    tasks.set(t.id, t)
    const creating = directory.created(record(t))
    t.writes = creating.catch(() => {})
    try {
      await creating
    } catch (err) {
      t.ac.abort()
      remove(t)
      throw err
    }
  }
  /** A question that parks the task until tasks/update answers it under its key (default: the method's ordinal). */
  const parking =
    (t: Task): TaskAsk =>
    (method, params, key) => {
      const prefix = ASK_PREFIX[method] ?? 'input'
      const n = (t.counters.get(prefix) ?? 0) + 1
      t.counters.set(prefix, n)
      const k = key || `${prefix}-${n}`
      return new Promise<JsonObject>((resolve) => {
        t.asks.set(k, { method, params, resolve })
        touch(t, 'input_required')
        publish(t)
      })
    }
  const settle = (t: Task, running: Promise<unknown>) =>
    running.then(
      (result) => finish(t, 'completed', { result: result as JsonObject }),
      (error) =>
        finish(t, 'failed', {
          error:
            error instanceof ProtocolError
              ? { code: error.code, message: error.message }
              : { code: RPC.INTERNAL_ERROR, message: 'Internal error' },
        }),
    )
  const created = (t: Task) => ({ resultType: 'task', ...view(t) })
  /** Answers parked questions; unknown keys are ignored. The task works again once none is left. */
  const answer = (t: Task, responses: JsonObject) => {
    for (const [k, v] of Object.entries(responses)) {
      const a = t.asks.get(k)
      if (!a || !isObject(v)) continue
      t.asks.delete(k)
      a.resolve(v)
    }
    if (!ended(t) && t.status === 'input_required') {
      if (t.asks.size === 0) touch(t, 'working')
      publish(t)
    }
  }
  const checkResponses = (responses: unknown): JsonObject => {
    if (responses !== undefined && !isObject(responses))
      throw new ProtocolError(RPC.INVALID_PARAMS, 'Invalid params: inputResponses must be an object')
    return (responses ?? {}) as JsonObject
  }
  /** A cancellation recorded in the directory by another instance: the run stops, and the copy here says so too. */
  const cancelled = (t: Task) => {
    if (!ended(t)) {
      finish(t, 'cancelled')
      t.ac.abort()
      return
    }
    if (t.status === 'cancelled') return
    // It ended here while the cancellation committed there first: the directory's cancelled is what every instance
    // must answer, so the result held here goes.
    held -= t.bytes
    t.bytes = 0
    t.result = undefined
    t.error = undefined
    touch(t, 'cancelled')
  }

  return {
    /** Starts `run` in the background once recorded; its questions park the task until tasks/update answers them. */
    async start(owner: string, host: (t: TaskHostInit) => FunctionHost, run: (host: FunctionHost) => Promise<unknown>) {
      const t = open(owner)
      await register(t)
      void settle(t, run(host({ signal: t.ac.signal, ask: parking(t) })))
      return created(t)
    },
    /**
     * For tools that must run as tasks: the inputs first, by MRTR. The call runs synchronously for up to
     * `windowMs`; a missing answer ends it as an input-required result (no task yet). Otherwise it becomes a
     * task — finished already, or still running, its later questions parking the task.
     */
    async afterInputs(
      owner: string,
      round: InputRound,
      host: (t: TaskHostInit) => FunctionHost,
      run: (host: FunctionHost) => Promise<unknown>,
      windowMs = GATHER_WINDOW_MS,
    ) {
      const t = open(owner)
      let asTask = false
      const park = parking(t)
      const ask: TaskAsk = (method, params, key) =>
        asTask ? park(method, params, key) : round.ask(method, params, key)
      let done = false
      const running = run(host({ signal: t.ac.signal, ask }))
      const finished = running.then(
        () => {
          done = true
        },
        () => {
          done = true
        },
      )
      let timer: ReturnType<typeof setTimeout> | undefined
      await Promise.race([finished, new Promise((r) => (timer = setTimeout(r, windowMs)))])
      clearTimeout(timer)
      if (round.missing.size) {
        t.ac.abort()
        return round.inputRequired()
      }
      asTask = true
      await register(t)
      const settled = settle(t, running)
      if (done) await settled
      return created(t)
    },
    async get(owner: string, taskId: unknown) {
      const t = local(owner, taskId)
      return taskResult(t ? record(t) : await elsewhere(owner, taskId))
    },
    /** Answers parked questions; unknown keys are ignored. The task works again once none is left. */
    async update(owner: string, taskId: unknown, responses: unknown) {
      const t = local(owner, taskId)
      if (t) {
        answer(t, checkResponses(responses))
        return { resultType: 'complete' }
      }
      const found = await elsewhere(owner, taskId)
      const answers = checkResponses(responses)
      if (found.endedAt === undefined && Object.keys(answers).length)
        // Answers of any size: those past NOTIFY's payload travel through a table (src/db/postgres/change-feed.ts).
        await directory.answer(found.id, owner, answers)
      return { resultType: 'complete' }
    },
    /** Stops the run; a task that already ended keeps its status (idempotent). */
    async cancel(owner: string, taskId: unknown) {
      const t = local(owner, taskId)
      if (!t) {
        const found = await elsewhere(owner, taskId)
        if (found.endedAt === undefined) await directory.cancel(found.id, new Date().toISOString())
      } else if (!ended(t)) {
        finish(t, 'cancelled')
        t.ac.abort()
      }
      return { resultType: 'complete' }
    },
    /** Another instance cancelled a task held here (src/mcp/instance-bridge.ts). */
    cancelledElsewhere(taskId: string) {
      const t = tasks.get(taskId)
      if (t) cancelled(t)
    },
    /** Another instance got answers for a task held here. */
    answeredElsewhere(taskId: string, owner: string, responses: JsonObject) {
      const t = tasks.get(taskId)
      if (t && t.owner === owner && !ended(t)) answer(t, responses)
    },
    /**
     * Shutdown: the tasks still running here end as failed (saying why) and their runs stop; resolves once the
     * directory has that, so another instance answers for them at once instead of after the run's deadline.
     */
    async stop() {
      const running = [...tasks.values()].filter((t) => !ended(t))
      for (const t of running) {
        finish(t, 'failed', { error: STOPPED })
        t.ac.abort()
      }
      await Promise.all(running.map((t) => t.writes))
    },
    /** The channel was down: cancellations made meanwhile are read from the directory. */
    async resync() {
      for (const t of [...tasks.values()]) {
        if (ended(t)) continue
        const found = await directory.lookup(t.id)
        if (found?.status === 'cancelled') cancelled(t)
      }
    },
  }
}
