// Webhook delivery with real receivers: signatures, exact payloads, fan-out filters, retries and time-outs.
// Events are published the way the resources feature does: deps.events.publishResource awaited as the last step of a
// transaction.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Webhook } from 'standardwebhooks'
import type { ResourceEventType } from '../../src/lib/events'
import { startTestApp, type TestApp } from '../helpers/app'
import { waitFor } from '../helpers/poll'
import { startReceiver } from '../helpers/webhook-receiver'

let app: TestApp
const receivers: ReturnType<typeof startReceiver>[] = []
const receiver = (script?: Parameters<typeof startReceiver>[0]) => {
  const r = startReceiver(script)
  receivers.push(r)
  return r
}

beforeAll(async () => {
  app = await startTestApp({ TOOLYARD_WEBHOOK_RETRY_BASE_MS: '10', TOOLYARD_WEBHOOK_TIMEOUT_MS: '500' })
})
afterAll(async () => {
  await app.stop()
  for (const r of receivers) await r.stop()
})

async function publish(projectId: string, type: ResourceEventType, uri: string, name = 'Readme') {
  const deps = app.server.deps
  await deps.store.tx(() =>
    deps.events.publishResource({ type, projectId, serverId: 'srv', uri, name, at: new Date().toISOString() }),
  )
}

async function subscribe(key: string, callback_url: string, uri?: string): Promise<{ id: string; secret: string }> {
  const res = await app.api(uri ? '/resources/subscribe' : '/subscribe', {
    body: uri ? { uri, callback_url } : { callback_url },
    key,
  })
  expect(res.status).toBe(201)
  return (await res.json()) as any
}

async function deliveries(subscriptionId: string, key = app.apiKey): Promise<any[]> {
  const res = await app.api(`/subscriptions/${subscriptionId}/deliveries`, { key })
  expect(res.status).toBe(200)
  return ((await res.json()) as any).deliveries
}

const settled = (d: any) => d.status !== 'pending'

describe('signed deliveries', () => {
  test('a delivery is signed (Standard Webhooks), carries the exact payload, and the deliveries log shows it', async () => {
    const p = await app.newProject('signed')
    const rx = receiver()
    const sub = await subscribe(p.apiKey, rx.url)
    await publish(p.projectId, 'resource.updated', 'docs://readme', 'Readme')

    const [got] = await waitFor('the delivery', () => (rx.received.length ? rx.received : null))
    expect(got!.headers['content-type']).toBe('application/json')
    expect(got!.headers['webhook-id']).toMatch(/^[0-9a-f-]{36}$/)
    // Verification throws on a bad signature or stale timestamp; it returns the parsed payload.
    const verified = new Webhook(sub.secret).verify(got!.body, {
      'webhook-id': got!.headers['webhook-id']!,
      'webhook-timestamp': got!.headers['webhook-timestamp']!,
      'webhook-signature': got!.headers['webhook-signature']!,
    }) as any
    expect(Object.keys(verified).sort()).toEqual(['event', 'resource', 'subscription_id', 'timestamp'])
    expect(verified.event).toBe('resource.updated')
    expect(verified.subscription_id).toBe(sub.id)
    expect(verified.resource).toEqual({ uri: 'docs://readme', name: 'Readme' })
    expect(new Date(verified.timestamp).toISOString()).toBe(verified.timestamp)

    // Another secret does not verify it.
    const other = await subscribe(p.apiKey, 'https://unused.example/')
    expect(() => new Webhook(other.secret).verify(got!.body, got!.headers as any)).toThrow()

    const [d] = await waitFor('delivered status', async () => {
      const list = await deliveries(sub.id, p.apiKey)
      return list.length === 1 && list[0].status === 'delivered' ? list : null
    })
    expect(d.id).toBe(got!.headers['webhook-id'])
    expect(d.event).toBe('resource.updated')
    expect(d.attempts.length).toBe(1)
    expect(d.attempts[0]).toMatchObject({ n: 1, status: 200 })
    expect(d.attempts[0].duration_ms).toBeNumber()
    expect(d.delivered_at).toBeString()
    expect(d.next_attempt_at).toBeUndefined()
    expect(d.payload).toEqual(verified)
  }, 30000)

  test('project subscriptions get every event; resource subscriptions only their uri', async () => {
    const p = await app.newProject('fanout')
    const all = receiver()
    const one = receiver()
    const projectSub = await subscribe(p.apiKey, all.url)
    const resourceSub = await subscribe(p.apiKey, one.url, 'docs://a')
    // Another project's event reaches nobody here.
    const q = await app.newProject('fanout-other')
    await publish(q.projectId, 'resource.updated', 'docs://a')

    await publish(p.projectId, 'resource.created', 'docs://a', 'A')
    await publish(p.projectId, 'resource.created', 'docs://b', 'B')
    await publish(p.projectId, 'resource.updated', 'docs://a', 'A2')
    await publish(p.projectId, 'resource.deleted', 'docs://a', 'A2')

    await waitFor('four project deliveries', () => all.received.length >= 4)
    await waitFor('three resource deliveries', () => one.received.length >= 3)
    const seen = (rx: typeof all) =>
      rx.received.map((r) => `${r.json.event} ${r.json.resource.uri} ${r.json.resource.name}`).sort()
    expect(seen(all)).toEqual(
      [
        'resource.created docs://a A',
        'resource.created docs://b B',
        'resource.deleted docs://a A2',
        'resource.updated docs://a A2',
      ].sort(),
    )
    expect(seen(one)).toEqual(
      ['resource.created docs://a A', 'resource.deleted docs://a A2', 'resource.updated docs://a A2'].sort(),
    )
    expect(all.received.every((r) => r.json.subscription_id === projectSub.id)).toBe(true)
    expect(one.received.every((r) => r.json.subscription_id === resourceSub.id)).toBe(true)
    // Webhook ids are unique per delivery.
    expect(new Set([...all.received, ...one.received].map((r) => r.headers['webhook-id'])).size).toBe(7)
    // Nothing more arrives (e.g. the other project's event).
    await waitFor('all marked delivered', async () =>
      (await deliveries(projectSub.id, p.apiKey)).every((d) => d.status === 'delivered'),
    )
    expect(all.received.length).toBe(4)
    expect(one.received.length).toBe(3)
  }, 30000)

  test('subscribing emits no event, and an unsubscribed subscription receives nothing more', async () => {
    const p = await app.newProject('quiet')
    const watcher = receiver()
    await subscribe(p.apiKey, watcher.url)
    const rx = receiver()
    const sub = await subscribe(p.apiKey, rx.url)
    expect((await app.api('/unsubscribe', { body: { subscription_id: sub.id }, key: p.apiKey })).status).toBe(200)
    await publish(p.projectId, 'resource.updated', 'docs://q')
    await waitFor('the remaining subscriber', () => watcher.received.length === 1)
    expect(watcher.received[0]!.json.event).toBe('resource.updated')
    expect(rx.received.length).toBe(0)
  }, 30000)
})

describe('retries', () => {
  test('a receiver that fails twice then succeeds gets it on the third attempt', async () => {
    const p = await app.newProject('flaky')
    const rx = receiver((n) => (n <= 2 ? 500 : 204))
    const sub = await subscribe(p.apiKey, rx.url)
    await publish(p.projectId, 'resource.updated', 'docs://flaky')

    const [d] = await waitFor('delivered', async () => {
      const list = await deliveries(sub.id, p.apiKey)
      return list[0]?.status === 'delivered' ? list : null
    })
    expect(rx.received.length).toBe(3)
    expect(d.attempts.map((a: any) => a.status)).toEqual([500, 500, 204])
    expect(d.attempts[0].error).toContain('500')
    expect(d.attempts[2].error).toBeUndefined()
    // Same webhook-id and body on every retry, so receivers can de-duplicate.
    expect(new Set(rx.received.map((r) => r.headers['webhook-id'])).size).toBe(1)
    expect(new Set(rx.received.map((r) => r.body)).size).toBe(1)
    for (const r of rx.received) expect(() => new Webhook(sub.secret).verify(r.body, r.headers as any)).not.toThrow()
  }, 30000)

  test('a receiver that always fails gets exactly 4 attempts, then the delivery is failed', async () => {
    const p = await app.newProject('down')
    const rx = receiver(() => 503)
    const sub = await subscribe(p.apiKey, rx.url)
    await publish(p.projectId, 'resource.deleted', 'docs://gone')

    const [d] = await waitFor('failed', async () => {
      const list = await deliveries(sub.id, p.apiKey)
      return list[0] && settled(list[0]) ? list : null
    })
    expect(d.status).toBe('failed')
    expect(d.attempts.map((a: any) => a.n)).toEqual([1, 2, 3, 4])
    expect(d.attempts.every((a: any) => a.status === 503)).toBe(true)
    expect(d.next_attempt_at).toBeUndefined()
    expect(d.delivered_at).toBeUndefined()
    expect(rx.received.length).toBe(4)
    // Attempts are spaced by the growing backoff (base × 4^(n-1)); they are in order.
    const times = d.attempts.map((a: any) => Date.parse(a.at))
    expect([...times].sort((a, b) => a - b)).toEqual(times)
  }, 30000)

  test('a receiver that hangs is cut at the time-out and the delivery retried', async () => {
    const p = await app.newProject('hang')
    const rx = receiver((n) => (n === 1 ? 'hang' : 200))
    const sub = await subscribe(p.apiKey, rx.url)
    await publish(p.projectId, 'resource.updated', 'docs://slow')

    const [d] = await waitFor('delivered after a time-out', async () => {
      const list = await deliveries(sub.id, p.apiKey)
      return list[0]?.status === 'delivered' ? list : null
    })
    expect(d.attempts.length).toBe(2)
    expect(d.attempts[0].status).toBeUndefined()
    expect(d.attempts[0].error).toContain('timed out')
    expect(d.attempts[1].status).toBe(200)
    expect(rx.received.length).toBe(2)
  }, 30000)

  test('a receiver that is not listening counts as a failed attempt with a clear error', async () => {
    const p = await app.newProject('refused-conn')
    const rx = receiver()
    const url = rx.url
    await rx.stop()
    const sub = await subscribe(p.apiKey, url)
    await publish(p.projectId, 'resource.updated', 'docs://x')
    const [d] = await waitFor('failed', async () => {
      const list = await deliveries(sub.id, p.apiKey)
      return list[0] && settled(list[0]) ? list : null
    })
    expect(d.status).toBe('failed')
    expect(d.attempts.length).toBe(4)
    expect(d.attempts[0].error).toMatch(/egress failed/)
  }, 30000)
})
