// A SQLite database that does not answer (docs/reliability.md, "Faults"): another process holds the write lock (a
// sqlite3 shell left in a transaction, a long job) longer than TOOLYARD_DATABASE_TIMEOUT_MS. A write then answers 503
// database_unavailable with Retry-After instead of a 500; once the lock is let go the same write succeeds.
import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { join } from 'node:path'
import { startTestApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  // Small, so the test stays short: the request thread waits this long for the lock.
  app = await startTestApp({ TOOLYARD_DATABASE_TIMEOUT_MS: '200' })
})
afterAll(() => app.stop())

const newFunction = () =>
  app.api('/functions', { body: { name: 'after-lock', runtime: 'javascript', code: 'export default async () => 1' } })

test('a write while another connection holds the lock answers 503 database_unavailable with Retry-After, then succeeds', async () => {
  const other = new Database(join(app.dataDir, 'toolyard.sqlite'))
  other.exec('BEGIN IMMEDIATE')
  try {
    const res = await newFunction()
    const body = (await res.json()) as { code: string; error: string; request_id: string }
    expect(res.status).toBe(503)
    expect(body.code).toBe('database_unavailable')
    expect(body.request_id).toBe(res.headers.get('x-request-id')!)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(body.error).not.toContain('SQLITE')
  } finally {
    other.exec('ROLLBACK')
    other.close()
  }
  expect((await newFunction()).status).toBe(201)
})
