// Both dialects of every repository side by side (docs/decisions/0039-postgresql-repositories.md): the SQLite
// repositories, wrapped to the asynchronous port, on a temp SQLite file migrated by src/db/migrate.ts; the PostgreSQL
// ones on a fresh database migrated by src/db/postgres/migrate.ts. A scenario runs on SQLite, then on PostgreSQL, and
// must give equal results: this keeps the two dialects from drifting.
import { afterAll, beforeAll, expect } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { dataKeysRepository } from '../../../src/crypto/seal-repository'
import { ensureChangeCounters } from '../../../src/db/change-counters'
import { migrate } from '../../../src/db/migrate'
import { openDatabase } from '../../../src/db/open'
import { migratePostgres } from '../../../src/db/postgres/migrate'
import { postgresRepositories } from '../../../src/db/postgres/repositories'
import { openPostgres } from '../../../src/db/postgres/sql'
import { createPgStore, type PgStore } from '../../../src/db/postgres/store'
import { createStore, type Store } from '../../../src/db/store'
import { ensureToolSearchIndex } from '../../../src/db/tool-search-index'
import { callsRepository } from '../../../src/modules/calls/repository'
import { oauthFlowsRepository } from '../../../src/modules/credentials/oauth/repository'
import { providersRepository } from '../../../src/modules/credentials/providers/repository'
import { credentialsRepository } from '../../../src/modules/credentials/repository'
import { healthRepository } from '../../../src/modules/health/repository'
import { oauthServerRepository } from '../../../src/modules/oauth-server/repository'
import { projectsRepository } from '../../../src/modules/projects/repository'
import { promptsRepository } from '../../../src/modules/prompts/repository'
import { resourcesRepository } from '../../../src/modules/resources/repository'
import { serversRepository } from '../../../src/modules/servers/repository'
import { functionsRepository } from '../../../src/modules/tools/functions/repository'
import { openApiRepository } from '../../../src/modules/tools/kinds/openapi/repository'
import { remoteRepository } from '../../../src/modules/tools/kinds/remote/repository'
import { toolsRepository } from '../../../src/modules/tools/repository'
import { toolSearchRepository } from '../../../src/modules/tools/search/repository'
import { serverToolsRepository } from '../../../src/modules/tools/server-tools/repository'
import { toolkitsRepository } from '../../../src/modules/tools/toolkits/repository'
import { webhooksRepository } from '../../../src/modules/webhooks/repository'
import { subscriptionsRepository } from '../../../src/modules/webhooks/subscriptions/repository'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../../helpers/postgres'

function sqliteRepos(store: Store) {
  return {
    projects: projectsRepository(store),
    servers: serversRepository(store),
    dataKeys: dataKeysRepository(store),
    health: healthRepository(store),
    tools: toolsRepository(store),
    toolkits: toolkitsRepository(store),
    serverTools: serverToolsRepository(store),
    functions: functionsRepository(store),
    toolSearch: toolSearchRepository(store),
    remote: remoteRepository(store),
    openApi: openApiRepository(store),
    resources: resourcesRepository(store),
    prompts: promptsRepository(store),
    credentials: credentialsRepository(store),
    oauthFlows: oauthFlowsRepository(store),
    providers: providersRepository(store),
    subscriptions: subscriptionsRepository(store),
    webhooks: webhooksRepository(store),
    calls: callsRepository(store),
    oauthServer: oauthServerRepository(store),
  }
}

type Repos = ReturnType<typeof sqliteRepos>

/** Typed as the SQLite side: the two dialects must offer the same ports. */
const postgresRepos = (pg: PgStore): Repos => postgresRepositories(pg)

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
    ensureToolSearchIndex(db)
    sqlite = createStore(db)
    pg = createPgStore(openPostgres(await newDatabase(), { max: 5 }))
    await migratePostgres(pg.db.sql)
    sides = [sqliteRepos(sqlite), postgresRepos(pg)]
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
