// A project's end users over REST: create (external_id unique per project → 409), list in pages, show with connections
// and tokens (never a secret), delete (its tokens stop authenticating); user tokens are mcp keys bound to the user,
// shown once, a day by default. Another project's user is unknown (404). Real app on 127.0.0.1:0.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call, expectError } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

describe('users', () => {
  test('POST /users creates a user; the same external_id again is 409; an unknown field or an empty external_id is 400', async () => {
    const created = await call(app, '/users', {
      body: { external_id: 'alice-1', name: 'Alice', email: 'a@example.com' },
    })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ external_id: 'alice-1', name: 'Alice', email: 'a@example.com' })
    expect(created.body.id).toMatch(/^[0-9a-f-]{36}$/)
    const again = await call(app, '/users', { body: { external_id: 'alice-1' } })
    expect(again.status).toBe(409)
    expectError(again.body, 'conflict', 'alice-1')
    const empty = await call(app, '/users', { body: { external_id: '' } })
    expect(empty.status).toBe(400)
    expectError(empty.body, 'validation_failed', 'external_id')
    const extra = await call(app, '/users', { body: { external_id: 'x', role: 'admin' } })
    expect(extra.status).toBe(400)
  })

  test('GET /users pages with limit and cursor, in creation order', async () => {
    const other = await app.newProject('users-paging')
    for (const n of [1, 2, 3]) await call(app, '/users', { key: other.apiKey, body: { external_id: `p${n}` } })
    const first = await call(app, '/users?limit=2', { key: other.apiKey })
    expect(first.status).toBe(200)
    expect(first.body.users.map((u: { external_id: string }) => u.external_id)).toEqual(['p1', 'p2'])
    const second = await call(app, `/users?limit=2&cursor=${first.body.next_cursor}`, { key: other.apiKey })
    expect(second.body.users.map((u: { external_id: string }) => u.external_id)).toEqual(['p3'])
    expect(second.body.next_cursor).toBeUndefined()
    expect((await call(app, '/users?cursor=garbage', { key: other.apiKey })).status).toBe(400)
    // The app finds its user by its own id.
    const found = await call(app, '/users?external_id=p2', { key: other.apiKey })
    expect(found.body.users.map((u: { external_id: string }) => u.external_id)).toEqual(['p2'])
    expect((await call(app, '/users?external_id=nobody', { key: other.apiKey })).body.users).toEqual([])
  })

  test("another project's user is 404 for show, delete and tokens; the same external_id is free in another project", async () => {
    const mine = (await call(app, '/users', { body: { external_id: 'shared-ext' } })).body
    const other = await app.newProject('users-isolation')
    expect((await call(app, '/users', { key: other.apiKey, body: { external_id: 'shared-ext' } })).status).toBe(201)
    expect((await call(app, `/users/${mine.id}`, { key: other.apiKey })).status).toBe(404)
    expect((await call(app, `/users/${mine.id}/tokens`, { key: other.apiKey, body: {} })).status).toBe(404)
    expect((await call(app, `/users/${mine.id}`, { key: other.apiKey, method: 'DELETE' })).status).toBe(404)
    expect((await call(app, `/users/${mine.id}`)).status).toBe(200)
  })

  test('a user token is an mcp key bound to the user, a day by default, shown once; GET /users/{id} lists it without the token', async () => {
    const user = (await call(app, '/users', { body: { external_id: 'tok-user' } })).body
    const minted = await call(app, `/users/${user.id}/tokens`, { body: {} })
    expect(minted.status).toBe(201)
    expect(minted.body.token).toMatch(/^tyk_/)
    expect(minted.body.user_id).toBe(user.id)
    const hours = (Date.parse(minted.body.expires_at) - Date.parse(minted.body.created_at)) / 3.6e6
    expect(Math.round(hours)).toBe(24)
    const detail = await call(app, `/users/${user.id}`)
    expect(detail.body.tokens).toHaveLength(1)
    expect(detail.body.tokens[0].id).toBe(minted.body.id)
    expect(detail.text).not.toContain(minted.body.token)
    expect(detail.body.connections).toEqual([])
    // The token has the mcp role: the protocol and "use" endpoints only.
    expect((await call(app, '/users', { key: minted.body.token })).status).toBe(403)
    const short = await call(app, `/users/${user.id}/tokens`, { body: { expires_in: 3600 } })
    expect(Math.round((Date.parse(short.body.expires_at) - Date.parse(short.body.created_at)) / 6e4)).toBe(60)
    const badServer = await call(app, `/users/${user.id}/tokens`, { body: { servers: ['nope'] } })
    expect(badServer.status).toBe(400)
    expectError(badServer.body, 'bad_request', 'servers')
  })

  test('DELETE /users/{id} ends its tokens (401 from then on) and its credentials', async () => {
    const user = (await call(app, '/users', { body: { external_id: 'leaver' } })).body
    const { token } = (await call(app, `/users/${user.id}/tokens`, { body: {} })).body
    const cred = await call(app, '/credentials', {
      body: { name: 'leaver-key', provider_id: 'api_key', credential_data: { api_key: 'leaver' }, user_id: user.id },
    })
    expect(cred.status).toBe(201)
    expect((await call(app, '/tools/list', { key: token, body: {} })).status).toBe(200)
    const gone = await call(app, `/users/${user.id}`, { method: 'DELETE' })
    expect(gone.status).toBe(200)
    expect(gone.body).toEqual({ id: user.id, deleted: true })
    expect((await call(app, '/tools/list', { key: token, body: {} })).status).toBe(401)
    expect((await call(app, `/users/${user.id}`)).status).toBe(404)
    expect((await call(app, `/users/${user.id}`, { method: 'DELETE' })).status).toBe(404)
    const left = (await call(app, '/credentials?limit=200')).body.credentials.map((c: { id: string }) => c.id)
    expect(left).not.toContain(cred.body.id)
  })

  test("POST /credentials and /oauth/init with another project's (or an unknown) user_id are 404; a user's credential lists its user_id", async () => {
    const mine = (await call(app, '/users', { body: { external_id: 'cred-owner' } })).body
    const other = await app.newProject('users-credentials')
    const body = { name: 'k', provider_id: 'api_key', credential_data: { api_key: 'k-secret' }, user_id: mine.id }
    const foreign = await call(app, '/credentials', { key: other.apiKey, body })
    expect(foreign.status).toBe(404)
    expectError(foreign.body, 'not_found', 'user')
    expect(
      (await call(app, '/oauth/init', { key: other.apiKey, body: { provider_id: 'github', user_id: mine.id } })).status,
    ).toBe(404)
    const made = await call(app, '/credentials', { body })
    expect(made.status).toBe(201)
    expect(made.body.user_id).toBe(mine.id)
    const listed = (await call(app, '/credentials')).body.credentials.find((c: { id: string }) => c.id === made.body.id)
    expect(listed.user_id).toBe(mine.id)
    const detail = await call(app, `/users/${mine.id}`)
    expect(detail.body.connections).toMatchObject([
      { credential_id: made.body.id, provider_id: 'api_key', kind: 'static' },
    ])
    expect(detail.text).not.toContain('k-secret')
  })

  test('POST /users/{id}/tokens with no body at all mints a default token', async () => {
    const user = (await call(app, '/users', { body: { external_id: 'no-body' } })).body
    const res = await app.api(`/users/${user.id}/tokens`, { method: 'POST' })
    expect(res.status).toBe(201)
    expect(((await res.json()) as { token: string }).token).toMatch(/^tyk_/)
  })
})
