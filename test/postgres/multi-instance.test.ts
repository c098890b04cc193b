// Two in-process apps on one PostgreSQL database, as two instances behind a balancer: what one writes the other serves
// (its read model dropped by the NOTIFY change feed), and an instance whose master key cannot open the
// database's sealed data refuses to start (docs/decisions/0043-postgresql-in-serve.md).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import { loadConfig } from '../../src/config'
import { startServer } from '../../src/server'
import { startTestApp, type TestApp, tempDirs } from '../helpers/app'
import { post } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../helpers/postgres'

const newDatabase = testDatabases()
const newDir = tempDirs()
const MASTER_KEY = randomBytes(32).toString('base64')
let url = ''
let a: TestApp
let b: TestApp

beforeAll(async () => {
  url = await newDatabase()
  const env = { TOOLYARD_DATABASE_URL: url, TOOLYARD_MASTER_KEY: MASTER_KEY }
  // Started together, as instances behind a balancer: the migrations run once under their lock.
  ;[a, b] = await Promise.all([startTestApp(env), startTestApp(env)])
}, POSTGRES_START_TIMEOUT_MS)
afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()])
})

/**
 * Polls `check` until it holds, for at most 10 s. The read model has no expiry: without the change feed a stale
 * answer would stay, so the change arriving at all is the property (how soon is a figure, not a gate).
 */
const seen = (what: string, check: () => Promise<boolean>) => waitFor(what, check, { timeoutMs: 10_000 })

/** A stateless 2026-07-28 prompts/list on the server `slug`, sent to `app` with `key`; its JSON-RPC answer. */
const promptsList = async (app: TestApp, slug: string, key: string) => {
  const res = await post(
    { base: app.base, apiKey: key },
    slug,
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'prompts/list',
      params: {
        _meta: {
          'io.modelcontextprotocol/protocolVersion': '2026-07-28',
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    },
    { headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'prompts/list' } },
  )
  expect(res.status).toBe(200)
  return (await res.json()) as { result?: { prompts: { name: string }[] }; error?: { message: string } }
}

describe('two instances on one PostgreSQL', () => {
  test('both run on PostgreSQL and share the projects', async () => {
    expect(a.server.deps.backend).toBe('postgres')
    expect(b.server.deps.backend).toBe('postgres')
    // The same project `test` on both (the second found the first's), each with a key of its own that both accept.
    expect(a.projectId).toBe(b.projectId)
    expect((await a.api('/servers', { key: b.apiKey })).status).toBe(200)
    expect((await b.api('/servers', { key: a.apiKey })).status).toBe(200)
  })

  test('a server created on one is served by the other', async () => {
    const slug = `shared-${Date.now()}`
    // B answers (and caches) "no such server" first, so a stale read model would keep answering 404.
    expect((await promptsList(b, slug, b.apiKey)).error?.message).toContain('unknown server')
    const created = await a.api('/servers', { body: { name: slug } })
    expect(created.status).toBe(201)
    expect((await created.json()).data.slug).toBe(slug)
    await seen('the server on B', async () => (await promptsList(b, slug, b.apiKey)).result !== undefined)
    expect((await promptsList(b, slug, b.apiKey)).result?.prompts).toEqual([])
    // And a prompt added on B is listed by A.
    const serverId = (await (await b.api('/servers')).json()).data.find((s: { slug: string }) => s.slug === slug).id
    const prompt = await b.api('/prompts', {
      body: { server_id: serverId, name: 'greet', template: 'Hello {{name}}', arguments: [{ name: 'name' }] },
    })
    expect(prompt.status).toBe(201)
    await seen('the prompt on A', async () =>
      Boolean((await promptsList(a, slug, a.apiKey)).result?.prompts.some((p) => p.name === 'greet')),
    )
  })

  test('a resource changed on one is read with its new content on the other', async () => {
    const server = (await (await a.api('/servers', { body: { name: `res-${Date.now()}` } })).json()).data
    const read = async (app: TestApp) => {
      const res = await post(
        app,
        server.slug,
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'resources/read',
          params: {
            uri: 'docs://shared',
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': {},
            },
          },
        },
        {
          headers: {
            'mcp-protocol-version': '2026-07-28',
            'mcp-method': 'resources/read',
            'mcp-name': 'docs://shared',
          },
        },
      )
      return (await res.json()) as { result?: { contents: { text: string }[] } }
    }
    const created = await a.api('/resources', {
      body: { server_id: server.id, name: 'Shared', uri: 'docs://shared', resource_type: 'static', content: 'v1' },
    })
    expect(created.status).toBe(201)
    await seen('v1 on B', async () => (await read(b)).result?.contents[0]?.text === 'v1')
    const id = (await created.json()).id
    expect((await b.api(`/resources/${id}`, { method: 'PATCH', body: { content: 'v2' } })).status).toBe(200)
    await seen('v2 on A', async () => (await read(a)).result?.contents[0]?.text === 'v2')
  })

  test('a key revoked on one is refused by the other', async () => {
    const created = await (await a.api('/keys', { body: { name: 'doomed' } })).json()
    const key: string = created.api_key
    // B has checked (and cached) the key as valid.
    expect((await b.api('/servers', { key })).status).toBe(200)
    expect((await b.api('/servers', { key })).status).toBe(200)
    expect((await a.api(`/keys/${created.id}`, { method: 'DELETE' })).status).toBe(200)
    await seen('the key refused on B', async () => (await b.api('/servers', { key })).status === 401)
    // And it stays refused on both.
    expect((await a.api('/servers', { key })).status).toBe(401)
  })

  test("a key's rate limit holds across instances: the windows are PostgreSQL's", async () => {
    const env = {
      TOOLYARD_DATABASE_URL: url,
      TOOLYARD_MASTER_KEY: MASTER_KEY,
      TOOLYARD_RATE_LIMITS: JSON.stringify({ credentials_read: 4 }),
    }
    const [c, d] = await Promise.all([startTestApp(env), startTestApp(env)])
    try {
      const key = (await (await c.api('/keys', { body: { name: 'limited' } })).json()).api_key as string
      // Windows are clock minutes: keep the six calls inside one.
      const second = new Date().getSeconds()
      if (second >= 55) await Bun.sleep((61 - second) * 1000)
      const statuses: number[] = []
      // Alternating instances, as a round-robin balancer would: each instance alone would allow 4.
      for (let i = 0; i < 6; i++) statuses.push((await (i % 2 ? d : c).api('/keys', { key })).status)
      expect(statuses).toEqual([200, 200, 200, 200, 429, 429])
      const limited = await d.api('/keys', { key })
      expect(limited.headers.get('retry-after')).toBeString()
    } finally {
      await Promise.all([c.stop(), d.stop()])
    }
  })

  test('an instance with another master key refuses to start, saying so and showing no key', async () => {
    const other = randomBytes(32).toString('base64')
    const config = loadConfig({
      TOOLYARD_PORT: '0',
      TOOLYARD_HOST: '127.0.0.1',
      TOOLYARD_DATA_DIR: newDir(),
      TOOLYARD_LOG_LEVEL: 'silent',
      TOOLYARD_DATABASE_URL: url,
      TOOLYARD_MASTER_KEY: other,
    })
    const error = await startServer(config).then(
      () => null,
      (e: Error) => e,
    )
    expect(error?.message).toContain("TOOLYARD_MASTER_KEY cannot open this database's sealed data")
    expect(error?.message).not.toContain(other)
    expect(error?.message).not.toContain(MASTER_KEY)
  })
})
