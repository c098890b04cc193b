// The hourly pruning of Toolyard's own OAuth server: codes and refresh tokens past their expiry go, used or not;
// unexpired ones stay, used ones too (presenting a used refresh token again revokes its grant until it expires).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { serverWithToolkits } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.stop())

test('expired codes and refresh tokens are deleted; unexpired ones, used or not, stay', async () => {
  const server = await serverWithToolkits(app, 'pruned', [])
  const now = Date.now()
  const at = (ms: number) => new Date(now + ms).toISOString()
  await app.sql(
    `INSERT INTO oauth_grants (id, project_id, server_id, client_id, resource, created_at)
     VALUES ('g1', $project, $server, 'client', 'http://x/mcp/pruned', $at)`,
    { project: app.projectId, server: server.id, at: at(0) },
  )
  const code = (hash: string, expiresAt: string, usedAt: string | null) =>
    app.sql(
      `INSERT INTO oauth_codes (hash, grant_id, redirect_uri, code_challenge, expires_at, used_at)
       VALUES ($hash, 'g1', 'http://127.0.0.1/cb', 'c', $expires, $used)`,
      { hash, expires: expiresAt, used: usedAt },
    )
  await code('code-expired', at(-60_000), null)
  await code('code-expired-used', at(-60_000), at(-90_000))
  await code('code-live', at(60_000), null)
  const refresh = (hash: string, expiresAt: string, usedAt: string | null) =>
    app.sql(
      `INSERT INTO oauth_refresh_tokens (hash, grant_id, expires_at, used_at) VALUES ($hash, 'g1', $expires, $used)`,
      { hash, expires: expiresAt, used: usedAt },
    )
  await refresh('rt-expired', at(-1000), null)
  await refresh('rt-live-used', at(86_400_000), at(-1000))
  await refresh('rt-live', at(86_400_000), null)

  expect(await app.server.deps.oauthServer.pruneExpired()).toBe(3)
  const left = async (table: string) => (await app.sql(`SELECT hash FROM ${table} ORDER BY hash`)).map((r) => r.hash)
  expect(await left('oauth_codes')).toEqual(['code-live'])
  expect(await left('oauth_refresh_tokens')).toEqual(['rt-live', 'rt-live-used'])
  expect(await app.server.deps.oauthServer.pruneExpired()).toBe(0)
})
