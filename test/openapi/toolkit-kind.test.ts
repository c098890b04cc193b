// What an OpenAPI toolkit is beside the others: GET /toolkits/{id} shows how it was imported (never a secret), and
// its tools come from the document, so REST neither adds tools to it nor changes or deletes them.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call, createServer } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { startRecorder } from '../helpers/http-recorder'
import { circularDocument, stylesDocument } from './fixtures'

const docServer = startRecorder((r) =>
  r.path === '/openapi.json' ? Response.json(stylesDocument('http://127.0.0.1:9')) : Response.json({}),
)
let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.stop())

describe('GET /toolkits/{id} of an OpenAPI toolkit', () => {
  test('an inline document: source "inline", its settings, the import time and the counts', async () => {
    const created = await call(app, '/toolkits/import/openapi', {
      body: {
        name: 'styles-inline',
        spec: stylesDocument('http://127.0.0.1:9'),
        base_url: 'http://127.0.0.1:9/v2',
        include: { tags: ['pets'] },
        exclude: { methods: ['delete'] },
        max_tools: 50,
      },
    })
    expect(created.status).toBe(201)
    const detail = await call(app, `/toolkits/${created.body.toolkit.id}`)
    expect(detail.status).toBe(200)
    expect(detail.body.toolkit_type).toBe('openapi')
    expect(detail.body.openapi).toEqual({
      source: 'inline',
      base_url: 'http://127.0.0.1:9/v2',
      include: { tags: ['pets'] },
      exclude: { methods: ['delete'] },
      max_tools: 50,
      last_import_at: expect.any(String),
      operation_count: 8,
      tool_count: 3,
    })
    expect(detail.body.tools).toHaveLength(3)
    expect(detail.body.remote).toBeUndefined()
  })

  test('a document from a URL: source is the URL; a re-import moves last_import_at; an inline re-import makes it "inline"', async () => {
    const specUrl = `${docServer.origin}/openapi.json?version=1`
    const created = await call(app, '/toolkits/import/openapi', {
      body: { name: 'styles-url', spec_url: specUrl, review_changes: false },
    })
    expect(created.status).toBe(201)
    const id = created.body.toolkit.id
    const first = (await call(app, `/toolkits/${id}`)).body.openapi
    expect(first).toMatchObject({ source: specUrl, base_url: null, include: null, exclude: null, max_tools: 200 })
    expect(first.operation_count).toBe(8)
    expect(first.tool_count).toBe(8)

    expect((await call(app, `/toolkits/${id}/reimport`, { body: {} })).status).toBe(200)
    const second = (await call(app, `/toolkits/${id}`)).body.openapi
    expect(second.source).toBe(specUrl)
    expect(second.last_import_at > first.last_import_at).toBe(true)

    const inline = await call(app, `/toolkits/${id}/reimport`, { body: { spec: circularDocument } })
    expect(inline.status).toBe(200)
    const third = (await call(app, `/toolkits/${id}`)).body.openapi
    expect(third).toMatchObject({ source: 'inline', operation_count: 1, tool_count: 1 })
  })

  test('user info in spec_url is never shown back', async () => {
    const withPassword = `${docServer.origin.replace('http://', 'http://reader:hunter2-secret@')}/openapi.json`
    const created = await call(app, '/toolkits/import/openapi', { body: { name: 'styles-pw', spec_url: withPassword } })
    expect(created.status).toBe(201)
    const detail = await call(app, `/toolkits/${created.body.toolkit.id}`)
    expect(detail.body.openapi.source).toBe(`${docServer.origin}/openapi.json`)
    expect(JSON.stringify(detail.body)).not.toContain('hunter2')
  })
})

describe('its tools come from the document', () => {
  test('POST /tools into it, PATCH and DELETE of its tools are 400s saying to re-import; a server may still leave one out', async () => {
    const created = await call(app, '/toolkits/import/openapi', {
      body: { name: 'styles-locked', spec: stylesDocument('http://127.0.0.1:9') },
    })
    const kitId = created.body.toolkit.id
    const tool = created.body.tools.find((t: { name: string }) => t.name === 'createPet')

    const add = await call(app, '/tools', {
      body: { toolkit_id: kitId, name: 'extra', function_name: 'x', input_schema: { type: 'object' } },
    })
    expect(add.status).toBe(400)
    expect(add.body.error).toContain('re-import')
    expect(add.body.details[0].field).toBe('body.toolkit_id')

    const patch = await call(app, `/tools/${tool.id}`, { method: 'PATCH', body: { description: 'mine' } })
    expect(patch.status).toBe(400)
    expect(patch.body.error).toContain('OpenAPI toolkit')
    const del = await call(app, `/tools/${tool.id}`, { method: 'DELETE' })
    expect(del.status).toBe(400)
    expect((await call(app, `/tools/${tool.id}`)).body.description).not.toBe('mine')

    // The toolkit itself is the project's: renamed (display name) and described like any other.
    const renamed = await call(app, `/toolkits/${kitId}`, { method: 'PUT', body: { display_name: 'Styles API' } })
    expect(renamed.status).toBe(200)
    expect(renamed.body.display_name).toBe('Styles API')

    // What a user may change is per server: a tool is taken off one server without touching the document.
    const server = await createServer(app, { name: 'locked-server', toolkits: [{ toolkit_id: kitId }] })
    const off = await call(app, `/servers/${server.id}/tools`, { method: 'DELETE', body: { tool_ids: [tool.id] } })
    expect(off.status).toBe(200)
    const listed = (await call(app, `/servers/${server.id}`)).body.data.tools.map((t: { name: string }) => t.name)
    expect(listed).not.toContain('createPet')
    expect(listed).toContain('deletePet')
  })
})
