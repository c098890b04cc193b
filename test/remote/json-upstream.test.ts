// Calls to an upstream that answers `application/json` (the lean path: docs/decisions/0394-lean-remote-calls.md): what
// reaches the upstream (the session's headers, a progress token), what comes back (as the SDK client would give it:
// a plain result unchanged, anything else through the SDK's schema), and the failures — a JSON-RPC error, a result
// the schema refuses, no answer in time (cancelled upstream), a forgotten session, a redirect.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { createServer, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient, post } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'

type Rpc = { jsonrpc: '2.0'; id?: number | string; method: string; params?: Record<string, any> }

/** A plain Bun.serve MCP upstream with sessions and JSON answers that records what it was sent. */
function jsonUpstream() {
  const sessions = new Set<string>()
  const seen: { headers: Record<string, string>; body: Rpc }[] = []
  const waiting: (() => void)[] = []
  let forgetSessions = false
  const answer = (id: unknown, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    Response.json({ jsonrpc: '2.0', id, ...body }, { headers })
  const result = (name: string, text: string): Record<string, unknown> => {
    switch (name) {
      case 'echo':
        return { content: [{ type: 'text', text }], structuredContent: { echoed: text }, isError: false, vendor: 1 }
      case 'extra':
        return { content: [{ type: 'text', text, foo: 'bar' }] }
      case 'bad':
        return { content: 'not a list' }
      default:
        return { content: [] }
    }
  }
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const path = new URL(req.url).pathname
      if (path === '/moved') return new Response(null, { status: 307, headers: { location: '/mcp' } })
      if (req.method !== 'POST') return new Response(null, { status: 405 })
      const body = (await req.json()) as Rpc
      seen.push({ headers: Object.fromEntries(req.headers), body })
      if (body.method === 'initialize') {
        const sid = crypto.randomUUID()
        sessions.add(sid)
        return answer(
          body.id,
          {
            result: {
              protocolVersion: '2025-06-18',
              capabilities: { tools: {} },
              serverInfo: { name: 'json-upstream', version: '1.0.0' },
            },
          },
          { 'mcp-session-id': sid },
        )
      }
      const sid = req.headers.get('mcp-session-id') ?? ''
      if (forgetSessions || !sessions.has(sid)) {
        forgetSessions = false
        sessions.clear()
        return new Response('unknown session', { status: 404 })
      }
      if (body.id === undefined) return new Response(null, { status: 202 })
      if (body.method === 'tools/list')
        return answer(body.id, {
          result: {
            tools: ['echo', 'extra', 'bad', 'rpc_error', 'slow'].map((name) => ({
              name,
              inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
            })),
          },
        })
      if (body.method === 'tools/call') {
        const { name, arguments: args } = body.params as { name: string; arguments?: { text?: string } }
        if (name === 'rpc_error') return answer(body.id, { error: { code: -32602, message: 'bad arguments' } })
        if (name === 'slow') await new Promise<void>((resolve) => waiting.push(resolve))
        return answer(body.id, { result: result(name, args?.text ?? '') })
      }
      return answer(body.id, { result: {} })
    },
  })
  return {
    url: `http://127.0.0.1:${server.port}/mcp`,
    moved: `http://127.0.0.1:${server.port}/moved`,
    seen,
    calls: (name: string) => seen.filter((s) => s.body.method === 'tools/call' && s.body.params?.name === name),
    forgetSessions: () => {
      forgetSessions = true
    },
    release: () => {
      for (const r of waiting.splice(0)) r()
    },
    stop: () => {
      for (const r of waiting.splice(0)) r()
      server.stop(true)
    },
  }
}

let app: TestApp
let up: ReturnType<typeof jsonUpstream>
let client: Client
let slug: string
beforeAll(async () => {
  ;[app, up] = await Promise.all([startTestApp(), jsonUpstream()])
  const kit = json(
    await app.api('/toolkits', {
      body: {
        name: 'json-upstream',
        toolkit_type: 'remote',
        review_changes: false,
        remote: { url: up.url, transport: 'streamable_http', headers: { 'X-Team': 'blue' }, timeout_ms: 500 },
      },
    }),
    201,
  )
  const server = await createServer(app, { name: 'json-upstream', toolkits: [{ toolkit_id: (await kit).id }] })
  slug = server.slug
  ;({ client } = await connectClient(app, slug))
})
afterAll(async () => {
  await client?.close()
  await app.stop()
  up.stop()
})

const text = (r: unknown) => ((r as { content?: { text: string }[] }).content ?? [])[0]?.text ?? ''

describe('an upstream that answers application/json', () => {
  test("a plain result comes back as it came; the POST carries the session's headers and a progress token", async () => {
    const r = await client.callTool({ name: 'echo', arguments: { text: 'hi' } })
    expect(r).toMatchObject({ content: [{ type: 'text', text: 'hi' }], structuredContent: { echoed: 'hi' } })
    expect(r.isError).toBeFalsy()
    const init = up.seen.find((s) => s.body.method === 'initialize')!
    const call = up.calls('echo').at(-1)!
    expect(call.headers['mcp-session-id']).toBeString()
    expect(call.headers['mcp-protocol-version']).toBe('2025-06-18')
    expect(call.headers['x-team']).toBe('blue')
    expect(call.headers['content-type']).toBe('application/json')
    expect(call.headers.accept).toBe('application/json, text/event-stream')
    expect(init.headers['x-team']).toBe('blue')
    // The progress token is the request's own id, as the SDK client sends it.
    expect(call.body.params?._meta?.progressToken).toBe(call.body.id as number)
    expect(call.body.params?.arguments).toEqual({ text: 'hi' })
  })

  test('two calls in a row use one session: the second sends the same session id, no new initialize', async () => {
    const inits = up.seen.filter((s) => s.body.method === 'initialize').length
    await client.callTool({ name: 'echo', arguments: { text: 'a' } })
    await client.callTool({ name: 'echo', arguments: { text: 'b' } })
    const [a, b] = up.calls('echo').slice(-2)
    expect(a!.headers['mcp-session-id']).toBe(b!.headers['mcp-session-id']!)
    expect(b!.body.id).not.toBe(a!.body.id!)
    expect(up.seen.filter((s) => s.body.method === 'initialize').length).toBe(inits)
  })

  test('a content block with fields the SDK does not know comes back as the SDK client gives it (without them)', async () => {
    // Raw, so no client-side schema strips anything on the way in.
    const res = await post(app, slug, {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'extra', arguments: { text: 'x' } },
    })
    const body = (await res.json()) as { result: { content: unknown } }
    expect(body.result.content).toEqual([{ type: 'text', text: 'x' }])
  })

  test('a JSON-RPC error answer is an isError naming it', async () => {
    const r = await client.callTool({ name: 'rpc_error', arguments: {} })
    expect(r.isError).toBe(true)
    expect(text(r)).toContain('upstream error')
    expect(text(r)).toContain('bad arguments')
  })

  test('a result the SDK schema refuses is an isError, never passed on', async () => {
    const r = await client.callTool({ name: 'bad', arguments: {} })
    expect(r.isError).toBe(true)
    expect(text(r)).toContain('upstream connection failed')
    expect(JSON.stringify(r)).not.toContain('not a list')
  })

  test('no answer within timeout_ms: isError, and notifications/cancelled names the request upstream', async () => {
    const r = await client.callTool({ name: 'slow', arguments: {} })
    expect(r.isError).toBe(true)
    expect(text(r)).toContain('timed out after 500 ms')
    const sent = up.calls('slow').at(-1)!
    const cancelled = await waitFor('notifications/cancelled upstream', () =>
      up.seen.find((s) => s.body.method === 'notifications/cancelled' && s.body.params?.requestId === sent.body.id),
    )
    expect(cancelled.headers['mcp-session-id']).toBe(sent.headers['mcp-session-id']!)
    up.release()
    // The toolkit still answers.
    expect(text(await client.callTool({ name: 'echo', arguments: { text: 'after' } }))).toBe('after')
  })

  test('a session the upstream forgot (404): the call initialises again and runs once', async () => {
    await client.callTool({ name: 'echo', arguments: { text: 'before' } })
    const inits = up.seen.filter((s) => s.body.method === 'initialize').length
    up.forgetSessions()
    const r = await client.callTool({ name: 'echo', arguments: { text: 'again' } })
    expect(text(r)).toBe('again')
    expect(r.isError).toBeFalsy()
    expect(up.seen.filter((s) => s.body.method === 'initialize').length).toBe(inits + 1)
  })

  test('an upstream URL that redirects within its origin: the call follows it, as the SDK client does', async () => {
    const kit = await json(
      await app.api('/toolkits', {
        body: { name: 'moved', toolkit_type: 'remote', review_changes: false, remote: { url: up.moved, prefix: 'm_' } },
      }),
      201,
    )
    const server = await createServer(app, { name: 'moved', toolkits: [{ toolkit_id: kit.id }] })
    const { client: other } = await connectClient(app, server.slug)
    try {
      const r = await other.callTool({ name: 'm_echo', arguments: { text: 'followed' } })
      expect(text(r)).toBe('followed')
      expect(r.isError).toBeFalsy()
    } finally {
      await other.close()
    }
  })
})
