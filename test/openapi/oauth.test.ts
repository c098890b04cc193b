// OAuth 2 security schemes of a document: client credentials against a real authorization server
// (oauth2-mock-server), the token sent to the API and reused until it expires; an authorization-code scheme becomes
// an OAuth provider with the document's endpoints and scopes.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { call, createServer, json } from '../helpers/api'
import { startRecorder } from '../helpers/http-recorder'
import { type MockIdp, type RecordingApp, startMockIdp, startRecordingApp } from '../helpers/oauth-idp'

const upstream = startRecorder(() => Response.json({ id: 'me' }))
let idp: MockIdp
let app: RecordingApp

const CLIENT_SECRET = 'cc-secret-never-shown'

const document = () => ({
  openapi: '3.0.3',
  info: { title: 'OAuth API', version: '1' },
  servers: [{ url: upstream.origin }],
  components: {
    securitySchemes: {
      machine: {
        type: 'oauth2',
        flows: {
          clientCredentials: { tokenUrl: `${idp.issuer}/token`, scopes: { 'read:me': 'read', 'write:me': 'write' } },
        },
      },
      user: {
        type: 'oauth2',
        flows: {
          authorizationCode: {
            authorizationUrl: `${idp.issuer}/authorize`,
            tokenUrl: `${idp.issuer}/token`,
            scopes: { profile: 'your profile' },
          },
        },
      },
    },
  },
  security: [{ machine: ['read:me'] }],
  paths: {
    '/me': { get: { operationId: 'getMe', responses: { 200: { description: 'ok' } } } },
    '/profile': {
      get: { operationId: 'getProfile', security: [{ user: ['profile'] }], responses: { 200: { description: 'ok' } } },
    },
  },
})

beforeAll(async () => {
  idp = await startMockIdp()
  app = await startRecordingApp()
})
afterAll(async () => {
  await app.stop()
  await idp.stop()
})

test('client credentials: a token from the token endpoint, sent as Bearer, fetched once while valid', async () => {
  const imported = await app.call('/toolkits/import/openapi', { body: { name: 'oauth-api', spec: document() } })
  expect(imported.status).toBe(201)
  const cred = await json(
    await app.api('/credentials', {
      body: {
        name: 'machine',
        provider_id: 'oauth-api-machine',
        credential_data: { client_id: 'cc-client', client_secret: CLIENT_SECRET },
      },
    }),
    201,
  )
  const server = await createServer(app, {
    name: 'oauth-server',
    toolkits: [{ toolkit_id: imported.body.toolkit.id, credentials: { 'oauth-api-machine': cred.id } }],
  })
  const first = await app.call('/tools/call', { body: { name: 'getMe', arguments: {}, server_id: server.id } })
  expect(first.status).toBe(200)
  expect(first.body.isError).toBe(false)
  expect(first.body.structuredContent).toEqual({ id: 'me' })

  expect(idp.calls).toHaveLength(1)
  expect(idp.calls[0]!.grant_type).toBe('client_credentials')
  expect(idp.calls[0]!.body.scope).toBe('read:me')
  expect(idp.calls[0]!.authorization).toBe(`Basic ${Buffer.from(`cc-client:${CLIENT_SECRET}`).toString('base64')}`)
  const sent = upstream.last().headers.authorization
  expect(sent).toBe(`Bearer ${idp.issued[0]}`)

  await app.call('/tools/call', { body: { name: 'getMe', arguments: {}, server_id: server.id } })
  expect(idp.calls).toHaveLength(1)
  expect(upstream.last().headers.authorization).toBe(sent)

  for (const text of [...app.logLines, ...app.bodies]) {
    expect(text).not.toContain(CLIENT_SECRET)
    expect(text).not.toContain(idp.issued[0]!)
  }
})

test('a refused client is an error result naming the token endpoint, not a 500', async () => {
  const imported = await app.call('/toolkits/import/openapi', { body: { name: 'oauth-refused', spec: document() } })
  const cred = await json(
    await app.api('/credentials', {
      body: {
        name: 'bad',
        provider_id: 'oauth-refused-machine',
        credential_data: { client_id: 'x', client_secret: 'y' },
      },
    }),
    201,
  )
  const server = await createServer(app, {
    name: 'refused-server',
    toolkits: [{ toolkit_id: imported.body.toolkit.id, credentials: { 'oauth-refused-machine': cred.id } }],
  })
  idp.failNext(401, { error: 'invalid_client' })
  const res = await call(app, '/tools/call', { body: { name: 'getMe', arguments: {}, server_id: server.id } })
  expect(res.status).toBeLessThan(500)
  expect(JSON.stringify(res.body)).toContain('invalid_client')
})

test("an authorization-code scheme becomes an OAuth provider with the document's URLs and scopes", async () => {
  const { providers } = (await app.call('/providers')).body
  const user = providers.find((p: { id: string }) => p.id === 'oauth-api-user')
  expect(user).toMatchObject({
    auth_type: 'oauth',
    authorize_url: `${idp.issuer}/authorize`,
    token_url: `${idp.issuer}/token`,
    scopes: ['profile'],
    oauth_configured: false,
  })
  const detail = await app.call(`/toolkits?limit=200`)
  const kit = detail.body.toolkits.find((k: { name: string }) => k.name === 'oauth-api')
  const tools = (await app.call(`/toolkits/${kit.id}`)).body.tools
  expect(tools.find((t: { name: string }) => t.name === 'getProfile').credential_provider).toBe('oauth-api-user')
  expect(tools.find((t: { name: string }) => t.name === 'getMe').credential_provider).toBe('oauth-api-machine')
})
