// SQL for the call log: batched inserts, newest-first pages with filters, and the retention delete.
import { asyncPort, type Store } from '../../db/store'

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
  /** The end user the call was made for (src/modules/users); null: none. */
  user_id?: string | null
}

/** A call as the request thread buffers it: its id and ISO time are made by the writer, off the request thread. */
export type PendingCall = Omit<CallRow, 'id' | 'created_at'> & { at: number }

/** A UUIDv7 of the call's own time (ids stay in time order whoever makes them) and its ISO timestamp. */
export const toRow = ({ at, ...call }: PendingCall): CallRow => ({
  id: Bun.randomUUIDv7('hex', at),
  ...call,
  created_at: new Date(at).toISOString(),
})

export interface CallFilter {
  server_id?: string
  user_id?: string
  name?: string
  outcome?: string
}

/** The storage port its callers use; `callsRepository` below implements it on SQLite, a PostgreSQL adapter would
 *  implement it too (docs/decisions/0028-repository-interfaces.md). */
export interface CallsRepository {
  /** One batch, all or nothing; rows of a project deleted meanwhile are dropped. */
  insertAll: (rows: CallRow[]) => Promise<void>
  /** Newest first; `before` is the last id of the previous page. */
  list: (project_id: string, filter: CallFilter, before: string | undefined, limit: number) => Promise<CallRow[]>
  purgeBefore: (before: string) => Promise<number>
}

export function callsRepository(store: Store): CallsRepository {
  const { db } = store
  const columns = [
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
  const insertSql = (rows: number) =>
    `INSERT INTO call_log (${columns.join(', ')}) VALUES ${Array(rows)
      .fill(`(${columns.map(() => '?').join(', ')})`)
      .join(', ')}`
  // A flush can hold thousands of rows: one statement per CHUNK rows costs far less than one per row.
  const CHUNK = 50
  const insertOne = db.query<never, (string | number | null)[]>(insertSql(1))
  const insertChunk = db.query<never, (string | number | null)[]>(insertSql(CHUNK))
  const values = (rows: CallRow[]) => rows.flatMap((row) => columns.map((c) => row[c] ?? null))
  // A project deleted while its calls waited in the buffer: those rows are dropped, not the batch.
  const projectExists = db.query<{ one: number }, { id: string }>('SELECT 1 AS one FROM projects WHERE id = $id')
  // One port call, so one synchronous burst inside `store.run` (which first waits for any other request's open
  // transaction): its own transaction, and the PRAGMA below brackets exactly this commit, nobody else's.
  const insertBatch = db.transaction((rows: CallRow[]) => {
    // A batch is mostly one project's calls: each project is looked up once per batch, not once per row.
    const exists = new Map<string, boolean>()
    const kept = rows.filter((row) => {
      let known = exists.get(row.project_id)
      if (known === undefined) {
        known = projectExists.get({ id: row.project_id }) !== null
        exists.set(row.project_id, known)
      }
      return known
    })
    let i = 0
    for (; i + CHUNK <= kept.length; i += CHUNK) insertChunk.run(...values(kept.slice(i, i + CHUNK)))
    for (; i < kept.length; i++) insertOne.run(...values([kept[i]!]))
  })
  // The rows waited in memory (a crash loses up to a flush of them anyway), so their commit skips the fsync that
  // synchronous = FULL adds: WAL keeps it atomic, and the next FULL commit makes it durable. The event loop
  // stalled on that fsync once per flush.
  const synchronous = db.query<{ synchronous: number }, []>('PRAGMA synchronous')
  const insertAll = (rows: CallRow[]) => {
    const before = synchronous.get()?.synchronous ?? 2
    db.exec('PRAGMA synchronous = NORMAL')
    try {
      insertBatch(rows)
    } finally {
      db.exec(`PRAGMA synchronous = ${before}`)
    }
  }
  const list = db.query<
    CallRow,
    {
      project_id: string
      before: string | null
      server_id: string | null
      user_id: string | null
      name: string | null
      outcome: string | null
      limit: number
    }
  >(
    `SELECT * FROM call_log WHERE project_id = $project_id
       AND ($before IS NULL OR id < $before)
       AND ($server_id IS NULL OR server_id = $server_id)
       AND ($user_id IS NULL OR user_id = $user_id)
       AND ($name IS NULL OR name = $name)
       AND ($outcome IS NULL OR outcome = $outcome)
     ORDER BY id DESC LIMIT $limit`,
  )
  const purge = db.query<never, { before: string }>('DELETE FROM call_log WHERE created_at < $before')
  return asyncPort<CallsRepository>(store, {
    insertAll: (rows: CallRow[]) => insertAll(rows),
    /** Newest first; `before` is the last id of the previous page. */
    list: (project_id: string, filter: CallFilter, before: string | undefined, limit: number) =>
      list.all({
        project_id,
        before: before ?? null,
        server_id: filter.server_id ?? null,
        user_id: filter.user_id ?? null,
        name: filter.name ?? null,
        outcome: filter.outcome ?? null,
        limit,
      }),
    purgeBefore: (before: string): number => purge.run({ before }).changes,
  })
}
