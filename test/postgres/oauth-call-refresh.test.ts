// Tool calls refreshing an expired OAuth token on two instances of one PostgreSQL database: the refresh is claimed in
// the database (docs/reliability.md, "OAuth providers that go away"), so concurrent calls on both instances make one
// token request between them, and the instance that did not claim it waits for the other's new token instead of
// refreshing again (a provider that rotates refresh tokens would refuse the second one). The scheduled jobs are
// stopped: every refresh here is a call's.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import { call } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { authorize, credentialTool, fingerprint, type MockIdp, startMockIdp } from '../helpers/oauth-idp'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../helpers/postgres'

let apps: TestApp[] = []
let idp: MockIdp

beforeAll(async () => {
  idp = await startMockIdp()
  const env = { TOOLYARD_DATABASE_URL: await newDatabase(), TOOLYARD_MASTER_KEY: randomBytes(32).toString('base64') }
  apps = await Promise.all([startTestApp(env), startTestApp(env)])
  for (const app of apps) app.server.deps.scheduler.stop()
}, POSTGRES_START_TIMEOUT_MS)
afterAll(async () => {
  await Promise.all(apps.map((a) => a.stop()))
  await idp?.stop()
})
// Its database is dropped in an afterAll of its own: registered after the one above, so it runs once the apps stopped.
const newDatabase = testDatabases()

/** Provider `id` on the mock IdP and one credential through its flow, all on instance `app`. */
async function connect(app: TestApp, id: string): Promise<string> {
  const provider = await call(app, '/providers', {
    body: {
      id,
      name: id,
      auth_type: 'oauth',
      authorize_url: `${idp.issuer}/authorize`,
      token_url: `${idp.issuer}/token`,
      client_id: `${id}-client`,
      client_secret: `${id}-secret-value`,
    },
  })
  expect(provider.status).toBe(201)
  const init = await call(app, '/oauth/init', {
    body: { provider_id: id, redirect_uri: 'http://127.0.0.1:1/cb', scopes: ['read'] },
  })
  const { code, state } = await authorize(init.body.auth_url)
  expect((await call(app, '/oauth/callback', { body: { code, state } })).status).toBe(200)
  return (await call(app, '/oauth/exchange-token', { body: { state } })).body.credential_id
}

test('an expired token, ten concurrent calls on each of two instances: one token request, every call the new token', async () => {
  const [a, b] = apps as [TestApp, TestApp]
  const id = await connect(a, 'shared')
  const tool = await credentialTool(a, 'shared', id, 'shared')
  const callOn = async (app: TestApp) => {
    const res = await call(app, '/tools/call', { body: { server_id: tool.serverId, name: tool.tool, arguments: {} } })
    expect(res.status).toBe(200)
    expect(res.body.isError).toBe(false)
    return res.body.content[0].text as string
  }
  // Both instances serve the tool with the current token.
  expect(await callOn(b)).toBe(await callOn(a))

  await a.sql('UPDATE credentials SET expires_at = $at WHERE id = $id', {
    at: new Date(Date.now() - 60_000).toISOString(),
    id,
  })
  const refreshes = () => idp.calls.filter((c) => c.grant_type === 'refresh_token').length
  const before = refreshes()
  const seen = await Promise.all(Array.from({ length: 20 }, (_, i) => callOn(i % 2 ? b : a)))
  expect(refreshes()).toBe(before + 1)
  expect(new Set(seen)).toEqual(new Set([fingerprint(idp.issued.at(-3)!)]))
}, 60_000)
