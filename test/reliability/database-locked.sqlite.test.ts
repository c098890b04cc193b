// A SQLite database that does not answer (docs/reliability.md, "Faults"): another process holds the write lock (a
// sqlite3 shell left in a transaction, a long job) longer than TOOLYARD_DATABASE_TIMEOUT_MS. A write then answers 503
// database_unavailable with Retry-After instead of a 500; once the lock is let go the same write succeeds. While a
// write waits for the lock, the thread keeps answering what it can from memory.
import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { join } from 'node:path'
import { createServer, createToolkit, json } from '../helpers/api'
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

test('a write waiting for the lock does not hold up calls answered from memory meanwhile', async () => {
  const slow = await startTestApp({ TOOLYARD_DATABASE_TIMEOUT_MS: '30000' })
  try {
    const server = await createServer(slow, { name: 'locked', toolkits: [{ toolkit_id: 'prebuilt-utilities' }] })
    const call = () =>
      slow.api('/tools/call', { body: { server_id: server.id, name: 'echo', arguments: { text: 'hi' } } })
    expect((await call()).status).toBe(200) // the server's tool set is in memory from here on
    const kit = await createToolkit(slow, 'locked-kit')
    const other = new Database(join(slow.dataDir, 'toolyard.sqlite'))
    other.exec('BEGIN IMMEDIATE')
    let written = false
    // A write in a transaction (a tool added); a single statement outside one still waits on the thread.
    const write = slow
      .api('/tools', {
        body: {
          toolkit_id: kit.id,
          name: 'waits',
          function_name: 'builtin.utilities.echo',
          input_schema: { type: 'object' },
        },
      })
      .finally(() => {
        written = true
      })
    // Time for the write to reach the lock (were it to block the thread there, nothing below would run until it
    // gave up); the assertions below do not depend on it.
    await Bun.sleep(200)
    try {
      // The write is waiting for the lock; calls from memory are answered now, not after it.
      for (let i = 0; i < 3; i++) expect((await json(await call(), 200)).content[0].text).toBe('hi')
      expect(written).toBe(false)
    } finally {
      other.exec('ROLLBACK')
      other.close()
    }
    expect((await write).status).toBe(201)
  } finally {
    await slow.stop()
  }
})
