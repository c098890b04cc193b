// Dynamic client registration stays keyless (clients register before they hold any credential) but bounded: a rate
// limit per address, a cap of never-used clients per address, a global cap that drops the oldest never-used client,
// and the hourly pruning job removing clients never used within TOOLYARD_OAUTH_CLIENT_UNUSED_TTL_S.
import { afterEach, describe, expect, test } from 'bun:test'
import { serverWithToolkits } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { obtainTokens, registerClient } from '../helpers/oauth-grant'

let app: TestApp | undefined
afterEach(async () => {
  await app?.stop()
  app = undefined
})

const clientCount = async (a: TestApp) => Number((await a.sql('SELECT count(*) AS n FROM oauth_clients'))[0]!.n)
const clientExists = async (a: TestApp, id: string) =>
  (await a.sql('SELECT 1 AS one FROM oauth_clients WHERE client_id = $id', { id })).length > 0
const register = async (a: TestApp) => {
  const res = await registerClient(a.server.origin)
  return { status: res.status, body: (await res.json()) as Record<string, string> }
}

describe('dynamic client registration bounds', () => {
  test('registrations per address are rate limited (the oauth_register group)', async () => {
    app = await startTestApp({ TOOLYARD_RATE_LIMITS: '{"oauth_register":3}' })
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) statuses.push((await register(app)).status)
    expect(statuses).toEqual([201, 201, 201, 429, 429])
    expect(await clientCount(app)).toBe(3)
  })

  test('never-used clients per address are capped; a client that completed an authorization frees its place', async () => {
    app = await startTestApp({ TOOLYARD_OAUTH_MAX_CLIENTS_PER_ADDRESS: '3' })
    const resource = (await serverWithToolkits(app, 'dcr cap', [])).url
    for (let i = 0; i < 2; i++) expect((await register(app)).status).toBe(201)
    // The third comes through the helper and is approved: used, so it no longer counts.
    await obtainTokens(app.server.origin, resource, app.apiKey)
    expect((await register(app)).status).toBe(201)
    const refused = await register(app)
    expect(refused.status).toBe(429)
    expect(refused.body.error_description).toContain('too many clients registered from this address')
    expect(await clientCount(app)).toBe(4)
  })

  test('at the global cap the oldest never-used client makes room; a used client is kept', async () => {
    app = await startTestApp({ TOOLYARD_OAUTH_MAX_CLIENTS: '3' })
    const resource = (await serverWithToolkits(app, 'dcr global', [])).url
    const used = await obtainTokens(app.server.origin, resource, app.apiKey)
    const ids: string[] = []
    for (let i = 0; i < 4; i++) {
      const r = await register(app)
      expect(r.status).toBe(201)
      ids.push(r.body.client_id!)
    }
    expect(await clientCount(app)).toBe(3)
    expect(await clientExists(app, used.clientId)).toBe(true)
    expect(await Promise.all(ids.map((id) => clientExists(app!, id)))).toEqual([false, false, true, true])
  })

  test('the pruning job removes clients never used within the TTL and keeps used ones', async () => {
    app = await startTestApp({ TOOLYARD_OAUTH_CLIENT_UNUSED_TTL_S: '60' })
    const resource = (await serverWithToolkits(app, 'dcr prune', [])).url
    const used = await obtainTokens(app.server.origin, resource, app.apiKey)
    const fresh = (await register(app)).body.client_id!
    const stale = (await register(app)).body.client_id!
    const old = new Date(Date.now() - 120_000).toISOString()
    await app.sql('UPDATE oauth_clients SET created_at = $old WHERE client_id IN ($stale, $used)', {
      old,
      stale,
      used: used.clientId,
    })
    expect(await app.server.deps.oauthServer.pruneExpired()).toBeGreaterThanOrEqual(1)
    expect(await Promise.all([stale, fresh, used.clientId].map((id) => clientExists(app!, id)))).toEqual([
      false,
      true,
      true,
    ])
  })
})
