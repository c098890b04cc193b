// Cross-cutting HTTP behaviour: rate limits, x-request-id everywhere, error envelope, health, OpenAPI.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startTestApp, type TestApp } from '../helpers/app'

describe('rate limits', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp({ TOOLYARD_RATE_LIMITS: '{"servers_read":3,"misc":2}' })
  })
  afterAll(async () => {
    await app.stop()
  })

  test('the configured limit is enforced per key with 429, Retry-After and RateLimit-* headers', async () => {
    const remaining: string[] = []
    for (let i = 0; i < 3; i++) {
      const ok = await app.api('/servers')
      expect(ok.status).toBe(200)
      expect(ok.headers.get('ratelimit-limit')).toBe('3')
      remaining.push(ok.headers.get('ratelimit-remaining')!)
      expect(Number(ok.headers.get('ratelimit-reset'))).toBeGreaterThan(0)
    }
    expect(remaining).toEqual(['2', '1', '0'])

    const limited = await app.api('/servers')
    expect(limited.status).toBe(429)
    const retryAfter = Number(limited.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(0)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(limited.headers.get('ratelimit-limit')).toBe('3')
    expect(limited.headers.get('ratelimit-remaining')).toBe('0')
    expect(limited.headers.get('x-request-id')).toBeString()
    const body = await limited.json()
    expect(body.error).toBeString()
    expect(body.code).toBe('rate_limited')
    // GET /servers/{id} shares the group.
    expect((await app.api('/servers/01900000-0000-7000-8000-000000000000')).status).toBe(429)

    // Another key has its own budget, and other groups are unaffected.
    const other = await app.newProject('rate-other')
    expect((await app.api('/servers', { key: other.apiKey })).status).toBe(200)
    const created = await app.api('/servers', { body: { name: 'still allowed' } })
    expect(created.status).toBe(201)
    expect(created.headers.get('ratelimit-limit')).toBe('20')
  })

  test('health is limited per client address', async () => {
    expect((await fetch(`${app.base}/health`)).status).toBe(200)
    expect((await fetch(`${app.base}/health`)).status).toBe(200)
    const limited = await fetch(`${app.base}/health`)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBeString()
  })

  test('a request without a valid key is refused with 401 and does not spend anyone’s budget', async () => {
    const fresh = await app.newProject('rate-fresh')
    for (let i = 0; i < 5; i++) expect((await app.api('/servers', { key: 'tyk_wrong' })).status).toBe(401)
    expect((await app.api('/servers', { key: fresh.apiKey })).headers.get('ratelimit-remaining')).toBe('2')
  })
})

// One app at a time per process: each configuration gets its own block.
describe('rate limits switched off', () => {
  test('TOOLYARD_RATE_LIMITS=off turns limiting off', async () => {
    const off = await startTestApp({ TOOLYARD_RATE_LIMITS: 'off' })
    try {
      for (let i = 0; i < 65; i++) {
        const res = await off.api('/servers')
        expect(res.status).toBe(200)
        expect(res.headers.get('ratelimit-limit')).toBeNull()
      }
    } finally {
      await off.stop()
    }
  })
})

describe('default rate limits', () => {
  test('the spec’s defaults apply when nothing is configured (GET /servers: 60)', async () => {
    const dflt = await startTestApp({ TOOLYARD_RATE_LIMITS: '' })
    try {
      expect((await dflt.api('/servers')).headers.get('ratelimit-limit')).toBe('60')
      expect((await dflt.api('/servers', { body: { name: 'x' } })).headers.get('ratelimit-limit')).toBe('20')
      expect((await fetch(`${dflt.base}/health`)).headers.get('ratelimit-limit')).toBe('100')
    } finally {
      await dflt.stop()
    }
  })
})

describe('request ids and the error envelope', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp()
  })
  afterAll(async () => {
    await app.stop()
  })

  test('every response carries x-request-id: success, 400, 401, 404, unknown routes', async () => {
    const responses = [
      await app.api('/servers'),
      await app.api('/servers', { body: {} }),
      await app.api('/servers', { key: null }),
      await app.api('/servers/01900000-0000-7000-8000-000000000000'),
      await app.api('/no/such/thing'),
      await fetch(`${app.server.origin}/outside-the-base-path`),
      await fetch(`${app.base}/health`),
    ]
    const ids = responses.map((r) => r.headers.get('x-request-id'))
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Set(ids).size).toBe(ids.length)
  })

  test('a caller’s x-request-id is echoed in the header and the error body; a hostile one is replaced', async () => {
    const res = await app.api('/servers', { key: null, headers: { 'x-request-id': 'trace-abc.123' } })
    expect(res.headers.get('x-request-id')).toBe('trace-abc.123')
    expect((await res.json()).request_id).toBe('trace-abc.123')
    const bad = await app.api('/servers', { headers: { 'x-request-id': 'a b <script>' } })
    expect(bad.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/)
  })

  test('404 for an unknown route uses the envelope', async () => {
    const res = await app.api('/definitely/not/here')
    expect(res.status).toBe(404)
    const body = await res.json()
    expect(body).toEqual({ error: expect.any(String), code: 'not_found', request_id: res.headers.get('x-request-id') })
  })
})

describe('health and OpenAPI', () => {
  let app: TestApp
  beforeAll(async () => {
    app = await startTestApp()
  })
  afterAll(async () => {
    await app.stop()
  })

  test('GET /mcp/health reports status, version and the database', async () => {
    const res = await fetch(`${app.base}/health`)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body).toMatchObject({ status: 'ok', database: 'ok' })
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/)
  })

  test('/mcp/openapi.json documents the servers paths and the error envelope', async () => {
    const res = await fetch(`${app.base}/openapi.json`)
    expect(res.status).toBe(200)
    const doc = await res.json()
    expect(doc.openapi).toMatch(/^3\./)
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/mcp/servers', '/mcp/servers/{id}', '/mcp/health']))
    expect(Object.keys(doc.paths['/mcp/servers'])).toEqual(expect.arrayContaining(['get', 'post']))
    expect(Object.keys(doc.paths['/mcp/servers/{id}'])).toEqual(expect.arrayContaining(['get', 'patch', 'delete']))
    const post = doc.paths['/mcp/servers'].post
    expect(JSON.stringify(post.requestBody)).toContain('"name"')
    expect(JSON.stringify(post.responses['400'])).toContain('request_id')
    // The health body is documented although the route does not validate it (src/modules/health/index.ts).
    const health = doc.paths['/mcp/health'].get.responses
    for (const status of ['200', '503'])
      expect(health[status].content['application/json'].schema.required).toEqual(
        expect.arrayContaining(['status', 'version', 'database', 'uptime_s']),
      )
  })
})
