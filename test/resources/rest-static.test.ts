// REST: registering, listing, reading, updating and deleting resources; static content; templates; events.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { ToolyardEvent } from '../../src/lib/events'
import { waitFor } from '../helpers/poll'
import { type ResourceFixture, resourceFixture } from '../helpers/resources'

let f: ResourceFixture
const events: ToolyardEvent[] = []
beforeAll(async () => {
  f = await resourceFixture()
  f.app.server.deps.events.subscribe((e) => events.push(e))
})
afterAll(async () => {
  await f.app.stop()
})

describe('registration', () => {
  test('applies the defaults and returns the record', async () => {
    const r = await f.create({ name: 'Readme', uri: 'docs://readme', resource_type: 'static', content: 'hello' })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      server_id: f.serverId,
      name: 'Readme',
      uri: 'docs://readme',
      mime_type: 'text/plain',
      is_active: true,
      requires_credentials: false,
      cache_ttl_seconds: 0,
      resource_type: 'static',
      content: 'hello',
    })
    expect(r.body.id).toMatch(/^[0-9a-f-]{36}$/)
  })

  test('a duplicate uri in the project is 409', async () => {
    await f.create({ name: 'a', uri: 'docs://dup', resource_type: 'static', content: 'x' })
    const r = await f.create({ name: 'b', uri: 'docs://dup', resource_type: 'static', content: 'y' })
    expect(r.status).toBe(409)
    expect(r.body.code).toBe('conflict')
  })

  test('another project’s server is 404', async () => {
    const other = await f.app.newProject('other-res')
    const res = await f.app.api('/resources', {
      key: other.apiKey,
      body: { server_id: f.serverId, name: 'x', uri: 'docs://x', resource_type: 'static', content: 'x' },
    })
    expect(res.status).toBe(404)
  })

  test.each([
    [{ resource_type: 'static' }, 'body.content'],
    [{ resource_type: 'static', blob: 'not base64!' }, 'body.blob'],
    [{ resource_type: 'file' }, 'body.path'],
    [{ resource_type: 'api' }, 'body.url'],
    [{ resource_type: 'api', url: 'ftp://example.com/x' }, 'body.url'],
    [{ resource_type: 'database', query: 'SELECT 1' }, 'body.database'],
    [{ resource_type: 'database', database: 'a.db' }, 'body.query'],
    [{ resource_type: 'dynamic' }, 'body.function_name'],
    [{ resource_type: 'function' }, 'body.function_name'],
    [{ resource_type: 'static', content: 'x', url: 'https://example.com' }, 'body.url'],
    [{ resource_type: 'bogus' }, 'body.resource_type'],
  ])('invalid source %j → 400 naming %s', async (fields, field) => {
    const r = await f.create({ name: 'bad', uri: `bad://${Math.random()}`, ...fields })
    expect(r.status).toBe(400)
    expect(r.body.details.map((d: { field: string }) => d.field)).toContain(field)
  })

  test('unknown fields are rejected', async () => {
    const r = await f.create({
      name: 'x',
      uri: 'docs://unknown-field',
      resource_type: 'static',
      content: 'x',
      colour: 'red',
    })
    expect(r.status).toBe(400)
  })
})

describe('static content', () => {
  test('text is read back verbatim with camel-case mimeType', async () => {
    await f.create({
      name: 'Notes',
      uri: 'notes://one',
      resource_type: 'static',
      content: 'a <b> & "c"',
      mime_type: 'text/markdown',
    })
    const r = await f.read('notes://one')
    expect(r.status).toBe(200)
    expect(r.body).toEqual({ contents: [{ uri: 'notes://one', mimeType: 'text/markdown', text: 'a <b> & "c"' }] })
  })

  test('a base64 blob is returned as blob', async () => {
    const blob = Buffer.from([0, 1, 2, 250, 255]).toString('base64')
    await f.create({
      name: 'Bytes',
      uri: 'bin://bytes',
      resource_type: 'static',
      blob,
      mime_type: 'application/octet-stream',
    })
    const r = await f.read('bin://bytes')
    expect(r.body.contents).toEqual([{ uri: 'bin://bytes', mimeType: 'application/octet-stream', blob }])
  })

  test('an unknown uri is 404', async () => {
    const r = await f.read('nothing://here')
    expect(r.status).toBe(404)
    expect(r.body.code).toBe('not_found')
  })
})

describe('listing, inactive, update and delete', () => {
  test('list shows active direct resources only; inactive ones are neither listed nor readable', async () => {
    await f.create({
      name: 'Visible',
      uri: 'list://visible',
      resource_type: 'static',
      content: 'v',
      description: 'shown',
    })
    const hidden = await f.create({
      name: 'Hidden',
      uri: 'list://hidden',
      resource_type: 'static',
      content: 'h',
      is_active: false,
    })
    await f.create({ name: 'Tpl', uri: 'list://items/{id}', resource_type: 'static', content: 't' })
    const list = await (await f.app.api('/resources/list', { body: { server_id: f.serverId } })).json()
    const uris = list.resources.map((r: { uri: string }) => r.uri)
    expect(uris).toContain('list://visible')
    expect(uris).not.toContain('list://hidden')
    expect(uris).not.toContain('list://items/{id}')
    expect(list.resources.find((r: { uri: string }) => r.uri === 'list://visible')).toEqual({
      uri: 'list://visible',
      name: 'Visible',
      description: 'shown',
      mimeType: 'text/plain',
    })
    expect((await f.read('list://hidden')).status).toBe(404)

    // Reactivating makes it readable again.
    const patched = await f.app.api(`/resources/${hidden.body.id}`, { method: 'PATCH', body: { is_active: true } })
    expect(patched.status).toBe(200)
    expect((await f.read('list://hidden')).body.contents[0].text).toBe('h')
  })

  test('list and templates/list page with limit and cursor; a cursor of another list or garbage is 400', async () => {
    const server = (await (await f.app.api('/servers', { body: { name: 'paging resources' } })).json()).data.id
    for (const n of [1, 2, 3]) {
      await f.create({ server_id: server, name: `P${n}`, uri: `paging://p${n}`, resource_type: 'static', content: 'x' })
      await f.create({
        server_id: server,
        name: `T${n}`,
        uri: `paging://t${n}/{id}`,
        resource_type: 'static',
        content: 'x',
      })
    }
    const list = async (path: string, cursor?: string) => {
      const res = await f.app.api(`${path}?limit=2${cursor ? `&cursor=${cursor}` : ''}`, {
        body: { server_id: server },
      })
      return { status: res.status, body: await res.json() }
    }
    const first = await list('/resources/list')
    expect(first.body.resources.map((r: { uri: string }) => r.uri)).toHaveLength(2)
    expect(first.body.next_cursor).toBeString()
    const second = await list('/resources/list', first.body.next_cursor)
    expect(second.body.next_cursor).toBeUndefined()
    const uris = [...first.body.resources, ...second.body.resources].map((r: { uri: string }) => r.uri)
    expect(uris.sort()).toEqual(['paging://p1', 'paging://p2', 'paging://p3'])

    const templates = await list('/resources/templates/list')
    expect(templates.body.resourceTemplates).toHaveLength(2)
    const rest = await list('/resources/templates/list', templates.body.next_cursor)
    expect(rest.body.resourceTemplates).toHaveLength(1)
    expect(rest.body.next_cursor).toBeUndefined()

    // A templates cursor is not a resources cursor; nonsense is refused rather than read as the first page.
    for (const bad of [templates.body.next_cursor, 'nonsense']) {
      const r = await list('/resources/list', bad)
      expect(r.status).toBe(400)
      expect(r.body.details[0].field).toBe('cursor')
    }
  })

  test('GET, PATCH and DELETE a record; another project sees 404', async () => {
    const created = await f.create({ name: 'Edit', uri: 'edit://me', resource_type: 'static', content: 'v1' })
    const id = created.body.id
    expect((await (await f.app.api(`/resources/${id}`)).json()).content).toBe('v1')
    const other = await f.app.newProject('other-edit')
    expect((await f.app.api(`/resources/${id}`, { key: other.apiKey })).status).toBe(404)

    const patched = await (
      await f.app.api(`/resources/${id}`, { method: 'PATCH', body: { content: 'v2', description: 'changed' } })
    ).json()
    expect(patched).toMatchObject({ content: 'v2', description: 'changed' })
    expect((await f.read('edit://me')).body.contents[0].text).toBe('v2')

    const bad = await f.app.api(`/resources/${id}`, { method: 'PATCH', body: { resource_type: 'file' } })
    expect(bad.status).toBe(400)

    expect((await f.app.api(`/resources/${id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await f.read('edit://me')).status).toBe(404)
    expect((await f.app.api(`/resources/${id}`)).status).toBe(404)
  })

  test('changes publish resource events and list_changed', async () => {
    events.length = 0
    const created = await f.create({ name: 'Evented', uri: 'ev://one', resource_type: 'static', content: 'x' })
    await f.app.api(`/resources/${created.body.id}`, { method: 'PATCH', body: { content: 'y' } })
    await f.app.api(`/resources/${created.body.id}`, { method: 'DELETE' })
    // Listeners run after each change's task; wait until all three have been heard.
    await waitFor('three resource events', () => events.filter((e) => e.type !== 'list_changed').length >= 3)
    const types = events.filter((e) => e.type !== 'list_changed').map((e) => e.type)
    expect(types).toEqual(['resource.created', 'resource.updated', 'resource.deleted'])
    expect(events.find((e) => e.type === 'resource.created')).toMatchObject({
      projectId: f.app.projectId,
      serverId: f.serverId,
      uri: 'ev://one',
      name: 'Evented',
    })
    expect(events.some((e) => e.type === 'list_changed' && e.list === 'resources' && e.serverId === f.serverId)).toBe(
      true,
    )
  })

  test('markResourceChanged publishes resource.updated for a known uri and reports unknown ones', async () => {
    await f.create({ name: 'Marked', uri: 'mark://me', resource_type: 'static', content: 'x' })
    events.length = 0
    const resources = f.app.server.deps.resources
    expect(await resources.markResourceChanged(f.app.projectId, 'mark://me')).toBe(true)
    expect(await resources.markResourceChanged(f.app.projectId, 'mark://unknown')).toBe(false)
    await waitFor('the resource event', () => events.length > 0)
    expect(events).toEqual([expect.objectContaining({ type: 'resource.updated', uri: 'mark://me', name: 'Marked' })])
  })
})

describe('templates', () => {
  test('are listed by templates/list and matched on read with the requested uri', async () => {
    await f.create({
      name: 'User',
      uri: 'users://{id}/card',
      resource_type: 'static',
      content: 'card',
      description: 'a user',
    })
    const list = await (await f.app.api('/resources/templates/list', { body: { server_id: f.serverId } })).json()
    expect(list.resourceTemplates).toContainEqual({
      uriTemplate: 'users://{id}/card',
      name: 'User',
      description: 'a user',
      mimeType: 'text/plain',
    })
    const r = await f.read('users://42/card')
    expect(r.body.contents).toEqual([{ uri: 'users://42/card', mimeType: 'text/plain', text: 'card' }])
    expect((await f.read('users://42/other')).status).toBe(404)
  })

  test('braces beyond level 1 are refused', async () => {
    const r = await f.create({ name: 'Bad', uri: 'users://{?q}', resource_type: 'static', content: 'x' })
    expect(r.status).toBe(400)
  })
})
