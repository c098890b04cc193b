// Two in-process apps on one PostgreSQL database, as two instances behind a balancer, change one project at once:
// the project's audit trail stays one chain (appends lock its head row), every change is in it once, and it verifies.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import { json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../helpers/postgres'

const newDatabase = testDatabases()
let a: TestApp
let b: TestApp

beforeAll(async () => {
  const env = { TOOLYARD_DATABASE_URL: await newDatabase(), TOOLYARD_MASTER_KEY: randomBytes(32).toString('base64') }
  ;[a, b] = await Promise.all([startTestApp(env), startTestApp(env)])
}, POSTGRES_START_TIMEOUT_MS)
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
})

test('changes made through two instances at once land in one chain per project that verifies', async () => {
  const key = a.apiKey
  const made = await Promise.all(
    Array.from({ length: 24 }, (_, i) =>
      (i % 2 ? a : b).api('/servers', { key, body: { name: `racer-${i}` } }).then((res) => json(res, 201)),
    ),
  )
  expect(made.length).toBe(24)
  // Each instance writes its own batches; both flushed, the chain holds all of them in one sequence.
  await Promise.all([a.server.deps.audit.flush(), b.server.deps.audit.flush()])
  const verify = await json(await b.api('/audit/verify', { key }), 200)
  expect(verify).toMatchObject({ ok: true, entries: 24, last_seq: 24 })
  const seqs = (
    await a.sql('SELECT seq FROM audit_entries WHERE project_id = $p ORDER BY seq', { p: a.projectId })
  ).map((r) => Number(r.seq))
  expect(seqs).toEqual(Array.from({ length: 24 }, (_, i) => i + 1))
})
