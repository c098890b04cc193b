// Budgets that keep one tenant's data from costing the others: user regexes on RE2, result and cache byte budgets,
// bounded MCP sessions and subscriptions, and OAuth flow rows pruned by a job.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call, serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { openSession, post } from '../helpers/mcp'

const RESULT_LIMIT = 64 * 1024
const CACHE_BYTES = 100_000
let app: TestApp
let serverId: string
let slug: string
const hits = new Map<string, number>()
// Serves `/pad/<name>/<bytes>`: that many bytes of text, and counts the reads of each name.
const upstream = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(req) {
    const [, , name = '', size = '0'] = new URL(req.url).pathname.split('/')
    hits.set(name, (hits.get(name) ?? 0) + 1)
    return new Response('x'.repeat(Number(size)), { headers: { 'content-type': 'text/plain' } })
  },
})
const pad = (name: string, bytes: number) => `http://127.0.0.1:${upstream.port}/pad/${name}/${bytes}`

beforeAll(async () => {
  app = await startTestApp({
    TOOLYARD_MAX_RESULT_BYTES: String(RESULT_LIMIT),
    TOOLYARD_RESOURCE_CACHE_BYTES: String(CACHE_BYTES),
    TOOLYARD_MAX_SESSIONS: '3',
    TOOLYARD_MAX_SESSION_SUBSCRIPTIONS: '2',
  })
  const kit = await toolkitWithTools(app, 'budget', [
    {
      name: 'redos',
      code: 'export default async (input) => ({ ok: true })',
      input_schema: { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } },
    },
    { name: 'huge', code: `export default async () => 'y'.repeat(${2 * RESULT_LIMIT})` },
    { name: 'small', code: `export default async () => 'fits'` },
  ])
  const server = await serverWithToolkits(app, 'budgets', [kit])
  serverId = server.id
  slug = server.slug
})
afterAll(async () => {
  await app.stop()
  upstream.stop(true)
})

const callTool = (name: string, args: Record<string, unknown> = {}) =>
  call(app, '/tools/call', { body: { name, arguments: args, server_id: serverId } })

describe('user regular expressions', () => {
  test('catastrophic patterns are checked by RE2 (linear time) and answer 400', async () => {
    // That the engine is RE2 is shown structurally by the next test (a backreference RE2 cannot compile is refused);
    // how long these take under load is measured in test-load/redos-timing.load.test.ts (npm run test:load).
    const results = await Promise.all(Array.from({ length: 8 }, () => callTool('redos', { s: `${'a'.repeat(32)}!` })))
    for (const r of results) {
      // REST answers an argument that breaks its schema 400 naming the field.
      expect(r.status).toBe(400)
      expect(r.body.details[0].field).toBe('body.arguments.s')
    }
  })

  test('a pattern RE2 cannot compile is 400 at registration naming the field', async () => {
    const kit = await call(app, '/toolkits', { body: { name: 'badpattern' } })
    const bad = async (input_schema: Record<string, unknown>) =>
      call(app, '/tools', {
        body: { toolkit_id: kit.body.id, name: 'bp', description: 'd', function_name: 'budget.small', input_schema },
      })
    const backref = await bad({ type: 'object', properties: { s: { type: 'string', pattern: '(a)\\1' } } })
    expect(backref.status).toBe(400)
    expect(backref.body.details[0].field).toBe('body.input_schema.properties.s.pattern')
    const look = await bad({ type: 'object', patternProperties: { '^(?=x)': { type: 'string' } } })
    expect(look.status).toBe(400)
    expect(look.body.details[0].field).toBe('body.input_schema.patternProperties.^(?=x)')
    expect(look.body.error).toContain('not supported')
  })
})

describe('result and cache budgets', () => {
  test('a tool result over the budget is isError "result too large (N bytes, limit M)"', async () => {
    const r = await callTool('huge')
    expect(r.status).toBe(200)
    expect(r.body.isError).toBe(true)
    expect(r.body.content[0].text).toMatch(new RegExp(`^result too large \\(\\d+ bytes, limit ${RESULT_LIMIT}\\)$`))
    expect((await callTool('small')).body.content[0].text).toBe('fits')
  })

  test('a resource over the budget is REST 502, and the same message over the protocol', async () => {
    const created = await call(app, '/resources', {
      body: {
        server_id: serverId,
        name: 'Big',
        uri: 'mcp://big',
        resource_type: 'api',
        url: pad('big', 2 * RESULT_LIMIT),
      },
    })
    expect(created.status).toBe(201)
    const r = await call(app, '/resources/read', { body: { uri: 'mcp://big' } })
    expect(r.status).toBe(502)
    expect(r.body.error).toContain('result too large')
    const { headers } = await openSession(app, slug)
    const res = await post(
      app,
      slug,
      { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'mcp://big' } },
      { headers },
    )
    const rpc = (await res.json()) as { error: { message: string } }
    expect(rpc.error.message).toContain('result too large')
  })

  test('the resource cache is bounded by bytes, least recently used out', async () => {
    for (const name of ['c1', 'c2', 'c3']) {
      const body = { server_id: serverId, name, uri: `mcp://${name}`, resource_type: 'api', url: pad(name, 40_000) }
      expect((await call(app, '/resources', { body: { ...body, cache_ttl_seconds: 600 } })).status).toBe(201)
    }
    const read = async (name: string) => {
      expect((await call(app, '/resources/read', { body: { uri: `mcp://${name}` } })).status).toBe(200)
      return hits.get(name) ?? 0
    }
    expect(await read('c1')).toBe(1)
    expect(await read('c2')).toBe(1)
    expect(await read('c1')).toBe(1) // a hit, and now the most recently used
    expect(await read('c3')).toBe(1) // 120 kB > 100 kB: c2, the least recently used, goes
    expect(await read('c1')).toBe(1)
    expect(await read('c3')).toBe(1)
    expect(await read('c2')).toBe(2)
  })
})

describe('bounded state', () => {
  test('at most TOOLYARD_MAX_SESSIONS sessions: the least recently used ends first', async () => {
    const sessions = app.server.deps.mcpSessions
    const a = await openSession(app, slug)
    const b = await openSession(app, slug)
    const c = await openSession(app, slug)
    // a is used again, so b is now the least recently used.
    expect((await post(app, slug, { jsonrpc: '2.0', id: 1, method: 'ping' }, { headers: a.headers })).status).toBe(200)
    await openSession(app, slug)
    expect(sessions.size()).toBeLessThanOrEqual(3)
    expect((await post(app, slug, { jsonrpc: '2.0', id: 2, method: 'ping' }, { headers: b.headers })).status).toBe(404)
    expect((await post(app, slug, { jsonrpc: '2.0', id: 3, method: 'ping' }, { headers: a.headers })).status).toBe(200)
    expect((await post(app, slug, { jsonrpc: '2.0', id: 4, method: 'ping' }, { headers: c.headers })).status).toBe(200)
  })

  test('at most TOOLYARD_MAX_SESSION_SUBSCRIPTIONS subscriptions per session', async () => {
    const { headers } = await openSession(app, slug)
    const sub = async (uri: string) =>
      (await (
        await post(app, slug, { jsonrpc: '2.0', id: uri, method: 'resources/subscribe', params: { uri } }, { headers })
      ).json()) as { result?: unknown; error?: { code: number; message: string } }
    expect((await sub('mcp://c1')).result).toEqual({})
    expect((await sub('mcp://c2')).result).toEqual({})
    expect((await sub('mcp://c1')).result).toEqual({}) // the same uri again is no new subscription
    const third = await sub('mcp://c3')
    expect(third.error?.code).toBe(-32602)
    expect(third.error?.message).toContain('at most 2 subscriptions')
  })

  test('OAuth flow rows older than the TTL are deleted by the pruning job', async () => {
    const { pruneFlows } = app.server.deps
    const insert = (state: string, at: string) =>
      app.sql(
        `INSERT INTO oauth_flows (state, project_id, provider_id, redirect_uri, scopes, code_verifier_sealed, status, expires_at, created_at, updated_at)
         VALUES ($state, $project, 'p', 'http://x/cb', '', 'sealed', 'pending', $at, $at, $at)`,
        { state, project: app.projectId, at },
      )
    await insert('old-flow', new Date(Date.now() - 25 * 3600_000).toISOString())
    await insert('new-flow', new Date().toISOString())
    expect(await pruneFlows()).toBe(1)
    const left = await app.sql('SELECT state FROM oauth_flows')
    expect(left.map((r) => r.state)).toEqual(['new-flow'])
  })
})
