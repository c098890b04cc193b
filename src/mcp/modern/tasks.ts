// The tasks extension (io.modelcontextprotocol/tasks) for 2026-07-28 tool calls: a call the client lets run as a task
// answers at once with a task id; tasks/get polls it (and inlines the result), tasks/update answers the questions it
// parked on (ctx.elicit/sample/listRoots), tasks/cancel stops it. In memory, per caller and server, bounded.
import { resultBytes } from '../../limits'
import type { FunctionHost } from '../../runtime/host'
import type { JsonObject } from '../backend'
import { ProtocolError, RPC } from '../errors'
import { isObject } from '../jsonrpc'
import type { InputRound } from './mrtr'

export const TASKS_EXTENSION = 'io.modelcontextprotocol/tasks'
/** A finished task stays readable this long (its ttlMs). */
const KEEP_MS = 5 * 60_000
const POLL_MS = 250
/** How long a must-be-task call may run synchronously to ask for its inputs first (MRTR) before it becomes a task. */
const GATHER_WINDOW_MS = 1000
/** Per caller; past it the oldest finished task goes first, then the oldest at all (cancelled). */
const MAX_TASKS_PER_OWNER = 100

type TaskHostInit = { signal: AbortSignal; ask: TaskAsk }

export type TaskAsk = (method: string, params: JsonObject, key?: string) => Promise<JsonObject>

type Status = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled'

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

export type TaskStore = ReturnType<typeof createTaskStore>

/**
 * `resultsBytes` (TOOLYARD_TASK_RESULTS_BYTES) caps the results and errors finished tasks hold together: past it the
 * oldest finished tasks are let go, as if their ttl had passed (docs/decisions.md, "Bounded logs, results, outbox and
 * function memory").
 */
export function createTaskStore(limits: { resultsBytes: number }) {
  const tasks = new Map<string, Task>()
  let held = 0
  const ended = (t: Task) => t.endedAt !== undefined
  const remove = (t: Task) => {
    if (tasks.get(t.id) === t) tasks.delete(t.id)
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
  }
  const sweep = () => {
    const now = Date.now()
    for (const t of tasks.values()) if (t.endedAt !== undefined && now - t.endedAt > KEEP_MS) remove(t)
  }
  const view = (t: Task) => ({
    taskId: t.id,
    status: t.status,
    createdAt: t.createdAt,
    lastUpdatedAt: t.lastUpdatedAt,
    ttlMs: KEEP_MS,
    pollIntervalMs: POLL_MS,
  })
  const mine = (owner: string, taskId: unknown): Task => {
    sweep()
    const t = typeof taskId === 'string' ? tasks.get(taskId) : undefined
    if (!t || t.owner !== owner) throw new ProtocolError(RPC.INVALID_PARAMS, `Invalid params: unknown task ${taskId}`)
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
    }
  }
  const register = (t: Task) => {
    sweep()
    const own = [...tasks.values()].filter((x) => x.owner === t.owner)
    if (own.length >= MAX_TASKS_PER_OWNER) {
      const victim = own.find(ended) ?? own[0]!
      victim.ac.abort()
      remove(victim)
    }
    tasks.set(t.id, t)
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

  return {
    /** Starts `run` in the background at once; its questions park the task until tasks/update answers them. */
    start(owner: string, host: (t: TaskHostInit) => FunctionHost, run: (host: FunctionHost) => Promise<unknown>) {
      const t = open(owner)
      register(t)
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
      register(t)
      const settled = settle(t, running)
      if (done) await settled
      return created(t)
    },
    get(owner: string, taskId: unknown) {
      const t = mine(owner, taskId)
      return {
        resultType: 'complete',
        ...view(t),
        ...(t.status === 'completed' && t.result ? { result: t.result } : {}),
        ...(t.status === 'failed' && t.error ? { error: t.error } : {}),
        ...(t.status === 'input_required'
          ? {
              inputRequests: Object.fromEntries(
                [...t.asks].map(([k, a]) => [k, { method: a.method, params: a.params }]),
              ),
            }
          : {}),
      }
    },
    /** Answers parked questions; unknown keys are ignored. The task works again once none is left. */
    update(owner: string, taskId: unknown, responses: unknown) {
      const t = mine(owner, taskId)
      if (responses !== undefined && !isObject(responses))
        throw new ProtocolError(RPC.INVALID_PARAMS, 'Invalid params: inputResponses must be an object')
      for (const [k, v] of Object.entries(responses ?? {})) {
        const a = t.asks.get(k)
        if (!a || !isObject(v)) continue
        t.asks.delete(k)
        a.resolve(v)
      }
      if (!ended(t) && t.status === 'input_required' && t.asks.size === 0) touch(t, 'working')
      return { resultType: 'complete' }
    },
    /** Stops the run; a task that already ended keeps its status (idempotent). */
    cancel(owner: string, taskId: unknown) {
      const t = mine(owner, taskId)
      if (!ended(t)) {
        finish(t, 'cancelled')
        t.ac.abort()
      }
      return { resultType: 'complete' }
    },
  }
}
