// The real @modelcontextprotocol/sdk Client over StreamableHTTPClientTransport (API key in a custom header)
// against tools created through the REST API: JS, HTTP, pre-built, failing, unconfigured, streaming and interactive.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import {
  CreateMessageRequestSchema,
  ElicitRequestSchema,
  LoggingMessageNotificationSchema,
  McpError,
  type Progress,
} from '@modelcontextprotocol/sdk/types.js'
import { prebuiltToolkitId, serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'

let app: TestApp
let upstream: ReturnType<typeof Bun.serve>
let url: URL
let utilities: string | null
const slowAborted: string[] = []

beforeAll(async () => {
  app = await startTestApp()
  upstream = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const u = new URL(req.url)
      if (u.pathname.startsWith('/items/')) return Response.json({ id: u.pathname.split('/')[2], color: 'green' })
      if (u.pathname === '/slow') {
        // Holds the request until the caller goes away (cancellation must abort the tool's fetch).
        await new Promise<void>((resolve) => req.signal.addEventListener('abort', () => resolve(), { once: true }))
        slowAborted.push(u.search)
        return new Response('too late')
      }
      return new Response('not found', { status: 404 })
    },
  })
  const kit = await toolkitWithTools(app, 'sdk-kit', [
    {
      name: 'greet',
      input_schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      code: 'export default async (input) => `Hello, ${input.name}!`',
    },
    {
      name: 'item',
      input_schema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      http: { url: `http://127.0.0.1:${upstream.port}/items/{{args.id}}`, method: 'GET' },
    },
    { name: 'explode', code: 'export default async () => { throw new Error("boom from user code") }' },
    // Its function is deleted below (with force: it is in use), leaving the tool without one.
    { name: 'orphan', code: 'export default async () => "gone"' },
    {
      name: 'count',
      code: 'export default async (input, ctx) => { ctx.progress(1, 3, "one"); ctx.progress(2, 3, "two"); ctx.progress(3, 3, "three"); return "counted" }',
    },
    {
      name: 'chatty',
      code: 'export default async (input, ctx) => { ctx.log("debug", "debug detail"); ctx.log("info", "started"); ctx.log("warning", "careful"); return "talked" }',
    },
    {
      name: 'ask_llm',
      input_schema: { type: 'object', properties: { prompt: { type: 'string' } }, required: ['prompt'] },
      code: `export default async (input, ctx) => {
        if (!ctx.sample) return { content: [{ type: 'text', text: 'no sampling' }], isError: true }
        const r = await ctx.sample({ messages: [{ role: 'user', content: { type: 'text', text: input.prompt } }], maxTokens: 50 })
        return 'LLM said: ' + r.content.text + ' (' + r.model + ')'
      }`,
    },
    {
      name: 'ask_user',
      code: `export default async (input, ctx) => {
        if (!ctx.elicit) return { content: [{ type: 'text', text: 'no elicitation' }], isError: true }
        const r = await ctx.elicit({ message: 'Who are you?', requestedSchema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } })
        return 'action=' + r.action + ' name=' + (r.content && r.content.name)
      }`,
    },
    {
      name: 'wait_upstream',
      input_schema: { type: 'object', properties: { tag: { type: 'string' } } },
      code: `export default async (input, ctx) => { const r = await ctx.fetch('http://127.0.0.1:${upstream.port}/slow?tag=' + input.tag); return await r.text() }`,
    },
  ])
  const { functions } = (await (await app.api('/functions?limit=200')).json()) as {
    functions: { id: string; name: string }[]
  }
  const orphaned = functions.find((f) => f.name === 'sdk-kit.orphan')!
  expect((await app.api(`/functions/${orphaned.id}?force=true`, { method: 'DELETE' })).status).toBe(200)
  utilities = await prebuiltToolkitId(app, 'utilities').catch(() => null)
  const server = await serverWithToolkits(app, 'sdk client server', utilities ? [kit, utilities] : [kit])
  url = new URL(server.url)
})
afterAll(async () => {
  await app.stop()
  upstream.stop(true)
})

const connect = (capabilities: Record<string, unknown> = {}) => connectClient(app, url, { capabilities })

// callTool's declared type also covers the pre-2024 `toolResult` shape; these results always carry `content`.
const text = (r: unknown) =>
  (r as { content: { type: string; text?: string }[] }).content.map((c) => c.text ?? '').join('')

describe('basic tools', () => {
  let client: Client
  beforeAll(async () => {
    ;({ client } = await connect())
  })
  afterAll(async () => {
    await client.close()
  })

  test('connects and reports the server', () => {
    expect(client.getServerVersion()?.name).toBe('sdk client server')
    expect(client.getServerCapabilities()?.tools).toEqual({ listChanged: true })
  })

  test('lists the hosted and pre-built tools with their schemas', async () => {
    const { tools } = await client.listTools()
    const names = tools.map((t) => t.name)
    for (const n of ['greet', 'item', 'explode', 'orphan', ...(utilities ? ['echo'] : [])]) expect(names).toContain(n)
    expect(tools.find((t) => t.name === 'greet')!.inputSchema).toEqual({
      type: 'object',
      properties: { name: { type: 'string' } },
      required: ['name'],
    })
  })

  test('calls a JavaScript tool', async () => {
    const r = await client.callTool({ name: 'greet', arguments: { name: 'Ada' } })
    expect(r.isError).toBe(false)
    expect(text(r)).toBe('Hello, Ada!')
  })

  test('calls an HTTP tool against a local upstream', async () => {
    const r = await client.callTool({ name: 'item', arguments: { id: '42' } })
    expect(text(r)).toStartWith('{')
    expect(r.isError).toBe(false)
    expect(JSON.parse(text(r))).toEqual({ id: '42', color: 'green' })
  })

  test('calls the pre-built echo tool', async () => {
    expect(utilities).not.toBeNull()
    const r = await client.callTool({ name: 'echo', arguments: { text: 'same words back' } })
    expect(text(r)).toBe('same words back')
  })

  test('a failing tool is a result with isError', async () => {
    const r = await client.callTool({ name: 'explode', arguments: {} })
    expect(r.isError).toBe(true)
    expect(text(r)).toContain('boom from user code')
  })

  test('a tool without a function is -32603', async () => {
    const err = await client.callTool({ name: 'orphan', arguments: {} }).catch((e) => e)
    expect(err).toBeInstanceOf(McpError)
    expect(err.code).toBe(-32603)
  })

  test('an unknown tool is -32602; a missing required argument is a tool error at 2025-11-25 (SEP-1303)', async () => {
    const unknown = await client.callTool({ name: 'does_not_exist', arguments: {} }).catch((e) => e)
    expect(unknown).toBeInstanceOf(McpError)
    expect(unknown.code).toBe(-32602)
    const missing = await client.callTool({ name: 'greet', arguments: {} })
    expect(missing.isError).toBe(true)
    expect(text(missing)).toContain('Missing required argument: name')
  })

  test('ping', async () => {
    expect(await client.ping()).toEqual({})
  })
})

describe('streaming and interaction', () => {
  test('progress notifications reach onprogress before the result', async () => {
    const { client } = await connect()
    const seen: Progress[] = []
    const r = await client.callTool({ name: 'count', arguments: {} }, undefined, { onprogress: (p) => seen.push(p) })
    expect(text(r)).toBe('counted')
    expect(seen.map((p) => p.progress)).toEqual([1, 2, 3])
    expect(seen[0]).toEqual({ progress: 1, total: 3, message: 'one' })
    await client.close()
  })

  test('log messages respect logging/setLevel (default info)', async () => {
    const { client } = await connect()
    const logs: { level: string; data: unknown }[] = []
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push({ level: n.params.level, data: n.params.data })
    })
    expect(text(await client.callTool({ name: 'chatty', arguments: {} }))).toBe('talked')
    expect(logs).toEqual([
      { level: 'info', data: 'started' },
      { level: 'warning', data: 'careful' },
    ])
    logs.length = 0
    await client.setLoggingLevel('debug')
    await client.callTool({ name: 'chatty', arguments: {} })
    expect(logs.map((l) => l.level)).toEqual(['debug', 'info', 'warning'])
    logs.length = 0
    await client.setLoggingLevel('error')
    await client.callTool({ name: 'chatty', arguments: {} })
    expect(logs).toEqual([])
    await client.close()
  })

  test('sampling round trip: the tool asks the client model', async () => {
    const { client } = await connect({ sampling: {} })
    const asked: unknown[] = []
    client.setRequestHandler(CreateMessageRequestSchema, async (req) => {
      asked.push(req.params.messages)
      return {
        role: 'assistant',
        content: { type: 'text', text: 'forty-two' },
        model: 'test-model',
        stopReason: 'endTurn',
      }
    })
    const r = await client.callTool({ name: 'ask_llm', arguments: { prompt: 'meaning of life?' } })
    expect(r.isError).toBe(false)
    expect(text(r)).toBe('LLM said: forty-two (test-model)')
    expect(asked).toEqual([[{ role: 'user', content: { type: 'text', text: 'meaning of life?' } }]])
    await client.close()
  })

  test('elicitation round trip: the tool asks the user', async () => {
    const { client } = await connect({ elicitation: {} })
    client.setRequestHandler(ElicitRequestSchema, async (req) => {
      expect(req.params.message).toBe('Who are you?')
      return { action: 'accept', content: { name: 'Grace' } }
    })
    const r = await client.callTool({ name: 'ask_user', arguments: {} })
    expect(text(r)).toBe('action=accept name=Grace')
    await client.close()
  })

  test('without the capability the tool gets no sample/elicit', async () => {
    const { client } = await connect()
    const r = await client.callTool({ name: 'ask_llm', arguments: { prompt: 'x' } })
    expect(r.isError).toBe(true)
    expect(text(r)).toBe('no sampling')
    const e = await client.callTool({ name: 'ask_user', arguments: {} })
    expect(text(e)).toBe('no elicitation')
    await client.close()
  })

  test('cancelling a call aborts the running tool', async () => {
    const { client } = await connect()
    const ac = new AbortController()
    const call = client.callTool({ name: 'wait_upstream', arguments: { tag: 'cancel-me' } }, undefined, {
      signal: ac.signal,
    })
    // Wait until the tool's request reached the upstream, then cancel (the SDK sends notifications/cancelled).
    await waitFor('the tool request at the upstream', () => upstream.pendingRequests >= 1)
    ac.abort('user cancelled')
    await expect(call).rejects.toThrow()
    await waitFor('the upstream request aborted', () => slowAborted.includes('?tag=cancel-me'))
    expect(slowAborted).toContain('?tag=cancel-me')
    // The session is still usable afterwards.
    expect(text(await client.callTool({ name: 'greet', arguments: { name: 'again' } }))).toBe('Hello, again!')
    await client.close()
  })

  test('raw: notifications/cancelled ends the pending POST without a response', async () => {
    const { client, transport } = await connect()
    const headers = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'x-api-key': app.apiKey,
      'mcp-session-id': transport.sessionId!,
      'mcp-protocol-version': '2025-11-25',
    }
    const pending = fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 'slow-1',
        method: 'tools/call',
        params: { name: 'wait_upstream', arguments: { tag: 'raw-cancel' } },
      }),
    })
    await waitFor('the tool request at the upstream', () => upstream.pendingRequests >= 1)
    const cancel = await fetch(url, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: 'slow-1', reason: 'test' },
      }),
    })
    expect(cancel.status).toBe(202)
    const res = await pending
    expect(res.status).toBeLessThan(300)
    // Whatever the framing, no JSON-RPC response for the cancelled request is delivered.
    expect(await res.text()).not.toContain('slow-1')
    await waitFor('the upstream request aborted', () => slowAborted.includes('?tag=raw-cancel'))
    expect(slowAborted).toContain('?tag=raw-cancel')
    await client.close()
  })

  test('requests of one session run concurrently', async () => {
    const { client } = await connect({ sampling: {} })
    let release!: () => void
    const gate = new Promise<void>((r) => (release = r))
    client.setRequestHandler(CreateMessageRequestSchema, async () => {
      await gate
      return { role: 'assistant', content: { type: 'text', text: 'late' }, model: 'm' }
    })
    const slow = client.callTool({ name: 'ask_llm', arguments: { prompt: 'hold' } })
    // While the first call waits for the client, a second request on the same session completes.
    expect(text(await client.callTool({ name: 'greet', arguments: { name: 'meanwhile' } }))).toBe('Hello, meanwhile!')
    release()
    expect(text(await slow)).toBe('LLM said: late (m)')
    await client.close()
  })
})
