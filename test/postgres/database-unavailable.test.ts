// A PostgreSQL that does not answer (docs/reliability.md, "Faults"): on a cluster of this test's own, paused with
// SIGSTOP (postmaster and backends: connections hang, nothing answers) and then stopped and started again. Meanwhile a
// write answers 503 database_unavailable with Retry-After, never a 500 and never a hang (TOOLYARD_DATABASE_TIMEOUT_MS
// bounds it; small here so the test stays short); /mcp/health answers 503 `degraded`; a protocol tool call answers
// without an internal error. Once the server is back everything works again, with no restart of Toolyard.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call, createServer, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { post } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'
import { POSTGRES_START_TIMEOUT_MS } from '../helpers/postgres'
import { type Cluster, startAnyCluster } from '../helpers/postgres-cluster'

let cluster: Cluster
let app: TestApp
let slug: string
let n = 0

beforeAll(async () => {
  cluster = await startAnyCluster()
  app = await startTestApp({
    TOOLYARD_DATABASE_URL: cluster.url,
    TOOLYARD_DATABASE_POOL_SIZE: '2',
    TOOLYARD_DATABASE_TIMEOUT_MS: '400',
    // Rate limits on, as in production: their windows are in PostgreSQL too (room enough for the test's polls).
    TOOLYARD_RATE_LIMITS: JSON.stringify({ misc: 100_000, other: 100_000, protocol: 100_000, tools_call: 100_000 }),
  })
  const kit = await toolkitWithTools(app, 'kit', [{ name: 'echo', code: 'export default async () => ({ ok: 1 })' }])
  slug = (await createServer(app, { name: 'away', toolkits: [{ toolkit_id: kit }] })).slug
}, POSTGRES_START_TIMEOUT_MS)

afterAll(async () => {
  cluster?.resume()
  await app?.stop()
  cluster?.stop()
})

const newFunction = () =>
  call(app, '/functions', { body: { name: `f${++n}`, runtime: 'javascript', code: 'export default async () => 1' } })

const toolCall = () =>
  post(app, slug, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: {} } })

/** What a client sees while the database is away: never a 500, never an internal error, never a hang. */
async function expectUnavailable() {
  const write = await app.api('/functions', {
    body: { name: `away${++n}`, runtime: 'javascript', code: 'export default async () => 1' },
  })
  const body = (await write.json()) as { code: string; error: string; request_id: string }
  expect(write.status).toBe(503)
  expect(body.code).toBe('database_unavailable')
  expect(body.request_id).toBe(write.headers.get('x-request-id')!)
  expect(Number(write.headers.get('retry-after'))).toBeGreaterThan(0)

  const health = await call(app, '/health')
  expect(health.status).toBe(503)
  expect(health.body).toMatchObject({ status: 'degraded', database: 'unreachable' })

  // The call may run from what the process holds; if it needs the database, the answer is a JSON-RPC error that says
  // the database is away and when to retry (HTTP 503 with Retry-After), never "Internal error".
  const rpc = await toolCall()
  expect(rpc.status).not.toBe(500)
  const answer = (await rpc.json()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } }
  expect(JSON.stringify(answer)).not.toContain('Internal error')
  if (rpc.status !== 200) {
    expect(rpc.status).toBe(503)
    expect(Number(rpc.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(answer.error?.message).toContain('database unavailable')
    expect(answer.error?.data).toMatchObject({ code: 'database_unavailable' })
  }
}

/** Back: health answers ok again and writes succeed, on the same Toolyard process. */
async function expectRecovered() {
  await waitFor('health ok again', async () => (await call(app, '/health')).status === 200, { timeoutMs: 30_000 })
  await waitFor('a write to succeed again', async () => (await newFunction()).status === 201, { timeoutMs: 30_000 })
  const rpc = await toolCall()
  expect(rpc.status).toBe(200)
  expect(JSON.parse(await rpc.text()).result).toMatchObject({ isError: false })
}

describe('PostgreSQL that does not answer', () => {
  test('paused (SIGSTOP): writes answer 503 database_unavailable with Retry-After, health 503, then it recovers', async () => {
    expect((await newFunction()).status).toBe(201)
    cluster.pause()
    try {
      await expectUnavailable()
    } finally {
      cluster.resume()
    }
    await expectRecovered()
  }, 60_000)

  test('stopped and started again: 503 while it is away, then it recovers without a restart', async () => {
    cluster.halt()
    try {
      await expectUnavailable()
    } finally {
      cluster.restart()
    }
    await expectRecovered()
  }, 90_000)
})
