// The task directory: what another instance needs to answer a request about a 2026-07-28 task it does not run — its
// owner, status, questions, final result or error, and when it ended — and the way a cancellation or an answer made
// there reaches the instance running it (docs/decisions/0047-tasks-across-instances.md). The running instance's memory
// stays the truth for the run itself (./tasks.ts); the directory is a copy every instance can read. SQLite mode keeps
// tasks in its one process: its directory remembers nothing, so a task the process does not hold is never found (as
// before the port). PostgreSQL mode: src/db/postgres/shared/task-directory.ts.
import type { JsonObject } from '../backend'

export type TaskStatus = 'working' | 'input_required' | 'completed' | 'failed' | 'cancelled'

/** A task as another instance sees it. */
export interface TaskRecord {
  id: string
  /** `principal|server id`: only the same caller on the same server finds it. */
  owner: string
  status: TaskStatus
  createdAt: string
  lastUpdatedAt: string
  /** Milliseconds since the epoch; set once it ended (its ttl counts from there). */
  endedAt?: number
  result?: JsonObject
  error?: { code: number; message: string }
  /** The questions it is parked on (status input_required), by key. */
  inputRequests?: Record<string, { method: string; params: JsonObject }>
}

/** A change of a running or ending task, written by the instance running it. */
export type TaskUpdate = Pick<TaskRecord, 'status' | 'lastUpdatedAt' | 'endedAt' | 'result' | 'error' | 'inputRequests'>

export interface TaskDirectory {
  /** Records a new task; resolves once any instance can find it. */
  created(task: TaskRecord): Promise<void>
  /** Records a change; one that ends the task is kept only when the task had not ended already (cancelled elsewhere). */
  updated(id: string, update: TaskUpdate): Promise<void>
  /** The task by id; null when the directory never heard of it (or let it go). */
  lookup(id: string): Promise<TaskRecord | null>
  /**
   * Ends a task that has not ended as cancelled and tells the instance running it to stop; resolves once both are on
   * their way. False when it had ended already (nothing changes: cancel is idempotent).
   */
  cancel(id: string, at: string): Promise<boolean>
  /** Passes answers to parked questions to the instance running the task. */
  answer(id: string, owner: string, responses: JsonObject): Promise<void>
  /** The task was let go (its ttl passed, or the caps made room): no instance finds it any more. */
  removed(id: string): Promise<void>
}

const done = Promise.resolve()

/** One process: the task store's memory is the whole truth; nothing is written, nothing is ever found. */
export function localTaskDirectory(): TaskDirectory {
  return {
    created: () => done,
    updated: () => done,
    lookup: () => Promise.resolve(null),
    cancel: () => Promise.resolve(false),
    answer: () => done,
    removed: () => done,
  }
}
