// The storage port every feature writes through: an asynchronous transaction function with after-commit callbacks,
// one guarded way for repositories to run their statements, and the driver's constraint errors mapped to typed ones
// (docs/decisions/0025-the-storage-seam.md and "Asynchronous storage ports"). The SQLite adapter is synchronous
// underneath; a second adapter (PostgreSQL) plugs in here with the same `Store`.

import { SQLiteError } from 'bun:sqlite'
import { AsyncLocalStorage } from 'node:async_hooks'
import {
  createStorageState,
  ForeignKeyViolation,
  type StorageState,
  storageFaultOf,
  UniqueViolation,
} from '../lib/storage-errors'
import { type Db, openDatabase } from './open'
import { type SqlStore, sqliteQueries } from './queries'

/** What a transaction's callback is handed. */
interface TxScope {
  /** Runs `fn` once the outermost transaction committed; never when it (or the nested one that called this) rolls back. */
  afterCommit(fn: () => void): void
}

/**
 * What services see of storage, on either backend (SQLite's `createStore`, PostgreSQL's `createPgStore`): transactions,
 * after-commit callbacks and "am I in one". Services written against this never know the backend; repositories are
 * the backend's other half (docs/decisions/0043-postgresql-in-serve.md).
 */
export interface StoragePort {
  /**
   * Runs `fn` in one transaction and resolves to its result; a throw (or rejection) rolls it back and is rethrown,
   * constraint failures as `UniqueViolation` / `ForeignKeyViolation`. Transactions are serialized: `fn` may await
   * (repository calls), and no other request's statement runs inside it meanwhile. A `tx` called from inside
   * another one (in its async context) joins it as a savepoint: its after-commit callbacks wait for the outer commit.
   */
  tx<T>(fn: (tx: TxScope) => Promise<T> | T): Promise<T>
  /** `tx.afterCommit` of the transaction this code runs in; outside one the change is already committed: soon. */
  afterCommit(fn: () => void): void
  /** True when this code runs inside an open transaction: what it reads may still roll back (caches must not keep it). */
  inTransaction(): boolean
}

/** The SQLite store: the service port, the one query interface (src/db/queries.ts), and what only its adapters use. */
export interface Store extends SqlStore {
  /**
   * Runs one repository operation (statements, synchronous on SQLite) and resolves to its result, constraint errors
   * typed. Outside the open transaction's own context it first waits for that transaction to end, so a read never
   * sees another request's uncommitted rows and a write never lands in (and rolls back with) someone else's change.
   */
  run<T>(fn: () => T): Promise<T>
  /** The connection, for the few statements a repository runs on it directly (`isSqliteStore`) and for tests. */
  readonly db: Db
}

/** True for SQLite's store: for the few statements a repository runs on its connection directly (a synchronous batch). */
export const isSqliteStore = (store: SqlStore): store is Store => store.dialect === 'sqlite'

/**
 * The driver's constraint error as a typed storage error, a full disk or a lock held too long as the StorageFault the
 * client sees (507 / 503 with Retry-After); anything else unchanged.
 */
function mapStorageError(e: unknown): unknown {
  if (!(e instanceof SQLiteError)) return e
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
    return new UniqueViolation(e.message, { cause: e })
  if (e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return new ForeignKeyViolation(e.message, { cause: e })
  return storageFaultOf(e) ?? e
}

/** Runs one repository write outside `tx` with its constraint errors mapped. */
export function mapped<T>(fn: () => T): T {
  try {
    return fn()
  } catch (e) {
    throw mapStorageError(e)
  }
}

/**
 * Callbacks run on the next microtask after the commit, not inside `tx`: the caller's response is not held up by
 * listeners (closed streams, the webhook queue), and a listener's failure cannot undo or fail a committed change.
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

const isBusy = (e: unknown) => e instanceof SQLiteError && (e.code ?? '').startsWith('SQLITE_BUSY')

/**
 * BEGIN IMMEDIATE without blocking the thread while another connection holds the write lock (the call log's writer
 * thread commits many times a second; a second process): SQLite's busy handler would sleep on this thread, and every
 * request answered from memory would wait with it (docs/decisions/0407-tenant-figures.md). Each try asks SQLite not to
 * wait; between tries the event loop runs, for as long as the connection's busy_timeout allowed before. Its last
 * refusal is thrown as SQLite gave it (a 503 to the client, as before).
 */
function beginImmediate(db: Db, busyTimeoutMs: number): Promise<void> | undefined {
  const tryBegin = (deadline: number): boolean => {
    db.exec('PRAGMA busy_timeout = 0')
    try {
      db.exec('BEGIN IMMEDIATE')
      return true
    } catch (e) {
      if (!isBusy(e) || performance.now() >= deadline) throw e
      return false
    } finally {
      db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs}`)
    }
  }
  const deadline = performance.now() + busyTimeoutMs
  // The lock free (nearly always): begun within the call, as before.
  if (tryBegin(deadline)) return undefined
  return (async () => {
    for (let wait = 1; ; wait = Math.min(wait * 2, 16)) {
      await Bun.sleep(Math.min(wait, Math.max(0, deadline - performance.now())))
      if (tryBegin(deadline)) return
    }
  })()
}

/** One open asynchronous transaction: its after-commit callbacks, and a promise settled when it ends. */
interface OpenTx {
  callbacks: (() => void)[]
  ended: Promise<void>
  savepoints: number
}

/** `state` learns of every refused and committed write (the health check reads it; src/lib/storage-errors.ts). */
export function createStore(db: Db, state: StorageState = createStorageState()): Store {
  const changes = db.query('SELECT total_changes() AS n')
  // The connection's busy_timeout (src/db/open.ts): how long a transaction waits for the write lock.
  const busyTimeoutMs = (db.query('PRAGMA busy_timeout').get() as { timeout: number }).timeout
  const totalChanges = () => (changes.get() as { n: number }).n
  // The asynchronous transaction open now (null: none), and the async context that belongs to it: code running in
  // that context is the transaction's; anything else waits for `ended`.
  let open: OpenTx | null = null
  const context = new AsyncLocalStorage<OpenTx>()
  // Transactions queue behind each other: each waits for the one before it to end (`tail`: the last one's end; null
  // when none is open or waiting, so a transaction on an idle store begins at once, within the call).
  let tail: Promise<void> | null = null

  const mine = (): boolean => open !== null && context.getStore() === open
  const afterCommit = (fn: () => void): void => {
    if (open && context.getStore() === open) open.callbacks.push(fn)
    else runSoon([fn])
  }
  const scope: TxScope = { afterCommit }

  /** A savepoint inside the open transaction, for a `tx` called from within it. */
  async function nested<T>(tx: OpenTx, fn: (tx: TxScope) => Promise<T> | T): Promise<T> {
    const name = `sp${++tx.savepoints}`
    const mark = tx.callbacks.length
    db.exec(`SAVEPOINT ${name}`)
    try {
      const result = await fn(scope)
      db.exec(`RELEASE ${name}`)
      return result
    } catch (e) {
      db.exec(`ROLLBACK TO ${name}`)
      db.exec(`RELEASE ${name}`)
      // The savepoint rolled back: what it asked to run after commit goes with it.
      tx.callbacks.length = mark
      throw mapStorageError(e)
    }
  }

  async function outermost<T>(fn: (tx: TxScope) => Promise<T> | T): Promise<T> {
    let end!: () => void
    const ended = new Promise<void>((resolve) => {
      end = resolve
    })
    const before = tail
    tail = ended
    if (before) await before
    const tx: OpenTx = { callbacks: [], ended, savepoints: 0 }
    try {
      // Not yet `open`: while the lock is waited for, other requests' reads run outside any transaction.
      const waiting = beginImmediate(db, busyTimeoutMs)
      if (waiting) await waiting
      open = tx
      let result: T
      try {
        result = await context.run(tx, () => fn(scope))
        db.exec('COMMIT')
        state.committed()
      } catch (e) {
        state.failed(e)
        if (db.inTransaction) db.exec('ROLLBACK')
        throw mapStorageError(e)
      }
      if (tx.callbacks.length > 0) runSoon(tx.callbacks)
      return result
    } finally {
      open = null
      if (tail === ended) tail = null
      end()
    }
  }

  async function waitForOthers(): Promise<void> {
    while (open !== null && context.getStore() !== open) await open.ended
  }

  const store: Store = {
    db,
    dialect: 'sqlite',
    q: () => queries,
    afterCommit,
    inTransaction: () => (open !== null ? context.getStore() === open : db.inTransaction),
    tx<T>(fn: (tx: TxScope) => Promise<T> | T): Promise<T> {
      return mine() ? nested(open as OpenTx, fn) : outermost(fn)
    },
    run<T>(fn: () => T): Promise<T> {
      const noted = (): T => {
        try {
          if (!state.full) return fn()
          // While the storage is full, a write that goes through here (outside a transaction) shows there is room
          // again; reads do not. Counted only then: the hot path asks nothing more.
          const before = totalChanges()
          const result = fn()
          if (totalChanges() > before) state.committed()
          return result
        } catch (e) {
          state.failed(e)
          throw mapStorageError(e)
        }
      }
      if (open !== null && !mine()) return waitForOthers().then(noted)
      try {
        return Promise.resolve(noted())
      } catch (e) {
        return Promise.reject(e)
      }
    },
  }
  // One adapter serves every context: `store.run` itself tells the open transaction's statements from others'.
  const queries = sqliteQueries(store)
  return store
}

/**
 * A store on one more connection to the database at `path` (`openDatabase`'s `another`), for a thread that writes
 * beside the main one: the call log's writer thread. `close` releases that connection.
 */
export function openAnotherStore(path: string): { store: Store; close(): void } {
  const db = openDatabase(path, { another: true })
  return { store: createStore(db), close: () => db.close() }
}
