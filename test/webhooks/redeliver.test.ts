// Failed webhook deliveries are kept, listed and sent again (README, "webhooks"; docs/reliability.md): a real receiver
// on 127.0.0.1 that is down until the test brings it up. A re-send keeps the delivery's webhook-id. Both backends.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Webhook } from 'standardwebhooks'
import { startTestApp, type TestApp } from '../helpers/app'
import { waitFor } from '../helpers/poll'
import { startReceiver } from '../helpers/webhook-receiver'

let app: TestApp
let up = false
// Answers 503 while "down", 200 once up: each delivery fails all four attempts, then a re-send succeeds.
const rx = startReceiver(() => (up ? 200 : 503))
let sub: { id: string; secret: string }

beforeAll(async () => {
  app = await startTestApp({
    TOOLYARD_WEBHOOK_RETRY_BASE_MS: '10',
    TOOLYARD_WEBHOOK_TIMEOUT_MS: '2000',
    TOOLYARD_ALLOW_PRIVATE_EGRESS: 'true',
  })
  const res = await app.api('/subscribe', { body: { callback_url: rx.url } })
  expect(res.status).toBe(201)
  sub = (await res.json()) as typeof sub
})
afterAll(async () => {
  await app.stop()
  await rx.stop()
})

async function publish(uri: string) {
  const deps = app.server.deps
  await deps.store.tx(() =>
    deps.events.publishResource({
      type: 'resource.updated',
      projectId: app.projectId,
      serverId: 'srv',
      uri,
      name: uri,
      at: new Date().toISOString(),
    }),
  )
}

interface Delivery {
  id: string
  status: string
  attempts: { n: number; status?: number }[]
  payload: { resource: { uri: string } }
}

async function deliveries(query = ''): Promise<Delivery[]> {
  const res = await app.api(`/subscriptions/${sub.id}/deliveries${query}`)
  expect(res.status).toBe(200)
  return ((await res.json()) as { deliveries: Delivery[] }).deliveries
}

const byUri = (list: Delivery[], uri: string) => list.find((d) => d.payload.resource.uri === uri)
const headersOf = (id: string) => rx.received.filter((r) => r.headers['webhook-id'] === id)

describe('failed deliveries', () => {
  let failedA: Delivery
  let failedB: Delivery
  let since: string

  test('a delivery that used up its retries is kept and listed with status=failed', async () => {
    since = new Date(Date.now() - 1000).toISOString()
    await publish('docs://a')
    await publish('docs://b')
    const failed = await waitFor('both failed', async () => {
      const list = await deliveries('?status=failed')
      return list.length === 2 ? list : null
    })
    failedA = byUri(failed, 'docs://a')!
    failedB = byUri(failed, 'docs://b')!
    expect(failedA.attempts.map((a) => a.n)).toEqual([1, 2, 3, 4])
    expect(headersOf(failedA.id).length).toBe(4)
    expect(await deliveries('?status=delivered')).toEqual([])
    expect((await deliveries()).length).toBe(2)
  }, 30_000)

  test('redeliver one: it arrives again with the same webhook-id, signed, and is listed delivered', async () => {
    up = true
    const res = await app.api(`/subscriptions/${sub.id}/deliveries/${failedA.id}/redeliver`, { method: 'POST' })
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ id: failedA.id, status: 'pending' })
    const sent = await waitFor('the re-send', () => (headersOf(failedA.id).length === 5 ? headersOf(failedA.id) : null))
    const last = sent[4]!
    expect(last.headers['webhook-id']).toBe(failedA.id)
    expect(new Set(sent.map((r) => r.body)).size).toBe(1)
    expect(() => new Webhook(sub.secret).verify(last.body, last.headers as never)).not.toThrow()
    const a = await waitFor('delivered', async () => {
      const d = byUri(await deliveries('?status=delivered'), 'docs://a')
      return d ?? null
    })
    expect(a.id).toBe(failedA.id)
    expect(a.attempts.map((x) => x.n)).toEqual([1, 2, 3, 4, 5])
    expect(a.attempts[4]!.status).toBe(200)
    // B was not touched: still failed, never sent a fifth time.
    expect((await deliveries('?status=failed')).map((d) => d.id)).toEqual([failedB.id])
    expect(headersOf(failedB.id).length).toBe(4)
  }, 30_000)

  test('redeliver since: every failed delivery since the time is queued, counted, and arrives with its webhook-id', async () => {
    const later = await app.api(`/subscriptions/${sub.id}/redeliver`, {
      body: { since: new Date(Date.now() + 60_000).toISOString() },
    })
    expect(later.status).toBe(202)
    expect(((await later.json()) as { queued: number }).queued).toBe(0)

    const res = await app.api(`/subscriptions/${sub.id}/redeliver`, { body: { since } })
    expect(res.status).toBe(202)
    const body = (await res.json()) as { queued: number; remaining: number }
    expect(body.queued).toBe(1)
    expect(body.remaining).toBe(0)
    const sent = await waitFor('B re-sent', () => (headersOf(failedB.id).length === 5 ? headersOf(failedB.id) : null))
    expect(sent[4]!.headers['webhook-id']).toBe(failedB.id)
    await waitFor('B delivered', async () => ((await deliveries('?status=failed')).length === 0 ? true : null))
  }, 30_000)
})

describe('refusals', () => {
  test('an unknown delivery or subscription is 404; another project sees 404', async () => {
    const [someDelivery] = await deliveries()
    const unknownDelivery = await app.api(`/subscriptions/${sub.id}/deliveries/nope/redeliver`, { method: 'POST' })
    expect(unknownDelivery.status).toBe(404)
    const unknownSub = await app.api('/subscriptions/nope/deliveries/nope/redeliver', { method: 'POST' })
    expect(unknownSub.status).toBe(404)
    expect((await app.api('/subscriptions/nope/redeliver', { body: { since: '2026-01-01T00:00:00Z' } })).status).toBe(
      404,
    )
    const other = await app.newProject('other')
    const theirs = await app.api(`/subscriptions/${sub.id}/deliveries/${someDelivery!.id}/redeliver`, {
      method: 'POST',
      key: other.apiKey,
    })
    expect(theirs.status).toBe(404)
    expect((await app.api(`/subscriptions/${sub.id}/deliveries`, { key: other.apiKey })).status).toBe(404)
  })

  test('an mcp-role key may not re-send (403): these are admin routes like the other subscription routes', async () => {
    const made = await app.api('/keys', { body: { name: 'client only', role: 'mcp' } })
    const mcpKey = ((await made.json()) as { api_key: string }).api_key
    const [someDelivery] = await deliveries()
    const one = await app.api(`/subscriptions/${sub.id}/deliveries/${someDelivery!.id}/redeliver`, {
      method: 'POST',
      key: mcpKey,
    })
    expect(one.status).toBe(403)
    const since = await app.api(`/subscriptions/${sub.id}/redeliver`, {
      body: { since: '2026-01-01T00:00:00Z' },
      key: mcpKey,
    })
    expect(since.status).toBe(403)
  })

  test('a delivery still pending is 409: its own retries will send it', async () => {
    const id = `pending-${Date.now()}`
    const future = new Date(Date.now() + 3_600_000).toISOString()
    await app.sql(
      `INSERT INTO webhook_deliveries (id, subscription_id, event, payload, status, attempts, next_attempt_at, created_at)
       VALUES ($id, $sub, 'resource.updated', '{}', 'pending', 1, $future, $now)`,
      { id, sub: sub.id, future, now: new Date().toISOString() },
    )
    const res = await app.api(`/subscriptions/${sub.id}/deliveries/${id}/redeliver`, { method: 'POST' })
    expect(res.status).toBe(409)
    expect(((await res.json()) as { error: string }).error).toContain('pending')
    await app.sql('DELETE FROM webhook_deliveries WHERE id = $id', { id })
  })

  test('a bad since or status is 400 naming the field', async () => {
    const bad = await app.api(`/subscriptions/${sub.id}/redeliver`, { body: { since: 'yesterday' } })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(await bad.json())).toContain('since')
    const missing = await app.api(`/subscriptions/${sub.id}/redeliver`, { body: {} })
    expect(missing.status).toBe(400)
    const status = await app.api(`/subscriptions/${sub.id}/deliveries?status=lost`)
    expect(status.status).toBe(400)
    expect(JSON.stringify(await status.json())).toContain('status')
  })
})

describe('retention (TOOLYARD_WEBHOOK_FAILED_DAYS)', () => {
  test('the pruning job deletes failed deliveries older than the setting and keeps recent ones', async () => {
    up = false
    await publish('docs://old')
    await publish('docs://recent')
    const failed = await waitFor('two failed', async () => {
      const list = await deliveries('?status=failed')
      return list.length === 2 ? list : null
    })
    const old = byUri(failed, 'docs://old')!
    const eightDays = new Date(Date.now() - 8 * 86_400_000).toISOString()
    await app.sql('UPDATE webhook_attempts SET at = $at WHERE delivery_id = $id', { at: eightDays, id: old.id })
    await app.sql('UPDATE webhook_deliveries SET created_at = $at WHERE id = $id', { at: eightDays, id: old.id })
    expect(await app.server.deps.pruneFailedWebhooks()).toBe(1)
    const left = await deliveries('?status=failed')
    expect(left.map((d) => d.payload.resource.uri)).toEqual(['docs://recent'])
    // Delivered ones are not the job's: both re-sent deliveries are still listed.
    expect((await deliveries('?status=delivered')).length).toBe(2)
  }, 30_000)
})
