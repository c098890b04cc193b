// The PostgreSQL store the repositories write through (docs/decisions/0039-postgresql-repositories.md): the pool, and
// the transaction open in the current asynchronous context. A repository asks `q()` for every statement, so a service
// that runs several repository calls in `tx` gets them on that transaction's connection, as SQLite's `store.tx` does;
// outside a transaction they run on the pool. The open transaction is carried in an AsyncLocalStorage because
// concurrent requests share the pool: "the transaction open now" is per request, not per process.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { SqlStore } from '../queries'
import type { PgDb, PgTx, Queries } from './sql'

export interface PgStore extends SqlStore {
  /** The open transaction of this context, else the pool. */
  q(): Queries
  /**
   * Runs `fn` in one transaction and returns its result; a throw rolls it back and is rethrown (constraint failures
   * typed). Inside another `tx` of the same context it joins it as a savepoint: its after-commit callbacks wait.
   */
  tx<T>(fn: (tx: PgTx) => Promise<T> | T): Promise<T>
  /** `afterCommit` of the open transaction; with none open, the change is committed: soon (next microtask). */
  afterCommit(fn: () => void): void
  readonly db: PgDb
}

/** A statement that writes (the repositories' writes all start so; `WITH` is only used to read). */
const WRITES = /^\s*(insert|update|delete)\b/i

export interface PgStoreOptions {
  /**
   * Awaited after each outermost commit and each write outside a transaction, before its caller goes on: serve uses
   * it to wait until this instance's change feed heard the change, so a read right after one's own write never gets
   * a cached answer from before it (src/db/postgres/storage.ts).
   */
  afterWrite?: () => Promise<void>
}

/**
 * The transaction open in a context, and when its outermost commit has been followed by `afterWrite`: after-commit
 * callbacks wait for that, so a session told "the list changed" re-reads it from a read model that already dropped the
 * old one (the change feed heard the commit).
 */
interface OpenTx {
  tx: PgTx
  written: Promise<void>
}

export function createPgStore(db: PgDb, { afterWrite }: PgStoreOptions = {}): PgStore {
  const open = new AsyncLocalStorage<OpenTx>()
  // Outside a transaction: the pool, its writes followed by `afterWrite`.
  const pool: Queries = afterWrite
    ? {
        all: async <T>(query: string, params?: Record<string, unknown>) => {
          const rows = await db.all<T>(query, params)
          if (WRITES.test(query)) await afterWrite()
          return rows
        },
        get: async <T>(query: string, params?: Record<string, unknown>) => {
          const row = await db.get<T>(query, params)
          if (WRITES.test(query)) await afterWrite()
          return row
        },
        run: async (query, params) => {
          const result = await db.run(query, params)
          await afterWrite()
          return result
        },
      }
    : db
  return {
    db,
    dialect: 'postgres',
    q: () => open.getStore()?.tx ?? pool,
    inTransaction: () => open.getStore() !== undefined,
    async tx<T>(fn: (tx: PgTx) => Promise<T> | T): Promise<T> {
      const outer = open.getStore()
      if (outer) return outer.tx.tx(async (tx) => open.run({ tx, written: outer.written }, () => fn(tx)))
      const written = Promise.withResolvers<void>()
      try {
        const result = await db.tx(async (tx) => open.run({ tx, written: written.promise }, () => fn(tx)))
        if (afterWrite) await afterWrite()
        return result
      } finally {
        // On a rollback nothing waits on it (the callbacks were dropped with the transaction).
        written.resolve()
      }
    },
    afterCommit(fn) {
      const outer = open.getStore()
      if (outer) outer.tx.afterCommit(() => void outer.written.then(() => contained(fn)))
      else queueMicrotask(() => contained(fn))
    },
  }
}

function contained(fn: () => void): void {
  try {
    fn()
  } catch {
    // Contained, as after a commit: the change stands whatever a listener does.
  }
}
