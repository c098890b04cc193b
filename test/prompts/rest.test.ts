// REST: registering prompts, listing them per server, and rendering with arguments (no HTML escaping).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { ToolyardEvent } from '../../src/lib/events'
import { call } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'

let app: TestApp
let serverA: string
let serverB: string
const events: ToolyardEvent[] = []
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString('base64')

const post = (path: string, body: unknown) => call(app, path, { body })

beforeAll(async () => {
  app = await startTestApp()
  app.server.deps.events.subscribe((e) => events.push(e))
  serverA = (await post('/servers', { name: 'prompts a' })).body.data.id
  serverB = (await post('/servers', { name: 'prompts b' })).body.data.id
})
afterAll(async () => {
  await app.stop()
})

describe('registration', () => {
  test("returns the spec's shape", async () => {
    const r = await post('/prompts', {
      name: 'summarize',
      description: 'Summarize a text',
      template: 'Summarize this in {{style}} style:\n{{text}}',
      arguments: [
        { name: 'text', description: 'The text', required: true },
        { name: 'style', description: 'Tone', required: false, enum: ['formal', 'casual', 'Funny'] },
      ],
    })
    expect(r.status).toBe(201)
    expect(r.body).toMatchObject({
      name: 'summarize',
      description: 'Summarize a text',
      template: 'Summarize this in {{style}} style:\n{{text}}',
      arguments: [
        { name: 'text', description: 'The text', required: true },
        { name: 'style', description: 'Tone', required: false, enum: ['formal', 'casual', 'Funny'] },
      ],
    })
    expect(r.body.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(events.some((e) => e.type === 'list_changed' && e.list === 'prompts' && e.serverId === undefined)).toBe(true)
  })

  test('a missing description defaults to the name (clients expect one)', async () => {
    const r = await post('/prompts', { name: 'plain', template: 'Hi' })
    expect(r.body.description).toBe('plain')
  })

  test('duplicate names are 409; template and messages together or neither are 400; bad Mustache is 400', async () => {
    expect((await post('/prompts', { name: 'summarize', template: 'x' })).status).toBe(409)
    expect(
      (
        await post('/prompts', {
          name: 'both',
          template: 'x',
          messages: [{ role: 'user', content: { type: 'text', text: 'y' } }],
        })
      ).status,
    ).toBe(400)
    expect((await post('/prompts', { name: 'neither' })).status).toBe(400)
    expect((await post('/prompts', { name: 'unclosed', template: 'Hello {{#list}} never closed' })).status).toBe(400)
    expect(
      (await post('/prompts', { name: 'x', template: 'x', server_id: '00000000-0000-7000-8000-000000000000' })).status,
    ).toBe(404)
  })
})

describe('rendering', () => {
  test('substitutes <, & and " verbatim', async () => {
    const r = await post('/prompts/get', {
      name: 'summarize',
      arguments: { text: 'a < b && "c" > \'d\'', style: 'formal' },
    })
    expect(r.status).toBe(200)
    expect(r.body).toEqual({
      description: 'Summarize a text',
      messages: [
        { role: 'user', content: { type: 'text', text: 'Summarize this in formal style:\na < b && "c" > \'d\'' } },
      ],
    })
  })

  test('an absent optional argument renders empty', async () => {
    const r = await post('/prompts/get', { name: 'summarize', arguments: { text: 'T' } })
    expect(r.body.messages[0].content.text).toBe('Summarize this in  style:\nT')
  })

  test('a missing required argument is 400 naming it', async () => {
    const r = await post('/prompts/get', { name: 'summarize', arguments: { style: 'casual' } })
    expect(r.status).toBe(400)
    expect(r.body.error).toContain('text')
    expect(r.body.details).toEqual([{ field: 'arguments.text', message: 'required' }])
  })

  test('an unknown prompt is 404', async () => {
    expect((await post('/prompts/get', { name: 'nope', arguments: {} })).status).toBe(404)
  })

  test('the messages form renders every string and keeps image and embedded resource content', async () => {
    const created = await post('/prompts', {
      name: 'review-image',
      description: 'Review an image',
      arguments: [{ name: 'doc', required: true }, { name: 'focus' }],
      messages: [
        { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: { uri: 'docs://{{doc}}', mimeType: 'text/plain', text: 'Document {{doc}} & more' },
          },
        },
        { role: 'assistant', content: { type: 'text', text: 'I will focus on {{focus}}.' } },
      ],
    })
    expect(created.status).toBe(201)
    const r = await post('/prompts/get', { name: 'review-image', arguments: { doc: 'a<b>' } })
    expect(r.body).toEqual({
      description: 'Review an image',
      messages: [
        { role: 'user', content: { type: 'image', data: PNG, mimeType: 'image/png' } },
        {
          role: 'user',
          content: {
            type: 'resource',
            resource: { uri: 'docs://a<b>', mimeType: 'text/plain', text: 'Document a<b> & more' },
          },
        },
        { role: 'assistant', content: { type: 'text', text: 'I will focus on .' } },
      ],
    })
  })
})

describe('listing and scope', () => {
  test('a prompt with a server_id is only on that server; one without is on every server', async () => {
    await post('/prompts', { name: 'only-a', description: 'A only', template: 'a', server_id: serverA })
    const onA = (await post('/prompts/list', { server_id: serverA })).body.prompts.map((p: { name: string }) => p.name)
    const onB = (await post('/prompts/list', { server_id: serverB })).body.prompts.map((p: { name: string }) => p.name)
    expect(onA).toContain('only-a')
    expect(onA).toContain('summarize')
    expect(onB).not.toContain('only-a')
    expect(onB).toContain('summarize')
    expect((await post('/prompts/get', { name: 'only-a', server_id: serverB, arguments: {} })).status).toBe(404)
    expect((await post('/prompts/get', { name: 'only-a', server_id: serverA, arguments: {} })).status).toBe(200)
  })

  test('list entries are {name, description, arguments[]}', async () => {
    const all = (await post('/prompts/list', {})).body.prompts
    expect(all.find((p: { name: string }) => p.name === 'summarize')).toEqual({
      name: 'summarize',
      description: 'Summarize a text',
      arguments: [
        { name: 'text', description: 'The text', required: true },
        { name: 'style', description: 'Tone', required: false },
      ],
    })
  })

  test('list pages with limit and cursor; a bad cursor is 400', async () => {
    const server = (await post('/servers', { name: 'paging prompts' })).body.data.id
    for (const n of [1, 2, 3]) await post('/prompts', { name: `paged-${n}`, template: 'x', server_id: server })
    const page = async (cursor?: string) => {
      const res = await app.api(`/prompts/list?limit=2${cursor ? `&cursor=${cursor}` : ''}`, {
        body: { server_id: server },
      })
      return { status: res.status, body: await res.json() }
    }
    // Project-wide prompts are on every server too, so page through all of them.
    const names: string[] = []
    let cursor: string | undefined
    do {
      const r = await page(cursor)
      expect(r.status).toBe(200)
      expect(r.body.prompts.length).toBeLessThanOrEqual(2)
      names.push(...r.body.prompts.map((p: { name: string }) => p.name))
      cursor = r.body.next_cursor
    } while (cursor)
    const all = (await post('/prompts/list', { server_id: server })).body.prompts.map((p: { name: string }) => p.name)
    expect(names).toEqual(all)
    expect(names).toEqual(expect.arrayContaining(['paged-1', 'paged-2', 'paged-3']))
    const bad = await page('nonsense')
    expect(bad.status).toBe(400)
    expect(bad.body.details[0].field).toBe('cursor')
  })

  test('GET, PATCH (switching to messages) and DELETE; another project sees 404', async () => {
    const { body } = await post('/prompts', { name: 'editable', template: 'v1 {{x}}', arguments: [{ name: 'x' }] })
    expect((await (await app.api(`/prompts/${body.id}`)).json()).template).toBe('v1 {{x}}')
    const other = await app.newProject('prompts-other')
    expect((await app.api(`/prompts/${body.id}`, { key: other.apiKey })).status).toBe(404)

    const patched = await (
      await app.api(`/prompts/${body.id}`, {
        method: 'PATCH',
        body: { messages: [{ role: 'assistant', content: { type: 'text', text: 'v2 {{x}}' } }] },
      })
    ).json()
    expect(patched.template).toBeUndefined()
    const r = await post('/prompts/get', { name: 'editable', arguments: { x: '&' } })
    expect(r.body.messages).toEqual([{ role: 'assistant', content: { type: 'text', text: 'v2 &' } }])

    expect((await app.api(`/prompts/${body.id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await post('/prompts/get', { name: 'editable', arguments: {} })).status).toBe(404)
  })
})
