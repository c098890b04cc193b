// /credentials and /providers over real HTTP: write-only secrets, provider checks, project isolation, sealed storage.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startTestApp, type TestApp } from '../helpers/app'
import { BUILTIN_PROVIDER_IDS } from '../helpers/catalog'
import { allRowsText } from '../helpers/rows-text'

const SECRET = 'sk-live-credentials-api-test-7f3a9c'
const CLIENT_SECRET = 'client-secret-providers-test-55e1'
let app: TestApp

beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

describe('credentials', () => {
  test('create answers 201 with id, name, provider_id, created_at and never the data', async () => {
    const res = await app.api('/credentials', {
      body: { name: 'openai key', provider_id: 'api_key', credential_data: { api_key: SECRET } },
    })
    expect(res.status).toBe(201)
    const text = await res.text()
    expect(text).not.toContain(SECRET)
    const body = JSON.parse(text)
    expect(Object.keys(body).sort()).toEqual(['created_at', 'id', 'name', 'provider_id'])
    expect(body.name).toBe('openai key')
    expect(body.provider_id).toBe('api_key')

    const list = await app.api('/credentials')
    expect(list.status).toBe(200)
    const listText = await list.text()
    expect(listText).not.toContain(SECRET)
    const { credentials } = JSON.parse(listText)
    const found = credentials.find((c: { id: string }) => c.id === body.id)
    expect(found).toEqual({ id: body.id, name: 'openai key', provider_id: 'api_key', created_at: body.created_at })
  })

  test('the opened data is available to the service only through the access port', async () => {
    const res = await app.api('/credentials', {
      body: {
        name: 'gh',
        provider_id: 'api_key',
        credential_data: { api_key: SECRET, base_url: 'http://127.0.0.1:1' },
      },
    })
    const { id } = await res.json()
    const access = app.server.deps.credentials
    expect(await access.status(app.projectId, id)).toBe('configured')
    const opened = await access.open(app.projectId, id)
    expect(opened).toEqual({ status: 'configured', data: { api_key: SECRET, base_url: 'http://127.0.0.1:1' } })
    // Another project cannot open it even knowing the id.
    const other = await app.newProject('other-open')
    expect(await access.status(other.projectId, id)).toBe('missing')
    expect((await access.open(other.projectId, id)).status).toBe('missing')
  })

  test('a stored value that no longer decrypts reads as auth_required, never as an exception', async () => {
    const res = await app.api('/credentials', {
      body: { name: 'tampered', provider_id: 'api_key', credential_data: { api_key: SECRET } },
    })
    const { id } = await res.json()
    // Simulate a lost master key / tampered row: the ciphertext no longer authenticates.
    await app.sql("UPDATE credentials SET data_sealed = 'v1.bogus.bogus' WHERE id = $id", { id })
    const opened = await app.server.deps.credentials.open(app.projectId, id)
    expect(opened).toEqual({ status: 'auth_required' })
  })

  test('unknown provider → 400; missing or empty credential_data → 400 naming the field; unknown field → 400', async () => {
    const unknown = await app.api('/credentials', {
      body: { name: 'x', provider_id: 'nope', credential_data: { a: 1 } },
    })
    expect(unknown.status).toBe(400)
    expect((await unknown.json()).error).toContain('nope')

    const empty = await app.api('/credentials', { body: { name: 'x', provider_id: 'api_key', credential_data: {} } })
    expect(empty.status).toBe(400)
    expect(JSON.stringify((await empty.json()).details)).toContain('credential_data')

    const missing = await app.api('/credentials', { body: { name: 'x', provider_id: 'api_key' } })
    expect(missing.status).toBe(400)

    const extra = await app.api('/credentials', {
      body: { name: 'x', provider_id: 'api_key', credential_data: { a: 1 }, secret: 1 },
    })
    expect(extra.status).toBe(400)
  })

  test('delete removes it (then 404); another project sees 404 and an empty list', async () => {
    const { id } = await (
      await app.api('/credentials', {
        body: { name: 'temp', provider_id: 'api_key', credential_data: { api_key: SECRET } },
      })
    ).json()
    const other = await app.newProject('other-delete')
    expect((await app.api(`/credentials/${id}`, { method: 'DELETE', key: other.apiKey })).status).toBe(404)
    const otherList = await (await app.api('/credentials', { key: other.apiKey })).json()
    expect(otherList.credentials).toEqual([])

    expect((await app.api(`/credentials/${id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await app.api(`/credentials/${id}`, { method: 'DELETE' })).status).toBe(404)
    expect(await app.server.deps.credentials.status(app.projectId, id)).toBe('missing')
  })

  test('no API key → 401', async () => {
    expect((await app.api('/credentials', { key: null })).status).toBe(401)
    expect((await app.api('/providers', { key: null })).status).toBe(401)
  })

  test('lists page with limit and cursor', async () => {
    const p = await app.newProject('paging')
    for (let i = 0; i < 3; i++)
      await app.api('/credentials', {
        key: p.apiKey,
        body: { name: `c${i}`, provider_id: 'none', credential_data: { v: i } },
      })
    const first = await (await app.api('/credentials?limit=2', { key: p.apiKey })).json()
    expect(first.credentials.map((c: { name: string }) => c.name)).toEqual(['c0', 'c1'])
    const second = await (await app.api(`/credentials?limit=2&cursor=${first.next_cursor}`, { key: p.apiKey })).json()
    expect(second.credentials.map((c: { name: string }) => c.name)).toEqual(['c2'])
    expect(second.next_cursor).toBeUndefined()
  })
})

describe('providers', () => {
  test('built-ins are listed with oauth_configured false until the project configures them', async () => {
    const { providers } = await (await app.api('/providers')).json()
    const ids = providers.map((p: { id: string }) => p.id)
    for (const id of BUILTIN_PROVIDER_IDS) expect(ids).toContain(id)
    const github = providers.find((p: { id: string }) => p.id === 'github')
    expect(github.builtin).toBe(true)
    expect(github.auth_type).toBe('oauth')
    expect(github.oauth_configured).toBe(false)
  })

  test('configuring a built-in (same id) and defining a custom one; the client secret is never shown', async () => {
    const gh = await app.api('/providers', {
      body: { id: 'github', client_id: 'gh-client', client_secret: CLIENT_SECRET, base_url: 'http://127.0.0.1:9/api' },
    })
    expect(gh.status).toBe(201)
    const ghText = await gh.text()
    expect(ghText).not.toContain(CLIENT_SECRET)
    expect(JSON.parse(ghText)).toMatchObject({
      id: 'github',
      builtin: true,
      oauth_configured: true,
      client_id: 'gh-client',
      base_url: 'http://127.0.0.1:9/api',
    })

    const own = await app.api('/providers', {
      body: {
        id: 'acme',
        name: 'Acme',
        auth_type: 'oauth',
        authorize_url: 'http://127.0.0.1:9/authorize',
        token_url: 'http://127.0.0.1:9/token',
        scopes: ['read'],
        client_id: 'acme-client',
        client_secret: CLIENT_SECRET,
      },
    })
    expect(own.status).toBe(201)

    const listText = await (await app.api('/providers')).text()
    expect(listText).not.toContain(CLIENT_SECRET)
    const { providers } = JSON.parse(listText)
    expect(providers.find((p: { id: string }) => p.id === 'acme')).toMatchObject({
      id: 'acme',
      name: 'Acme',
      builtin: false,
      oauth_configured: true,
      scopes: ['read'],
    })
    expect(providers.find((p: { id: string }) => p.id === 'github').oauth_configured).toBe(true)

    // Another project does not see this project's configuration.
    const other = await app.newProject('other-providers')
    const otherList = (await (await app.api('/providers', { key: other.apiKey })).json()).providers
    expect(otherList.find((p: { id: string }) => p.id === 'acme')).toBeUndefined()
    expect(otherList.find((p: { id: string }) => p.id === 'github').oauth_configured).toBe(false)

    // A credential may now name the project's own provider.
    expect(
      (
        await app.api('/credentials', {
          body: { name: 'acme static', provider_id: 'acme', credential_data: { token: 't' } },
        })
      ).status,
    ).toBe(201)
    expect(
      (
        await app.api('/credentials', {
          key: other.apiKey,
          body: { name: 'acme static', provider_id: 'acme', credential_data: { token: 't' } },
        })
      ).status,
    ).toBe(400)
  })

  test('duplicate id → 409; oauth without urls → 400; delete → 200 then 404', async () => {
    await app.api('/providers', { body: { id: 'dup', name: 'Dup', auth_type: 'api_key' } })
    expect((await app.api('/providers', { body: { id: 'dup', name: 'Dup', auth_type: 'api_key' } })).status).toBe(409)
    const bad = await app.api('/providers', { body: { id: 'half', name: 'Half', auth_type: 'oauth', client_id: 'x' } })
    expect(bad.status).toBe(400)
    expect((await bad.json()).error).toContain('token_url')
    expect((await app.api('/providers', { body: { id: 'Bad Id', name: 'x', auth_type: 'none' } })).status).toBe(400)
    expect((await app.api('/providers/dup', { method: 'DELETE' })).status).toBe(200)
    expect((await app.api('/providers/dup', { method: 'DELETE' })).status).toBe(404)
  })

  test('secrets are not stored in clear text in the database', async () => {
    const rows = await allRowsText(app)
    expect(rows).not.toContain(SECRET)
    expect(rows).not.toContain(CLIENT_SECRET)
    // The rows exist and carry sealed values with a data-key id.
    const [row] = await app.sql("SELECT data_sealed FROM credentials WHERE name = 'openai key'")
    expect(String(row!.data_sealed)).toMatch(/^v1\.[0-9a-f-]{36}\.[\w-]+\.[\w-]+$/)
  })
})
