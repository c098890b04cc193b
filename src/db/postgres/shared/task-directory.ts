// The task directory on PostgreSQL (docs/decisions/0047-tasks-across-instances.md): every 2026-07-28 task in `mcp_tasks`
// (migration 017), so a tasks/get, tasks/update or tasks/cancel that a round-robin balancer sends to another instance
// than the one running the task is answered there. A cancellation is written and announced on `toolyard_events` in one
// transaction: the running instance hears it at commit, and a result it writes afterwards no longer changes the row.
import type { JsonObject } from '../../../mcp/backend'
import type { TaskDirectory, TaskRecord, TaskStatus, TaskUpdate } from '../../../mcp/modern/task-directory'
import { publishEvent } from '../change-feed'
import type { PgDb } from '../sql'

interface Row {
  id: string
  owner: string
  status: string
  created_at: string
  last_updated_at: string
  ended_at_ms: number | string | null
  result: string | null
  error: string | null
  input_requests: string | null
}

const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v))
const parsed = <T>(text: string | null): T | undefined => {
  if (text === null) return undefined
  try {
    return JSON.parse(text) as T
  } catch {
    return undefined
  }
}

function fromRow(row: Row): TaskRecord {
  const result = parsed<JsonObject>(row.result)
  const error = parsed<{ code: number; message: string }>(row.error)
  const inputRequests = parsed<TaskRecord['inputRequests']>(row.input_requests)
  return {
    id: row.id,
    owner: row.owner,
    status: row.status as TaskStatus,
    createdAt: row.created_at,
    lastUpdatedAt: row.last_updated_at,
    // BIGINT may come back as text.
    ...(row.ended_at_ms !== null ? { endedAt: Number(row.ended_at_ms) } : {}),
    ...(result ? { result } : {}),
    ...(error ? { error } : {}),
    ...(inputRequests ? { inputRequests } : {}),
  }
}

/** The directory over `db`, announcing cancellations and answers as instance `origin` (its bridge's origin). */
export function pgTaskDirectory(
  db: PgDb,
  origin: string,
): TaskDirectory & {
  /** Deletes rows ended before `endedBefore`, and rows still running created before `createdBefore` (orphans). */
  prune(o: { endedBefore: number; createdBefore: number }): Promise<number>
} {
  return {
    async created(t) {
      await db.run(
        `INSERT INTO mcp_tasks (id, owner, status, created_at, last_updated_at, created_ms)
         VALUES ($id, $owner, $status, $created, $updated, $createdMs)`,
        {
          id: t.id,
          owner: t.owner,
          status: t.status,
          created: t.createdAt,
          updated: t.lastUpdatedAt,
          createdMs: Date.parse(t.createdAt),
        },
      )
    },
    async updated(id, u: TaskUpdate) {
      // Once ended the row stays as it is: a cancellation committed elsewhere keeps its status.
      await db.run(
        `UPDATE mcp_tasks SET status = $status, last_updated_at = $updated, ended_at_ms = $ended, result = $result,
           error = $error, input_requests = $asks
         WHERE id = $id AND ended_at_ms IS NULL`,
        {
          id,
          status: u.status,
          updated: u.lastUpdatedAt,
          ended: u.endedAt ?? null,
          result: json(u.result),
          error: json(u.error),
          asks: json(u.inputRequests),
        },
      )
    },
    async lookup(id) {
      const row = await db.get<Row>(
        `SELECT id, owner, status, created_at, last_updated_at, ended_at_ms, result, error, input_requests
         FROM mcp_tasks WHERE id = $id`,
        { id },
      )
      return row ? fromRow(row) : null
    },
    cancel: (id, at) =>
      db.tx(async (tx) => {
        const { changes } = await tx.run(
          `UPDATE mcp_tasks SET status = 'cancelled', last_updated_at = $at, ended_at_ms = $ms, input_requests = NULL
           WHERE id = $id AND ended_at_ms IS NULL`,
          { id, at, ms: Date.parse(at) },
        )
        if (changes === 0) return false
        await publishEvent(tx, origin, { kind: 'task_cancelled', task: id })
        return true
      }),
    async answer(id, owner, responses) {
      await publishEvent(db, origin, { kind: 'task_answered', task: id, owner, responses })
    },
    async removed(id) {
      await db.run('DELETE FROM mcp_tasks WHERE id = $id', { id })
    },
    async prune({ endedBefore, createdBefore }) {
      const { changes } = await db.run(
        `DELETE FROM mcp_tasks WHERE ended_at_ms < $ended OR (ended_at_ms IS NULL AND created_ms < $created)`,
        { ended: endedBefore, created: createdBefore },
      )
      return changes
    },
  }
}
