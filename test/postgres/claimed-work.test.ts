// Work done once across instances (docs/decisions/0045-claimed-work-across-instances.md): three in-process apps on one
// PostgreSQL database deliver each webhook once through the shared outbox, pick up a delivery an abandoned instance
// held once its lease ends, and never let a stale attempt overwrite a later claim. That each OAuth token is refreshed
// once across instances is test/scale-out/webhooks-refresh.e2e.test.ts's, with three `serve` processes.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import { openPostgres } from '../../src/db/postgres/sql'
import { createPgStore } from '../../src/db/postgres/store'
import { claimDueDeliveries } from '../../src/modules/webhooks/outbox-claims'
import { webhooksRepository } from '../../src/modules/webhooks/repository'
import { startTestApp, type TestApp } from '../helpers/app'
import { waitFor } from '../helpers/poll'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../helpers/postgres'
import { type Reply, startReceiver } from '../helpers/webhook-receiver'

const newDatabase = testDatabases()
const LEASE_S = 2
let url = ''
let apps: TestApp[] = []

beforeAll(async () => {
  url = await newDatabase()
  const env = {
    TOOLYARD_DATABASE_URL: url,
    TOOLYARD_MASTER_KEY: randomBytes(32).toString('base64'),
    TOOLYARD_WEBHOOK_LEASE_S: String(LEASE_S),
    TOOLYARD_WEBHOOK_POLL_MS: '50',
  }
  apps = await Promise.all([startTestApp(env), startTestApp(env), startTestApp(env)])
}, POSTGRES_START_TIMEOUT_MS)
afterAll(async () => {
  await Promise.all(apps.map((a) => a.stop()))
})

const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as any })

/** A server with one resource and a subscription to `callbackUrl`; returns the resource's id. */
async function watchedResource(callbackUrl: string, name: string) {
  const [a] = apps
  const server = await json(await a!.api('/servers', { body: { name } }))
  expect(server.status).toBe(201)
  expect((await a!.api('/subscribe', { body: { callback_url: callbackUrl } })).status).toBe(201)
  const resource = await json(
    await a!.api('/resources', {
      body: {
        server_id: server.body.data.id,
        name: 'doc',
        uri: `docs://${name}`,
        resource_type: 'static',
        content: 'v0',
      },
    }),
  )
  expect(resource.status).toBe(201)
  return resource.body.id as string
}

const queue = (app: TestApp) => app.server.deps.deliveryQueue

describe('webhook deliveries claimed from the shared outbox', () => {
  test('a claim takes due rows in per-project turns and keeps each project within its share', async () => {
    const db = openPostgres(url, { max: 2 })
    for (const app of apps) await queue(app).stop()
    try {
      for (const p of ['fair-a', 'fair-b']) {
        await db.run("INSERT INTO projects (id, name, created_at) VALUES ($id, $id, '2026-01-01T00:00:00.000Z')", {
          id: p,
        })
        await db.run(
          `INSERT INTO subscriptions (id, project_id, kind, callback_url, secret, status, created_at, updated_at)
           VALUES ($id, $project, 'project', 'http://127.0.0.1:1/hook', 'whsec_x', 'active', 'now', 'now')`,
          { id: `sub-${p}`, project: p },
        )
      }
      // A's backlog of 30 is due before any of B's 5.
      const rows = (p: string, n: number, minute: number) =>
        Array.from({ length: n }, (_, i) => ({
          id: `${p}-${String(i).padStart(2, '0')}`,
          sub: `sub-${p}`,
          at: `2026-01-01T00:0${minute}:${String(i).padStart(2, '0')}.000Z`,
        }))
      for (const r of [...rows('fair-a', 30, 0), ...rows('fair-b', 5, 1)])
        await db.run(
          `INSERT INTO webhook_deliveries (id, subscription_id, event, payload, status, attempts, next_attempt_at, created_at)
           VALUES ($id, $sub, 'resource.updated', '{}', 'pending', 0, $at, 'now')`,
          r,
        )
      const claim = async (fairness?: { share: number; busy: Record<string, number> }) => {
        const got = await claimDueDeliveries(db, { limit: 8, leaseMs: 60_000, ...(fairness ? { fairness } : {}) })
        const of = (p: string) =>
          got
            .filter((r) => r.project_id === p)
            .map((r) => r.id)
            .sort()
        return { a: of('fair-a'), b: of('fair-b') }
      }
      // In turns: four of each (B's soonest), each project at its share of 4.
      expect(await claim({ share: 4, busy: {} })).toEqual({
        a: ['fair-a-00', 'fair-a-01', 'fair-a-02', 'fair-a-03'],
        b: ['fair-b-00', 'fair-b-01', 'fair-b-02', 'fair-b-03'],
      })
      // A already holds its share: only B's last row is taken.
      expect(await claim({ share: 4, busy: { 'fair-a': 4 } })).toEqual({ a: [], b: ['fair-b-04'] })
      // Without fairness, soonest first: A's backlog only.
      expect((await claim()).a).toHaveLength(8)
    } finally {
      await db.run("DELETE FROM projects WHERE id IN ('fair-a', 'fair-b')")
      await db.close()
      for (const app of apps) await queue(app).start()
    }
  })

  test('200 deliveries written through three instances arrive exactly once each', async () => {
    const rx = startReceiver()
    try {
      const resourceId = await watchedResource(rx.url, 'many')
      await waitFor('the creation delivered', () => rx.received.length >= 1)
      const baseline = new Set(rx.received.map((r) => r.headers['webhook-id']))
      for (let i = 1; i <= 200; i++) {
        const app = apps[i % 3]!
        const res = await app.api(`/resources/${resourceId}`, { method: 'PATCH', body: { content: `v${i}` } })
        expect(res.status).toBe(200)
      }
      const fresh = () => rx.received.map((r) => r.headers['webhook-id']!).filter((id) => !baseline.has(id))
      await waitFor('200 deliveries', () => new Set(fresh()).size >= 200, { timeoutMs: 60_000 })
      // Past a lease: nothing arrives twice.
      await Bun.sleep(LEASE_S * 1000 + 500)
      expect(fresh()).toHaveLength(200)
      expect(new Set(fresh()).size).toBe(200)
      const [left] = await apps[0]!.sql("SELECT count(*) AS n FROM webhook_deliveries WHERE status != 'delivered'")
      expect(Number(left!.n)).toBe(0)
    } finally {
      await rx.stop()
    }
  }, 90_000)

  test('a delivery held by an instance stopped mid-attempt is delivered by another after the lease', async () => {
    const [a, b, c] = apps
    // Only A claims: the first attempt is A's.
    await queue(b!).stop()
    await queue(c!).stop()
    const script = (n: number): Reply => (n === 1 ? 'hang' : 200)
    const rx = startReceiver(script)
    try {
      await watchedResource(rx.url, 'abandoned')
      await waitFor('the first attempt reached the receiver', () => rx.received.length >= 1)
      const startedAt = Date.now()
      // A stops mid-attempt (abandoned, not recorded); B takes over.
      await queue(a!).stop()
      await queue(b!).start()
      await waitFor('the delivery again', () => rx.received.length >= 2, { timeoutMs: 15_000 })
      const id = rx.received[0]!.headers['webhook-id']!
      expect(rx.received[1]!.headers['webhook-id']).toBe(id)
      // Not before the lease the first claim took ran out.
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(LEASE_S * 1000 - 1000)
      await waitFor('recorded', async () => {
        const [row] = await b!.sql('SELECT status, attempts FROM webhook_deliveries WHERE id = $id', { id })
        return row?.status === 'delivered'
      })
      const [row] = await b!.sql('SELECT status, attempts FROM webhook_deliveries WHERE id = $id', { id })
      // The abandoned attempt left no trace: one attempt, B's.
      expect(Number(row!.attempts)).toBe(1)
      expect(await b!.sql('SELECT n, status FROM webhook_attempts WHERE delivery_id = $id', { id })).toEqual([
        { n: 1, status: 200 },
      ])
    } finally {
      await queue(a!).start()
      await queue(c!).start()
      await rx.stop()
    }
  }, 30_000)

  test('an attempt whose lease ran out cannot record over the instance that claimed the row next', async () => {
    const [a, b, c] = apps
    for (const app of [a, b, c]) await queue(app!).stop()
    const rx = startReceiver()
    const db = openPostgres(url, { max: 2 })
    try {
      await watchedResource(rx.url, 'stale')
      const [due] = await db.all<{ id: string }>(
        "SELECT d.id FROM webhook_deliveries d WHERE d.status = 'pending' AND d.payload LIKE '%docs://stale%'",
      )
      // (The earlier tests' subscriptions got this change too: their rows are claimed alongside.)
      const first = (await claimDueDeliveries(db, { limit: 10, leaseMs: 300 })).filter((r) => r.id === due!.id)
      expect(first).toHaveLength(1)
      await Bun.sleep(600)
      const second = (await claimDueDeliveries(db, { limit: 10, leaseMs: 60_000 })).filter((r) => r.id === due!.id)
      expect(second).toHaveLength(1)
      expect(second[0]!.leased_until).not.toBe(first[0]!.leased_until)
      const webhooks = webhooksRepository(createPgStore(db))
      const attempt = (lease: string) =>
        webhooks.recordAttempt({
          delivery_id: due!.id,
          n: 1,
          at: new Date().toISOString(),
          status: 200,
          error: null,
          duration_ms: 1,
          outcome: 'delivered',
          next_attempt_at: null,
          lease,
        })
      // The first claimer's answer came late: refused, the row is the second claimer's.
      expect(await attempt(first[0]!.leased_until)).toBe(false)
      expect(await attempt(second[0]!.leased_until)).toBe(true)
      expect(await db.all('SELECT n FROM webhook_attempts WHERE delivery_id = $id', { id: due!.id })).toEqual([
        { n: 1 },
      ])
    } finally {
      await db.close()
      for (const app of [a, b, c]) await queue(app!).start()
      await rx.stop()
    }
  }, 30_000)
})
