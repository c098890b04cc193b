// Importing a document and calling its operations: the exact request each parameter style and security scheme makes
// against a real HTTP API, credentials injected from the vault, results and errors as the client sees them.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call, createServer, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { startRecorder } from '../helpers/http-recorder'
import { connectClient } from '../helpers/mcp'
import { stylesDocument } from './fixtures'

const upstream = startRecorder((r) => {
  if (r.path === '/v1/fails') return new Response('boom: the upstream broke', { status: 500 })
  if (r.path === '/v1/open') return Response.json({ hello: 'world', n: 1 })
  return Response.json({ received: true })
})

let app: TestApp
let serverId: string
let slug: string

async function credential(provider: string, data: Record<string, unknown>): Promise<string> {
  const body = { name: `cred-${provider}`, provider_id: provider, credential_data: data }
  return (await json(await app.api('/credentials', { body }), 201)).id
}

beforeAll(async () => {
  app = await startTestApp()
  const imported = await call(app, '/toolkits/import/openapi', {
    body: { name: 'styles', spec: stylesDocument(upstream.origin) },
  })
  expect(imported.status).toBe(201)
  const kit = imported.body.toolkit
  expect(kit.toolkit_type).toBe('openapi')
  const creds = {
    'styles-key': await credential('styles-key', { api_key: 'KEY-123' }),
    'styles-bearer': await credential('styles-bearer', { access_token: 'TOKEN-456' }),
    'styles-basic': await credential('styles-basic', { username: 'ann', password: 'p:ss' }),
    'styles-querykey': await credential('styles-querykey', { api_key: 'Q&KEY' }),
  }
  const server = await createServer(app, {
    name: 'styles-server',
    toolkits: [{ toolkit_id: kit.id, credentials: creds }],
  })
  serverId = server.id
  slug = server.slug
})
afterAll(() => app.stop())

const callTool = async (name: string, args: Record<string, unknown>) => {
  const res = await call(app, '/tools/call', { body: { name, arguments: args, server_id: serverId } })
  expect(res.status).toBe(200)
  return res.body
}

describe('parameter styles', () => {
  test('path (simple), header (array) and the document-wide apiKey header', async () => {
    const result = await callTool('getPhoto', { petId: 7, photo: 'a b/c', 'X-Trace': ['x', 'y'] })
    expect(result.isError).toBe(false)
    const r = upstream.last()
    expect(r.method).toBe('GET')
    expect(r.path).toBe('/v1/pets/7/photos/a%20b%2Fc')
    expect(r.query).toBe('')
    expect(r.headers['x-trace']).toBe('x,y')
    expect(r.headers['x-api-key']).toBe('KEY-123')
    expect(r.headers.authorization).toBeUndefined()
  })

  test('label (exploded array) and matrix (object, not exploded) path parameters', async () => {
    await callTool('labelMatrix', { ids: [1, 2], obj: { a: 1, b: 'x y' } })
    expect(upstream.last().path).toBe('/v1/labels/.1.2/;obj=a,1,b,x%20y')
  })

  test('query: form exploded and not, spaceDelimited, pipeDelimited, deepObject, objects; and a cookie', async () => {
    await callTool('search', {
      q: 'hello world&more',
      tags: ['a', 'b'],
      ids: [1, 2],
      spaced: ['x', 'y'],
      piped: ['p', 'q'],
      filter: { color: 'red', size: 'L' },
      point: { x: 1, y: 2 },
      flat: { k: 'v', m: 'n' },
      session: 's1',
    })
    const r = upstream.last()
    expect(r.query).toBe(
      'q=hello%20world%26more&tags=a&tags=b&ids=1,2&spaced=x%20y&piped=p|q&filter[color]=red&filter[size]=L&x=1&y=2&flat=k,v,m,n',
    )
    expect(r.headers.cookie).toBe('session=s1')
    expect(r.headers['x-api-key']).toBe('KEY-123')
  })

  test('absent optional parameters send nothing', async () => {
    await callTool('search', { q: 'only' })
    expect(upstream.last().query).toBe('q=only')
  })
})

describe('bodies and security schemes', () => {
  test("an operation's own security wins: bearer token and a JSON body", async () => {
    await callTool('createPet', { body: { name: 'Rex', tag: null, owner: { name: 'Ann' } } })
    const r = upstream.last()
    expect(r.method).toBe('POST')
    expect(r.path).toBe('/v1/pets')
    expect(r.headers.authorization).toBe('Bearer TOKEN-456')
    expect(r.headers['x-api-key']).toBeUndefined()
    expect(r.headers['content-type']).toBe('application/json')
    expect(JSON.parse(r.body)).toEqual({ name: 'Rex', tag: null, owner: { name: 'Ann' } })
  })

  test('http basic and an apiKey in the query; a name from method and path when no operationId', async () => {
    await callTool('deletePet', { petId: 'p1' })
    let r = upstream.last()
    expect(r.method).toBe('DELETE')
    expect(r.path).toBe('/v1/pets/p1')
    expect(r.headers.authorization).toBe(`Basic ${Buffer.from('ann:p:ss').toString('base64')}`)
    await callTool('put_pets_petId', { petId: 'p2', body: { name: 'Max' } })
    r = upstream.last()
    expect(r.method).toBe('PUT')
    expect(r.query).toBe('api_key=Q%26KEY')
    expect(JSON.parse(r.body)).toEqual({ name: 'Max' })
  })

  test('the body is checked against the copied schema before anything is sent', async () => {
    const before = upstream.requests.length
    const res = await call(app, '/tools/call', {
      body: { name: 'createPet', arguments: { body: { tag: 'x' } }, server_id: serverId },
    })
    expect(res.status).toBe(400)
    expect(upstream.requests.length).toBe(before)
  })
})

describe('results over MCP', () => {
  test('a JSON object answer is pretty text plus structuredContent; a 500 is an error naming the status', async () => {
    const { client } = await connectClient(app, slug)
    try {
      const listed = await client.listTools()
      const create = listed.tools.find((t) => t.name === 'createPet')!
      expect(create.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false })
      expect(listed.tools.find((t) => t.name === 'deletePet')!.annotations).toMatchObject({
        destructiveHint: true,
        idempotentHint: true,
      })
      expect(listed.tools.find((t) => t.name === 'getPhoto')!.annotations).toMatchObject({ readOnlyHint: true })
      expect((create.inputSchema as any).$defs.Pet.properties.tag.type).toEqual(['string', 'null'])

      const ok = (await client.callTool({ name: 'open', arguments: {} })) as any
      expect(ok.isError).toBeFalsy()
      expect(ok.content[0].text).toBe(JSON.stringify({ hello: 'world', n: 1 }, null, 2))
      expect(ok.structuredContent).toEqual({ hello: 'world', n: 1 })
      expect(upstream.last().headers['x-api-key']).toBeUndefined()

      const failed = (await client.callTool({ name: 'fails', arguments: {} })) as any
      expect(failed.isError).toBe(true)
      expect(failed.content[0].text).toContain('HTTP 500')
      expect(failed.content[0].text).toContain('boom: the upstream broke')
    } finally {
      await client.close()
    }
  })

  test('a tool whose credential is not mapped says so and sends nothing', async () => {
    const kit = await call(app, '/toolkits/import/openapi', {
      body: { name: 'styles-nocreds', spec: stylesDocument(upstream.origin), include: { operations: ['getPhoto'] } },
    })
    expect(kit.status).toBe(201)
    const server = await createServer(app, { name: 'nocreds', toolkits: [{ toolkit_id: kit.body.toolkit.id }] })
    const before = upstream.requests.length
    const res = await call(app, '/tools/call', {
      body: { name: 'getPhoto', arguments: { petId: 1, photo: 'x' }, server_id: server.id },
    })
    expect(JSON.stringify(res.body)).toContain('credential')
    expect(upstream.requests.length).toBe(before)
  })
})
