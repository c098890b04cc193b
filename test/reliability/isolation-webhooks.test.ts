// Isolation in subscriptions and webhooks: creation and inbound reports are rate limited, a project holds at most
// 100 subscriptions, and one project's delivery backlog does not delay another project's deliveries.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startTestApp, type TestApp } from '../helpers/app'
import { waitFor } from '../helpers/poll'
import { startReceiver } from '../helpers/webhook-receiver'

async function publish(app: TestApp, projectId: string, uri: string) {
  const deps = app.server.deps
  await deps.store.tx(() =>
    deps.events.publishResource({
      type: 'resource.updated',
      projectId,
      serverId: 'srv',
      uri,
      name: 'Doc',
      at: new Date().toISOString(),
    }),
  )
}

describe('subscriptions per project, and a backlog that stays its own', () => {
  let app: TestApp
  const hanging = startReceiver(() => 'hang')
  const fast = startReceiver()
  beforeAll(async () => {
    // A hanging receiver holds each attempt for the whole timeout.
    app = await startTestApp({ TOOLYARD_WEBHOOK_TIMEOUT_MS: '3000' })
  })
  afterAll(async () => {
    await app.stop()
    await hanging.stop()
    await fast.stop()
  })

  test('5,000 subscription requests: 100 created, every later one 409 limit_reached (both routes)', async () => {
    const a = await app.newProject('subscriber')
    const statuses: number[] = []
    const codes = new Set<string>()
    for (let batch = 0; batch < 100; batch++) {
      const results = await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const resource = i % 2 === 1
          const res = await app.api(resource ? '/resources/subscribe' : '/subscribe', {
            body: resource ? { uri: 'docs://a', callback_url: hanging.url } : { callback_url: hanging.url },
            key: a.apiKey,
          })
          const body = (await res.json()) as { code?: string; error?: string }
          if (res.status === 409) codes.add(`${body.code}: ${body.error?.replace(/\d+/g, 'N')}`)
          return res.status
        }),
      )
      statuses.push(...results)
    }
    expect(statuses.length).toBe(5000)
    expect(statuses.filter((s) => s === 201).length).toBe(100)
    expect(statuses.filter((s) => s === 409).length).toBe(4900)
    expect([...codes]).toEqual(['limit_reached: this project already has N subscriptions (limit N); remove one first'])
    const list = await app.api('/subscriptions?limit=200', { key: a.apiKey })
    expect(((await list.json()) as { subscriptions: unknown[] }).subscriptions.length).toBe(100)

    // Another project is not affected by the first one's count.
    const b = await app.newProject('other-subscriber')
    const res = await app.api('/subscribe', { body: { callback_url: fast.url }, key: b.apiKey })
    expect(res.status).toBe(201)
  }, 30_000)

  test('100 deliveries of one project hanging on its receiver do not delay another project’s delivery', async () => {
    const a = await app.newProject('backlogged')
    const b = await app.newProject('punctual')
    for (let i = 0; i < 100; i++) {
      const res = await app.api('/subscribe', { body: { callback_url: hanging.url }, key: a.apiKey })
      expect(res.status).toBe(201)
    }
    const sub = await app.api('/subscribe', { body: { callback_url: fast.url }, key: b.apiKey })
    expect(sub.status).toBe(201)
    const before = hanging.received.length
    await publish(app, a.projectId, 'docs://big') // 100 deliveries, each held 3 s by the receiver
    await waitFor('the backlog to start', () => hanging.received.length > before)

    await publish(app, b.projectId, 'docs://small')
    // On one global queue (8 attempts at once) it would wait behind ~12 rounds of 3 s (about 37 s), well past this
    // bounded wait: arriving at all tells the two apart, however slow the machine.
    await waitFor(
      'the other project’s delivery',
      () => fast.received.some((r) => r.json?.resource?.uri === 'docs://small'),
      { timeoutMs: 15_000 },
    )
    // The backlog is bounded to its share of the attempts in flight.
    expect(hanging.received.length - before).toBeLessThanOrEqual(4)
  }, 30_000)
})

describe('rate groups subscriptions and webhooks_inbound', () => {
  let app: TestApp
  const rx = startReceiver()
  beforeAll(async () => {
    app = await startTestApp({ TOOLYARD_RATE_LIMITS: '{}' }) // the default limits
  })
  afterAll(async () => {
    await app.stop()
    await rx.stop()
  })

  test('POST /subscribe and /resources/subscribe share 30 a minute; the 31st is 429 on either', async () => {
    const p = await app.newProject('churn')
    for (let i = 0; i < 30; i++) {
      const resource = i % 2 === 0
      const res = await app.api(resource ? '/resources/subscribe' : '/subscribe', {
        body: resource ? { uri: `docs://${i}`, callback_url: rx.url } : { callback_url: rx.url },
        key: p.apiKey,
      })
      expect(res.status).toBe(201)
      expect(res.headers.get('ratelimit-limit')).toBe('30')
    }
    for (const path of ['/subscribe', '/resources/subscribe']) {
      const res = await app.api(path, { body: { uri: 'docs://x', callback_url: rx.url }, key: p.apiKey })
      expect(res.status).toBe(429)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    }
  })

  test('inbound POST /webhooks/{id}: 100 a minute per key, then 429', async () => {
    const p = await app.newProject('reporter')
    const created = await app.api('/subscribe', { body: { callback_url: rx.url }, key: p.apiKey })
    const { id } = (await created.json()) as { id: string }
    const statuses: number[] = []
    for (let i = 0; i < 101; i++) {
      const res = await app.api(`/webhooks/${id}`, { body: { uri: 'docs://nothing' }, key: p.apiKey })
      statuses.push(res.status)
      if (i === 0) expect(res.headers.get('ratelimit-limit')).toBe('100')
    }
    expect(statuses.slice(0, 100).includes(429)).toBe(false)
    expect(statuses[100]).toBe(429)
  })
})
