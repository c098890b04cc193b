// PostgreSQL dialect of src/modules/calls/repository.ts (the call log). The same SQL for pages and retention; the
// batch insert binds named parameters (the adapter takes no `?`) and, in place of SQLite's `PRAGMA synchronous =
// NORMAL`, commits with `synchronous_commit = off`: the rows waited in memory anyway, and a crash loses at most the
// last fraction of a second of them, never the database's consistency.
import type { CallRow, CallsRepository } from '../../../modules/calls/repository'
import type { PgStore } from '../store'

const COLUMNS = [
  'id',
  'project_id',
  'server_id',
  'kind',
  'name',
  'outcome',
  'duration_ms',
  'error',
  'request_id',
  'created_at',
  'user_id',
] as const
/** Rows per statement: a flush can hold thousands; PostgreSQL takes at most 65535 parameters per statement. */
const CHUNK = 500

function insertChunk(rows: CallRow[]): { text: string; params: Record<string, unknown> } {
  const params: Record<string, unknown> = {}
  const tuples = rows.map((_, i) => `(${COLUMNS.map((c) => `$${c}_${i}`).join(', ')})`)
  rows.forEach((row, i) => {
    for (const c of COLUMNS) params[`${c}_${i}`] = row[c] ?? null
  })
  return { text: `INSERT INTO call_log (${COLUMNS.join(', ')}) VALUES ${tuples.join(', ')}`, params }
}

export function pgCallsRepository(pg: PgStore): CallsRepository {
  return {
    insertAll: (rows) =>
      pg.tx(async (tx) => {
        await tx.run('SET LOCAL synchronous_commit = off')
        // A project deleted while its calls waited in the buffer: those rows are dropped, not the batch. KEY SHARE
        // holds off a delete of the projects found until the rows are in (SQLite's write lock does that there).
        const projects = [...new Set(rows.map((r) => r.project_id))]
        const existing = new Set(
          (
            await tx.all<{ id: string }>(
              'SELECT id FROM projects WHERE id IN (SELECT jsonb_array_elements_text($ids::text::jsonb)) FOR KEY SHARE',
              { ids: JSON.stringify(projects) },
            )
          ).map((r) => r.id),
        )
        const kept = rows.filter((r) => existing.has(r.project_id))
        for (let i = 0; i < kept.length; i += CHUNK) {
          const { text, params } = insertChunk(kept.slice(i, i + CHUNK))
          await tx.run(text, params)
        }
      }),
    /** Newest first; `before` is the last id of the previous page. */
    list: (project_id, filter, before, limit) =>
      pg.q().all(
        `SELECT * FROM call_log WHERE project_id = $project_id
           AND ($before::text IS NULL OR id < $before)
           AND ($server_id::text IS NULL OR server_id = $server_id)
           AND ($user_id::text IS NULL OR user_id = $user_id)
           AND ($name::text IS NULL OR name = $name)
           AND ($outcome::text IS NULL OR outcome = $outcome)
         ORDER BY id DESC LIMIT $limit`,
        {
          project_id,
          before: before ?? null,
          server_id: filter.server_id ?? null,
          user_id: filter.user_id ?? null,
          name: filter.name ?? null,
          outcome: filter.outcome ?? null,
          limit,
        },
      ),
    purgeBefore: async (before) =>
      (await pg.q().run('DELETE FROM call_log WHERE created_at < $before', { before })).changes,
  }
}
