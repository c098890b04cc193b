// Opens the SQLite file with the settings every connection needs (WAL, foreign keys, busy timeout, synchronous FULL).
import { Database, type Statement } from 'bun:sqlite'
import { dirname } from 'node:path'
import { ensureDataDir, ensurePrivateFile } from './data-dir'

export type Db = Database

/**
 * `another` opens one more connection in a process that already has the file open (the call log's writer thread): it
 * must not open and close the file itself, since closing any descriptor of the file drops every POSIX lock the process
 * holds on it, and another process would then take the database for unused.
 */
export function openDatabase(
  path: string,
  { another = false, busyTimeoutMs = 5000 }: { another?: boolean; busyTimeoutMs?: number } = {},
): Db {
  if (path !== ':memory:' && !another) {
    ensureDataDir(dirname(path))
    ensurePrivateFile(path)
  }
  const db = new Database(path, { create: true, strict: true })
  db.exec('PRAGMA journal_mode = WAL')
  db.exec('PRAGMA foreign_keys = ON')
  // A lock held longer than this (another process, a long backup) fails the statement: a 503, not a hung request.
  db.exec(`PRAGMA busy_timeout = ${Math.trunc(busyTimeoutMs)}`)
  db.exec('PRAGMA synchronous = FULL')
  return lazyQueries(immediateTransactions(db))
}

/**
 * Every `db.transaction(fn)` begins IMMEDIATE (its `.deferred` stays available). A deferred transaction that reads
 * and then writes fails at once with SQLITE_BUSY_SNAPSHOT when another connection committed in between — busy_timeout
 * does not retry that — and another connection commits all the time: the call log's writer thread, the CLI, `apply`.
 * Taking the write lock at BEGIN makes such a transaction wait its turn instead. Nested ones are savepoints as before.
 */
function immediateTransactions(db: Db): Db {
  const make = db.transaction.bind(db)
  db.transaction = ((fn: (...args: never[]) => unknown) => {
    const tx = make(fn)
    const run = (...args: never[]) => tx.immediate(...args)
    return Object.assign(run, { deferred: tx.deferred, immediate: tx.immediate, exclusive: tx.exclusive })
  }) as Db['transaction']
  return db
}

/**
 * `db.query(sql)` prepares its statement when the statement is first used, not when it is asked for. Every repository
 * asks for all of its statements when it is built, ~180 at start, most of them not used until much later (or never in a
 * given run): preparing them up front was ~6–15 ms of every start on the bench machine (docs/decisions/0036-hot-path-at-the-limit.md: cold start). The statement is the driver's own, prepared and cached by `db.query` as before, so SQL
 * and results are the same; a statement with an error in it fails at its first use instead of at start.
 */
function lazyQueries(db: Db): Db {
  const prepare = db.query.bind(db)
  db.query = ((sql: string) => new LazyStatement(prepare, sql)) as unknown as Db['query']
  return db
}

type Params = never[]

class LazyStatement {
  #prepared: Statement | undefined
  readonly #prepare: (sql: string) => Statement
  readonly #sql: string
  constructor(prepare: (sql: string) => Statement, sql: string) {
    this.#prepare = prepare
    this.#sql = sql
  }
  get statement(): Statement {
    this.#prepared ??= this.#prepare(this.#sql)
    return this.#prepared
  }
  get(...params: Params) {
    return this.statement.get(...params)
  }
  all(...params: Params) {
    return this.statement.all(...params)
  }
  run(...params: Params) {
    return this.statement.run(...params)
  }
  values(...params: Params) {
    return this.statement.values(...params)
  }
  iterate(...params: Params) {
    return this.statement.iterate(...params)
  }
  finalize() {
    this.#prepared?.finalize()
  }
  toString() {
    return this.statement.toString()
  }
}
