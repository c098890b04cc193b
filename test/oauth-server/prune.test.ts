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
  const db = app.server.deps.db
  const now = Date.now()
  const at = (ms: number) => new Date(now + ms).toISOString()
  db.run(
    `INSERT INTO oauth_grants (id, project_id, server_id, client_id, resource, created_at)
     VALUES ('g1', ?, ?, 'client', 'http://x/mcp/pruned', ?)`,
    [app.projectId, server.id, at(0)],
  )
  const code = db.query(
    `INSERT INTO oauth_codes (hash, grant_id, redirect_uri, code_challenge, expires_at, used_at)
     VALUES (?, 'g1', 'http://127.0.0.1/cb', 'c', ?, ?)`,
  )
  code.run('code-expired', at(-60_000), null)
  code.run('code-expired-used', at(-60_000), at(-90_000))
  code.run('code-live', at(60_000), null)
  const refresh = db.query('INSERT INTO oauth_refresh_tokens (hash, grant_id, expires_at, used_at) VALUES (?, ?, ?, ?)')
  refresh.run('rt-expired', 'g1', at(-1000), null)
  refresh.run('rt-live-used', 'g1', at(86_400_000), at(-1000))
  refresh.run('rt-live', 'g1', at(86_400_000), null)

  expect(await app.server.deps.oauthServer.pruneExpired()).toBe(3)
  const left = (table: string) =>
    db
      .query<{ hash: string }, []>(`SELECT hash FROM ${table} ORDER BY hash`)
      .all()
      .map((r) => r.hash)
  expect(left('oauth_codes')).toEqual(['code-live'])
  expect(left('oauth_refresh_tokens')).toEqual(['rt-live', 'rt-live-used'])
  expect(await app.server.deps.oauthServer.pruneExpired()).toBe(0)
})
