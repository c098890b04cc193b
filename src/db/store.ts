// The storage port every feature writes through: one transaction function with after-commit callbacks, and the
// driver's constraint errors mapped to typed ones (docs/decisions.md, "The storage seam"). The SQLite adapter is
// synchronous underneath, as the repositories are; a second adapter (PostgreSQL) plugs in here.
import { SQLiteError } from 'bun:sqlite'
import { ForeignKeyViolation, UniqueViolation } from '../lib/storage-errors'
import { type Db, openDatabase } from './open'

/** What a transaction's callback is handed. */
interface TxScope {
  /** Runs `fn` once the outermost transaction committed; never when it (or the nested one that called this) rolls back. */
  afterCommit(fn: () => void): void
}

export interface Store {
  /**
   * Runs `fn` in one transaction (BEGIN IMMEDIATE, src/db/open.ts) and returns its result; a throw rolls it back and
   * is rethrown, constraint failures as `UniqueViolation` / `ForeignKeyViolation`. A `tx` inside another one joins it
   * (a savepoint): its after-commit callbacks wait for the outer commit.
   */
  tx<T>(fn: (tx: TxScope) => T): T
  /** `tx.afterCommit` of the transaction open now; with none open, the change is already committed: soon, as below. */
  afterCommit(fn: () => void): void
  /** The connection, for repositories (the adapter's other half) only. */
  readonly db: Db
}

/** The driver's constraint error as a typed storage error; anything else unchanged. */
function mapStorageError(e: unknown): unknown {
  if (!(e instanceof SQLiteError)) return e
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE' || e.code === 'SQLITE_CONSTRAINT_PRIMARYKEY')
    return new UniqueViolation(e.message, { cause: e })
  if (e.code === 'SQLITE_CONSTRAINT_FOREIGNKEY') return new ForeignKeyViolation(e.message, { cause: e })
  return e
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

export function createStore(db: Db): Store {
  // The open transaction's callbacks (null: none open). Synchronous underneath, so "open now" is exact.
  let pending: (() => void)[] | null = null
  const scope: TxScope = { afterCommit: (fn) => void (pending ? pending.push(fn) : runSoon([fn])) }
  const body =
    <T>(fn: (tx: TxScope) => T) =>
    () => {
      const result = fn(scope)
      // An async callback would commit at its first await, with the rest of its writes outside the transaction.
      if (result instanceof Promise) throw new TypeError('store.tx needs a synchronous callback')
      return result
    }

  return {
    db,
    afterCommit: scope.afterCommit,
    tx<T>(fn: (tx: TxScope) => T): T {
      const outer = pending
      if (outer) {
        const mark = outer.length
        try {
          return db.transaction(body(fn))()
        } catch (e) {
          // The savepoint rolled back: what it asked to run after commit goes with it.
          outer.length = mark
          throw mapStorageError(e)
        }
      }
      const callbacks: (() => void)[] = []
      pending = callbacks
      let result: T
      try {
        result = db.transaction(body(fn))()
      } catch (e) {
        throw mapStorageError(e)
      } finally {
        pending = null
      }
      if (callbacks.length > 0) runSoon(callbacks)
      return result
    },
  }
}

/**
 * A store on one more connection to the database at `path` (`openDatabase`'s `another`), for a thread that writes
 * beside the main one: the call log's writer thread. `close` releases that connection.
 */
export function openAnotherStore(path: string): { store: Store; close(): void } {
  const db = openDatabase(path, { another: true })
  return { store: createStore(db), close: () => db.close() }
}
