// Machine clients and the client_credentials grant (the MCP client-credentials extension): an admin key registers a
// confidential client (secret shown once, kept hashed); the official SDK client's ClientCredentialsProvider discovers
// the grant in the authorization-server metadata, obtains a token and calls tools; plain HTTP covers the refusals.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { ClientCredentialsProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { call, json, serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { initializeWith, tokenRequest } from '../helpers/oauth-grant'
import { waitFor } from '../helpers/poll'

let app: TestApp
let origin: string
let server: { id: string; url: string }
let other: { id: string; url: string }

const basic = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`

const clientCredentials = (id: string, secret: string, form: Record<string, string> = {}) =>
  fetch(`${origin}/mcp/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic(id, secret) },
    body: new URLSearchParams({ grant_type: 'client_credentials', ...form }),
  })

async function machineClient(body: Record<string, unknown>) {
  const made = await call(app, '/oauth/clients', { body })
  expect(made.status).toBe(201)
  return made.body as { client_id: string; client_secret: string; user_id: string | null }
}

beforeAll(async () => {
  app = await startTestApp()
  origin = new URL(app.base).origin
  const kit = await toolkitWithTools(app, 'machine-kit', [
    { name: 'greet', code: 'export default async (input) => "hello " + input.who' },
  ])
  server = await serverWithToolkits(app, 'machine target', [kit])
  other = await serverWithToolkits(app, 'machine other', [kit])
})
afterAll(async () => {
  await app.stop()
})

describe('machine clients', () => {
  test('the metadata advertises client_credentials and secret authentication', async () => {
    const meta = await json(await fetch(`${origin}/.well-known/oauth-authorization-server`), 200)
    expect(meta.grant_types_supported).toContain('client_credentials')
    expect(meta.token_endpoint_auth_methods_supported).toContain('client_secret_basic')
  })

  test('the SDK client obtains a token with client_credentials and calls a tool', async () => {
    const c = await machineClient({ name: 'nightly job', servers: [server.id] })
    expect(c.client_secret).toStartWith('tys_')
    // Shown once: the list names the client, never the secret; the database keeps only a hash.
    const listed = await call(app, '/oauth/clients')
    expect(listed.body.machine_clients.map((m: { client_id: string }) => m.client_id)).toContain(c.client_id)
    expect(listed.text).not.toContain(c.client_secret)
    const rows = await app.sql('SELECT secret_hash FROM oauth_machine_clients')
    expect(JSON.stringify(rows)).not.toContain(c.client_secret)

    const provider = new ClientCredentialsProvider({
      clientId: c.client_id,
      clientSecret: c.client_secret,
      expectedIssuer: origin,
    })
    const client = new Client({ name: 'machine', version: '1' })
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { authProvider: provider }))
    const result = await client.callTool({ name: 'greet', arguments: { who: 'machine' } })
    expect(result.content).toEqual([{ type: 'text', text: 'hello machine' }])
    await client.close()
  })

  test('plain HTTP: the token works on the client’s servers only, and carries no refresh token', async () => {
    const c = await machineClient({ name: 'limited', servers: [server.id] })
    const res = await clientCredentials(c.client_id, c.client_secret)
    const body = await json(res, 200)
    expect(body.token_type).toBe('Bearer')
    expect(body.refresh_token).toBeUndefined()
    expect((await initializeWith(server.url, body.access_token)).status).toBe(200)
    expect((await initializeWith(other.url, body.access_token)).status).not.toBe(200)
    // A resource outside the client's servers is refused at the token endpoint.
    const refused = await clientCredentials(c.client_id, c.client_secret, { resource: other.url })
    expect(refused.status).toBe(400)
    expect((await refused.json()).error).toBe('invalid_target')
  })

  test('a wrong secret, or an unknown client, is 401 invalid_client', async () => {
    const c = await machineClient({ name: 'wrong secret' })
    const wrong = await clientCredentials(c.client_id, `${c.client_secret}x`)
    expect(wrong.status).toBe(401)
    expect((await wrong.json()).error).toBe('invalid_client')
    const unknown = await tokenRequest(origin, {
      grant_type: 'client_credentials',
      client_id: 'tym_unknown',
      client_secret: 'nope',
    })
    expect(unknown.status).toBe(401)
    expect((await unknown.json()).error).toBe('invalid_client')
  })

  test('a client bound to a user: deleting the user makes its token and its secret 401', async () => {
    const user = await call(app, '/users', { body: { external_id: 'machine-owner' } })
    expect(user.status).toBe(201)
    const c = await machineClient({ name: 'for a user', user_id: user.body.id })
    expect(c.user_id).toBe(user.body.id)
    const token = (await json(await clientCredentials(c.client_id, c.client_secret), 200)).access_token
    expect((await initializeWith(server.url, token)).status).toBe(200)
    // A tool call with its token is made for the user: the call log names it.
    const called = await fetch(server.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'mcp-protocol-version': '2025-03-26',
        authorization: `Bearer ${token}`,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'greet', arguments: { who: 'owner' } },
      }),
    })
    expect(called.status).toBe(200)
    await waitFor('the call logged for the user', async () =>
      ((await call(app, `/calls?user_id=${user.body.id}`)).body.calls as unknown[]).length > 0 ? true : undefined,
    )
    expect((await call(app, `/users/${user.body.id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await initializeWith(server.url, token)).status).toBe(401)
    expect((await clientCredentials(c.client_id, c.client_secret)).status).toBe(401)
  })

  test('deleting the client ends its tokens', async () => {
    const c = await machineClient({ name: 'to delete' })
    const token = (await json(await clientCredentials(c.client_id, c.client_secret), 200)).access_token
    expect((await call(app, `/oauth/clients/${c.client_id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await initializeWith(server.url, token)).status).toBe(401)
  })

  test('bad input names the field: an unknown user or server is 400', async () => {
    const u = await call(app, '/oauth/clients', { body: { name: 'x', user_id: 'nobody' } })
    expect(u.status).toBe(400)
    expect(u.body.details[0].field).toBe('body.user_id')
    const s = await call(app, '/oauth/clients', { body: { name: 'x', servers: ['nothing'] } })
    expect(s.status).toBe(400)
    expect(s.body.details[0].field).toBe('body.servers.0')
    const n = await call(app, '/oauth/clients', { body: {} })
    expect(n.status).toBe(400)
  })
})
