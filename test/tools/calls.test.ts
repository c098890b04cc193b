// Running tools through REST (/tools/list, /tools/call) and through the protocol backend the MCP endpoint uses.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { ServerRow } from '../../src/lib/server'
import { ProtocolError } from '../../src/mcp/errors'
import { detachedHost } from '../../src/runtime/host'
import {
  createFunction,
  createServer,
  createTool,
  createToolkit,
  expectError,
  json,
  objectSchema,
  serverDetail,
} from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { requestContext } from '../helpers/context'

let app: TestApp
let upstream: ReturnType<typeof Bun.serve>
let kit: { id: string }
let server: { id: string }

beforeAll(async () => {
  app = await startTestApp()
  // A local HTTP API the http function calls (private egress is allowed in tests).
  upstream = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch(req) {
      const url = new URL(req.url)
      if (url.pathname === '/fail') return new Response('upstream exploded', { status: 503 })
      return Response.json({ path: url.pathname, city: url.searchParams.get('city'), auth: req.headers.get('x-token') })
    },
  })
  kit = await createToolkit(app, 'calls-kit')
  await createFunction(app, {
    name: 'add',
    runtime: 'javascript',
    code: 'export default async (input) => input.a + input.b',
  })
  await createFunction(app, {
    name: 'boom',
    runtime: 'javascript',
    code: 'export default async () => { throw new Error("boom went the tool") }',
  })
  await createFunction(app, {
    name: 'stats',
    runtime: 'javascript',
    code: 'export default async (input) => ({ count: input.items.length })',
  })
  await createFunction(app, {
    name: 'whoami',
    runtime: 'javascript',
    code: 'export default async (input, ctx) => "key ends with " + ctx.credentials.api_key.slice(-4)',
  })
  await createFunction(app, {
    name: 'weather-api',
    runtime: 'http',
    http: {
      url: `http://127.0.0.1:${upstream.port}/weather`,
      method: 'GET',
      headers: { 'x-token': 'tok-{{args.city}}' },
    },
  })
  await createFunction(app, {
    name: 'failing-api',
    runtime: 'http',
    http: { url: `http://127.0.0.1:${upstream.port}/fail` },
  })
  const num = { type: 'number' }
  await createTool(app, {
    toolkit_id: kit.id,
    name: 'add',
    description: 'adds two numbers',
    function_name: 'add',
    input_schema: objectSchema({ a: num, b: num }, ['a', 'b']),
  })
  await createTool(app, { toolkit_id: kit.id, name: 'explode', function_name: 'boom' })
  await createTool(app, {
    toolkit_id: kit.id,
    name: 'count',
    function_name: 'stats',
    input_schema: objectSchema({ items: { type: 'array' } }, ['items']),
    output_schema: objectSchema({ count: { type: 'integer' } }),
  })
  await createTool(app, {
    toolkit_id: kit.id,
    name: 'weather',
    function_name: 'weather-api',
    input_schema: objectSchema({ city: { type: 'string' } }, ['city']),
  })
  await createTool(app, { toolkit_id: kit.id, name: 'broken_upstream', function_name: 'failing-api' })
  // A tool whose function was deleted afterwards (with force: it was in use).
  const doomed = await createFunction(app, {
    name: 'no-such-function',
    runtime: 'javascript',
    code: 'export default async () => 1',
  })
  await createTool(app, { toolkit_id: kit.id, name: 'orphan', function_name: 'no-such-function' })
  expect((await app.api(`/functions/${doomed.id}?force=true`, { method: 'DELETE' })).status).toBe(200)
  await createTool(app, { toolkit_id: kit.id, name: 'whoami', function_name: 'whoami', credential_provider: 'acme' })
  server = await createServer(app, {
    name: 'calls server',
    toolkits: [{ toolkit_id: kit.id }, { toolkit_id: 'prebuilt-utilities' }],
  })
})

afterAll(async () => {
  upstream?.stop(true)
  await app.stop()
})

const call = async (name: string, args?: unknown, extra: Record<string, unknown> = {}, status = 200, key?: string) =>
  json(
    await app.api('/tools/call', {
      body: { name, ...(args !== undefined ? { arguments: args } : {}), server_id: server.id, ...extra },
      key,
    }),
    status,
  )

describe('REST /tools/list', () => {
  test('lists the server tools in MCP form, by name, without null fields', async () => {
    const { tools } = await json(await app.api('/tools/list', { body: { server_id: server.id } }), 200)
    const names = tools.map((t: { name: string }) => t.name)
    expect(names).toEqual([...names].sort())
    expect(names).toEqual(expect.arrayContaining(['add', 'echo', 'weather', 'current_time']))
    const add = tools.find((t: { name: string }) => t.name === 'add')
    expect(add).toEqual({
      name: 'add',
      description: 'adds two numbers',
      inputSchema: objectSchema({ a: { type: 'number' }, b: { type: 'number' } }, ['a', 'b']),
    })
    const count = tools.find((t: { name: string }) => t.name === 'count')
    expect(count.outputSchema).toEqual(objectSchema({ count: { type: 'integer' } }))
    expect(JSON.stringify(tools)).not.toContain('null')
  })

  test('without server_id: the tools of every server of the project', async () => {
    const { tools } = await json(await app.api('/tools/list', { body: {} }), 200)
    expect(tools.map((t: { name: string }) => t.name)).toEqual(expect.arrayContaining(['add', 'echo']))
  })

  test("another project's server is 404", async () => {
    const other = await app.newProject('list-other')
    expectError(
      await json(await app.api('/tools/list', { body: { server_id: server.id }, key: other.apiKey }), 404),
      'not_found',
    )
  })
})

describe('REST /tools/call', () => {
  test('a javascript function tool', async () => {
    expect(await call('add', { a: 2, b: 3 })).toEqual({ content: [{ type: 'text', text: '5' }], isError: false })
  })

  test('a tool with output_schema adds structuredContent', async () => {
    const r = await call('count', { items: [1, 2, 3] })
    expect(r.isError).toBe(false)
    expect(r.structuredContent).toEqual({ count: 3 })
    expect(JSON.parse(r.content[0].text)).toEqual({ count: 3 })
  })

  test('an http function tool calls the upstream with templated headers and the arguments as query', async () => {
    const r = await call('weather', { city: 'Lyon' })
    expect(r.isError).toBe(false)
    expect(JSON.parse(r.content[0].text)).toEqual({ path: '/weather', city: 'Lyon', auth: 'tok-Lyon' })
    const failed = await call('broken_upstream', {})
    expect(failed.isError).toBe(true)
    expect(failed.content[0].text).toContain('503')
  })

  test('the pre-built utilities.echo tool returns its text unchanged', async () => {
    expect(await call('echo', { text: 'hello <b>world</b>' })).toEqual({
      content: [{ type: 'text', text: 'hello <b>world</b>' }],
      isError: false,
    })
  })

  test('a failing tool is an isError result with the message', async () => {
    const r = await call('explode', {})
    expect(r.isError).toBe(true)
    expect(r.content[0].text).toContain('boom went the tool')
  })

  test('a tool without a function → 500 tool_not_configured', async () => {
    expectError(await call('orphan', {}, {}, 500), 'tool_not_configured', 'no-such-function')
  })

  test('bad arguments → 400 naming the field; arguments may be omitted when nothing is required', async () => {
    expectError(await call('add', { a: 1 }, {}, 400), 'validation_failed', 'b')
    expectError(await call('add', { a: 1, b: 'two' }, {}, 400), 'validation_failed', 'b')
    expectError(await call('add', undefined, {}, 400), 'validation_failed', 'a')
    expect((await call('explode')).isError).toBe(true)
  })

  test('unknown tool → 404; another project’s server_id → 404', async () => {
    expectError(await call('nope', {}, {}, 404), 'not_found', 'nope')
    const other = await app.newProject('call-other')
    expectError(await call('add', { a: 1, b: 2 }, {}, 404, other.apiKey), 'not_found')
  })

  test('credentials: missing → isError saying so; mapped → ctx.credentials, never echoed by the service', async () => {
    const missing = await call('whoami', {})
    expect(missing.isError).toBe(true)
    expect(missing.content[0].text).toContain('missing')
    const cred = await json(
      await app.api('/credentials', {
        body: { name: 'acme', provider_id: 'api_key', credential_data: { api_key: 'sk-very-secret-9876' } },
      }),
      201,
    )
    const tool = (await serverDetail(app, server.id)).tools.find((t: { name: string }) => t.name === 'whoami')
    expect(tool.credential_status).toBe('missing')
    await json(
      await app.api(`/servers/${server.id}/tools/${tool.id}`, { method: 'PATCH', body: { credential_id: cred.id } }),
      200,
    )
    expect(await call('whoami', {})).toEqual({
      content: [{ type: 'text', text: 'key ends with 9876' }],
      isError: false,
    })
  })

  test('without server_id: resolved across servers; different tools of one name on several servers → 400 listing them', async () => {
    expect(
      (await json(await app.api('/tools/call', { body: { name: 'add', arguments: { a: 1, b: 1 } } }), 200)).content[0]
        .text,
    ).toBe('2')
    const otherKit = await createToolkit(app, 'calls-other-kit')
    await createFunction(app, { name: 'add-other', runtime: 'javascript', code: 'export default async () => "other"' })
    await createTool(app, { toolkit_id: otherKit.id, name: 'add', function_name: 'add-other' })
    const second = await createServer(app, { name: 'calls second', toolkits: [{ toolkit_id: otherKit.id }] })
    const err = await json(await app.api('/tools/call', { body: { name: 'add', arguments: { a: 1, b: 1 } } }), 400)
    expect(err.error).toContain(server.id)
    expect(err.error).toContain(second.id)
    expect(
      (await json(await app.api('/tools/call', { body: { name: 'add', server_id: second.id } }), 200)).content[0].text,
    ).toBe('other')
  })

  test('deleting a toolkit makes its tools uncallable', async () => {
    const k = await createToolkit(app, 'short-lived')
    await createTool(app, { toolkit_id: k.id, name: 'ephemeral', function_name: 'add', input_schema: objectSchema() })
    const s = await createServer(app, { name: 'short lived server', toolkits: [{ toolkit_id: k.id }] })
    expect(
      (await json(await app.api('/tools/call', { body: { name: 'ephemeral', server_id: s.id } }), 200)).isError,
    ).toBe(false)
    await json(await app.api(`/toolkits/${k.id}`, { method: 'DELETE' }), 200)
    expectError(
      await json(await app.api('/tools/call', { body: { name: 'ephemeral', server_id: s.id } }), 404),
      'not_found',
    )
    expect((await serverDetail(app, s.id)).tools).toEqual([])
  })
})

describe('protocol backend (what the MCP endpoint calls)', () => {
  const host = detachedHost(new AbortController().signal)
  let found: ServerRow
  beforeAll(async () => {
    found = (await app.server.deps.servers.bySlug('calls-server'))!
  })
  const row = () => found
  const rpcError = async (p: Promise<unknown>) => {
    try {
      await p
    } catch (e) {
      if (e instanceof ProtocolError) return { code: e.code, message: e.message }
      throw e
    }
    throw new Error('expected a ProtocolError')
  }

  test('unknown tool and missing required argument → -32602; no function → -32603; wrong type → isError', async () => {
    const backend = app.server.deps.mcpBackend
    expect(await rpcError(backend.callTool(requestContext(row(), host), 'nope', {}))).toEqual({
      code: -32602,
      message: 'Unknown tool: nope',
    })
    const missing = await rpcError(backend.callTool(requestContext(row(), host), 'add', { a: 1 }))
    expect(missing.code).toBe(-32602)
    expect(missing.message).toContain('b')
    // SEP-1303, as the endpoint asks from 2025-11-25 on: the same omission is a tool error the model can read.
    const asResult = await backend.callTool(requestContext(row(), host, { version: '2025-11-25' }), 'add', { a: 1 })
    expect(asResult).toEqual({ content: [{ type: 'text', text: 'Missing required argument: b' }], isError: true })
    expect((await rpcError(backend.callTool(requestContext(row(), host), 'orphan', {}))).code).toBe(-32603)
    const wrong = await backend.callTool(requestContext(row(), host), 'add', { a: 1, b: 'x' })
    expect(wrong.isError).toBe(true)
    expect(wrong.content[0]!.text).toContain('b')
    expect(await backend.callTool(requestContext(row(), host), 'add', { a: 1, b: 2 })).toEqual({
      content: [{ type: 'text', text: '3' }],
      isError: false,
    })
  })

  test('a disabled tool is neither listed nor callable', async () => {
    const tool = (await serverDetail(app, server.id)).tools.find((t: { name: string }) => t.name === 'explode')
    await json(
      await app.api(`/servers/${server.id}/tools/${tool.id}`, { method: 'PATCH', body: { enabled: false } }),
      200,
    )
    const backend = app.server.deps.mcpBackend
    expect((await backend.listTools(row())).map((t) => t.name)).not.toContain('explode')
    expect((await rpcError(backend.callTool(requestContext(row(), host), 'explode', {}))).code).toBe(-32602)
    await json(
      await app.api(`/servers/${server.id}/tools/${tool.id}`, { method: 'PATCH', body: { enabled: true } }),
      200,
    )
    expect((await backend.listTools(row())).map((t) => t.name)).toContain('explode')
  })

  test('the call log records the request id of the context the call was given (no ambient request)', async () => {
    const requestId = `ctx-${crypto.randomUUID()}`
    const backend = app.server.deps.mcpBackend
    expect((await backend.callTool(requestContext(row(), host, { requestId }), 'add', { a: 1, b: 2 })).isError).toBe(
      false,
    )
    const { calls } = await json(await app.api('/calls?limit=200'), 200)
    expect(
      calls.filter((c: { request_id: string }) => c.request_id === requestId).map((c: { name: string }) => c.name),
    ).toEqual(['add'])
  })

  test('a REST call, a resource read and a prompt get are logged under the request id of their context', async () => {
    const requestId = `ctx-${crypto.randomUUID()}`
    const ctx = requestContext(row(), host, { requestId })
    const { version: _version, ...rest } = ctx
    expect((await app.server.deps.toolCalls.restCall(rest, 'add', { a: 1, b: 2 })).isError).toBe(false)
    const backend = app.server.deps.mcpBackend
    expect((await rpcError(backend.readResource(ctx, 'mcp://none'))).code).toBe(-32002)
    expect((await rpcError(backend.getPrompt(ctx, 'none', {}))).code).toBe(-32602)
    const { calls } = await json(await app.api('/calls?limit=200'), 200)
    expect(
      calls
        .filter((c: { request_id: string }) => c.request_id === requestId)
        .map((c: { kind: string; name: string; server_id: string | null }) => [c.kind, c.name, c.server_id])
        .sort(),
    ).toEqual([
      ['prompt', 'none', row().id],
      ['resource', 'mcp://none', row().id],
      ['tool', 'add', row().id],
    ])
  })

  test('over HTTP, REST reads, gets and calls are logged under the x-request-id they were answered with', async () => {
    const requestId = `rest-${crypto.randomUUID()}`
    const headers = { 'x-request-id': requestId }
    expect(
      (await app.api('/tools/call', { body: { name: 'add', arguments: { a: 1, b: 2 }, server_id: row().id }, headers }))
        .status,
    ).toBe(200)
    expect((await app.api('/resources/read', { body: { uri: 'mcp://none' }, headers })).status).toBe(404)
    expect((await app.api('/prompts/get', { body: { name: 'none' }, headers })).status).toBe(404)
    const { calls } = await json(await app.api('/calls?limit=200'), 200)
    expect(
      calls
        .filter((c: { request_id: string }) => c.request_id === requestId)
        .map((c: { kind: string }) => c.kind)
        .sort(),
    ).toEqual(['prompt', 'resource', 'tool'])
  })
})
