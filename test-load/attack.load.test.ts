// Load tier (npm run test:load, not npm test: latency and memory under load depend on the machine).
// One project attacks (ReDoS batches, huge bodies with and without a key, huge results) while /mcp/health and another
// project's tool call are timed: health stays under 500 ms and the neighbour's call under 3 s.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { serverWithToolkits, toolkitWithTools } from '../test/helpers/api'
import { startTestApp, type TestApp } from '../test/helpers/app'
import { mib, recordFigures } from '../test/reliability/figures'

const ATTACK_MS = 3000
let app: TestApp
let attacker: { apiKey: string; slug: string }
let neighbour: { apiKey: string; serverId: string }

beforeAll(async () => {
  app = await startTestApp()
  const a = await app.newProject('attacker')
  const kitA = await toolkitWithTools(
    app,
    'evil',
    [
      {
        name: 'redos',
        code: 'export default async () => ({ ok: true })',
        input_schema: { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } },
      },
      { name: 'huge', code: `export default async () => 'y'.repeat(${5 * 1024 * 1024})` },
    ],
    a.apiKey,
  )
  const sA = await app.api('/servers', { body: { name: 'evil', toolkits: [{ toolkit_id: kitA }] }, key: a.apiKey })
  attacker = { apiKey: a.apiKey, slug: ((await sA.json()) as { data: { slug: string } }).data.slug }
  const kitB = await toolkitWithTools(app, 'calm', [{ name: 'hello', code: "export default async () => 'hello'" }])
  neighbour = { apiKey: app.apiKey, serverId: (await serverWithToolkits(app, 'calm', [kitB])).id }
})
afterAll(async () => {
  await app.stop()
})

const rpcHeaders = (key: string | null) => ({
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
  'mcp-protocol-version': '2025-03-26',
  ...(key ? { 'x-api-key': key } : {}),
})

/** Runs `fn` over and over until `until`, returning how many times it ran. */
async function loop(until: number, fn: () => Promise<unknown>): Promise<number> {
  let n = 0
  while (performance.now() < until) {
    await fn().catch(() => {})
    n++
  }
  return n
}

async function timed(fn: () => Promise<Response>): Promise<{ ms: number; status: number; text: string }> {
  const t0 = performance.now()
  const res = await fn()
  const text = await res.text()
  return { ms: performance.now() - t0, status: res.status, text }
}

test('health and a neighbour stay fast while one project attacks', async () => {
  // Warm first: the first health answer and the neighbour's first call (modules loaded on first use, the tool's first
  // run) are not what the attack is measured against.
  expect((await fetch(`${app.base}/health`)).status).toBe(200)
  const warm = await fetch(`${app.base}/tools/call`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': neighbour.apiKey },
    body: JSON.stringify({ name: 'hello', arguments: {}, server_id: neighbour.serverId }),
  })
  expect(warm.status).toBe(200)
  await warm.text()
  Bun.gc(true)
  const rssBefore = process.memoryUsage().rss
  const until = performance.now() + ATTACK_MS
  const redosBatch = JSON.stringify(
    Array.from({ length: 50 }, (_, i) => ({
      jsonrpc: '2.0',
      id: i,
      method: 'tools/call',
      params: { name: 'redos', arguments: { s: `${'a'.repeat(32)}!` } },
    })),
  )
  const hugeBody = new Uint8Array(5 * 1024 * 1024).fill(0x20)
  const hugeResult = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'huge' } })
  const post = (path: string, body: BodyInit, key: string | null) =>
    fetch(`${app.base}/${path}`, { method: 'POST', headers: rpcHeaders(key), body }).then((r) => r.text())

  const attacks = Promise.all([
    loop(until, () => post(attacker.slug, redosBatch, attacker.apiKey)),
    loop(until, () => post(attacker.slug, redosBatch, attacker.apiKey)),
    loop(until, () => post('servers', hugeBody, null)),
    loop(until, () => post(attacker.slug, hugeBody, attacker.apiKey)),
    loop(until, () => post(attacker.slug, hugeResult, attacker.apiKey)),
    loop(until, () => post(attacker.slug, hugeResult, attacker.apiKey)),
  ])

  const health: number[] = []
  const calls: number[] = []
  const failures: string[] = []
  const watch = Promise.all([
    loop(until, async () => {
      const r = await timed(() => fetch(`${app.base}/health`))
      health.push(r.ms)
      if (r.status !== 200) failures.push(`health ${r.status}`)
      await Bun.sleep(50)
    }),
    loop(until, async () => {
      const r = await timed(() =>
        fetch(`${app.base}/tools/call`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': neighbour.apiKey },
          body: JSON.stringify({ name: 'hello', arguments: {}, server_id: neighbour.serverId }),
        }),
      )
      calls.push(r.ms)
      if (r.status !== 200 || !r.text.includes('hello')) failures.push(`neighbour ${r.status} ${r.text.slice(0, 100)}`)
      await Bun.sleep(100)
    }),
  ])
  const [attackCounts] = await Promise.all([attacks, watch])

  // The attacks were answered, and answered with their limits.
  const res = await fetch(`${app.base}/${attacker.slug}`, {
    method: 'POST',
    headers: rpcHeaders(attacker.apiKey),
    body: hugeResult,
  })
  const batch = (await res.json()) as { result: { isError: boolean; content: { text: string }[] } }
  expect(batch.result.isError).toBe(true)
  expect(batch.result.content[0]!.text).toContain('result too large')
  const big = await fetch(`${app.base}/servers`, { method: 'POST', headers: rpcHeaders(null), body: hugeBody })
  expect(big.status).toBe(413)
  await big.text()

  Bun.gc(true)
  const rssAfter = process.memoryUsage().rss
  const max = (xs: number[]) => Math.round(Math.max(...xs))
  recordFigures({
    'attack requests sent (3 s: ReDoS batches of 50, 5 MiB bodies, 5 MiB results)': attackCounts.reduce(
      (a, b) => a + b,
      0,
    ),
    '/mcp/health under attack: samples, max': `${health.length}, ${max(health)} ms`,
    "neighbour's tool call under attack: samples, max": `${calls.length}, ${max(calls)} ms`,
    'RSS before / after the attack': `${mib(rssBefore)} / ${mib(rssAfter)}`,
  })
  const summary = JSON.stringify({ failures, health: health.map(Math.round), calls: calls.map(Math.round) })
  expect(failures, summary).toEqual([])
  expect(health.length, summary).toBeGreaterThan(5)
  expect(calls.length, summary).toBeGreaterThan(1)
  // Starvation would be seconds (a ReDoS batch holding the main thread). The bound leaves room for the machine: the
  // attack shares two cores with the other test workers (three in the SQLite pass) and, on PostgreSQL, the database
  // server; single samples of 691 ms (PostgreSQL) and 734 ms (SQLite, the others 32-169 ms) were seen in CI.
  expect(max(health), summary).toBeLessThan(1_500)
  expect(max(calls), summary).toBeLessThan(3000)
}, 20_000)
