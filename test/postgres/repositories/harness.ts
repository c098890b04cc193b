// Every repository on both engines side by side (docs/decisions/0056-one-query-interface.md): the same factories over a
// temp SQLite file migrated by src/db/migrate.ts and over a fresh PostgreSQL database migrated by
// src/db/postgres/migrate.ts. A scenario runs on SQLite, then on PostgreSQL, and must give equal results: the
// statements a repository writes per engine (its `store.dialect` branches) are what these tests are for.
import { afterAll, beforeAll, expect } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureChangeCounters } from '../../../src/db/change-counters'
import { migrate } from '../../../src/db/migrate'
import { openDatabase } from '../../../src/db/open'
import { migratePostgres } from '../../../src/db/postgres/migrate'
import { openPostgres } from '../../../src/db/postgres/sql'
import { createPgStore, type PgStore } from '../../../src/db/postgres/store'
import { createStore, type Store } from '../../../src/db/store'
import { type Repositories, repositories } from '../../../src/storage'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../../helpers/postgres'

type Repos = Repositories

export interface Dialects {
  /**
   * Runs `scenario` on SQLite, then on PostgreSQL (each on its own database, which both scenarios leave in the same
   * state), expects equal results and returns SQLite's, so the caller can assert what it must be.
   */
  same<R>(scenario: (r: Repos) => Promise<R>): Promise<R>
  /** Runs `scenario` on both, without comparing: where the dialects may rightly differ (search ranking). */
  each<R>(scenario: (r: Repos) => Promise<R>): Promise<{ sqlite: R; postgres: R }>
  /** The PostgreSQL store, for what only PostgreSQL has. */
  readonly pg: PgStore
  readonly sqlite: Store
}

/** Opens both databases for this test file (before its tests) and closes them after. */
export function dialects(): Dialects {
  const newDatabase = testDatabases()
  const dir = mkdtempSync(join(tmpdir(), 'toolyard-dialects-'))
  let sqlite: Store
  let pg: PgStore
  let sides: [Repos, Repos]
  beforeAll(async () => {
    const db = openDatabase(join(dir, 'toolyard.sqlite'))
    migrate(db)
    ensureChangeCounters(db)
    sqlite = createStore(db)
    pg = createPgStore(openPostgres(await newDatabase(), { max: 5 }))
    await migratePostgres(pg.db.sql)
    sides = [repositories(sqlite), repositories(pg)]
  }, POSTGRES_START_TIMEOUT_MS)
  afterAll(async () => {
    sqlite?.db.close()
    await pg?.db.close()
    rmSync(dir, { recursive: true, force: true })
  })
  return {
    async same<R>(scenario: (r: Repos) => Promise<R>): Promise<R> {
      const fromSqlite = await scenario(sides[0])
      const fromPostgres = await scenario(sides[1])
      expect(fromPostgres).toStrictEqual(fromSqlite)
      return fromSqlite
    },
    async each<R>(scenario: (r: Repos) => Promise<R>) {
      return { sqlite: await scenario(sides[0]), postgres: await scenario(sides[1]) }
    },
    get pg() {
      return pg
    },
    get sqlite() {
      return sqlite
    },
  }
}

/** How a call ended: its value, or the name of what it threw (UniqueViolation, ForeignKeyViolation, …). */
export const outcome = <T>(p: Promise<T>): Promise<{ ok: T } | { error: string }> =>
  p.then(
    (ok) => ({ ok }),
    (e: Error) => ({ error: e.name }),
  )

/** Settles a write whose (dialect-specific, unused) result is not compared. */
export const done = async (p: Promise<unknown>): Promise<void> => {
  await p
}
