// An OAuth grant ends with the key that approved it and 30 days after its approval, whatever the refreshes: through
// the real token endpoint and protocol endpoint. The approval date is moved back in the app's database (SQLite file or
// PostgreSQL) to stand for the days passing.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { json, serverWithToolkits } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { initializeWith, obtainTokens, tokenRequest } from '../helpers/oauth-grant'

const DAY_MS = 86_400_000
let app: TestApp
let origin: string
let resource: string

beforeAll(async () => {
  app = await startTestApp()
  origin = app.server.origin
  resource = (await serverWithToolkits(app, 'grant life', [])).url
})
afterAll(async () => {
  await app.stop()
})

const refresh = (clientId: string, refreshToken: string) =>
  tokenRequest(origin, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: clientId, resource })

const grantOf = async (clientId: string) => {
  const rows = await app.sql('SELECT id, key_id FROM oauth_grants WHERE client_id = $clientId', { clientId })
  expect(rows).toHaveLength(1)
  return rows[0] as { id: string; key_id: string | null }
}

const approvedAgo = (clientId: string, ms: number) =>
  app.sql('UPDATE oauth_grants SET created_at = $at WHERE client_id = $clientId', {
    at: new Date(Date.now() - ms).toISOString(),
    clientId,
  })

describe('an OAuth grant and the key that approved it', () => {
  test('revoking the approving key ends the grant: refresh refused, access token refused on the next request', async () => {
    const approver = await json(await app.api('/keys', { body: { name: 'approver' } }), 201)
    const t = await obtainTokens(origin, resource, approver.api_key)
    expect((await grantOf(t.clientId)).key_id).toBe(approver.id)
    expect((await initializeWith(resource, t.access)).status).toBe(200)
    const listed = await json(await app.api('/oauth/clients'), 200)
    expect(listed.clients.some((c: { client_id: string }) => c.client_id === t.clientId)).toBe(true)

    expect((await app.api(`/keys/${approver.id}`, { method: 'DELETE' })).status).toBe(200)

    expect((await initializeWith(resource, t.access)).status).toBe(401)
    const res = await refresh(t.clientId, t.refresh)
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe('invalid_grant')
    const after = await json(await app.api('/oauth/clients'), 200)
    expect(after.clients.some((c: { client_id: string }) => c.client_id === t.clientId)).toBe(false)
  })

  test('a grant of another key is untouched by that revocation', async () => {
    const t = await obtainTokens(origin, resource, app.apiKey)
    const other = await json(await app.api('/keys', { body: { name: 'bystander' } }), 201)
    await app.api(`/keys/${other.id}`, { method: 'DELETE' })
    expect((await initializeWith(resource, t.access)).status).toBe(200)
    expect((await refresh(t.clientId, t.refresh)).status).toBe(200)
  })
})

describe('a grant ends 30 days after approval', () => {
  test('a refresh on day 29 gives a refresh token that expires with the grant, not 30 days later', async () => {
    const t = await obtainTokens(origin, resource, app.apiKey)
    await approvedAgo(t.clientId, 29 * DAY_MS)
    const res = await refresh(t.clientId, t.refresh)
    expect(res.status).toBe(200)
    const rows = await app.sql(
      'SELECT expires_at FROM oauth_refresh_tokens WHERE grant_id = $grant AND used_at IS NULL',
      { grant: (await grantOf(t.clientId)).id },
    )
    expect(rows).toHaveLength(1)
    // About one day left (the grant's end), never the 30 days a refresh used to give.
    expect(Date.parse(String(rows[0]!.expires_at))).toBeLessThanOrEqual(Date.now() + DAY_MS)
  })

  test('past 30 days: the fresh refresh token and the access token are both refused', async () => {
    const t = await obtainTokens(origin, resource, app.apiKey)
    const refreshed = await json(await refresh(t.clientId, t.refresh), 200)
    await approvedAgo(t.clientId, 30 * DAY_MS + 60_000)
    const res = await refresh(t.clientId, refreshed.refresh_token)
    expect(res.status).toBe(400)
    expect((await res.json()).error).toBe('invalid_grant')
    expect((await initializeWith(resource, refreshed.access_token)).status).toBe(401)
  })
})
