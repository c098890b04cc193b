// What PostgreSQL mode shares between instances, each "instance" here its own connection pool on one database: rate
// windows whose limit holds across instances, webhook outbox claims (each delivery once; a dead claimer's rows go to
// another after the lease), OAuth refresh claims (one claimer per credential), and protocol events over LISTEN/NOTIFY.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import {
  type BridgedEvent,
  ensureEventOverflow,
  listenForEvents,
  publishEvent,
} from '../../src/db/postgres/change-feed'
import { migratePostgres } from '../../src/db/postgres/migrate'
import { ensureRateWindows, sharedRateWindows } from '../../src/db/postgres/shared/rate-windows'
import { openPostgres, type PgDb } from '../../src/db/postgres/sql'
import { createPgStore } from '../../src/db/postgres/store'
import { claimDueCredentials } from '../../src/modules/credentials/oauth/refresh-claims'
import { credentialsRepository } from '../../src/modules/credentials/repository'
import { claimDueDeliveries } from '../../src/modules/webhooks/outbox-claims'
import { webhooksRepository } from '../../src/modules/webhooks/repository'
import { waitFor } from '../helpers/poll'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../helpers/postgres'

const newDatabase = testDatabases()
/** Three instances' pools on one database. */
let instances: PgDb[] = []

beforeAll(async () => {
  const url = await newDatabase()
  instances = [0, 1, 2].map(() => openPostgres(url, { max: 3 }))
  const [a] = instances
  await migratePostgres(a!.sql)
  // Three instances starting at once: the table is made once, without a race.
  await Promise.all(instances.map((db) => ensureRateWindows(db)))
  await Promise.all(instances.map((db) => ensureEventOverflow(db)))
  await a!.run("INSERT INTO projects (id, name, created_at) VALUES ('p1', 'one', '2026-01-01T00:00:00.000Z')")
  await a!.run(
    `INSERT INTO subscriptions (id, project_id, kind, callback_url, secret, status, created_at, updated_at)
     VALUES ('sub', 'p1', 'project', 'http://127.0.0.1/hook', 'whsec_x', 'active', 'now', 'now')`,
  )
}, POSTGRES_START_TIMEOUT_MS)
afterAll(async () => {
  await Promise.all(instances.map((db) => db.close()))
})

/** A minute boundary, so a test's windows do not roll over under it. */
const MINUTE = 1_800_000_000_000

describe('shared rate windows', () => {
  test('a limit holds across instances racing for it; a batch larger than what is left is refused whole', async () => {
    const limiters = instances.map((db) => sharedRateWindows(db, { now: () => MINUTE + 5_000 }))
    const decisions = await Promise.all(Array.from({ length: 30 }, (_, i) => limiters[i % 3]!.hit('key-a', 10)))
    expect(decisions.filter((d) => d.allowed)).toHaveLength(10)
    expect(decisions.every((d) => d.limit === 10 && d.resetSeconds === 55)).toBe(true)
    const other = await limiters[0]!.hit('key-b', 10, 11)
    expect(other).toMatchObject({ allowed: false, remaining: 10 })
    expect((await limiters[1]!.hit('key-b', 10, 10)).allowed).toBe(true)
  })

  test('local batches: never past the limit; the slack is at most (batch − 1) per instance', async () => {
    const limiters = instances.map((db) => sharedRateWindows(db, { batch: 4, now: () => MINUTE + 6_000 }))
    const decisions = await Promise.all(Array.from({ length: 60 }, (_, i) => limiters[i % 3]!.hit('key-c', 20)))
    const allowed = decisions.filter((d) => d.allowed).length
    expect(allowed).toBeLessThanOrEqual(20)
    expect(allowed).toBeGreaterThanOrEqual(20 - 3 * (4 - 1))
    // One instance alone: batches of 4 until fewer are left, then one at a time up to the limit exactly.
    const alone = sharedRateWindows(instances[0]!, { batch: 4, now: () => MINUTE + 7_000 })
    const results = []
    for (let i = 0; i < 12; i++) results.push((await alone.hit('key-d', 10)).allowed)
    expect(results.filter(Boolean)).toHaveLength(10)
    const [row] = await instances[0]!.all<{ count: number }>("SELECT count FROM rate_limit_windows WHERE key = 'key-d'")
    expect(row?.count).toBe(10)
  })

  test('the next minute is a new window, and old windows are swept', async () => {
    let t = MINUTE + 10_000
    const limiter = sharedRateWindows(instances[1]!, { now: () => t })
    expect((await limiter.hit('key-e', 1)).allowed).toBe(true)
    expect((await limiter.hit('key-e', 1)).allowed).toBe(false)
    t = MINUTE + 60_000
    expect(await limiter.hit('key-e', 1)).toMatchObject({ allowed: true, resetSeconds: 60 })
    const windows = await instances[1]!.all<{ n: number }>(
      'SELECT count(*) AS n FROM rate_limit_windows WHERE window_start < $w',
      { w: MINUTE + 60_000 },
    )
    expect(windows[0]!.n).toBe(0)
  })
})

const insertDeliveries = async (prefix: string, n: number) => {
  for (let i = 0; i < n; i++)
    await instances[0]!.run(
      `INSERT INTO webhook_deliveries (id, subscription_id, event, payload, status, attempts, next_attempt_at, created_at)
       VALUES ($id, 'sub', 'resource.updated', '{}', 'pending', 0, '2026-01-01T00:00:00.000Z', 'now')`,
      { id: `${prefix}-${String(i).padStart(3, '0')}` },
    )
}

/** A claimer that delivers (records `delivered`) everything it claims, until nothing is due. */
async function deliverAll(db: PgDb, delivered: string[], onlyPrefix: string) {
  const webhooks = webhooksRepository(createPgStore(db))
  for (;;) {
    const claimed = await claimDueDeliveries(db, { limit: 7, leaseMs: 60_000 })
    if (claimed.length === 0) return
    for (const row of claimed) {
      if (row.id.startsWith(onlyPrefix)) delivered.push(row.id)
      expect(row).toMatchObject({ project_id: 'p1', callback_url: 'http://127.0.0.1/hook', secret: 'whsec_x' })
      const marked = await webhooks.recordAttempt({
        delivery_id: row.id,
        n: row.attempts + 1,
        at: new Date().toISOString(),
        status: 200,
        error: null,
        duration_ms: 1,
        outcome: 'delivered',
        next_attempt_at: null,
      })
      expect(marked).toBe(true)
    }
  }
}

describe('webhook outbox claims', () => {
  test('three concurrent claimers over 200 due rows deliver each exactly once', async () => {
    await insertDeliveries('many', 200)
    const delivered: string[] = []
    await Promise.all(instances.map((db) => deliverAll(db, delivered, 'many')))
    expect(delivered).toHaveLength(200)
    expect(new Set(delivered).size).toBe(200)
    const [left] = await instances[0]!.all<{ n: number }>(
      "SELECT count(*) AS n FROM webhook_deliveries WHERE status != 'delivered'",
    )
    expect(left!.n).toBe(0)
  })

  test('rows claimed by a claimer that dies are taken by another once the lease ends', async () => {
    await insertDeliveries('dead', 20)
    const dying = await claimDueDeliveries(instances[1]!, { limit: 50, leaseMs: 1_000 })
    expect(dying.map((r) => r.id).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `dead-${String(i).padStart(3, '0')}`),
    )
    // Leased: nobody else gets them now.
    expect(await claimDueDeliveries(instances[2]!, { limit: 50, leaseMs: 60_000 })).toEqual([])
    const delivered: string[] = []
    await waitFor(
      'the lease to end',
      async () => {
        await deliverAll(instances[2]!, delivered, 'dead')
        return delivered.length === 20
      },
      { timeoutMs: 15_000, intervalMs: 100 },
    )
    expect(delivered.sort()).toEqual(dying.map((r) => r.id).sort())
  })
})

describe('OAuth refresh claims', () => {
  test('each due credential goes to one claimer; leased ones wait; a lease that ran out frees them', async () => {
    for (let i = 0; i < 30; i++)
      await instances[0]!.run(
        `INSERT INTO credentials (id, project_id, name, provider_id, kind, data_sealed, status, expires_at, has_refresh_token,
           created_at, updated_at)
         VALUES ($id, 'p1', $id, 'gh', 'oauth', 'x', 'active', '2026-01-01T00:05:00.000Z', 1, '2026-01-01T00:00:00.000Z', 'now')`,
        { id: `cr-${String(i).padStart(2, '0')}` },
      )
    const window = {
      before: '2026-01-01T00:10:00.000Z',
      now: '2026-01-01T00:06:00.000Z',
      leaseUntil: '2026-01-01T00:07:00.000Z',
    }
    const claimed: string[][] = [[], [], []]
    await Promise.all(
      instances.map(async (db, i) => {
        for (;;) {
          const rows = await claimDueCredentials(db, { ...window, limit: 4 })
          if (rows.length === 0) return
          claimed[i]!.push(...rows.map((r) => r.id))
        }
      }),
    )
    const all = claimed.flat()
    expect(all).toHaveLength(30)
    expect(new Set(all).size).toBe(30)
    expect(await claimDueCredentials(instances[0]!, { ...window, limit: 100 })).toEqual([])
    // One refresh succeeded (the lease cleared with the new token); the others' claimers died.
    const credentials = credentialsRepository(createPgStore(instances[0]!))
    expect(
      await credentials.updateTokens({
        id: 'cr-00',
        project_id: 'p1',
        data_sealed: 'new',
        scopes: null,
        expires_at: '2026-01-01T01:00:00.000Z',
        has_refresh_token: 1,
        refreshed_at: '2026-01-01T00:06:01.000Z',
        updated_at: 'now',
      }),
    ).toBe(true)
    const later = { ...window, now: '2026-01-01T00:07:00.000Z', leaseUntil: '2026-01-01T00:08:00.000Z' }
    const again = await claimDueCredentials(instances[1]!, { ...later, limit: 100 })
    expect(again).toHaveLength(29)
    expect(again.map((r) => r.id)).not.toContain('cr-00')
    expect(again[0]).toEqual({ id: expect.any(String), project_id: 'p1' })
  })
})

describe('protocol events between instances', () => {
  test('list-changed and resource-updated reach the other instance; own and rolled back do not', async () => {
    const heard: { event: BridgedEvent; origin: string }[] = []
    const bridge = await listenForEvents(instances[1]!.sql, 'instance-b', (event, origin) =>
      heard.push({ event, origin }),
    )
    try {
      await instances[0]!.tx(async (tx) => {
        await publishEvent(tx, 'instance-b', {
          kind: 'resource_updated',
          project_id: 'p1',
          server_id: 's1',
          uri: 'file:///own',
        })
        await publishEvent(tx, 'instance-a', { kind: 'list_changed', project_id: 'p1', server_id: 's1', list: 'tools' })
      })
      await instances[0]!
        .tx(async (tx) => {
          await publishEvent(tx, 'instance-a', {
            kind: 'resource_updated',
            project_id: 'p1',
            server_id: 's1',
            uri: 'file:///rolled-back',
          })
          throw new Error('roll back')
        })
        .catch(() => {})
      await publishEvent(instances[2]!, 'instance-c', {
        kind: 'resource_updated',
        project_id: 'p1',
        server_id: 's1',
        uri: 'file:///a',
      })
      await waitFor('both events', () => heard.length === 2, { timeoutMs: 5_000 })
      expect(heard).toEqual([
        { origin: 'instance-a', event: { kind: 'list_changed', project_id: 'p1', server_id: 's1', list: 'tools' } },
        {
          origin: 'instance-c',
          event: { kind: 'resource_updated', project_id: 'p1', server_id: 's1', uri: 'file:///a' },
        },
      ])
    } finally {
      await bridge.stop()
    }
  })

  test('an event larger than a NOTIFY payload reaches the other instance whole, in order, through a table', async () => {
    const heard: BridgedEvent[] = []
    const bridge = await listenForEvents(instances[1]!.sql, 'instance-b', (event) => heard.push(event))
    const long = `x:${'a'.repeat(100_000)}`
    const huge: BridgedEvent = {
      kind: 'client_reply',
      session: 'ref-1',
      id: 'ask',
      reply: { result: { text: `nul\u0000${'y'.repeat(20_000)}` } },
    }
    try {
      await instances[0]!.tx(async (tx) => {
        await publishEvent(tx, 'instance-a', { kind: 'resource_updated', project_id: 'p1', server_id: 's1', uri: long })
        await publishEvent(tx, 'instance-a', { kind: 'list_changed', project_id: 'p1', server_id: 's1', list: 'tools' })
      })
      await publishEvent(instances[2]!, 'instance-c', huge)
      // One rolled back is never heard (its row goes with it).
      await instances[0]!
        .tx(async (tx) => {
          await publishEvent(tx, 'instance-a', {
            kind: 'resource_updated',
            project_id: 'p1',
            server_id: 's1',
            uri: `${long}-no`,
          })
          throw new Error('roll back')
        })
        .catch(() => {})
      await waitFor('three events', () => heard.length >= 3, { timeoutMs: 5_000 })
      expect(heard).toEqual([
        { kind: 'resource_updated', project_id: 'p1', server_id: 's1', uri: long },
        { kind: 'list_changed', project_id: 'p1', server_id: 's1', list: 'tools' },
        huge,
      ])
      expect(await instances[0]!.get('SELECT count(*) AS n FROM instance_events')).toEqual({ n: 2 })
    } finally {
      await bridge.stop()
    }
  })
})
