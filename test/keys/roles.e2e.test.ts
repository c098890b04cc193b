// Key roles: an mcp key limited to one server uses that server over MCP and REST and gets 403 everywhere else;
// another server is unknown to it; POST/GET/DELETE /keys and `keys create --role mcp --server`; revocation is immediate.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { call, expectError, json, serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { runCli, startTestApp, type TestApp } from '../helpers/app'
import { post } from '../helpers/mcp'

let app: TestApp
let a: { id: string; slug: string; url: string }
let b: { id: string; slug: string; url: string }
let mcpKey: { id: string; api_key: string }

beforeAll(async () => {
  app = await startTestApp()
  const kit = await toolkitWithTools(app, 'rolekit', [{ name: 'twice', code: 'export default async (i) => i.n * 2' }])
  a = await serverWithToolkits(app, 'role a', [kit])
  b = await serverWithToolkits(app, 'role b', [kit])
  const created = await call(app, '/keys', { body: { name: 'claude', role: 'mcp', server_ids: [a.id] } })
  expect(created.status).toBe(201)
  mcpKey = created.body
})
afterAll(async () => {
  await app.stop()
})

describe('/keys', () => {
  test('POST returns the key once with its role and servers; GET lists without secrets', async () => {
    expect(mcpKey).toMatchObject({ name: 'claude', role: 'mcp', server_ids: [a.id] })
    expect(mcpKey.api_key).toMatch(/^tyk_[A-Za-z0-9_-]{43}$/)
    expect(Object.keys(mcpKey).sort()).toEqual(
      ['api_key', 'created_at', 'id', 'name', 'prefix', 'role', 'server_ids'].sort(),
    )
    const listed = await json(await app.api('/keys'), 200)
    const mine = listed.keys.find((k: { id: string }) => k.id === mcpKey.id)
    expect(mine).toMatchObject({ role: 'mcp', server_ids: [a.id] })
    expect(JSON.stringify(listed)).not.toContain(mcpKey.api_key)
    // Existing keys are admin keys of the whole project.
    expect(listed.keys.find((k: { id: string }) => k.id !== mcpKey.id)).toMatchObject({
      role: 'admin',
      server_ids: null,
    })
  })

  test('bad bodies: server_ids on an admin key, an unknown server, an unknown role', async () => {
    expectError((await call(app, '/keys', { body: { server_ids: [a.id] } })).body, 'bad_request', 'server_ids')
    expectError((await call(app, '/keys', { body: { role: 'mcp', server_ids: ['nope'] } })).body, 'bad_request', 'nope')
    expect((await call(app, '/keys', { body: { role: 'root' } })).status).toBe(400)
    const expiring = await call(app, '/keys', { body: { role: 'mcp', expires_in_days: 7 } })
    expect(expiring.status).toBe(201)
    expect(Date.parse(expiring.body.expires_at) - Date.now()).toBeGreaterThan(6.9 * 86_400_000)
  })
})

describe('an mcp key limited to one server', () => {
  test('calls its tools over MCP (SDK client with the key header)', async () => {
    const transport = new StreamableHTTPClientTransport(new URL(a.url), {
      requestInit: { headers: { 'X-API-Key': mcpKey.api_key } },
    })
    const client = new Client({ name: 'role-test', version: '1.0.0' })
    await client.connect(transport)
    const r = await client.callTool({ name: 'twice', arguments: { n: 21 } })
    expect((r.content as { text: string }[])[0]!.text).toBe('42')
    await client.close()
  })

  test('calls its tools over REST', async () => {
    const listed = await call(app, '/tools/list', { body: { server_id: a.id }, key: mcpKey.api_key })
    expect(listed.status).toBe(200)
    expect(listed.body.tools.map((t: { name: string }) => t.name)).toContain('twice')
    const called = await call(app, '/tools/call', {
      body: { server_id: a.id, name: 'twice', arguments: { n: 4 } },
      key: mcpKey.api_key,
    })
    expect(called.status).toBe(200)
    expect(JSON.stringify(called.body)).toContain('8')
  })

  test('gets 403 forbidden on every other endpoint', async () => {
    const attempts: [string, Parameters<TestApp['api']>[1]][] = [
      ['/servers', {}],
      [`/servers/${a.id}`, {}],
      ['/servers', { body: { name: 'sneaky' } }],
      [`/servers/${a.id}`, { method: 'DELETE' }],
      ['/keys', {}],
      ['/keys', { body: { role: 'admin' } }],
      ['/functions', {}],
      ['/credentials', {}],
      ['/toolkits', {}],
      ['/oauth/clients', {}],
      ['/tools', { body: { name: 'x' } }],
    ]
    for (const [path, init] of attempts) {
      const r = await call(app, path, { ...init, key: mcpKey.api_key })
      expect(`${path} ${r.status}`).toBe(`${path} 403`)
      expect(r.body.code).toBe('forbidden')
    }
  })

  test('another server is unknown: protocol -32600 at HTTP 200, REST 404; no server at all is 403', async () => {
    const res = await post(app, b.slug, { jsonrpc: '2.0', id: 1, method: 'ping' }, { key: mcpKey.api_key })
    expect(res.status).toBe(200)
    expect((await res.json()).error.code).toBe(-32600)
    expect((await call(app, '/tools/list', { body: { server_id: b.id }, key: mcpKey.api_key })).status).toBe(404)
    expect(
      (
        await call(app, '/tools/call', {
          body: { server_id: b.id, name: 'twice', arguments: { n: 1 } },
          key: mcpKey.api_key,
        })
      ).status,
    ).toBe(404)
    expect((await call(app, '/tools/list', { body: {}, key: mcpKey.api_key })).status).toBe(403)
  })

  test('an mcp key without a server list uses every server of the project', async () => {
    const open = await json(await app.api('/keys', { body: { role: 'mcp' } }), 201)
    expect((await call(app, '/tools/list', { body: {}, key: open.api_key })).status).toBe(200)
    const res = await post(app, b.slug, { jsonrpc: '2.0', id: 1, method: 'ping' }, { key: open.api_key })
    expect((await res.json()).result).toEqual({})
  })

  test('a revoked key is refused at once, over REST and MCP', async () => {
    const k = await json(await app.api('/keys', { body: { role: 'mcp', server_ids: [a.id] } }), 201)
    expect((await call(app, '/tools/list', { body: { server_id: a.id }, key: k.api_key })).status).toBe(200)
    const revoked = await json(await app.api(`/keys/${k.id}`, { method: 'DELETE' }), 200)
    expect(revoked.revoked_at).toBeString()
    expect((await call(app, '/tools/list', { body: { server_id: a.id }, key: k.api_key })).status).toBe(401)
    const res = await post(app, a.slug, { jsonrpc: '2.0', id: 1, method: 'ping' }, { key: k.api_key })
    expect((await res.json()).error.code).toBe(-32600)
    // Another project's key cannot be revoked from here.
    const other = await app.newProject('roles-other')
    const otherKeys = await json(await app.api('/keys', { key: other.apiKey }), 200)
    expect((await app.api(`/keys/${otherKeys.keys[0].id}`, { method: 'DELETE' })).status).toBe(404)
  })
})

test('CLI: keys create --role mcp --server SLUG --json prints the role and server ids', async () => {
  const r = await runCli(
    ['keys', 'create', '--project', 'test', '--role', 'mcp', '--server', a.slug, '--json'],
    app.dataDir,
  )
  expect(r.code).toBe(0)
  const out = JSON.parse(r.stdout)
  expect(out).toMatchObject({ role: 'mcp', server_ids: [a.id] })
  expect(Object.keys(out).sort()).toEqual(['api_key', 'key_id', 'project_id', 'role', 'server_ids'])
  expect((await call(app, '/servers', { key: out.api_key })).status).toBe(403)
  const bad = await runCli(['keys', 'create', '--project', 'test', '--server', a.slug], app.dataDir)
  expect(bad.code).toBe(2)
  expect(bad.stderr).toContain('--role mcp')
}, 30_000)
