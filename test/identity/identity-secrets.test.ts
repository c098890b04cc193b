// Secrets of the identity feature never appear in a response or a log line: the identity provider's client secret
// (write-only) and a machine client's secret (shown once, in the answer that made it, and nowhere after).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { json, serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { type RecordingApp, startRecordingApp } from '../helpers/oauth-idp'
import { type OidcProvider, startOidcProvider } from '../helpers/oidc-sign-in'

let app: RecordingApp
let idp: OidcProvider
const PROVIDER_SECRET = 'provider-secret-that-must-stay-sealed-4711'

beforeAll(async () => {
  idp = await startOidcProvider()
  app = await startRecordingApp({ TOOLYARD_LOG_LEVEL: 'debug' })
})
afterAll(async () => {
  await app.stop()
  await idp.stop()
})

test('the provider secret and a machine client secret are in no response or log line after they are given', async () => {
  const kit = await toolkitWithTools(app, 'secret-kit', [{ name: 'ping', code: 'export default async () => "pong"' }])
  const server = await serverWithToolkits(app, 'secret server', [kit])
  expect(
    (
      await app.call('/identity-provider', {
        method: 'PUT',
        body: { issuer: idp.issuer, client_id: 'sec', client_secret: PROVIDER_SECRET },
      })
    ).status,
  ).toBe(200)
  await app.call('/identity-provider')
  const made = await app.call('/oauth/clients', { body: { name: 'secret holder' } })
  const machineSecret = made.body.client_secret as string
  const origin = new URL(app.base).origin
  const form = (secret: string) =>
    fetch(`${origin}/mcp/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: made.body.client_id,
        client_secret: secret,
      }),
    })
  const token = (await json(await form(machineSecret), 200)).access_token as string
  const refused = await form(`${machineSecret}-wrong`)
  expect(refused.status).toBe(401)
  expect(await refused.text()).not.toContain(machineSecret)
  await app.call('/oauth/clients')
  const init = await fetch(server.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 's', version: '1' } },
    }),
  })
  expect(init.status).toBe(200)
  const bodiesAfter = app.bodies.filter((b) => !b.includes('"client_secret"'))
  for (const text of [...bodiesAfter, ...app.logLines]) {
    expect(text).not.toContain(PROVIDER_SECRET)
    expect(text).not.toContain(machineSecret)
  }
  expect(app.logLines.length).toBeGreaterThan(0)
})
