// End to end through the resources REST API: create, update and delete a resource, and an inbound report,
// each fanned out as a signed webhook to project and resource subscribers.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { Webhook } from 'standardwebhooks'
import { call } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { waitFor } from '../helpers/poll'
import { startReceiver } from '../helpers/webhook-receiver'

let app: TestApp
const projectRx = startReceiver()
const resourceRx = startReceiver()
const otherRx = startReceiver()

beforeAll(async () => {
  app = await startTestApp({ TOOLYARD_WEBHOOK_RETRY_BASE_MS: '50' })
})
afterAll(async () => {
  await app.stop()
  for (const r of [projectRx, resourceRx, otherRx]) await r.stop()
})

const post = (path: string, body: unknown, method = 'POST') => call(app, path, { method, body })

test('resource created, updated, reported changed and deleted reach their subscribers, signed', async () => {
  const server = await post('/servers', { name: 'webhook events' })
  expect(server.status).toBe(201)
  const serverId = server.body.data.id

  const projectSub = await post('/subscribe', { callback_url: projectRx.url })
  const resourceSub = await post('/resources/subscribe', { uri: 'notes://today', callback_url: resourceRx.url })
  const otherSub = await post('/resources/subscribe', { uri: 'notes://elsewhere', callback_url: otherRx.url })
  expect([projectSub.status, resourceSub.status, otherSub.status]).toEqual([201, 201, 201])

  const created = await post('/resources', {
    server_id: serverId,
    name: 'Today',
    uri: 'notes://today',
    resource_type: 'static',
    content: 'v1',
  })
  expect(created.status).toBe(201)
  // Pending deliveries are in SQLite before the API call answers (docs/decisions/README.md, Subscriptions and webhooks).
  const pendingNow = ((await (await app.api(`/subscriptions/${projectSub.body.id}/deliveries`)).json()) as any)
    .deliveries
  expect(pendingNow.map((d: any) => d.event)).toEqual(['resource.created'])
  await waitFor('created delivered to both', () => projectRx.received.length === 1 && resourceRx.received.length === 1)

  const patched = await post(`/resources/${created.body.id}`, { name: 'Today (edited)', content: 'v2' }, 'PATCH')
  expect(patched.status).toBe(200)
  await waitFor('updated delivered to both', () => projectRx.received.length === 2 && resourceRx.received.length === 2)

  // Inbound: an external service reports the resource changed.
  const inbound = await post(`/webhooks/${resourceSub.body.id}`, {
    uri: 'notes://today',
    source: 'github',
    ref: 'main',
  })
  expect(inbound.status).toBe(202)
  expect(inbound.body.accepted).toBe(true)
  await waitFor('inbound fanned out', () => projectRx.received.length === 3 && resourceRx.received.length === 3)

  const deleted = await app.api(`/resources/${created.body.id}`, { method: 'DELETE' })
  expect(deleted.status).toBeLessThan(300)
  await waitFor('deleted delivered to both', () => projectRx.received.length === 4 && resourceRx.received.length === 4)

  for (const [rx, sub] of [
    [projectRx, projectSub.body],
    [resourceRx, resourceSub.body],
  ] as const) {
    const events = rx.received.map((r) => new Webhook(sub.secret).verify(r.body, r.headers as any) as any)
    expect(events.map((e) => e.event)).toEqual([
      'resource.created',
      'resource.updated',
      'resource.updated',
      'resource.deleted',
    ])
    expect(events.map((e) => e.resource)).toEqual([
      { uri: 'notes://today', name: 'Today' },
      { uri: 'notes://today', name: 'Today (edited)' },
      { uri: 'notes://today', name: 'Today (edited)' },
      { uri: 'notes://today', name: 'Today (edited)' },
    ])
    expect(events.every((e) => e.subscription_id === sub.id && Object.keys(e).length === 4)).toBe(true)
  }

  const log = ((await (await app.api(`/subscriptions/${resourceSub.body.id}/deliveries`)).json()) as any).deliveries
  await waitFor('all marked delivered', async () => {
    const list = ((await (await app.api(`/subscriptions/${resourceSub.body.id}/deliveries`)).json()) as any).deliveries
    return list.length === 4 && list.every((d: any) => d.status === 'delivered' && d.attempts.length === 1)
  })
  expect(log.length).toBe(4)
  // The subscription to another uri heard nothing.
  expect(otherRx.received.length).toBe(0)
}, 30000)

test("a resource subscription's inbound webhook without a uri reports its own resource", async () => {
  const server = await post('/servers', { name: 'inbound default' })
  const rx = startReceiver()
  try {
    await post('/resources', {
      server_id: server.body.data.id,
      name: 'Feed',
      uri: 'feed://main',
      resource_type: 'static',
      content: 'x',
    })
    const sub = await post('/resources/subscribe', { uri: 'feed://main', callback_url: rx.url })
    const r = await post(`/webhooks/${sub.body.id}`, { action: 'synchronize' })
    expect(r.status).toBe(202)
    expect(r.body.uri).toBe('feed://main')
    await waitFor('resource.updated', () => rx.received.length === 1)
    expect(rx.received[0]!.json.event).toBe('resource.updated')
    // A uri the project does not have is 404.
    expect((await post(`/webhooks/${sub.body.id}`, { uri: 'feed://nope' })).status).toBe(404)
  } finally {
    await rx.stop()
  }
}, 30000)
