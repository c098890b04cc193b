// The PostgreSQL store the repositories write through (docs/decisions.md, "PostgreSQL repositories"): the pool, and
// the transaction open in the current asynchronous context. A repository asks `q()` for every statement, so a service
// that runs several repository calls in `tx` gets them on that transaction's connection, as SQLite's `store.tx` does;
// outside a transaction they run on the pool. The open transaction is carried in an AsyncLocalStorage because
// concurrent requests share the pool: "the transaction open now" is per request, not per process.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { PgDb, PgTx, Queries } from './sql'

export interface PgStore {
  /** The open transaction of this context, else the pool. */
  q(): Queries
  /**
   * Runs `fn` in one transaction and returns its result; a throw rolls it back and is rethrown (constraint failures
   * typed). Inside another `tx` of the same context it joins it as a savepoint: its after-commit callbacks wait.
   */
  tx<T>(fn: (tx: PgTx) => Promise<T>): Promise<T>
  /** `afterCommit` of the open transaction; with none open, the change is committed: soon (next microtask). */
  afterCommit(fn: () => void): void
  readonly db: PgDb
}

export function createPgStore(db: PgDb): PgStore {
  const open = new AsyncLocalStorage<PgTx>()
  return {
    db,
    q: () => open.getStore() ?? db,
    tx<T>(fn: (tx: PgTx) => Promise<T>): Promise<T> {
      const outer = open.getStore()
      const body = (tx: PgTx) => open.run(tx, () => fn(tx))
      return outer ? outer.tx(body) : db.tx(body)
    },
    afterCommit(fn) {
      const outer = open.getStore()
      if (outer) outer.afterCommit(fn)
      else
        queueMicrotask(() => {
          try {
            fn()
          } catch {
            // Contained, as after a commit: the change stands whatever a listener does.
          }
        })
    },
  }
}
