// TOOLYARD_DATABASE_POOL_SIZE bounds the connections an instance holds: a burst of concurrent requests on an app with
// a pool of 2 leaves at most 2 connections of its pool (plus the change feed's listener) on its database.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { SQL } from 'bun'
import { startTestApp, type TestApp } from '../helpers/app'
import { waitFor } from '../helpers/poll'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../helpers/postgres'

const newDatabase = testDatabases()
let url = ''
let app: TestApp

beforeAll(async () => {
  url = await newDatabase()
  app = await startTestApp({ TOOLYARD_DATABASE_URL: url, TOOLYARD_DATABASE_POOL_SIZE: '2' })
}, POSTGRES_START_TIMEOUT_MS)
afterAll(() => app?.stop())

test('a pool of 2 holds at most 2 connections (and the listener) under 40 concurrent requests', async () => {
  const answers = await Promise.all(
    Array.from({ length: 40 }, (_, i) =>
      i % 2 ? app.api('/servers') : app.api('/servers', { body: { name: `server ${i}` } }),
    ),
  )
  expect(answers.map((r) => r.status).filter((s) => s >= 300)).toEqual([])
  const observer = new SQL(url, { max: 1 })
  try {
    const connections = async (): Promise<number> =>
      (
        await observer`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`
      )[0].n
    // The pool's 2 and the change feed's LISTEN connection; never the default 10 (whose idle connections stay open).
    // A backend that start-up used and closed may still be on its way out for a moment: that one is waited for.
    const settled = await waitFor(
      'at most 3 connections on the app database',
      async () => {
        const n = await connections()
        return n <= 3 ? { n } : false
      },
      { timeoutMs: 5_000 },
    )
    expect(settled.n).toBeGreaterThanOrEqual(2)
  } finally {
    await observer.close()
  }
})

test('the variable is refused outside 1..100, naming it', async () => {
  for (const value of ['0', '101', 'many'])
    expect(startTestApp({ TOOLYARD_DATABASE_URL: url, TOOLYARD_DATABASE_POOL_SIZE: value })).rejects.toThrow(
      'TOOLYARD_DATABASE_POOL_SIZE',
    )
})
