// Tool calls refreshing an expired OAuth token on two instances of one PostgreSQL database: the refresh is claimed in
// the database (docs/reliability.md, "OAuth providers that go away"), so concurrent calls on both instances make one
// token request between them, and the instance that did not claim it waits for the other's new token instead of
// refreshing again (a provider that rotates refresh tokens would refuse the second one). The scheduled jobs are
// stopped: every refresh here is a call's, or the job's run explicitly.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import { openPostgres, type PgDb } from '../../src/db/postgres/sql'
import { type ClaimCredentials, refreshClaimedTokens } from '../../src/modules/credentials/oauth/claimed-refresh-job'
import { claimDueCredentials } from '../../src/modules/credentials/oauth/refresh-claims'
import type { RefreshOutcome } from '../../src/modules/credentials/oauth/refresher'
import { call } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { authorize, credentialTool, fingerprint, type MockIdp, startMockIdp } from '../helpers/oauth-idp'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../helpers/postgres'

let apps: TestApp[] = []
let idp: MockIdp
/** A pool of its own for the job's claim, as another part of the instance would hold it. */
let jobDb: PgDb | undefined

beforeAll(async () => {
  idp = await startMockIdp()
  const url = await newDatabase()
  jobDb = openPostgres(url, { max: 1 })
  const env = { TOOLYARD_DATABASE_URL: url, TOOLYARD_MASTER_KEY: randomBytes(32).toString('base64') }
  apps = await Promise.all([startTestApp(env), startTestApp(env)])
  for (const app of apps) app.server.deps.scheduler.stop()
}, POSTGRES_START_TIMEOUT_MS)
afterAll(async () => {
  await jobDb?.close()
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

test('provider down while the job holds its claim and a call waits for it: the job refreshes, the call is told the provider is unreachable', async () => {
  const [a] = apps as [TestApp, TestApp]
  const id = await connect(a, 'outage')
  const tool = await credentialTool(a, 'outage', id, 'outage')
  const [row] = await a.sql('SELECT project_id FROM credentials WHERE id = $id', { id })
  const projectId = String(row!.project_id)
  await a.sql('UPDATE credentials SET expires_at = $at WHERE id = $id', {
    at: new Date(Date.now() - 60_000).toISOString(),
    id,
  })
  const { vault } = a.server.deps
  await idp.down()
  try {
    // The job's run, its claim the real one, with a call for the expired token arriving between the claim and the
    // job's refresh of it: the call finds the job's lease and waits for that refresh. Before, the job's refresh joined
    // the waiting call in this process instead of asking the provider, so both waited out the call's 15 s and the job's
    // 120 s lease stayed behind ("has not answered a refresh yet; next retry in 105 s").
    let waiting: Promise<RefreshOutcome> | undefined
    const claim: ClaimCredentials = async (opts) => {
      const claimed = await claimDueCredentials(jobDb!, opts)
      if (!waiting && claimed.some((c) => c.id === id)) waiting = vault.refresher.refreshIfDue(projectId, id)
      return claimed
    }
    const report = await refreshClaimedTokens({ vault, claim })
    expect(waiting).toBeDefined()
    expect(report).toMatchObject({ due: 1, failed: 1, skipped: 0 })
    // The job's failure left the backoff, not its lease: the waiting caller and the next call see the outage.
    const waited = await waiting!
    expect(waited.outcome).not.toBe('missing')
    if (waited.outcome !== 'missing') expect(waited.row.last_error).not.toBeNull()
    const [after] = await a.sql('SELECT refresh_failures, last_error FROM credentials WHERE id = $id', { id })
    expect(Number(after!.refresh_failures)).toBe(1)
    expect(after!.last_error).not.toBeNull()
    const res = await call(a, '/tools/call', { body: { server_id: tool.serverId, name: tool.tool, arguments: {} } })
    expect(res.status).toBe(200)
    expect(res.body.isError).toBe(true)
    expect(res.body.content[0].text).toMatch(
      new RegExp(`^OAuth provider "outage" for credential ${id} is unreachable; next retry in \\d+ s$`),
    )
  } finally {
    await idp.up()
  }
}, 60_000)

test('the job leases only the credential it is refreshing: a call on another due one refreshes it at once', async () => {
  const [a] = apps as [TestApp, TestApp]
  const ids = [await connect(a, 'pair-1'), await connect(a, 'pair-2')]
  const tools = [
    await credentialTool(a, 'pair-1', ids[0]!, 'pair-1'),
    await credentialTool(a, 'pair-2', ids[1]!, 'pair-2'),
  ]
  await a.sql('UPDATE credentials SET expires_at = $at WHERE id IN ($one, $two)', {
    at: new Date(Date.now() - 60_000).toISOString(),
    one: ids[0],
    two: ids[1],
  })
  const { vault } = a.server.deps
  const calledBack: { leased: number; text: string }[] = []
  // The job's run; right after its first claim, a call on the credential it did not take. Before, the job leased every
  // due credential it would get to (ten at a time, for 120 s), so the call waited 15 s for a refresh nobody had begun
  // and answered "has not answered a refresh yet; next retry in 105 s".
  const claim: ClaimCredentials = async (opts) => {
    const claimed = await claimDueCredentials(jobDb!, opts)
    if (calledBack.length === 0 && claimed.length > 0) {
      const [{ n }] = (await a.sql(
        'SELECT count(*) AS n FROM credentials WHERE id IN ($one, $two) AND refresh_retry_after IS NOT NULL',
        { one: ids[0], two: ids[1] },
      )) as [{ n: unknown }]
      const other = ids.indexOf(claimed[0]!.id) === 0 ? 1 : 0
      const tool = tools[other]!
      const res = await call(a, '/tools/call', { body: { server_id: tool.serverId, name: tool.tool, arguments: {} } })
      calledBack.push({ leased: Number(n), text: res.body.isError ? res.body.content[0].text : 'ok' })
    }
    return claimed
  }
  const report = await refreshClaimedTokens({ vault, claim })
  expect(calledBack).toEqual([{ leased: 1, text: 'ok' }])
  // The job refreshed the one it claimed; the call had refreshed the other.
  expect(report).toMatchObject({ due: 1, refreshed: 1 })
  const rows = await a.sql('SELECT status, refresh_retry_after FROM credentials WHERE id IN ($one, $two)', {
    one: ids[0],
    two: ids[1],
  })
  expect(rows).toEqual([
    { status: 'active', refresh_retry_after: null },
    { status: 'active', refresh_retry_after: null },
  ])
}, 60_000)
