// Two app instances behind a round-robin balancer, one 2025 MCP session: the real SDK client's requests alternate
// between them, yet the session initialized on one works on the other (sealed id + the PostgreSQL session directory),
// a change made through one instance reaches the GET stream held by the other (the instance bridge over NOTIFY), and
// an elicitation reply or a cancellation that lands on the instance not running the call reaches the one that is
// (docs/decisions/0042-mcp-sessions-across-instances.md). Each instance keeps its data in its own SQLite file, copied
// from the first after provisioning (PostgreSQL mode of `serve` is wired elsewhere); sessions and events go through
// one real PostgreSQL.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import {
  ElicitRequestSchema,
  PromptListChangedNotificationSchema,
  ResourceUpdatedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { backupDatabase, restoreDatabase } from '../../src/db/backup'
import { ensureEventOverflow, pgPeerChannel } from '../../src/db/postgres/change-feed'
import { migratePostgres } from '../../src/db/postgres/migrate'
import { pgSessionDirectory } from '../../src/db/postgres/shared/session-directory'
import { openPostgres, type PgDb } from '../../src/db/postgres/sql'
import { createLogger } from '../../src/lib/log'
import { bridgeInstances, type InstanceBridge } from '../../src/mcp/instance-bridge'
import { serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp, tempDirs } from '../helpers/app'
import { waitFor } from '../helpers/poll'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../helpers/postgres'

const newDatabase = testDatabases()
const newDir = tempDirs('toolyard-two-instances-')
/** Every instance is given the same master key (docs/scale-out.md). */
const env = { TOOLYARD_MASTER_KEY: randomBytes(32).toString('base64'), TOOLYARD_SANDBOX_WORKERS: '2' }

const apps: TestApp[] = []
const pools: PgDb[] = []
const bridges: InstanceBridge[] = []
let server: { id: string; slug: string; url: string }
let resourceId: string
/** The key the client uses: made on the first instance before its data was copied, so both know it. */
let key: string

/** Hit by the spinning tool once it runs. */
const spinning: string[] = []
const receiver = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(req) {
    spinning.push(req.url)
    return new Response('ok')
  },
})

const js = (body: string) => `export default async (input, ctx) => {\n${body}\n}`

beforeAll(async () => {
  const url = await newDatabase()
  const log = createLogger('silent')
  const join2 = async (name: string, dataDir: string) => {
    const db = openPostgres(url, { max: 3 })
    pools.push(db)
    const app = await startTestApp(env, {
      dataDir,
      overrides: { sessionDirectory: pgSessionDirectory(db, name) },
    })
    apps.push(app)
    const { events, mcpSessions } = app.server.deps
    bridges.push(await bridgeInstances({ events, sessions: mcpSessions, channel: pgPeerChannel(db, name), log }))
    return app
  }
  const migrator = openPostgres(url, { max: 1 })
  await migratePostgres(migrator.sql)
  await ensureEventOverflow(migrator)
  await migrator.close()

  const first = await join2('instance-a', newDir())
  key = first.apiKey
  const kit = await toolkitWithTools(first, 'shared-kit', [
    { name: 'greet', code: js(`return 'hello'`) },
    {
      name: 'spin',
      // Reaches the receiver (so the test knows it runs), then never ends by itself: its 60 s limit is past the test's
      // 30 s timeout, so only the cancellation can end the call while the test runs.
      timeout_ms: 60_000,
      code: js(`await ctx.fetch('http://127.0.0.1:' + input.port + '/'); for (;;) {}`),
      input_schema: { type: 'object', properties: { port: { type: 'number' } } },
    },
    {
      name: 'confirm',
      code: js(
        `const r = await ctx.elicit({ message: 'Go?', requestedSchema: { type: 'object', properties: { ok: { type: 'boolean' } } } }); return r.action + ':' + JSON.stringify(r.content)`,
      ),
    },
    {
      name: 'note',
      code: js(
        `const r = await ctx.elicit({ message: 'Note?', requestedSchema: { type: 'object', properties: { note: { type: 'string' } } } }); return r.content.note.length + ':' + r.content.note.slice(-3)`,
      ),
    },
  ])
  server = await serverWithToolkits(first, 'shared server', [kit])
  const created = await first.api('/resources', {
    body: { server_id: server.id, name: 'watched', uri: 'test://watched', resource_type: 'static', content: 'v1' },
  })
  expect(created.status).toBe(201)
  resourceId = ((await created.json()) as { id: string }).id
  // The second instance starts from a copy of the first one's data: same project, key, server and resource.
  const secondDir = newDir()
  const copy = join(newDir(), 'copy.sqlite')
  backupDatabase(first.dataDir, copy)
  restoreDatabase(secondDir, copy)
  await join2('instance-b', secondDir)
}, POSTGRES_START_TIMEOUT_MS)
afterAll(async () => {
  receiver.stop(true)
  for (const b of bridges) await b.stop()
  for (const app of apps) await app.stop()
  for (const db of pools) await db.close()
})

/** Which instance served each request, and what it was. */
interface Routed {
  instance: number
  method: string
  rpc?: string
}

/**
 * A round-robin balancer in the client's fetch: each request goes to the next instance, except that a reply to a
 * server→client request goes to the instance that did not get the call (the case that needs forwarding).
 */
function roundRobin(routed: Routed[]): typeof fetch {
  let turn = 0
  let callAt = 0
  const route = async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : input)
    let rpc: { method?: string; result?: unknown } | undefined
    try {
      rpc = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
    } catch {}
    let instance = turn++ % apps.length
    if (rpc && rpc.result !== undefined && rpc.method === undefined) instance = (callAt + 1) % apps.length
    if (rpc?.method === 'tools/call') callAt = instance
    routed.push({ instance, method: init?.method ?? 'GET', ...(rpc?.method ? { rpc: rpc.method } : {}) })
    url.host = new URL(apps[instance]!.server.origin).host
    return fetch(url, init)
  }
  return route as typeof fetch
}

const holderOf = (sessionId: string) =>
  apps.findIndex((app) => [...app.server.deps.mcpSessions.all()].some((s) => s.id === sessionId && s.stream))

test('a session made on one instance serves, streams and asks across both', async () => {
  const routed: Routed[] = []
  const client = new Client({ name: 'round-robin', version: '1.0.0' }, { capabilities: { elicitation: {} } })
  const transport = new StreamableHTTPClientTransport(new URL(server.url), {
    fetch: roundRobin(routed),
    requestInit: { headers: { 'X-API-Key': key } },
  })
  const seen: string[] = []
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => void seen.push(`updated ${n.params.uri}`))
  client.setNotificationHandler(PromptListChangedNotificationSchema, () => void seen.push('prompts changed'))
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { ok: true } }))
  await client.connect(transport)
  const sessionId = transport.sessionId!
  expect(sessionId).toMatch(/^v1\./)

  // Requests of one session land on both instances and are all served.
  for (let i = 0; i < 4; i++)
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual(['confirm', 'greet', 'note', 'spin'])
  const greeted = await client.callTool({ name: 'greet', arguments: {} })
  expect(greeted.content).toEqual([{ type: 'text', text: 'hello' }])
  const used = new Set(routed.filter((r) => r.method === 'POST').map((r) => r.instance))
  expect(used).toEqual(new Set([0, 1]))
  for (const app of apps) expect([...app.server.deps.mcpSessions.all()].map((s) => s.id)).toContain(sessionId)

  // The GET stream is held by one instance; a subscription made through either, and a change made through the other
  // one, reach it.
  const holder = await waitFor('the GET stream', () => {
    const i = holderOf(sessionId)
    return i >= 0 ? { i } : null
  })
  const other = apps[(holder.i + 1) % apps.length]!
  expect(await client.subscribeResource({ uri: 'test://watched' })).toEqual({})
  expect(await client.subscribeResource({ uri: 'test://second' })).toEqual({})
  await waitFor('both copies subscribed', () =>
    apps.every((app) =>
      [...app.server.deps.mcpSessions.all()].some((s) => s.id === sessionId && s.subscriptions.has('test://watched')),
    ),
  )
  const patched = await other.api(`/resources/${resourceId}`, { method: 'PATCH', body: { content: 'v2' } })
  expect(patched.status).toBe(200)
  await waitFor('resources/updated from the other instance', () => seen.includes('updated test://watched'))
  const prompt = await other.api('/prompts', {
    body: { name: 'hello', description: 'greets', template: 'Hello', server_id: server.id },
  })
  expect(prompt.status).toBe(201)
  await waitFor('prompts/list_changed from the other instance', () => seen.includes('prompts changed'))

  // The elicitation is asked on the call's stream by one instance; the client's reply lands on the other.
  const confirmed = await client.callTool({ name: 'confirm', arguments: {} })
  expect(confirmed.content).toEqual([{ type: 'text', text: 'accept:{"ok":true}' }])
  const call = routed.findLast((r) => r.rpc === 'tools/call')!
  const reply = routed.findLast((r) => r.method === 'POST' && r.rpc === undefined)!
  expect(reply.instance).not.toBe(call.instance)

  // Ended through one instance: unknown on both.
  await transport.terminateSession()
  for (const app of apps) {
    const res = await fetch(`${app.base}/${server.slug}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-api-key': key,
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-11-25',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
    })
    expect(res.status).toBe(404)
  }
  await client.close()
}, 60_000)

test('an elicitation reply and a subscription larger than a NOTIFY payload cross to the other instance', async () => {
  const routed: Routed[] = []
  const client = new Client({ name: 'round-robin-big', version: '1.0.0' }, { capabilities: { elicitation: {} } })
  const transport = new StreamableHTTPClientTransport(new URL(server.url), {
    fetch: roundRobin(routed),
    requestInit: { headers: { 'X-API-Key': key } },
  })
  // 20 KB of reply: more than twice what one NOTIFY may carry (8000 bytes).
  const note = `${'n'.repeat(20_000)}end`
  client.setRequestHandler(ElicitRequestSchema, async () => ({ action: 'accept', content: { note } }))
  await client.connect(transport)
  const sessionId = transport.sessionId!
  const noted = await client.callTool({ name: 'note', arguments: {} })
  expect(noted.content).toEqual([{ type: 'text', text: `${note.length}:end` }])
  const call = routed.findLast((r) => r.rpc === 'tools/call')!
  const reply = routed.findLast((r) => r.method === 'POST' && r.rpc === undefined)!
  expect(reply.instance).not.toBe(call.instance)
  // A subscription whose URI alone passes the payload limit reaches the copy on the other instance.
  const uri = `test://${'u'.repeat(10_000)}`
  expect(await client.subscribeResource({ uri })).toEqual({})
  await waitFor('both copies subscribed to the long URI', () =>
    apps.every((app) =>
      [...app.server.deps.mcpSessions.all()].some((s) => s.id === sessionId && s.subscriptions.has(uri)),
    ),
  )
  await transport.terminateSession()
  await client.close()
}, 60_000)

test('notifications/cancelled sent to one instance stops the call running on the other', async () => {
  const [a, b] = apps as [TestApp, TestApp]
  const headersFor = (sessionId?: string) => ({
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'x-api-key': key,
    'mcp-protocol-version': '2025-11-25',
    ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
  })
  const on = (app: TestApp) => `${app.base}/${server.slug}`
  const init = await fetch(on(a), {
    method: 'POST',
    headers: headersFor(),
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  })
  const sessionId = init.headers.get('mcp-session-id')!
  expect(sessionId).toMatch(/^v1\./)
  const running = fetch(on(a), {
    method: 'POST',
    headers: headersFor(sessionId),
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 'spin-1',
      method: 'tools/call',
      params: { name: 'spin', arguments: { port: receiver.port } },
    }),
  })
  await waitFor('the tool running on A', () => spinning.length > 0)
  // Past its fetch: a cancel during the fetch would end the call through the fetch's own signal instead.
  await Bun.sleep(300)
  const cancel = await fetch(on(b), {
    method: 'POST',
    headers: headersFor(sessionId),
    body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 'spin-1' } }),
  })
  expect(cancel.status).toBe(202)
  const res = await running
  // No answer for the cancelled request: the stream ends empty (the spinning code's own limit is past the test's).
  expect(res.status).toBe(200)
  expect(await res.text()).not.toContain('spin-1')
}, 30_000)

test('a 2026-07-28 subscriptions/listen stream on one instance hears a list change made through the other', async () => {
  const [a, b] = apps as [TestApp, TestApp]
  const ac = new AbortController()
  const V = '2026-07-28'
  const listening = await fetch(`${b.base}/${server.slug}`, {
    method: 'POST',
    signal: ac.signal,
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'x-api-key': key,
      'mcp-protocol-version': V,
      'mcp-method': 'subscriptions/listen',
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 9,
      method: 'subscriptions/listen',
      params: {
        notifications: { promptsListChanged: true },
        _meta: {
          'io.modelcontextprotocol/protocolVersion': V,
          'io.modelcontextprotocol/clientCapabilities': {},
        },
      },
    }),
  })
  expect(listening.status).toBe(200)
  const reader = listening.body!.getReader()
  let text = ''
  const read = async (until: string) => {
    const deadline = Date.now() + 10_000
    while (!text.includes(until) && Date.now() < deadline) {
      const { value, done } = await reader.read()
      if (done) break
      text += new TextDecoder().decode(value)
    }
    return text.includes(until)
  }
  // The acknowledgement comes first; then a change made through A.
  expect(await read('notifications/subscriptions/acknowledged')).toBe(true)
  const prompt = await a.api('/prompts', {
    body: { name: 'listen-probe', description: 'probe', template: 'Hi', server_id: server.id },
  })
  expect(prompt.status).toBe(201)
  expect(await read('notifications/prompts/list_changed')).toBe(true)
  ac.abort()
}, 30_000)

test('a session directory that cannot be reached is a 503, never a 404 that would send the client to start over', async () => {
  const dataDir = newDir()
  const copy = join(newDir(), 'copy.sqlite')
  backupDatabase(apps[0]!.dataDir, copy)
  restoreDatabase(dataDir, copy)
  // Nothing listens on port 1 of the loopback: every query fails to connect.
  const unreachable = openPostgres('postgres://toolyard@127.0.0.1:1/none', { max: 1 })
  pools.push(unreachable)
  const third = await startTestApp(env, {
    dataDir,
    overrides: { sessionDirectory: pgSessionDirectory(unreachable, 'instance-c') },
  })
  apps.push(third)
  const headers = {
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'x-api-key': key,
    'mcp-protocol-version': '2025-11-25',
  }
  const init = await fetch(`${third.base}/${server.slug}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  })
  expect(init.status).toBe(503)
  expect(init.headers.get('mcp-session-id')).toBeNull()
  expect(await init.json()).toMatchObject({
    id: 1,
    error: { code: -32603, message: expect.stringContaining('sessions') },
  })
  // A session made on the first instance: the third opens its id but cannot ask the directory about it.
  const made = await fetch(`${apps[0]!.base}/${server.slug}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 2,
      method: 'initialize',
      params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    }),
  })
  const sessionId = made.headers.get('mcp-session-id')!
  const used = await fetch(`${third.base}/${server.slug}`, {
    method: 'POST',
    headers: { ...headers, 'mcp-session-id': sessionId },
    body: JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/list' }),
  })
  expect(used.status).toBe(503)
  // An id that is not ours is still a plain 404: the directory is never asked about it.
  const forged = await fetch(`${third.base}/${server.slug}`, {
    method: 'POST',
    headers: { ...headers, 'mcp-session-id': `${sessionId.slice(0, -3)}AAA` },
    body: JSON.stringify({ jsonrpc: '2.0', id: 4, method: 'tools/list' }),
  })
  expect(forged.status).toBe(404)
}, 30_000)
