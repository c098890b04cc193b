// One query interface on both engines (docs/decisions/0056-one-query-interface.md): a repository is written once, in
// its feature folder, against `SqlStore.q()` — the statements of the transaction open in this asynchronous context, or
// the connection outside one — with `$name` placeholders and rows shaped as SQLite returns them (PostgreSQL's adapter,
// src/db/postgres/sql.ts, translates both). `dialect` is there for the few statements whose SQL really differs (date
// arithmetic, full-text search, batch inserts): a repository branches on it only there.
import type { StoragePort, Store } from './store'

/** Named parameters, keyed without the `$` (as bun:sqlite's strict mode takes them) or with it. */
export type Params = Record<string, unknown>

export interface Queries {
  all<T = Record<string, unknown>>(query: string, params?: Params): Promise<T[]>
  get<T = Record<string, unknown>>(query: string, params?: Params): Promise<T | null>
  /** Runs a write; `changes` is the number of rows it wrote (as bun:sqlite's `run`). */
  run(query: string, params?: Params): Promise<{ changes: number }>
}

export type Dialect = 'sqlite' | 'postgres'

/** What a repository written once takes, on either engine. */
export interface SqlStore extends StoragePort {
  /** The open transaction of this context, else the connection (SQLite) or the pool (PostgreSQL). */
  q(): Queries
  readonly dialect: Dialect
}

/**
 * The query interface over SQLite's store: each statement runs through `store.run` (it waits for another request's
 * open transaction, and its constraint errors come typed), prepared once per text by bun:sqlite's `query` cache.
 */
export function sqliteQueries(store: Store): Queries {
  const { db } = store
  return {
    all: <T>(query: string, params: Params = {}) => store.run(() => db.query(query).all(params as never) as T[]),
    get: <T>(query: string, params: Params = {}) =>
      store.run(() => (db.query(query).get(params as never) as T | undefined) ?? null),
    run: (query: string, params: Params = {}) =>
      store.run(() => ({ changes: db.query(query).run(params as never).changes })),
  }
}

/**
 * What an `ORDER BY` of tenant-chosen text adds so both engines sort it by its bytes: SQLite's default (BINARY)
 * already does; PostgreSQL's database collation would not, so it names "C" (which SQLite does not know).
 */
export const bytewise = (dialect: Dialect): string => (dialect === 'postgres' ? ' COLLATE "C"' : '')
