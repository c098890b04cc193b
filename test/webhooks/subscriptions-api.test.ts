// REST behaviour of subscriptions: shapes, the secret shown once, updates, removal, validation and project isolation.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

describe('project subscriptions', () => {
  test('subscribe answers 201 with the record and a whsec_ secret, which is never shown again', async () => {
    const { status, body } = await call(app, '/subscribe', { body: { callback_url: 'https://example.com/hook' } })
    expect(status).toBe(201)
    expect(body).toMatchObject({ callback_url: 'https://example.com/hook', status: 'active' })
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(Date.parse(body.created_at)).not.toBeNaN()
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(Buffer.from(body.secret.slice(6), 'base64').length).toBe(32)
    expect(body.uri).toBeUndefined()

    const list = await call(app, '/subscriptions')
    expect(list.status).toBe(200)
    const mine = list.body.subscriptions.find((s: any) => s.id === body.id)
    expect(mine).toMatchObject({
      id: body.id,
      callback_url: 'https://example.com/hook',
      status: 'active',
      created_at: body.created_at,
    })
    expect(JSON.stringify(list.body)).not.toContain(body.secret)

    // At rest the secret is sealed (AES-256-GCM with the project's data key), never the plain whsec_ value.
    const [stored] = await app.sql('SELECT secret FROM subscriptions WHERE id = $id', { id: body.id })
    expect(stored?.secret).not.toContain(body.secret.slice(6))
    expect(stored?.secret).toStartWith('v1.')
  })

  test('PUT /subscriptions/:id and POST /subscription/update change the callback URL', async () => {
    const created = (await call(app, '/subscribe', { body: { callback_url: 'https://a.example/one' } })).body
    const put = await call(app, `/subscriptions/${created.id}`, {
      method: 'PUT',
      body: { callback_url: 'https://a.example/two' },
    })
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({ id: created.id, callback_url: 'https://a.example/two', status: 'active' })
    expect(put.body.secret).toBeUndefined()

    const alt = await call(app, '/subscription/update', {
      body: { subscription_id: created.id, callback_url: 'http://a.example/three' },
    })
    expect(alt.status).toBe(200)
    expect(alt.body.callback_url).toBe('http://a.example/three')
    const list = (await call(app, '/subscriptions')).body
    expect(list.subscriptions.find((s: any) => s.id === created.id).callback_url).toBe('http://a.example/three')
  })

  test('unsubscribe removes it; a second time is 404', async () => {
    const created = (await call(app, '/subscribe', { body: { callback_url: 'https://b.example/' } })).body
    const del = await call(app, '/unsubscribe', { body: { subscription_id: created.id } })
    expect(del.status).toBe(200)
    expect(del.body).toEqual({ id: created.id, deleted: true })
    const list = (await call(app, '/subscriptions')).body
    expect(list.subscriptions.some((s: any) => s.id === created.id)).toBe(false)
    const again = await call(app, '/unsubscribe', { body: { subscription_id: created.id } })
    expect(again.status).toBe(404)
    expect(again.body.code).toBe('not_found')
  })

  test('callback_url must be http(s); unknown fields and missing fields are 400 naming the field', async () => {
    for (const callback_url of ['ftp://example.com/x', 'example.com/hook', 'javascript:alert(1)', '']) {
      const r = await call(app, '/subscribe', { body: { callback_url } })
      expect(r.status).toBe(400)
      expect(r.body.details.some((d: any) => d.field === 'body.callback_url')).toBe(true)
    }
    const missing = await call(app, '/subscribe', { body: {} })
    expect(missing.status).toBe(400)
    expect(missing.body.details.some((d: any) => d.field === 'body.callback_url')).toBe(true)
    const extra = await call(app, '/subscribe', { body: { callback_url: 'https://x.example/', events: ['all'] } })
    expect(extra.status).toBe(400)
    expect(extra.body.details.some((d: any) => d.field === 'body.events')).toBe(true)
    const badPut = await call(app, '/subscription/update', {
      body: { subscription_id: 'x', callback_url: 'gopher://x' },
    })
    expect(badPut.status).toBe(400)
  })

  test('a key is required (401) and another project sees 404, never the record', async () => {
    expect((await app.api('/subscribe', { body: { callback_url: 'https://x.example/' }, key: null })).status).toBe(401)
    expect((await app.api('/subscriptions', { key: 'tyk_nope' })).status).toBe(401)
    const created = (await call(app, '/subscribe', { body: { callback_url: 'https://mine.example/' } })).body
    const other = await app.newProject('other-subs')
    const theirs = await call(app, '/subscriptions', { key: other.apiKey })
    expect(theirs.body.subscriptions).toEqual([])
    expect(
      (
        await app.api(`/subscriptions/${created.id}`, {
          method: 'PUT',
          body: { callback_url: 'https://evil.example/' },
          key: other.apiKey,
        })
      ).status,
    ).toBe(404)
    expect((await app.api('/unsubscribe', { body: { subscription_id: created.id }, key: other.apiKey })).status).toBe(
      404,
    )
    expect((await app.api(`/subscriptions/${created.id}/deliveries`, { key: other.apiKey })).status).toBe(404)
    expect((await app.api(`/webhooks/${created.id}`, { body: { uri: 'x://y' }, key: other.apiKey })).status).toBe(404)
    // Still intact for its owner.
    const mine = (await call(app, '/subscriptions')).body
    expect(mine.subscriptions.find((s: any) => s.id === created.id).callback_url).toBe('https://mine.example/')
  })

  test('lists page with limit and cursor', async () => {
    const p = await app.newProject('paging-subs')
    for (let i = 0; i < 3; i++)
      await app.api('/subscribe', { body: { callback_url: `https://p.example/${i}` }, key: p.apiKey })
    const first = (await call(app, '/subscriptions?limit=2', { key: p.apiKey })).body
    expect(first.subscriptions.length).toBe(2)
    expect(first.next_cursor).toBeString()
    const second = (await call(app, `/subscriptions?limit=2&cursor=${first.next_cursor}`, { key: p.apiKey })).body
    expect(second.subscriptions.map((s: any) => s.callback_url)).toEqual(['https://p.example/2'])
    expect(second.next_cursor).toBeUndefined()
  })
})

describe('resource subscriptions', () => {
  test('subscribe to a uri (even one not registered yet), list, and unsubscribe by uri', async () => {
    const p = await app.newProject('res-subs')
    const a = await call(app, '/resources/subscribe', {
      body: { uri: 'docs://readme', callback_url: 'https://r.example/1' },
      key: p.apiKey,
    })
    expect(a.status).toBe(201)
    expect(a.body).toMatchObject({ uri: 'docs://readme', callback_url: 'https://r.example/1', status: 'active' })
    expect(a.body.secret).toMatch(/^whsec_/)
    await app.api('/resources/subscribe', {
      body: { uri: 'docs://readme', callback_url: 'https://r.example/2' },
      key: p.apiKey,
    })
    await app.api('/resources/subscribe', {
      body: { uri: 'docs://other', callback_url: 'https://r.example/3' },
      key: p.apiKey,
    })
    await app.api('/subscribe', { body: { callback_url: 'https://r.example/project' }, key: p.apiKey })

    const listed = await call(app, '/resources/subscriptions', { method: 'POST', key: p.apiKey })
    expect(listed.status).toBe(200)
    expect(listed.body.subscriptions.map((s: any) => s.callback_url)).toEqual([
      'https://r.example/1',
      'https://r.example/2',
      'https://r.example/3',
    ])
    expect(listed.body.subscriptions.every((s: any) => s.uri && !s.secret)).toBe(true)
    const narrowed = (await call(app, '/resources/subscriptions', { body: { uri: 'docs://other' }, key: p.apiKey }))
      .body
    expect(narrowed.subscriptions.map((s: any) => s.uri)).toEqual(['docs://other'])
    // GET /subscriptions shows both kinds; resource ones carry their uri.
    const all = (await call(app, '/subscriptions', { key: p.apiKey })).body.subscriptions
    expect(all.length).toBe(4)
    expect(all.filter((s: any) => s.uri === undefined).map((s: any) => s.callback_url)).toEqual([
      'https://r.example/project',
    ])

    const un = await call(app, '/resources/unsubscribe', { body: { uri: 'docs://readme' }, key: p.apiKey })
    expect(un.status).toBe(200)
    expect(un.body.uri).toBe('docs://readme')
    expect(un.body.deleted.length).toBe(2)
    const after = (await call(app, '/resources/subscriptions', { method: 'POST', key: p.apiKey })).body
    expect(after.subscriptions.map((s: any) => s.uri)).toEqual(['docs://other'])
    const none = await call(app, '/resources/unsubscribe', { body: { uri: 'docs://readme' }, key: p.apiKey })
    expect(none.status).toBe(404)
  })

  test('uri and callback_url are required', async () => {
    const r = await call(app, '/resources/subscribe', { body: { callback_url: 'https://r.example/' } })
    expect(r.status).toBe(400)
    expect(r.body.details.some((d: any) => d.field === 'body.uri')).toBe(true)
    const u = await call(app, '/resources/unsubscribe', { body: {} })
    expect(u.status).toBe(400)
  })
})

describe('webhook endpoints', () => {
  test('POST /webhooks/list names the three resource events, approval.requested and toolkit.changed', async () => {
    const r = await call(app, '/webhooks/list', { method: 'POST' })
    expect(r.status).toBe(200)
    expect(r.body.events.map((e: any) => e.name)).toEqual([
      'resource.created',
      'resource.updated',
      'resource.deleted',
      'approval.requested',
      'toolkit.changed',
    ])
    expect(r.body.events.every((e: any) => typeof e.description === 'string' && e.description.length > 0)).toBe(true)
  })

  test('inbound webhook: unknown subscription → 404; unknown uri → 404; a project subscription needs a uri → 400', async () => {
    expect(
      (await app.api('/webhooks/01900000-0000-7000-8000-000000000000', { body: { uri: 'docs://x' } })).status,
    ).toBe(404)
    const sub = (await call(app, '/subscribe', { body: { callback_url: 'https://in.example/' } })).body
    const unknown = await call(app, `/webhooks/${sub.id}`, {
      body: { uri: 'docs://no-such-resource', anything: { from: 'github' } },
    })
    expect(unknown.status).toBe(404)
    const noUri = await call(app, `/webhooks/${sub.id}`, { body: { action: 'push' } })
    expect(noUri.status).toBe(400)
    expect(noUri.body.details[0].field).toBe('body.uri')
    expect((await app.api(`/webhooks/${sub.id}`, { body: { uri: 'docs://x' }, key: null })).status).toBe(401)
  })

  test('a new subscription has no deliveries', async () => {
    const sub = (await call(app, '/subscribe', { body: { callback_url: 'https://in.example/' } })).body
    const r = await call(app, `/subscriptions/${sub.id}/deliveries`)
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ deliveries: [] })
  })
})

describe('the per-project cap under concurrency', () => {
  test('120 creations at once: exactly TOOLYARD_MAX_SUBSCRIPTIONS_PER_PROJECT (100) succeed, the rest limit_reached', async () => {
    const p = await app.newProject('cap-concurrent')
    const { subscriptions } = app.server.deps
    const results = await Promise.allSettled(
      Array.from({ length: 120 }, (_, i) =>
        subscriptions.create(p.projectId, null, { callback_url: `https://example.com/hook/${i}` }),
      ),
    )
    const refused = results.filter((r) => r.status === 'rejected').map((r) => (r.reason as { code?: string }).code)
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(100)
    expect(refused).toEqual(Array(20).fill('limit_reached'))
    expect((await subscriptions.list(p.projectId, 200)).subscriptions).toHaveLength(100)
  })
})
