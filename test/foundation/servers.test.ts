// /mcp/servers: creation, slugs (docs/decisions/README.md, Foundation), project isolation, 400 bodies naming fields, pagination.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startTestApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

async function create(name: unknown, extra: Record<string, unknown> = {}, key?: string) {
  const res = await app.api('/servers', { body: { name, ...extra }, key })
  expect(res.status).toBe(201)
  return (await res.json()).data as { id: string; slug: string; name: string; url: string; auth: string }
}

describe('servers', () => {
  test('create answers 201 {success, data: {id, slug, name, url}} and the detail adds toolkits and tools', async () => {
    const res = await app.api('/servers', {
      body: { name: 'Weather Tools', display_name: 'Weather', description: 'forecasts' },
    })
    expect(res.status).toBe(201)
    const body = await res.json()
    expect(body.success).toBe(true)
    expect(body.data).toMatchObject({
      slug: 'weather-tools',
      name: 'Weather Tools',
      display_name: 'Weather',
      description: 'forecasts',
      auth: 'api_key',
    })
    expect(body.data.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(body.data.url).toBe(`${app.base}/weather-tools`)
    expect(Date.parse(body.data.created_at)).not.toBeNaN()

    const detail = await (await app.api(`/servers/${body.data.id}`)).json()
    expect(detail.success).toBe(true)
    expect(detail.data).toMatchObject({ id: body.data.id, slug: 'weather-tools' })
    expect(detail.data.toolkits).toBeArray()
    expect(detail.data.tools).toBeArray()
  })

  test('auth defaults to api_key and accepts none', async () => {
    expect((await create('Public one', { auth: 'none' })).auth).toBe('none')
    const bad = await app.api('/servers', { body: { name: 'x', auth: 'open' } })
    expect(bad.status).toBe(400)
    expect((await bad.json()).details.map((d: { field: string }) => d.field)).toEqual(['body.auth'])
  })

  test('slugs: collisions get -2, -3 …', async () => {
    const a = await create('Collide Me')
    const b = await create('collide me')
    const c = await create('COLLIDE  ME!!')
    expect([a.slug, b.slug, c.slug]).toEqual(['collide-me', 'collide-me-2', 'collide-me-3'])
    expect(c.url).toBe(`${app.base}/collide-me-3`)
  })

  test('slugs are unique across projects (the protocol path has no project part)', async () => {
    const other = await app.newProject('slug-other')
    const mine = await create('Shared Name')
    const theirs = await create('Shared Name', {}, other.apiKey)
    expect(mine.slug).toBe('shared-name')
    expect(theirs.slug).toBe('shared-name-2')
  })

  test('slugs: reserved path words get -server', async () => {
    for (const word of ['servers', 'health', 'admin', 'openapi', 'Tools', 'OAuth']) {
      expect((await create(word)).slug).toBe(`${word.toLowerCase()}-server`)
    }
    expect((await create('health')).slug).toBe('health-server-2')
    // Only the exact word is reserved.
    expect((await create('health check')).slug).toBe('health-check')
  })

  test('slugs: odd characters, unicode, emoji, very long names, empty results', async () => {
    expect((await create('  Hello, World!  ')).slug).toBe('hello-world')
    expect((await create('Crème Brûlée')).slug).toBe('creme-brulee')
    expect((await create('rocket 🚀 launcher')).slug).toBe('rocket-launcher')
    expect((await create('a__b--c..d')).slug).toBe('a-b-c-d')
    expect((await create('🚀🚀🚀')).slug).toBe('server')
    expect((await create('日本語')).slug).toBe('server-2')
    expect((await create('---')).slug).toBe('server-3')

    const long = await create(`${'x'.repeat(40)} ${'y'.repeat(40)}`)
    expect(long.slug.length).toBeLessThanOrEqual(63)
    expect(long.slug).toBe(`${'x'.repeat(40)}-${'y'.repeat(22)}`)
    const long2 = await create(`${'x'.repeat(40)} ${'y'.repeat(40)}`)
    expect(long2.slug.length).toBeLessThanOrEqual(63)
    expect(long2.slug).toEndWith('-2')
    expect(long2.slug).not.toBe(long.slug)
    // A cut that lands on a separator leaves no trailing dash.
    const cut = await create(`${'z'.repeat(62)} tail`)
    expect(cut.slug).toBe('z'.repeat(62))
  })

  test('PATCH changes fields but keeps the slug; GET reflects it', async () => {
    const s = await create('Patch Me')
    const res = await app.api(`/servers/${s.id}`, {
      method: 'PATCH',
      body: { name: 'Renamed', description: 'new', auth: 'none' },
    })
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.data).toMatchObject({ id: s.id, slug: 'patch-me', name: 'Renamed', description: 'new', auth: 'none' })
    const got = await (await app.api(`/servers/${s.id}`)).json()
    expect(got.data).toMatchObject({ name: 'Renamed', slug: 'patch-me' })
  })

  test('DELETE removes the server; later reads are 404', async () => {
    const s = await create('Delete Me')
    const del = await app.api(`/servers/${s.id}`, { method: 'DELETE' })
    expect(del.status).toBe(200)
    expect((await del.json()).success).toBe(true)
    const gone = await app.api(`/servers/${s.id}`)
    expect(gone.status).toBe(404)
    expect((await gone.json()).code).toBe('not_found')
    expect((await app.api(`/servers/${s.id}`, { method: 'DELETE' })).status).toBe(404)
    // The slug is free again.
    expect((await create('Delete Me')).slug).toBe('delete-me')
  })

  test('another project cannot see, change or delete a server: 404, and lists do not leak', async () => {
    const a = await app.newProject('iso-a')
    const b = await app.newProject('iso-b')
    const secret = await create('Iso Secret', {}, a.apiKey)
    for (const [method, body] of [['GET'], ['PATCH', { name: 'stolen' }], ['DELETE']] as const) {
      const res = await app.api(`/servers/${secret.id}`, { method, body, key: b.apiKey })
      expect({ method, status: res.status }).toEqual({ method, status: 404 })
      const err = await res.json()
      expect(err.code).toBe('not_found')
      expect(JSON.stringify(err)).not.toContain('Iso Secret')
    }
    const listB = await (await app.api('/servers', { key: b.apiKey })).json()
    expect(listB.data).toEqual([])
    const listA = await (await app.api('/servers', { key: a.apiKey })).json()
    expect(listA.data.map((s: { id: string }) => s.id)).toEqual([secret.id])
    // Untouched by the attempts.
    expect((await (await app.api(`/servers/${secret.id}`, { key: a.apiKey })).json()).data.name).toBe('Iso Secret')
  })

  test('lists are stable-ordered and paginate with limit/cursor', async () => {
    const p = await app.newProject('paging')
    const ids: string[] = []
    for (let i = 0; i < 5; i++) ids.push((await create(`page ${i}`, {}, p.apiKey)).id)
    const first = await (await app.api('/servers?limit=2', { key: p.apiKey })).json()
    expect(first.data.map((s: { id: string }) => s.id)).toEqual(ids.slice(0, 2))
    expect(first.next_cursor).toBeString()
    const second = await (await app.api(`/servers?limit=2&cursor=${first.next_cursor}`, { key: p.apiKey })).json()
    expect(second.data.map((s: { id: string }) => s.id)).toEqual(ids.slice(2, 4))
    const third = await (await app.api(`/servers?limit=2&cursor=${second.next_cursor}`, { key: p.apiKey })).json()
    expect(third.data.map((s: { id: string }) => s.id)).toEqual(ids.slice(4))
    expect(third.next_cursor).toBeUndefined()
  })
})

describe('400 bodies name the bad fields', () => {
  async function expect400(res: Response, fields: string[]) {
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.code).toBe('validation_failed')
    expect(body.request_id).toBe(res.headers.get('x-request-id')!)
    expect(body.details.map((d: { field: string }) => d.field).sort()).toEqual([...fields].sort())
    for (const f of fields) expect(body.error).toContain(f)
    return body
  }

  test('missing name', async () => {
    await expect400(await app.api('/servers', { body: {} }), ['body.name'])
  })

  test('wrong types name each field', async () => {
    await expect400(await app.api('/servers', { body: { name: 42, display_name: false } }), [
      'body.name',
      'body.display_name',
    ])
  })

  test('empty and over-long names', async () => {
    await expect400(await app.api('/servers', { body: { name: '' } }), ['body.name'])
    await expect400(await app.api('/servers', { body: { name: 'n'.repeat(201) } }), ['body.name'])
  })

  test('unknown fields are named, alone or beside other errors, nested too', async () => {
    const body = await expect400(await app.api('/servers', { body: { name: 'ok', nme: 'typo' } }), ['body.nme'])
    expect(body.details).toEqual([{ field: 'body.nme', message: 'unknown field' }])
    await expect400(await app.api('/servers', { body: { nme: 'typo' } }), ['body.name', 'body.nme'])
    await expect400(await app.api('/servers', { body: { name: 'ok', toolkits: [{ toolkit_id: 't', creds: {} }] } }), [
      'body.toolkits.0.creds',
    ])
    // PATCH too.
    const s = (await (await app.api('/servers', { body: { name: 'patch-strict' } })).json()).data
    await expect400(await app.api(`/servers/${s.id}`, { method: 'PATCH', body: { colour: 'red' } }), ['body.colour'])
    // Nothing was created or changed by the rejected requests.
    const list = await (await app.api('/servers')).json()
    expect(list.data.filter((x: { name: string }) => x.name === 'ok')).toEqual([])
  })

  test('a body that is not JSON', async () => {
    const res = await app.api('/servers', { body: '{"name": ' })
    expect(res.status).toBe(400)
    expect((await res.json()).code).toBe('invalid_json')
  })

  test('bad query parameters name the parameter', async () => {
    await expect400(await app.api('/servers?limit=0'), ['query.limit'])
    await expect400(await app.api('/servers?limit=100000'), ['query.limit'])
    await expect400(await app.api('/servers?limit=lots'), ['query.limit'])
    const badCursor = await app.api('/servers?cursor=nonsense')
    expect(badCursor.status).toBe(400)
    expect((await badCursor.json()).details[0].field).toBe('cursor')
  })
})
