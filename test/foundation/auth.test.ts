// API key authentication: both header forms, every 401 case, and the admin API.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startTestApp, type TestApp } from '../helpers/app'

const ADMIN = 'admin-token-for-tests-0123456789'
let app: TestApp

async function expect401(res: Response) {
  expect(res.status).toBe(401)
  expect(res.headers.get('x-request-id')).toBeString()
  const body = await res.json()
  expect(body).toMatchObject({ code: 'unauthorized', request_id: res.headers.get('x-request-id') })
  expect(body.error).toBeString()
}

const listWith = (headers: Record<string, string>) => fetch(`${app.base}/servers`, { headers })

describe('with an admin token configured', () => {
  beforeAll(async () => {
    app = await startTestApp({ TOOLYARD_ADMIN_TOKEN: ADMIN })
  })
  afterAll(async () => {
    await app.stop()
  })

  describe('API keys', () => {
    test('X-API-Key and Authorization: Bearer carry the same key', async () => {
      const a = await listWith({ 'X-API-Key': app.apiKey })
      expect(a.status).toBe(200)
      const b = await listWith({ Authorization: `Bearer ${app.apiKey}` })
      expect(b.status).toBe(200)
      expect(await b.json()).toEqual(await a.json())
    })

    test('missing key → 401', async () => {
      await expect401(await listWith({}))
    })

    test('malformed key → 401 (both header forms, and a non-Bearer Authorization)', async () => {
      await expect401(await listWith({ 'X-API-Key': 'not-a-key' }))
      await expect401(await listWith({ Authorization: 'Bearer not-a-key' }))
      await expect401(await listWith({ Authorization: `Basic ${btoa(`user:${app.apiKey}`)}` }))
    })

    test('unknown key of the right shape → 401', async () => {
      await expect401(await listWith({ 'X-API-Key': `tyk_${'A'.repeat(43)}` }))
    })

    test('revoked key → 401', async () => {
      const p = await app.newProject('revoked-case')
      const keyId = (await app.server.deps.projects.listKeys(p.projectId))[0]!.id
      expect((await listWith({ 'X-API-Key': p.apiKey })).status).toBe(200)
      await app.server.deps.projects.revokeKey(keyId)
      await expect401(await listWith({ 'X-API-Key': p.apiKey }))
    })

    test('expired key → 401', async () => {
      const project = await app.server.deps.projects.projectOrCreate('expiry-case')
      const { apiKey, key } = await app.server.deps.projects.createKey(project.id, { expiresInMs: 3_600_000 })
      expect((await listWith({ 'X-API-Key': apiKey })).status).toBe(200)
      // Move the expiry into the past through a second connection to the same database.
      await app.sql('UPDATE api_keys SET expires_at = $at WHERE id = $id', {
        at: new Date(Date.now() - 1000).toISOString(),
        id: key.id,
      })
      await expect401(await listWith({ 'X-API-Key': apiKey }))
    })

    test('every keyed route answers 401 without a key', async () => {
      const id = '01900000-0000-7000-8000-000000000000'
      for (const [method, path] of [
        ['POST', '/servers'],
        ['GET', '/servers'],
        ['GET', `/servers/${id}`],
        ['PATCH', `/servers/${id}`],
        ['DELETE', `/servers/${id}`],
      ] as const) {
        const res = await fetch(app.base + path, {
          method,
          headers: { 'Content-Type': 'application/json' },
          body: method === 'POST' || method === 'PATCH' ? '{"name":"x"}' : undefined,
        })
        expect({ method, path, status: res.status }).toEqual({ method, path, status: 401 })
      }
    })

    test('health needs no key', async () => {
      const res = await fetch(`${app.base}/health`)
      expect(res.status).toBe(200)
      const body = await res.json()
      expect(body).toMatchObject({ status: 'ok', database: 'ok' })
      expect(body.version).toBeString()
    })

    test('the keys a project holds are stored hashed, never in clear', async () => {
      const rows = await app.sql('SELECT * FROM api_keys')
      const dump = JSON.stringify(rows)
      expect(dump).not.toContain(app.apiKey)
      expect(dump).toContain(app.apiKey.slice(0, 12))
    })
  })

  describe('admin API', () => {
    const admin = (path: string, init: { method?: string; body?: unknown; token?: string | null } = {}) =>
      fetch(`${app.base}/admin${path}`, {
        method: init.method ?? (init.body ? 'POST' : 'GET'),
        headers: {
          ...(init.token === null ? {} : { Authorization: `Bearer ${init.token ?? ADMIN}` }),
          ...(init.body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
      })

    test('needs the admin token: none, wrong, or an API key → 401', async () => {
      await expect401(await admin('/projects', { token: null }))
      await expect401(await admin('/projects', { token: 'wrong-token-wrong-token' }))
      await expect401(await admin('/projects', { token: app.apiKey }))
      // Even with an invalid body the missing token is what is reported.
      await expect401(await admin('/projects', { token: null, body: { bogus: 1 } }))
    })

    test('projects and keys: create, list, use, revoke', async () => {
      const created = await admin('/projects', { body: { name: 'via-admin' } })
      expect(created.status).toBe(201)
      const project = await created.json()
      expect(project).toMatchObject({ name: 'via-admin' })

      expect((await admin('/projects', { body: { name: 'via-admin' } })).status).toBe(409)
      const bad = await admin('/projects', { body: { name: 'x', color: 'red' } })
      expect(bad.status).toBe(400)
      expect((await bad.json()).details).toContainEqual({ field: 'body.color', message: 'unknown field' })

      const list = await (await admin('/projects')).json()
      expect(list.projects.map((p: { name: string }) => p.name)).toContain('via-admin')

      const keyRes = await admin(`/projects/${project.id}/keys`, { body: { name: 'admin-made', expires_in: '7d' } })
      expect(keyRes.status).toBe(201)
      const key = await keyRes.json()
      expect(key.api_key).toMatch(/^tyk_/)
      expect(key.expires_at).toBeString()
      expect(key.hash).toBeUndefined()

      // The new key works on the REST API and sees only its own (empty) project.
      const servers = await listWith({ 'X-API-Key': key.api_key })
      expect(servers.status).toBe(200)
      expect((await servers.json()).data).toEqual([])

      const keys = await (await admin(`/projects/${project.id}/keys`)).json()
      expect(keys.keys.map((k: { id: string }) => k.id)).toEqual([key.id])
      expect(JSON.stringify(keys)).not.toContain(key.api_key)

      const revoked = await admin(`/keys/${key.id}`, { method: 'DELETE' })
      expect(revoked.status).toBe(200)
      expect((await revoked.json()).revoked_at).toBeString()
      await expect401(await listWith({ 'X-API-Key': key.api_key }))
    })

    test('unknown project or key → 404', async () => {
      const id = '01900000-0000-7000-8000-000000000000'
      expect((await admin(`/projects/${id}/keys`)).status).toBe(404)
      expect((await admin(`/projects/${id}/keys`, { body: {} })).status).toBe(404)
      expect((await admin(`/keys/${id}`, { method: 'DELETE' })).status).toBe(404)
    })
  })
})

describe('without an admin token', () => {
  test('without TOOLYARD_ADMIN_TOKEN the admin API does not exist', async () => {
    const plain = await startTestApp()
    try {
      const res = await fetch(`${plain.base}/admin/projects`, { headers: { Authorization: `Bearer ${ADMIN}` } })
      expect(res.status).toBe(404)
    } finally {
      await plain.stop()
    }
  })
})
