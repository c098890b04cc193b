// Routing into the one entry (docs/decisions/0311-one-entry-into-the-pipeline.md): every request passes the pipeline's
// rules once (request id, body limit, observe, error envelope) and then reaches its handler — the hot path's Bun routes
// (POST /mcp/{slug}, REST POST /mcp/tools/call) or Elysia for everything else, paths one segment under /mcp included
// (Bun would give them to /mcp/{slug}). Each request of the table is sent over the socket, where Bun's router takes it,
// and in process (app.handle), which has no Bun router: both must reach the same handler (same status, headers and
// body), counted once under its route, with one access line.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createApp, listen } from '../../src/app'
import { loadConfig } from '../../src/config'
import { buildDeps, type Deps } from '../../src/deps'
import { createLogger } from '../../src/lib/log'
import { prebuiltToolkitId, serverWithToolkits } from '../helpers/api'
import type { TestApp } from '../helpers/app'
import { initializeBody } from '../helpers/mcp'

const ADMIN = 'admin-token-for-pipeline-0123456789'
const LIMIT = 2048
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/

let dir: string
let deps: Deps
let app: ReturnType<typeof createApp>
let origin: string
let apiKey: string
let slug: string
let serverId: string
const lines: Record<string, unknown>[] = []

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'toolyard-pipeline-'))
  const config = loadConfig({
    TOOLYARD_PORT: '0',
    TOOLYARD_HOST: '127.0.0.1',
    TOOLYARD_DATA_DIR: dir,
    TOOLYARD_ADMIN_TOKEN: ADMIN,
    TOOLYARD_MAX_BODY_BYTES: String(LIMIT),
    // Limits high enough never to refuse here, so every answer carries its RateLimit headers.
    TOOLYARD_RATE_LIMITS: '{"tools_call":100000,"protocol":100000,"initialize":100000}',
  })
  deps = buildDeps(config, { log: createLogger('debug', (line) => lines.push(JSON.parse(line))) })
  app = createApp(deps)
  listen(app, { hostname: '127.0.0.1', port: 0, maxRequestBodySize: Number.MAX_SAFE_INTEGER })
  origin = `http://127.0.0.1:${app.server!.port}`
  deps.urls.set(origin)
  const project = await deps.projects.projectOrCreate('pipeline')
  apiKey = (await deps.projects.createKey(project.id, { name: 'test' })).apiKey
  // The helpers only need `api` and the key.
  const api: TestApp['api'] = (path, init = {}) =>
    fetch(`${origin}/mcp${path}`, {
      method: init.method ?? (init.body !== undefined ? 'POST' : 'GET'),
      headers: { 'x-api-key': apiKey, ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })
  const testApp = { api, apiKey, base: `${origin}/mcp` } as TestApp
  const server = await serverWithToolkits(testApp, 'pipeline', [await prebuiltToolkitId(testApp, 'utilities')])
  slug = server.slug
  serverId = server.id
})

afterAll(async () => {
  await app.stop(true)
  await deps.shutdown()
  deps.close()
  rmSync(dir, { recursive: true, force: true })
})

interface Case {
  name: string
  /** POST unless said. */
  method?: string
  /** The path under the origin; a function because the server's slug is known only once it is made. */
  path: () => string
  route: string
  headers?: Record<string, string>
  /** The body, sent with its Content-Length; `chunked` sends it as a stream (no Content-Length). None: no body. */
  body?: () => string
  chunked?: boolean
  status: number
  /** Whether the key was checked and counted, so the answer carries RateLimit headers. */
  rated?: boolean
  /** The RateLimit-Limit of a rated answer: the groups this file raises, unless said (REST reads keep theirs). */
  limit?: string
}

const mcpHeaders = { accept: 'application/json, text/event-stream', 'content-type': 'application/json' }
const big = () => JSON.stringify({ ...initializeBody(), pad: 'x'.repeat(LIMIT) })
const rpc = (method: string, params: Record<string, unknown>, id: string | number) =>
  JSON.stringify({ jsonrpc: '2.0', id, method, params })
const restCall = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ server_id: serverId, name: 'echo', arguments: { text: 'hi' }, ...extra })

const CASES: Case[] = [
  {
    name: 'protocol initialize, caller request id echoed',
    path: () => `/mcp/${slug}`,
    route: '/mcp/:slug',
    headers: { ...mcpHeaders, 'x-request-id': 'caller-id-1' },
    body: () => JSON.stringify(initializeBody()),
    status: 200,
    rated: true,
  },
  {
    name: 'protocol initialize, request id generated',
    path: () => `/mcp/${slug}`,
    route: '/mcp/:slug',
    headers: mcpHeaders,
    body: () => JSON.stringify(initializeBody()),
    status: 200,
    rated: true,
  },
  {
    name: 'protocol body over the limit (declared length) → JSON-RPC 413',
    path: () => `/mcp/${slug}`,
    route: '/mcp/:slug',
    headers: mcpHeaders,
    body: big,
    status: 413,
  },
  {
    name: 'protocol body over the limit (chunked) → JSON-RPC 413',
    path: () => `/mcp/${slug}`,
    route: '/mcp/:slug',
    headers: mcpHeaders,
    body: big,
    chunked: true,
    status: 413,
  },
  {
    name: 'protocol body that is not JSON → JSON-RPC parse error (HTTP 200)',
    path: () => `/mcp/${slug}`,
    route: '/mcp/:slug',
    headers: mcpHeaders,
    body: () => '{"jsonrpc":',
    status: 200,
    rated: true,
  },
  {
    name: 'protocol stateless tools/call, a string JSON-RPC id echoed',
    path: () => `/mcp/${slug}`,
    route: '/mcp/:slug',
    headers: { ...mcpHeaders, 'mcp-protocol-version': '2025-06-18' },
    body: () => rpc('tools/call', { name: 'echo', arguments: { text: 'hi' } }, 'call-7'),
    status: 200,
    rated: true,
  },
  {
    name: 'protocol stateless tools/call, a numeric id, without a version header',
    path: () => `/mcp/${slug}`,
    route: '/mcp/:slug',
    headers: mcpHeaders,
    body: () => rpc('tools/call', { name: 'echo', arguments: { text: 'hi' } }, 42),
    status: 200,
    rated: true,
  },
  {
    name: 'protocol tools/call of an unknown tool → JSON-RPC error with its id',
    path: () => `/mcp/${slug}`,
    route: '/mcp/:slug',
    headers: { ...mcpHeaders, 'mcp-protocol-version': '2025-06-18' },
    body: () => rpc('tools/call', { name: 'no_such_tool', arguments: {} }, 8),
    status: 200,
    rated: true,
  },
  {
    name: 'protocol tools/call with arguments its schema refuses',
    path: () => `/mcp/${slug}`,
    route: '/mcp/:slug',
    headers: { ...mcpHeaders, 'mcp-protocol-version': '2025-06-18' },
    body: () => rpc('tools/call', { name: 'echo', arguments: { text: 5 } }, 9),
    status: 200,
    rated: true,
  },
  {
    name: 'protocol tools/call without params → invalid params',
    path: () => `/mcp/${slug}`,
    route: '/mcp/:slug',
    headers: { ...mcpHeaders, 'mcp-protocol-version': '2025-06-18' },
    body: () => JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'tools/call' }),
    status: 200,
    rated: true,
  },
  {
    name: 'protocol tools/list, stateless',
    path: () => `/mcp/${slug}`,
    route: '/mcp/:slug',
    headers: { ...mcpHeaders, 'mcp-protocol-version': '2025-06-18' },
    body: () => rpc('tools/list', {}, 11),
    status: 200,
    rated: true,
  },
  {
    name: 'protocol batch of two calls (2025-03-26), answered in order',
    path: () => `/mcp/${slug}`,
    route: '/mcp/:slug',
    headers: { ...mcpHeaders, 'mcp-protocol-version': '2025-03-26' },
    body: () =>
      `[${rpc('tools/call', { name: 'echo', arguments: { text: 'a' } }, 1)},${rpc('tools/call', { name: 'echo', arguments: { text: 'b' } }, 2)}]`,
    status: 200,
    rated: true,
  },
  {
    name: 'protocol unknown session id → 404',
    path: () => `/mcp/${slug}`,
    route: '/mcp/:slug',
    headers: { ...mcpHeaders, 'mcp-protocol-version': '2025-06-18', 'mcp-session-id': 'no-such-session' },
    body: () => rpc('tools/call', { name: 'echo', arguments: { text: 'hi' } }, 12),
    status: 404,
    rated: true,
  },
  {
    name: 'protocol unsupported version header → 400',
    path: () => `/mcp/${slug}`,
    route: '/mcp/:slug',
    headers: { ...mcpHeaders, 'mcp-protocol-version': '1999-01-01' },
    body: () => rpc('tools/call', { name: 'echo', arguments: { text: 'hi' } }, 13),
    status: 400,
    rated: true,
  },
  {
    name: 'protocol tools/call with a wrong key → JSON-RPC error naming neither (HTTP 200)',
    path: () => `/mcp/${slug}`,
    route: '/mcp/:slug',
    headers: { ...mcpHeaders, 'x-api-key': 'ty_wrong_key' },
    body: () => rpc('tools/call', { name: 'echo', arguments: { text: 'hi' } }, 14),
    status: 200,
  },
  {
    name: 'REST tools/call, the plain case',
    path: () => '/mcp/tools/call',
    route: '/mcp/tools/call',
    headers: { 'content-type': 'application/json', 'x-request-id': 'caller-id-2' },
    body: () => restCall(),
    status: 200,
    rated: true,
  },
  {
    name: 'REST tools/call of an unknown tool → 404 envelope with RateLimit headers',
    path: () => '/mcp/tools/call',
    route: '/mcp/tools/call',
    headers: { 'content-type': 'application/json' },
    body: () => restCall({ name: 'no_such_tool' }),
    status: 404,
    rated: true,
  },
  {
    name: 'REST tools/call body that is not JSON → 400 invalid_json',
    path: () => '/mcp/tools/call',
    route: '/mcp/tools/call',
    headers: { 'content-type': 'application/json', 'x-request-id': 'caller-id-3' },
    body: () => '{"server_id":',
    status: 400,
  },
  {
    name: 'REST tools/call with an unknown field → 400 naming it',
    path: () => '/mcp/tools/call',
    route: '/mcp/tools/call',
    headers: { 'content-type': 'application/json' },
    body: () => restCall({ bogus: 1 }),
    status: 400,
    rated: true,
  },
  {
    name: 'REST tools/call body over the limit → 413 envelope',
    path: () => '/mcp/tools/call',
    route: '/mcp/tools/call',
    headers: { 'content-type': 'application/json' },
    body: () => restCall({ arguments: { text: 'x'.repeat(LIMIT) } }),
    status: 413,
  },
  {
    name: 'REST tools/call body over the limit (chunked) → 413 envelope',
    path: () => '/mcp/tools/call',
    route: '/mcp/tools/call',
    headers: { 'content-type': 'application/json' },
    body: () => restCall({ arguments: { text: 'x'.repeat(LIMIT) } }),
    chunked: true,
    status: 413,
  },
  {
    name: 'REST tools/call with a wrong key → 401 envelope',
    path: () => '/mcp/tools/call',
    route: '/mcp/tools/call',
    headers: { 'content-type': 'application/json', 'x-api-key': 'ty_wrong_key' },
    body: () => restCall(),
    status: 401,
  },
  {
    name: 'REST tools/call with arguments its schema refuses → 400 naming the argument',
    path: () => '/mcp/tools/call',
    route: '/mcp/tools/call',
    headers: { 'content-type': 'application/json' },
    body: () => restCall({ arguments: { text: 5 } }),
    status: 400,
    rated: true,
  },
  // Elysia's routes: one segment under /mcp (which /mcp/{slug} must not take), other methods on /mcp/{slug}, no route.
  {
    name: 'REST GET /servers reaches Elysia, not /mcp/{slug}',
    method: 'GET',
    path: () => '/mcp/servers',
    route: '/mcp/servers',
    status: 200,
    rated: true,
    limit: '60',
  },
  {
    name: 'standalone initialize reaches its own route, not /mcp/{slug}',
    path: () => '/mcp/initialize',
    route: '/mcp/initialize',
    headers: mcpHeaders,
    body: () => JSON.stringify(initializeBody()),
    status: 200,
    rated: true,
  },
  {
    name: 'GET /mcp/{slug} without a session → 405 from the Elysia route',
    method: 'GET',
    path: () => `/mcp/${slug}`,
    route: '/mcp/:slug',
    headers: { accept: 'text/event-stream' },
    status: 405,
  },
  {
    name: 'a REST body over the limit on an Elysia route (chunked) → 413 envelope',
    path: () => '/mcp/servers',
    route: '/mcp/servers',
    headers: { 'content-type': 'application/json' },
    body: () => JSON.stringify({ name: 'x'.repeat(LIMIT) }),
    chunked: true,
    status: 413,
  },
  {
    name: 'no route → 404 envelope, counted as unmatched',
    method: 'GET',
    path: () => '/mcp/servers/x/nothing/here',
    route: 'unmatched',
    status: 404,
  },
]

function requestOf(c: Case): Request {
  const text = c.body?.()
  const body =
    text === undefined
      ? undefined
      : c.chunked
        ? new ReadableStream<Uint8Array>({
            start(controller) {
              const bytes = new TextEncoder().encode(text)
              for (let i = 0; i < bytes.length; i += 512) controller.enqueue(bytes.subarray(i, i + 512))
              controller.close()
            },
          })
        : text
  return new Request(`${origin}${c.path()}`, {
    method: c.method ?? 'POST',
    // fetch sends the Host header on the wire; app.handle gets exactly what the Request carries.
    headers: { host: new URL(origin).host, 'x-api-key': apiKey, ...c.headers },
    body,
    duplex: 'half',
  } as RequestInit)
}

/** The `toolyard_http_requests_total` sample of one route and status. */
async function httpCount(route: string, status: number): Promise<number> {
  const res = await fetch(`${origin}/mcp/metrics`, { headers: { authorization: `Bearer ${ADMIN}` } })
  const text = await res.text()
  const m = new RegExp(`toolyard_http_requests_total\\{route="${route}",status="${status}"\\} (\\d+)`).exec(text)
  return m ? Number(m[1]) : 0
}

interface Seen {
  status: number
  headers: Record<string, string | null>
  body: unknown
  metric: number
  access: Record<string, unknown> | undefined
}

const HEADERS = ['content-type', 'ratelimit-limit', 'ratelimit-reset']

/** Sends one case through one entry and reports what a caller and an operator see of it. */
async function send(c: Case, entry: (r: Request) => Promise<Response>): Promise<Seen> {
  const before = await httpCount(c.route, c.status)
  const res = await entry(requestOf(c))
  const text = await res.text()
  const requestId = res.headers.get('x-request-id')
  const headers: Record<string, string | null> = { 'x-request-id': requestId }
  for (const h of HEADERS) headers[h] = res.headers.get(h)
  // Remaining counts down and the reset may cross a second between the two sends: their presence and range are compared.
  headers['ratelimit-remaining'] = res.headers.get('ratelimit-remaining') === null ? null : 'present'
  const reset = res.headers.get('ratelimit-reset')
  headers['ratelimit-reset'] = reset === null ? null : Number(reset) >= 0 && Number(reset) <= 60 ? 'in range' : reset
  // The access line is written after the response is handed over.
  let access: Record<string, unknown> | undefined
  for (let i = 0; i < 50 && !access; i++) {
    access = lines.find((l) => l.msg === 'http request' && l.request_id === requestId)
    if (!access) await Bun.sleep(10)
  }
  const body = text ? JSON.parse(text) : null
  // Generated ids differ from one request to the next: the shape is compared, the value must be the echoed one.
  if (requestId && !c.headers?.['x-request-id']) {
    expect(requestId).toMatch(UUID)
    headers['x-request-id'] = 'generated'
    if (body && typeof body === 'object' && 'request_id' in body) body.request_id = 'generated'
  }
  if (body?.result?.serverInfo) body.result = 'initialized'
  return {
    status: res.status,
    headers,
    body,
    metric: (await httpCount(c.route, c.status)) - before,
    access: access && { method: access.method, route: access.route, status: access.status },
  }
}

describe('routing: each request reaches its handler, through the pipeline once', () => {
  for (const c of CASES)
    test(c.name, async () => {
      const overSocket = await send(c, (r) => fetch(r))
      const inProcess = await send(c, (r) => app.handle(r))
      expect(overSocket.status).toBe(c.status)
      expect(overSocket).toEqual(inProcess)
      expect(overSocket.metric).toBe(1)
      expect(overSocket.access).toEqual({ method: c.method ?? 'POST', route: c.route, status: c.status })
      if (c.headers?.['x-request-id']) expect(overSocket.headers['x-request-id']).toBe(c.headers['x-request-id'])
      expect(overSocket.headers['ratelimit-limit']).toBe(c.rated ? (c.limit ?? '100000') : null)
      expect(overSocket.headers['content-type']).toStartWith('application/json')
    })
})

test("Bun's router takes the two hot requests and, by name, Elysia's paths one segment under /mcp", () => {
  const routes = (app.config.serve as { routes: Record<string, unknown> }).routes
  const own = Object.entries(routes)
    .filter(([, v]) => typeof v === 'object')
    .map(([k]) => k)
  expect(own.sort()).toEqual(['/mcp/:slug', '/mcp/tools/call'])
  for (const path of ['/mcp/servers', '/mcp/initialize', '/mcp/keys', '/mcp/toolkits'])
    expect(routes[path]).toBe(app.handle)
})

test('every access line of a request is its only one: the pipeline ran once', () => {
  // Generated ids are one per request (a caller's id is sent twice above, once per way in).
  const ids = lines.filter((l) => l.msg === 'http request' && UUID.test(String(l.request_id))).map((l) => l.request_id)
  expect(ids.length).toBeGreaterThan(0)
  expect(new Set(ids).size).toBe(ids.length)
})
