// The OAuth client in the audit trail: a call made with an access token of a machine client (client_credentials, the
// official SDK's ClientCredentialsProvider) or of an authorization-code grant names that client — by the name it was
// registered with — on its entry, beside the grant's key id.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { ClientCredentialsProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { call, json, serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { obtainTokens } from '../helpers/oauth-grant'

let app: TestApp
let origin: string
let server: { id: string; url: string }

beforeAll(async () => {
  app = await startTestApp()
  origin = new URL(app.base).origin
  const kit = await toolkitWithTools(app, 'client-name-kit', [
    { name: 'greet', code: 'export default async (input) => "hello " + input.who' },
  ])
  server = await serverWithToolkits(app, 'client name target', [kit])
})
afterAll(async () => {
  await app.stop()
})

/** The audit entries of calls of `greet`, oldest first. */
const greetCalls = async (): Promise<any[]> =>
  ((await json(await app.api('/audit?limit=1000'), 200)).entries as any[]).filter(
    (e) => e.action === 'call' && e.resource_id === 'greet',
  )

describe('the OAuth client on a call', () => {
  test('an SDK client with a client_credentials token: its call entry names the machine client', async () => {
    const made = await call(app, '/oauth/clients', { body: { name: 'nightly job', servers: [server.id] } })
    expect(made.status).toBe(201)
    const provider = new ClientCredentialsProvider({
      clientId: made.body.client_id,
      clientSecret: made.body.client_secret,
      expectedIssuer: origin,
    })
    const client = new Client({ name: 'machine', version: '1' })
    await client.connect(new StreamableHTTPClientTransport(new URL(server.url), { authProvider: provider }))
    try {
      const result = await client.callTool({ name: 'greet', arguments: { who: 'machine' } })
      expect(result.content).toEqual([{ type: 'text', text: 'hello machine' }])
    } finally {
      await client.close()
    }
    const entries = await greetCalls()
    expect(entries).toHaveLength(1)
    expect(entries[0].actor).toEqual({
      kind: 'key',
      key_id: `oauth:client:${made.body.client_id}`,
      client: 'nightly job',
    })
    expect(JSON.stringify(entries)).not.toContain(made.body.client_secret)
  })

  test('an SDK client with an authorization-code grant: its call entry names the registered client', async () => {
    const tokens = await obtainTokens(origin, server.url, app.apiKey)
    const client = new Client({ name: 'granted', version: '1' })
    await client.connect(
      new StreamableHTTPClientTransport(new URL(server.url), {
        requestInit: { headers: { authorization: `Bearer ${tokens.access}` } },
      }),
    )
    try {
      await client.callTool({ name: 'greet', arguments: { who: 'grant' } })
    } finally {
      await client.close()
    }
    const entries = await greetCalls()
    expect(entries).toHaveLength(2)
    expect(entries[1].actor.client).toBe('grant test')
    expect(entries[1].actor.key_id).toStartWith('oauth:')
  })
})
