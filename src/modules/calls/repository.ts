// SQL for the call log: batched inserts, newest-first pages with filters, and the retention delete.
import type { Db } from '../../db/open'

export type CallRow = {
  id: string
  project_id: string
  server_id: string | null
  kind: 'tool' | 'resource' | 'prompt'
  name: string
  outcome: string
  duration_ms: number
  error: string | null
  request_id: string
  created_at: string
}

export interface CallFilter {
  server_id?: string
  name?: string
  outcome?: string
}

export function callsRepository(db: Db) {
  const insert = db.query<never, CallRow>(
    `INSERT INTO call_log (id, project_id, server_id, kind, name, outcome, duration_ms, error, request_id, created_at)
     VALUES ($id, $project_id, $server_id, $kind, $name, $outcome, $duration_ms, $error, $request_id, $created_at)`,
  )
  // A project deleted while its calls waited in the buffer: those rows are dropped, not the batch.
  const projectExists = db.query<{ one: number }, { id: string }>('SELECT 1 AS one FROM projects WHERE id = $id')
  const insertAll = db.transaction((rows: CallRow[]) => {
    for (const row of rows) if (projectExists.get({ id: row.project_id })) insert.run(row)
  })
  const list = db.query<
    CallRow,
    {
      project_id: string
      before: string | null
      server_id: string | null
      name: string | null
      outcome: string | null
      limit: number
    }
  >(
    `SELECT * FROM call_log WHERE project_id = $project_id
       AND ($before IS NULL OR id < $before)
       AND ($server_id IS NULL OR server_id = $server_id)
       AND ($name IS NULL OR name = $name)
       AND ($outcome IS NULL OR outcome = $outcome)
     ORDER BY id DESC LIMIT $limit`,
  )
  const purge = db.query<never, { before: string }>('DELETE FROM call_log WHERE created_at < $before')
  return {
    insertAll: (rows: CallRow[]) => insertAll(rows),
    /** Newest first; `before` is the last id of the previous page. */
    list: (project_id: string, filter: CallFilter, before: string | undefined, limit: number) =>
      list.all({
        project_id,
        before: before ?? null,
        server_id: filter.server_id ?? null,
        name: filter.name ?? null,
        outcome: filter.outcome ?? null,
        limit,
      }),
    purgeBefore: (before: string): number => purge.run({ before }).changes,
  }
}
export type CallsRepository = ReturnType<typeof callsRepository>
