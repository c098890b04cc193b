// A thin query adapter over Bun.SQL (docs/decisions/0037-postgresql-groundwork.md): it takes the SQL the repositories
// write for bun:sqlite — `$name` placeholders and an object of params — and returns rows shaped as SQLite returns them
// (numbers for integer and numeric columns, 0/1 for booleans), with constraint failures as the typed storage errors.
// PostgreSQL's text cannot hold U+0000 (SQLite's can): every string bound here has it replaced by U+FFFD, so a NUL
// in a tool's result, a client's URI or a webhook receiver's answer is kept as a visible mark instead of failing the
// statement — and the batch it was part of (docs/decisions/0121-nul-in-postgresql-text.md).
import { SQL } from 'bun'
import { badRequest } from '../../lib/errors'
import {
  createStorageState,
  databaseUnavailable,
  ForeignKeyViolation,
  type StorageState,
  storageFaultOf,
  UniqueViolation,
} from '../../lib/storage-errors'

import type { Params, Queries } from '../queries'

export type { Queries }

export interface PgTx extends Queries {
  /** Runs `fn` once the outermost transaction committed; never when it (or the savepoint that called this) rolls back. */
  afterCommit(fn: () => void): void
  /** A nested transaction: a savepoint inside this one. */
  tx<T>(fn: (tx: PgTx) => Promise<T>): Promise<T>
}

export interface PgDb extends Queries {
  /** Runs `fn` in one transaction and returns its result; a throw rolls it back and is rethrown (mapped). */
  tx<T>(fn: (tx: PgTx) => Promise<T>): Promise<T>
  close(): Promise<void>
  /** The client itself, for what the adapter does not cover (LISTEN, migrations). */
  readonly sql: SQL
  /**
   * Statements this pool has sent so far through the adapter, a transaction's BEGIN and COMMIT (or a savepoint's two)
   * included: what tests count to pin how many round trips a piece of work costs the server.
   */
  readonly statements: number
}

interface Translated {
  text: string
  names: string[]
}

/** Translations by query text: repositories use a fixed set of queries, so this stays small; the bound is a backstop. */
const translations = new Map<string, Translated>()
const MAX_TRANSLATIONS = 2000

const IDENT_START = /[A-Za-z_]/
const IDENT = /[A-Za-z0-9_]/

/**
 * `$name` → `$1…$n` (one number per distinct name, reused where a name repeats). Quoted strings, quoted identifiers,
 * comments, dollar-quoted bodies and a `$` inside an identifier are copied untouched. `$1` placeholders are left as
 * they are (a query uses one style or the other).
 */
export function toPositional(query: string): Translated {
  const cached = translations.get(query)
  if (cached) return cached
  const names: string[] = []
  let out = ''
  let i = 0
  const copyUntil = (end: string, from: number) => {
    const stop = query.indexOf(end, from)
    const to = stop === -1 ? query.length : stop + end.length
    out += query.slice(i, to)
    i = to
  }
  while (i < query.length) {
    const c = query[i]!
    if (c === "'") copyUntil("'", i + 1)
    else if (c === '"') copyUntil('"', i + 1)
    else if (c === '-' && query[i + 1] === '-') copyUntil('\n', i)
    else if (c === '/' && query[i + 1] === '*') copyUntil('*/', i + 2)
    else if (
      c === '$' &&
      !IDENT.test(query[i - 1] ?? '') &&
      (query[i + 1] === '$' || IDENT_START.test(query[i + 1] ?? ''))
    ) {
      let j = i + 1
      while (j < query.length && IDENT.test(query[j]!)) j++
      if (query[j] === '$') {
        // A dollar-quote opener ($$ or $tag$): copy through its closer.
        const tag = query.slice(i, j + 1)
        out += tag
        i = j + 1
        copyUntil(tag, i)
      } else {
        const name = query.slice(i + 1, j)
        let n = names.indexOf(name)
        if (n === -1) n = names.push(name) - 1
        out += `$${n + 1}`
        i = j
      }
    } else {
      out += c
      i++
    }
  }
  const translated = { text: out, names }
  if (translations.size >= MAX_TRANSLATIONS) translations.clear()
  translations.set(query, translated)
  return translated
}

/** What U+0000 becomes in text bound for PostgreSQL: the replacement character, as for any unrepresentable input. */
const NUL_REPLACEMENT = '\uFFFD'

/** `text` without U+0000 (each replaced by U+FFFD); the same string when it has none. */
function withoutNul(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', NUL_REPLACEMENT) : text
}

function values(t: Translated, params: Params): unknown[] {
  return t.names.map((name) => {
    const key = name in params ? name : `$${name}` in params ? `$${name}` : null
    if (key === null) throw new RangeError(`missing SQL parameter $${name}`)
    const v = params[key]
    // bun:sqlite binds booleans as 1/0 and undefined as NULL.
    if (typeof v === 'boolean') return v ? 1 : 0
    if (typeof v === 'string') return withoutNul(v)
    return v === undefined ? null : v
  })
}

/** Type OIDs whose values Bun.SQL returns as strings or booleans, and SQLite as numbers. */
const INT8 = 20
const NUMERIC = 1700
const BOOL = 16

type Row = Record<string, unknown>
type Result = Row[] & { columns?: { name: string; type: number }[]; affectedRows?: number }

/** Rows as SQLite would return them: int8 and numeric as numbers, booleans as 1/0. */
function sqliteShaped(result: Result): Row[] {
  const convert = (result.columns ?? []).filter((c) => c.type === INT8 || c.type === NUMERIC || c.type === BOOL)
  if (convert.length === 0) return result
  for (const row of result)
    for (const { name, type } of convert) {
      const v = row[name]
      if (v === null || v === undefined) continue
      row[name] = type === BOOL ? (v ? 1 : 0) : Number(v)
    }
  return result
}

/** SQLSTATEs of the constraint failures features catch by type (PostgreSQL appendix A). */
const UNIQUE_VIOLATION = '23505'
const FOREIGN_KEY_VIOLATION = '23503'
/** A NUL character in a text value: PostgreSQL's text cannot hold one (SQLite's can). */
const NUL_IN_TEXT = '22021'
/** A value past one of the server's own limits: an index entry holds at most about 2700 bytes (a third of a page). */
const PROGRAM_LIMIT_EXCEEDED = '54000'
/** Strings longer than this (in UTF-8) are the ones named when an index refuses a value as too large. */
const INDEXABLE_BYTES = 2_000

/**
 * The server's constraint error as a typed storage error; a value the client sent that PostgreSQL cannot store as a
 * 400 naming the parameter (its column); a full disk or a server that is away as the StorageFault the client sees
 * (507 / 503 with Retry-After); anything else unchanged.
 */
function mapPostgresError(e: unknown, params: Params = {}): unknown {
  if (!(e instanceof SQL.PostgresError)) return storageFaultOf(e) ?? e
  if (e.errno === UNIQUE_VIOLATION) return new UniqueViolation(e.message, { cause: e })
  if (e.errno === FOREIGN_KEY_VIOLATION) return new ForeignKeyViolation(e.message, { cause: e })
  // A backstop (bound strings lose their NULs in `values`): NUL made by the statement itself is bad input, not a 500.
  if (e.errno === NUL_IN_TEXT) return badRequest('text may not contain the NUL character (\\u0000)')
  if (e.errno === PROGRAM_LIMIT_EXCEEDED) {
    // SQLite stores these; PostgreSQL's index on the column cannot hold them (docs/reliability.md).
    const long = Object.entries(params).filter(
      ([, v]) => typeof v === 'string' && Buffer.byteLength(v) > INDEXABLE_BYTES,
    )
    if (long.length)
      return badRequest(
        `too long to store: ${long.map(([k]) => k.replace(/^\$/, '')).join(', ')}`,
        long.map(([k, v]) => ({
          field: k.replace(/^\$/, ''),
          message: `at most ${INDEXABLE_BYTES} bytes in UTF-8 (this value has ${Buffer.byteLength(v as string)})`,
        })),
      )
  }
  return storageFaultOf(e) ?? e
}

/** A statement that writes: one that succeeds tells the storage state there was room. */
const WRITES = /^\s*(insert|update|delete)\b/i

/** What bounds and watches every statement of one pool (openPostgres's options). */
interface Guard {
  /** Client-side bound of one statement, or of the wait for a connection (0: none). */
  timeoutMs: number
  state: StorageState
  /** Statements sent (PgDb.statements). */
  sent: number
}

const noAnswer = (ms: number) => databaseUnavailable(`no answer from PostgreSQL within ${ms} ms`)

/**
 * Settles as `work`, or rejects with database_unavailable after `ms` (the work is left to end by itself: its result,
 * or its failure, is dropped). A server that is paused or unreachable never answers, and the client waits for its TCP
 * connection as long as the kernel does: this bound is what keeps a request from hanging.
 */
function bounded<T>(work: Promise<T>, ms: number, onTimeout?: () => void): Promise<T> {
  if (ms <= 0) return work
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      work.catch(() => {})
      onTimeout?.()
      reject(noAnswer(ms))
    }, ms)
    work.then(
      (v) => {
        clearTimeout(timer)
        resolve(v)
      },
      (e) => {
        clearTimeout(timer)
        reject(e)
      },
    )
  })
}

function queries(client: SQL, guard: Guard): Queries {
  const exec = async (query: string, params: Params): Promise<Result> => {
    const t = toPositional(query)
    guard.sent++
    try {
      const running = client.unsafe(t.text, values(t, params))
      // Given up on: asked to stop (on a second connection), so it does not run on after the caller's answer.
      const result = (await bounded(running, guard.timeoutMs, () => void running.cancel())) as Result
      if (guard.state.full && WRITES.test(query)) guard.state.committed()
      return result
    } catch (e) {
      guard.state.failed(e)
      throw mapPostgresError(e, params)
    }
  }
  return {
    all: async <T>(query: string, params: Params = {}) => sqliteShaped(await exec(query, params)) as T[],
    get: async <T>(query: string, params: Params = {}) => (sqliteShaped(await exec(query, params))[0] as T) ?? null,
    run: async (query: string, params: Params = {}) => ({ changes: (await exec(query, params)).affectedRows ?? 0 }),
  }
}

/**
 * Callbacks run on the next microtask after the commit, as the SQLite store runs them: a listener's failure cannot undo
 * or fail a committed change.
 */
function runSoon(callbacks: (() => void)[]): void {
  queueMicrotask(() => {
    for (const fn of callbacks) {
      try {
        fn()
      } catch {
        // Contained: the change is committed, and the other callbacks still run.
      }
    }
  })
}

type TxClient = SQL & { savepoint<T>(fn: (sp: SQL) => Promise<T>): Promise<T> }

function txScope(client: TxClient, pending: (() => void)[], guard: Guard): PgTx {
  return {
    ...queries(client, guard),
    afterCommit: (fn) => void pending.push(fn),
    async tx<T>(fn: (tx: PgTx) => Promise<T>): Promise<T> {
      const mark = pending.length
      guard.sent += 2 // SAVEPOINT, then RELEASE or ROLLBACK TO
      try {
        return await guardedSteps(guard.timeoutMs, (inside) =>
          client.savepoint((sp) => inside(() => fn(txScope(sp as TxClient, pending, guard)))),
        )
      } catch (e) {
        // The savepoint rolled back: what it asked to run after commit goes with it.
        pending.length = mark
        throw mapPostgresError(e)
      }
    },
  }
}

export interface PostgresOptions {
  /** Connections in the pool at most. */
  max?: number
  /**
   * TOOLYARD_DATABASE_TIMEOUT_MS: the server's statement_timeout, and the bound this process puts on each statement
   * and on the wait for a connection, BEGIN and COMMIT (a server that does not answer: 503 database_unavailable).
   * Unset: no bound (tests that look at rows, the CLI's own pool).
   */
  timeoutMs?: number
  /** Told of every write refused for want of room and of writes that commit (the health check reads it). */
  state?: StorageState
  /** What the server shows for these connections in pg_stat_activity (a writer thread's own connection). */
  applicationName?: string
  /**
   * Commits that return before their WAL is flushed (`synchronous_commit = off`): for a connection that writes only
   * history which waited in memory anyway (the call log's writer thread). A crash loses at most the last fraction of a
   * second of its commits, never the database's consistency.
   */
  asynchronousCommit?: boolean
}

/** Opens a pool of up to `max` connections to `url` (postgres:// or postgresql://). */
export function openPostgres(
  url: string,
  { max = 10, timeoutMs = 0, state, applicationName, asynchronousCommit }: PostgresOptions = {},
): PgDb {
  const connection = {
    ...(timeoutMs > 0 ? { statement_timeout: timeoutMs } : {}),
    ...(applicationName ? { application_name: applicationName } : {}),
    ...(asynchronousCommit ? { synchronous_commit: 'off' } : {}),
  }
  const sql = new SQL(url, {
    max,
    ...(Object.keys(connection).length ? { connection } : {}),
    ...(timeoutMs > 0 ? { connectionTimeout: Math.max(1, Math.ceil(timeoutMs / 1000)) } : {}),
  })
  const guard: Guard = { timeoutMs, state: state ?? createStorageState(), sent: 0 }
  return {
    sql,
    get statements() {
      return guard.sent
    },
    ...queries(sql, guard),
    async tx<T>(fn: (tx: PgTx) => Promise<T>): Promise<T> {
      const callbacks: (() => void)[] = []
      let result: T
      guard.sent += 2 // BEGIN, then COMMIT or ROLLBACK
      try {
        // The transaction's own statements are bounded one by one (queries above); what Bun does around them (take a
        // connection, BEGIN; COMMIT or ROLLBACK) is bounded by guardedSteps.
        result = await guardedSteps(timeoutMs, (inside) =>
          sql.begin((tx) => inside(() => fn(txScope(tx as unknown as TxClient, callbacks, guard)))),
        )
        if (guard.state.full) guard.state.committed()
      } catch (e) {
        guard.state.failed(e)
        throw mapPostgresError(e)
      }
      if (callbacks.length > 0) runSoon(callbacks)
      return result
    },
    close: () => sql.close(),
  }
}

/**
 * Runs `steps` — the driver's work around a callback (take a connection, BEGIN or SAVEPOINT; then COMMIT, RELEASE or
 * ROLLBACK) — under a deadline of `ms` that counts only outside the callback: `steps` wraps its callback in `inside`,
 * which pauses the deadline while the callback runs (its statements are bounded one by one) and refuses to start it
 * once the deadline has passed, so a transaction the caller was told had failed never begins later. Past the deadline
 * the result is database_unavailable and the steps are left to end by themselves.
 */
function guardedSteps<T>(
  ms: number,
  steps: (inside: <R>(callback: () => Promise<R>) => Promise<R>) => Promise<T>,
): Promise<T> {
  if (ms <= 0) return steps((callback) => callback())
  let timer: ReturnType<typeof setTimeout> | undefined
  let expired = false
  const { promise: late, reject } = Promise.withResolvers<never>()
  const arm = () => {
    timer = setTimeout(() => {
      expired = true
      reject(noAnswer(ms))
    }, ms)
  }
  const pause = () => clearTimeout(timer)
  arm()
  const running = steps(async (callback) => {
    if (expired) throw noAnswer(ms)
    pause()
    try {
      return await callback()
    } finally {
      arm()
    }
  })
  running.catch(() => {})
  return Promise.race([running, late]).finally(pause)
}
