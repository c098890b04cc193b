// `auth` on import, re-import and apply: a security scheme for every operation of a document that declares none (or
// the wrong one), and a credential mapped where no tool would send it refused instead of ignored.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call, createServer, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { startRecorder } from '../helpers/http-recorder'

const upstream = startRecorder(() => Response.json({ ok: true }))

/** A document without a security scheme, as GitHub's description is. */
const open = (server: string) => ({
  openapi: '3.0.3',
  info: { title: 'Open API', version: '1' },
  servers: [{ url: server }],
  paths: {
    '/items': { get: { operationId: 'listItems', responses: { 200: { description: 'ok' } } } },
  },
})

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.stop())

async function credential(provider: string, data: Record<string, unknown>): Promise<string> {
  const body = {
    name: `cred-${provider}-${crypto.randomUUID().slice(0, 6)}`,
    provider_id: provider,
    credential_data: data,
  }
  return (await json(await app.api('/credentials', { body }), 201)).id
}

async function importKit(name: string, auth?: Record<string, unknown>) {
  const res = await call(app, '/toolkits/import/openapi', {
    body: { name, spec: open(upstream.origin), ...(auth ? { auth } : {}) },
  })
  expect(res.status).toBe(201)
  return res.body.toolkit.id as string
}

const callTool = async (serverId: string) => {
  const res = await call(app, '/tools/call', { body: { name: 'listItems', arguments: {}, server_id: serverId } })
  expect(res.status).toBe(200)
  expect(res.body.isError).toBe(false)
  return upstream.last()
}

describe('auth on import', () => {
  test('the dry run of a document without security schemes says so', async () => {
    const res = await call(app, '/toolkits/import/openapi', {
      body: { name: 'dry', spec: open(upstream.origin), dry_run: true },
    })
    expect(res.status).toBe(200)
    expect(res.body.security_source).toBe('none')
    expect(res.body.warnings.join('\n')).toContain('defines no security scheme')
    const given = await call(app, '/toolkits/import/openapi', {
      body: {
        name: 'dry',
        spec: open(upstream.origin),
        dry_run: true,
        auth: { type: 'bearer', credential_provider: 'x' },
      },
    })
    expect(given.body.security_source).toBe('auth')
    expect(given.body.warnings.join('\n')).not.toContain('defines no security scheme')
  })

  test('bearer: every tool sends the mapped token as Authorization', async () => {
    const kit = await importKit('bearer-kit', { type: 'bearer', credential_provider: 'items-token' })
    const cred = await credential('items-token', { access_token: 'T0KEN' })
    const server = await createServer(app, {
      name: 'bearer-server',
      toolkits: [{ toolkit_id: kit, credentials: { 'items-token': cred } }],
    })
    expect((await callTool(server.id)).headers.authorization).toBe('Bearer T0KEN')
  })

  test('header, query and basic put the secret where they say', async () => {
    const header = await importKit('header-kit', { type: 'header', credential_provider: 'items-h', name: 'X-Key' })
    const query = await importKit('query-kit', { type: 'query', credential_provider: 'items-q', name: 'key' })
    const basic = await importKit('basic-kit', { type: 'basic', credential_provider: 'items-b' })
    const servers = await Promise.all([
      createServer(app, {
        name: 's-h',
        toolkits: [{ toolkit_id: header, credentials: { 'items-h': await credential('items-h', { api_key: 'HK' }) } }],
      }),
      createServer(app, {
        name: 's-q',
        toolkits: [{ toolkit_id: query, credentials: { 'items-q': await credential('items-q', { api_key: 'Q K' }) } }],
      }),
      createServer(app, {
        name: 's-b',
        toolkits: [
          {
            toolkit_id: basic,
            credentials: { 'items-b': await credential('items-b', { username: 'ann', password: 'pw' }) },
          },
        ],
      }),
    ])
    expect((await callTool(servers[0].id)).headers['x-key']).toBe('HK')
    expect((await callTool(servers[1].id)).query).toBe('key=Q%20K')
    expect((await callTool(servers[2].id)).headers.authorization).toBe(`Basic ${btoa('ann:pw')}`)
  })

  test('header and query auth need a name: 400 naming body.auth.name', async () => {
    const res = await call(app, '/toolkits/import/openapi', {
      body: { name: 'no-name', spec: open(upstream.origin), auth: { type: 'header', credential_provider: 'p' } },
    })
    expect(res.status).toBe(400)
    expect(res.body.details.map((d: { field: string }) => d.field)).toContain('body.auth.name')
  })

  test('a re-import can add auth, and keeps it when it says nothing', async () => {
    const kit = await importKit('later-kit')
    const added = await call(app, `/toolkits/${kit}/reimport`, {
      body: {
        spec: open(upstream.origin),
        auth: { type: 'bearer', credential_provider: 'later-token' },
        confirm: true,
      },
    })
    expect(added.status).toBe(200)
    expect(added.body.updated).toEqual(['listItems'])
    const again = await call(app, `/toolkits/${kit}/reimport`, { body: { spec: open(upstream.origin) } })
    expect(again.status).toBe(200)
    expect(again.body.unchanged).toEqual(['listItems'])
    const cred = await credential('later-token', { access_token: 'LATER' })
    const server = await createServer(app, {
      name: 'later-server',
      toolkits: [{ toolkit_id: kit, credentials: { 'later-token': cred } }],
    })
    expect((await callTool(server.id)).headers.authorization).toBe('Bearer LATER')
  })
})

// The catalog's `github` provider exists in every project: a credential of it, mapped where nothing uses it.
describe('a credential nothing would send', () => {
  test('mapped on a toolkit whose tools need no provider: 400 naming the entry', async () => {
    const kit = await importKit('plain-kit')
    const cred = await credential('github', { access_token: 'X' })
    const res = await call(app, '/servers', {
      body: { name: 'plain-server', toolkits: [{ toolkit_id: kit, credentials: { github: cred } }] },
    })
    expect(res.status).toBe(400)
    expect(res.body.details).toEqual([
      { field: 'body.toolkits.0.credentials.github', message: 'no tool of the toolkit uses this provider' },
    ])
    expect(res.body.error).toContain('need no credential')
  })

  test('given to a tool that uses no provider: 400 naming body.credential_id', async () => {
    const kit = await importKit('plain-kit-2')
    const cred = await credential('github', { access_token: 'X' })
    const server = await createServer(app, { name: 'plain-server-2', toolkits: [{ toolkit_id: kit }] })
    const detail = await call(app, `/toolkits/${kit}`, { method: 'GET' } as never)
    const toolId = detail.body.tools[0].id
    const res = await call(app, `/servers/${server.id}/tools/${toolId}`, {
      method: 'PATCH',
      body: { credential_id: cred },
    } as never)
    expect(res.status).toBe(400)
    expect(res.body.details[0].field).toBe('body.credential_id')
  })
})
