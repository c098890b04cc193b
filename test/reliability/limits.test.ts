// The limits that protect every tenant, one finding each: body size (declared and streamed, before the key), JSON
// depth, batch size and per-message rate counting, bounded batch concurrency, the error envelope
// (SQLite's synchronous FULL: limits.sqlite.test.ts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { connect } from 'node:net'
import { serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { openSession, post } from '../helpers/mcp'

let app: TestApp
let slug: string
const LIMIT = 64 * 1024
// An upstream that answers after 100 ms and records how many calls it held at once.
let inFlight = 0
let maxInFlight = 0
const upstream = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  async fetch() {
    maxInFlight = Math.max(maxInFlight, ++inFlight)
    await Bun.sleep(100)
    inFlight--
    return Response.json({ ok: true })
  },
})

beforeAll(async () => {
  app = await startTestApp({ TOOLYARD_MAX_BODY_BYTES: String(LIMIT), TOOLYARD_RATE_LIMITS: '{"protocol":60}' })
  const kit = await toolkitWithTools(app, 'lim', [
    { name: 'slow', http: { url: `http://127.0.0.1:${upstream.port}/slow`, method: 'GET' } },
  ])
  slug = (await serverWithToolkits(app, 'limits', [kit])).slug
})
afterAll(async () => {
  await app.stop()
  upstream.stop(true)
})

/** A body that arrives in chunks with no Content-Length (Transfer-Encoding: chunked). */
function streamed(bytes: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode('x'.repeat(16 * 1024))
  let sent = 0
  return new ReadableStream({
    pull(c) {
      if (sent >= bytes) return c.close()
      c.enqueue(chunk)
      sent += chunk.byteLength
    },
  })
}

const send = (path: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${app.base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-request-id': 'req-limits-1', ...headers },
    body,
    duplex: 'half',
  } as RequestInit)

describe('request bodies', () => {
  test('a declared length over the limit is 413 payload_too_large before the key is looked up', async () => {
    const res = await send('/servers', JSON.stringify({ name: 'x'.repeat(LIMIT) }))
    expect(res.status).toBe(413)
    expect(await res.json()).toEqual({
      error: `request body too large (limit ${LIMIT} bytes, set by TOOLYARD_MAX_BODY_BYTES)`,
      code: 'payload_too_large',
      request_id: 'req-limits-1',
    })
  })

  test('a streamed body without Content-Length is cut at the limit: 413 in the envelope', async () => {
    const res = await send('/servers', streamed(4 * LIMIT), { 'x-api-key': app.apiKey })
    expect(res.status).toBe(413)
    const body = (await res.json()) as Record<string, unknown>
    expect(body.code).toBe('payload_too_large')
    expect(body.request_id).toBe('req-limits-1')
  })

  test('the protocol endpoint answers 413 with a JSON-RPC error, declared or streamed', async () => {
    for (const body of [JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'x'.repeat(LIMIT) }), streamed(4 * LIMIT)]) {
      const res = await send(`/${slug}`, body, { accept: 'application/json, text/event-stream' })
      expect(res.status).toBe(413)
      const rpc = (await res.json()) as { jsonrpc: string; error: { code: number; message: string } }
      expect(rpc.jsonrpc).toBe('2.0')
      expect(rpc.error.code).toBe(-32600)
      expect(rpc.error.message).toContain('too large')
    }
  })

  test("a declared 200 MB body gets the app's 413 envelope, never Bun's own empty 413", async () => {
    // Only the headers are sent: the answer must come from the declared length alone.
    const answer = await new Promise<string>((resolve, reject) => {
      let got = ''
      const socket = connect(app.server.port, '127.0.0.1', () => {
        socket.write(
          'POST /mcp/servers HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
            'X-Request-Id: raw-413\r\nContent-Length: 200000000\r\n\r\n{"name":',
        )
      })
      socket.on('data', (d) => {
        got += d.toString()
        if (got.includes('payload_too_large')) {
          socket.destroy()
          resolve(got)
        }
      })
      socket.on('error', reject)
      socket.on('close', () => resolve(got))
    })
    expect(answer).toStartWith('HTTP/1.1 413')
    expect(answer).toContain('"code":"payload_too_large"')
    expect(answer).toContain('"request_id":"raw-413"')
  })

  test('a streamed body under the limit keeps the client address (a public server session still matches)', async () => {
    const open = (await app
      .api('/servers', { body: { name: 'public limits', auth: 'none' } })
      .then((r) => r.json())) as {
      data: { slug: string }
    }
    const { headers } = await openSession(app, open.data.slug, '2025-11-25', {}, null)
    const ping = new TextEncoder().encode(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'ping' }))
    const body = new ReadableStream({
      start(c) {
        c.enqueue(ping)
        c.close()
      },
    })
    const res = await send(`/${open.data.slug}`, body, { ...headers, accept: 'application/json, text/event-stream' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 7, result: {} })
  })

  test('a body under the limit still works', async () => {
    const res = await send('/servers', JSON.stringify({ name: 'fits' }), { 'x-api-key': app.apiKey })
    expect(res.status).toBe(201)
  })
})

describe('JSON depth', () => {
  const deep = (n: number) => `{"name":${'['.repeat(n)}${']'.repeat(n)}}`
  test('100,000-deep JSON is 400 on a REST route (never 500), with or without a key', async () => {
    for (const key of [app.apiKey, 'nope']) {
      const res = await send('/servers', deep(20_000), { 'x-api-key': key })
      expect(res.status).toBeLessThan(500)
      const body = (await res.json()) as Record<string, unknown>
      expect(body.request_id).toBe('req-limits-1')
      expect(typeof body.error).toBe('string')
    }
    const res = await send('/servers', deep(100), { 'x-api-key': app.apiKey })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: string }).error).toContain('nested deeper than 64')
  })

  test('deep JSON on the protocol endpoint is a 400 JSON-RPC error', async () => {
    const res = await send(`/${slug}`, `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"a":${deep(100)}}}`, {
      'x-api-key': app.apiKey,
      accept: 'application/json, text/event-stream',
    })
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32600)
  })
})

describe('batches', () => {
  const ping = (id: number) => ({ jsonrpc: '2.0', id, method: 'ping' })
  const v0326 = { 'mcp-protocol-version': '2025-03-26' }

  test('a batch runs at most 4 messages at a time', async () => {
    const call = (id: number) => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'slow', arguments: {} } })
    const res = await post(
      app,
      slug,
      Array.from({ length: 12 }, (_, i) => call(i)),
      { headers: v0326 },
    )
    const out = (await res.json()) as unknown[]
    expect(out).toHaveLength(12)
    for (const r of out) expect(JSON.stringify(r)).not.toContain('"isError":true')
    expect(maxInFlight).toBeGreaterThanOrEqual(2)
    expect(maxInFlight).toBeLessThanOrEqual(4)
  })

  test('more than 50 messages is -32600 for the whole batch, nothing run', async () => {
    const res = await post(
      app,
      slug,
      Array.from({ length: 51 }, (_, i) => ping(i)),
      { headers: v0326 },
    )
    const body = (await res.json()) as { error: { code: number; message: string } }
    expect(body.error.code).toBe(-32600)
    expect(body.error.message).toContain('at most 50')
  })

  test('each message counts against the rate limit; a batch over the remainder is 429 with code and request_id', async () => {
    const other = await app.newProject('batch-rate')
    const kit = await toolkitWithTools(app, 'rate', [{ name: 'n', code: 'export default async () => 1' }], other.apiKey)
    const own = await app.api('/servers', {
      body: { name: 'rate', toolkits: [{ toolkit_id: kit }] },
      key: other.apiKey,
    })
    const rateSlug = ((await own.json()) as { data: { slug: string } }).data.slug
    const batch = Array.from({ length: 40 }, (_, i) => ping(i))
    const a = await post(app, rateSlug, batch, { headers: v0326, key: other.apiKey })
    expect(a.status).toBe(200)
    expect(a.headers.get('ratelimit-remaining')).toBe('20')
    const b = await post(app, rateSlug, batch, { headers: { ...v0326, 'x-request-id': 'rate-1' }, key: other.apiKey })
    expect(b.status).toBe(429)
    const body = (await b.json()) as Record<string, unknown>
    expect(body).toEqual({ error: expect.any(String), code: 'rate_limited', request_id: 'rate-1' })
  })
})

describe('envelope and storage', () => {
  test('/mcp/initialize 401 carries the request id of the x-request-id header', async () => {
    const res = await fetch(`${app.base}/initialize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'init-401' },
      body: JSON.stringify({ protocolVersion: '2025-11-25' }),
    })
    expect(res.status).toBe(401)
    expect(res.headers.get('x-request-id')).toBe('init-401')
    expect(((await res.json()) as { request_id: string }).request_id).toBe('init-401')
  })
})
