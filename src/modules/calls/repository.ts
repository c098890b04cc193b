// SQL for the call log: batched inserts, newest-first pages with filters, and the retention delete. The pages and the
// retention are one SQL; the batch insert is each engine's own (below).
import { jsonRows, jsonRowsSelect } from '../../db/postgres/json-param'
import type { SqlStore } from '../../db/queries'
import { isSqliteStore, type Store } from '../../db/store'

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
  /** `created_at` as milliseconds, when the row was made from a buffered call (SQLite stores this, not the text). */
  created_ms?: number
}

/** A call as the request thread buffers it: its id and ISO time are made by the writer, off the request thread. */
export type PendingCall = Omit<CallRow, 'id' | 'created_at'> & { at: number }

/**
 * A UUIDv7 of the call's own time (ids stay in time order whoever makes them) and its ISO timestamp. Fields set one by
 * one (no rest and spread: this runs for every call on the writer thread).
 */
export const toRow = (call: PendingCall): CallRow => ({
  id: Bun.randomUUIDv7('hex', call.at),
  project_id: call.project_id,
  server_id: call.server_id,
  kind: call.kind,
  name: call.name,
  outcome: call.outcome,
  duration_ms: call.duration_ms,
  error: call.error,
  request_id: call.request_id,
  created_at: new Date(call.at).toISOString(),
  user_id: call.user_id,
  created_ms: call.at,
})

export interface CallFilter {
  server_id?: string
  user_id?: string
  name?: string
  outcome?: string
}

/** A listed call and where the next page starts after it: SQLite's row key (docs/decisions/0380-call-log-at-scale.md),
 *  PostgreSQL's id. */
type ListedCall = CallRow & { cursor: string }

/** The filters a page may have, each a column of the call log with an index that starts (project_id, column, id). */
const FILTERS = ['server_id', 'user_id', 'name', 'outcome'] as const

/** The storage port its callers use; `callsRepository` below implements it once, on either engine
 *  (docs/decisions/0028-repository-interfaces.md, docs/decisions/0056-one-query-interface.md). */
export interface CallsRepository {
  /** One batch, all or nothing; rows of a project deleted meanwhile are dropped. */
  insertAll: (rows: CallRow[]) => Promise<void>
  /** Newest first; `before` is the `cursor` of the last row of the previous page (checked with `isCursor`). */
  list: (project_id: string, filter: CallFilter, before: string | undefined, limit: number) => Promise<ListedCall[]>
  /** Whether `text` is a cursor this engine's pages hand out. */
  isCursor: (text: string) => boolean
  purgeBefore: (before: string) => Promise<number>
}

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

export function callsRepository(store: SqlStore): CallsRepository {
  return {
    isCursor: isSqliteStore(store) ? (text) => /^[1-9][0-9]{0,15}$/.test(text) : (text) => UUID.test(text),
    insertAll: isSqliteStore(store) ? sqliteInsertAll(store) : postgresInsertAll(store),
    list: isSqliteStore(store) ? sqliteList(store) : postgresList(store),
    purgeBefore: async (before) =>
      isSqliteStore(store)
        ? (await store.q().run('DELETE FROM call_log_rows WHERE created_ms < $before', { before: Date.parse(before) }))
            .changes
        : // By id (a UUIDv7 of the row's own time), on the primary key: no index on the time of its own
          // (PostgreSQL migration 031).
          (await store.q().run('DELETE FROM call_log WHERE id < $first', { first: firstIdAt(Date.parse(before)) }))
            .changes,
  }
}

const UUID = /^[0-9a-f-]{36}$/

/**
 * The least UUIDv7 of millisecond `ms` (its 48-bit time first, every other bit zero): the ids made at `ms` or later
 * sort at or after it, the earlier ones before it (toRow makes each id from its call's time).
 */
function firstIdAt(ms: number): string {
  const hex = Math.max(0, Math.trunc(ms)).toString(16).padStart(12, '0')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-0000-0000-000000000000`
}

/**
 * Only the filters given are in the statement (not `($x IS NULL OR col = $x)`): each then matches an index that starts
 * with the project and the filter's column, and a page of ten million rows reads as many rows as it returns.
 */
function whereOf(project_id: string, filter: CallFilter, test: (f: (typeof FILTERS)[number]) => string) {
  const params: Record<string, unknown> = { project_id }
  const where: string[] = []
  for (const f of FILTERS)
    if (filter[f] !== undefined) {
      where.push(test(f))
      params[f] = filter[f]
    }
  return { where, params }
}

type Statement = { text: string; params: Record<string, unknown> }

/** PostgreSQL's page: the call log's own columns; the id is the cursor. */
export function postgresPage(project_id: string, filter: CallFilter, before: string | undefined, limit: number) {
  const { where, params } = whereOf(project_id, filter, (f) => `${f} = $${f}`)
  if (before !== undefined) {
    where.push('id < $before')
    params.before = before
  }
  return {
    text: `SELECT * FROM call_log WHERE ${['project_id = $project_id', ...where].join(' AND ')} ORDER BY id DESC LIMIT $limit`,
    params: { ...params, limit },
  } satisfies Statement
}

function postgresList(store: SqlStore): CallsRepository['list'] {
  return async (...args) => {
    const { text, params } = postgresPage(...args)
    return (await store.q().all<CallRow>(text, params)).map((r) => ({ ...r, cursor: r.id }))
  }
}

/** The columns an id is kept in on SQLite: the ref of its text in call_log_refs. */
const REF = { server_id: 'server_ref', user_id: 'user_ref' } as const

/**
 * SQLite's page (migration 030): the filters' ids are turned into their refs first, so the page walks one index that
 * starts (project_ref, column) backwards along `seq`; the ids come back through call_log_refs for the rows returned.
 */
export function sqlitePage(project_id: string, filter: CallFilter, before: string | undefined, limit: number) {
  const { where, params } = whereOf(project_id, filter, (f) =>
    f in REF
      ? `c.${REF[f as keyof typeof REF]} = (SELECT ref FROM call_log_refs WHERE value = $${f})`
      : `c.${f} = $${f}`,
  )
  if (before !== undefined) {
    where.push('c.seq < $before')
    params.before = Number(before)
  }
  // Named, not left to the planner: without statistics it may take the project's index and read a whole project for
  // a rare outcome. The first filter given (in FILTERS' order) picks its index.
  const first = FILTERS.find((f) => filter[f] !== undefined)
  const index = `call_log_rows_${first ? first.replace('_id', '') : 'project'}`
  return {
    text: `SELECT c.seq, c.id, p.value AS project_id, s.value AS server_id, c.kind, c.name, c.outcome, c.duration_ms,
         c.error, c.request_id, c.created_ms, u.value AS user_id
       FROM call_log_rows c INDEXED BY ${index}
       JOIN call_log_refs p ON p.ref = c.project_ref
       LEFT JOIN call_log_refs s ON s.ref = c.server_ref
       LEFT JOIN call_log_refs u ON u.ref = c.user_ref
       WHERE ${['c.project_ref = (SELECT ref FROM call_log_refs WHERE value = $project_id)', ...where].join(' AND ')}
       ORDER BY c.seq DESC LIMIT $limit`,
    params: { ...params, limit },
  } satisfies Statement
}

function sqliteList(store: Store): CallsRepository['list'] {
  return async (...args) => {
    const { text, params } = sqlitePage(...args)
    const rows = await store.q().all<Omit<CallRow, 'created_at'> & { seq: number; created_ms: number }>(text, params)
    return rows.map(({ seq, created_ms, ...r }) => ({
      ...r,
      created_at: new Date(created_ms).toISOString(),
      cursor: String(seq),
    }))
  }
}

/** SQLite's batch insert: one synchronous transaction of prepared multi-row statements, its fsync skipped. */
function sqliteInsertAll(store: Store): CallsRepository['insertAll'] {
  const { db } = store
  // Migration 030: the ids in a row are refs into call_log_refs, the time is milliseconds.
  const ROW_COLUMNS =
    'id, project_ref, server_ref, user_ref, kind, name, outcome, duration_ms, error, request_id, created_ms'
  const insertSql = (rows: number) =>
    `INSERT INTO call_log_rows (${ROW_COLUMNS}) VALUES ${Array(rows).fill('(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')}`
  // A flush can hold thousands of rows: one statement per CHUNK rows costs far less than one per row.
  const CHUNK = 50
  const insertOne = db.query<never, (string | number | null)[]>(insertSql(1))
  const insertChunk = db.query<never, (string | number | null)[]>(insertSql(CHUNK))
  const addRef = db.query<never, { value: string }>('INSERT OR IGNORE INTO call_log_refs (value) VALUES ($value)')
  const refOf = db.query<{ ref: number }, { value: string }>('SELECT ref FROM call_log_refs WHERE value = $value')
  const values = (
    rows: CallRow[],
    from: number,
    to: number,
    ref: (value: string | null | undefined) => number | null,
  ) => {
    const out: (string | number | null)[] = []
    for (let i = from; i < to; i++) {
      const row = rows[i]!
      out.push(
        row.id,
        ref(row.project_id),
        ref(row.server_id),
        ref(row.user_id),
        row.kind,
        row.name,
        row.outcome,
        row.duration_ms,
        row.error,
        row.request_id,
        row.created_ms ?? Date.parse(row.created_at),
      )
    }
    return out
  }
  // A project deleted while its calls waited in the buffer: those rows are dropped, not the batch.
  const projectExists = db.query<{ one: number }, { id: string }>('SELECT 1 AS one FROM projects WHERE id = $id')
  // One `store.run`, so one synchronous burst (after any other request's open transaction ended): its own
  // transaction, and the PRAGMA below brackets exactly this commit, nobody else's.
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
    // Each id of the batch is looked up (or added) once.
    const refs = new Map<string, number>()
    const ref = (value: string | null | undefined): number | null => {
      if (value === null || value === undefined) return null
      let known = refs.get(value)
      if (known === undefined) {
        addRef.run({ value })
        known = refOf.get({ value })!.ref
        refs.set(value, known)
      }
      return known
    }
    let i = 0
    for (; i + CHUNK <= kept.length; i += CHUNK) insertChunk.run(...values(kept, i, i + CHUNK, ref))
    for (; i < kept.length; i++) insertOne.run(...values(kept, i, i + 1, ref))
  })
  // The rows waited in memory (a crash loses up to a flush of them anyway), so their commit skips the fsync that
  // synchronous = FULL adds: WAL keeps it atomic, and the next FULL commit makes it durable. The event loop
  // stalled on that fsync once per flush.
  const synchronous = db.query<{ synchronous: number }, []>('PRAGMA synchronous')
  return (rows) =>
    store.run(() => {
      const before = synchronous.get()?.synchronous ?? 2
      db.exec('PRAGMA synchronous = NORMAL')
      try {
        insertBatch(rows)
      } finally {
        db.exec(`PRAGMA synchronous = ${before}`)
      }
    })
}

/**
 * PostgreSQL's batch insert: one statement for the whole batch, whatever its size, with one parameter — the rows as
 * JSON the server unpacks (src/db/postgres/json-param.ts). Its text never changes, so the connection prepares it once;
 * a multi-row VALUES list (eleven parameters a row) cost the writer thread more CPU binding parameters than the server
 * spent storing the rows. A project deleted while its calls waited in the buffer: those rows are dropped, not the
 * batch; KEY SHARE (taken once per project of the batch) holds off a delete of the projects found until the rows are
 * in, as SQLite's write lock does there.
 * Not a transaction of its own: one statement commits alone. The writer thread's connection commits without waiting
 * for the WAL flush (src/db/writer-store.ts): the rows waited in memory anyway, and a crash loses at most the last
 * fraction of a second of them, never the database's consistency.
 */
const POSTGRES_INSERT = `INSERT INTO call_log (${COLUMNS.join(', ')})
  WITH batch AS MATERIALIZED (${jsonRowsSelect(COLUMNS, { duration_ms: 'bigint' })}),
  live AS (SELECT id FROM projects WHERE id IN (SELECT project_id FROM batch) FOR KEY SHARE)
  SELECT ${COLUMNS.join(', ')} FROM batch WHERE project_id IN (SELECT id FROM live)`

function postgresInsertAll(store: SqlStore): CallsRepository['insertAll'] {
  return async (rows) => {
    await store.q().run(POSTGRES_INSERT, { rows: jsonRows(rows, COLUMNS) })
  }
}
