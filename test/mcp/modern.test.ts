// The 2026-07-28 path over raw HTTP: server/discover, header and _meta validation (status, code, id echo), cache
// hints, MRTR rounds with a signed requestState, capability requirements, subscriptions/listen, and the session era
// left as it was.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createServer, createTool, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { initializeBody, openSession, post } from '../helpers/mcp'

const V = '2026-07-28'
const rj = (r: Response): Promise<any> => r.json()
const js = (body: string) => `export default async (input, ctx) => {\n${body}\n}`
const NAME_SCHEMA = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] }

let app: TestApp
let slug: string

beforeAll(async () => {
  app = await startTestApp()
  const kit = await toolkitWithTools(app, 'modern', [
    { name: 'echo', input_schema: NAME_SCHEMA, code: js(`return 'hi ' + input.name`) },
    {
      name: 'ask_name',
      code: js(`const r = await ctx.elicit({ message: 'Name?', requestedSchema: ${JSON.stringify(NAME_SCHEMA)} }, { key: 'who' })
const c = await ctx.elicit({ message: 'Color?', requestedSchema: { type: 'object', properties: { color: { type: 'string' } } } })
return r.content.name + ' likes ' + c.content.color`),
    },
    { name: 'shout', code: js(`ctx.log('info', 'loud'); ctx.notifyListChanged('tools'); return 'ok'`) },
    { name: 'roots', code: js(`const r = await ctx.listRoots(); return 'roots=' + r.roots.length`) },
  ])
  await createTool(app, {
    toolkit_id: kit,
    name: 'needs_sampling',
    function_name: 'modern.echo',
    required_client_capabilities: { sampling: {} },
  })
  slug = (await createServer(app, { name: 'modern-srv', toolkits: [{ toolkit_id: kit }], description: 'Hi' })).slug
})
afterAll(async () => {
  await app.stop()
})

const meta = (caps: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) => ({
  'io.modelcontextprotocol/protocolVersion': V,
  'io.modelcontextprotocol/clientCapabilities': caps,
  ...extra,
})
const NAMED: Record<string, string> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' }

/** A stateless 2026-07-28 request with the routing headers a conforming client sends. */
function send(
  method: string,
  params: Record<string, unknown> = {},
  o: { headers?: Record<string, string>; id?: number } = {},
) {
  const p: Record<string, unknown> = { ...params, _meta: params._meta ?? meta() }
  const field = NAMED[method]
  const headers: Record<string, string> = {
    'mcp-protocol-version': V,
    'mcp-method': method,
    ...(field ? { 'mcp-name': String(p[field]) } : {}),
    ...o.headers,
  }
  return post(app, slug, { jsonrpc: '2.0', id: o.id ?? 1, method, params: p }, { headers })
}

describe('server/discover and plain methods', () => {
  test('discover describes the server with its versions, capabilities, cache hints and serverInfo', async () => {
    const res = await send('server/discover')
    expect(res.status).toBe(200)
    expect(res.headers.get('mcp-session-id')).toBeNull()
    const { result } = await rj(res)
    expect(result).toMatchObject({
      resultType: 'complete',
      supportedVersions: [V, '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'],
      capabilities: { tools: { listChanged: true }, prompts: { listChanged: true } },
      instructions: 'Hi',
      ttlMs: 0,
      cacheScope: 'private',
      _meta: { 'io.modelcontextprotocol/serverInfo': { name: 'modern-srv' } },
    })
  })

  test('lists and reads carry resultType and cache hints; a missing resource is -32602 with its uri', async () => {
    const { result } = await rj(await send('tools/list'))
    expect(result.tools.map((t: { name: string }) => t.name)).toContain('ask_name')
    expect(result).toMatchObject({ resultType: 'complete', ttlMs: 0, cacheScope: 'private' })
    const missing = await rj(await send('resources/read', { uri: 'x://nope' }))
    expect(missing.error).toMatchObject({ code: -32602, data: { uri: 'x://nope' } })
  })

  test('removed and unknown methods are HTTP 404 with -32601', async () => {
    for (const m of ['initialize', 'ping', 'logging/setLevel', 'resources/subscribe', 'unknown/method']) {
      const res = await send(m, {}, { id: 9 })
      expect(res.status).toBe(404)
      expect(await rj(res)).toMatchObject({ id: 9, error: { code: -32601 } })
    }
  })
})

describe('validation: HTTP 400 echoing the id', () => {
  const cases: [string, () => Promise<Response>, number][] = [
    [
      'no _meta capabilities',
      () => send('tools/list', { _meta: { 'io.modelcontextprotocol/protocolVersion': V } }),
      -32602,
    ],
    ['an unknown version', () => send('tools/list', {}, { headers: { 'mcp-protocol-version': 'v9' } }), -32022],
    [
      'header ≠ _meta version',
      () => send('tools/list', { _meta: { ...meta(), 'io.modelcontextprotocol/protocolVersion': 'v9' } }),
      -32020,
    ],
    ['a wrong Mcp-Method', () => send('tools/list', {}, { headers: { 'mcp-method': 'prompts/list' } }), -32020],
    [
      'a wrong Mcp-Name',
      () => send('tools/call', { name: 'echo', arguments: { name: 'a' } }, { headers: { 'mcp-name': 'x' } }),
      -32020,
    ],
    ['a missing capability', () => send('tools/call', { name: 'needs_sampling', arguments: { name: 'a' } }), -32021],
  ]
  for (const [what, run, code] of cases)
    test(what, async () => {
      const res = await run()
      expect(res.status).toBe(400)
      expect(await rj(res)).toMatchObject({ jsonrpc: '2.0', id: 1, error: { code } })
    })

  test('the missing capability is named; declared, the tool runs; a base64 Mcp-Name is decoded', async () => {
    const denied = await rj(await send('tools/call', { name: 'needs_sampling', arguments: { name: 'a' } }))
    expect(denied.error.data).toEqual({ requiredCapabilities: { sampling: {} } })
    const ok = await send(
      'tools/call',
      { name: 'needs_sampling', arguments: { name: 'a' }, _meta: meta({ sampling: {} }) },
      { headers: { 'mcp-name': `=?base64?${Buffer.from('needs_sampling').toString('base64')}?=` } },
    )
    expect((await rj(ok)).result).toMatchObject({ resultType: 'complete', content: [{ text: 'hi a' }] })
  })

  test('a missing argument is a tool error (SEP-1303)', async () => {
    const { result } = await rj(await send('tools/call', { name: 'echo', arguments: {} }))
    expect(result).toMatchObject({ resultType: 'complete', isError: true })
  })
})

describe('MRTR: ctx.elicit as input-required rounds', () => {
  const call = (params: Record<string, unknown>, caps: Record<string, unknown> = { elicitation: {} }) =>
    send('tools/call', { name: 'ask_name', arguments: {}, ...params, _meta: meta(caps) }).then((r) => rj(r))

  test('two rounds, the first answer carried in the signed state, then the result', async () => {
    const r1 = (await call({})).result
    expect(r1).toMatchObject({
      resultType: 'input_required',
      inputRequests: { who: { method: 'elicitation/create', params: { message: 'Name?' } } },
    })
    expect(typeof r1.requestState).toBe('string')
    const who = { action: 'accept', content: { name: 'Ann' } }
    const r2 = (await call({ requestState: r1.requestState, inputResponses: { who } })).result
    expect(r2.resultType).toBe('input_required')
    expect(Object.keys(r2.inputRequests)).toEqual(['elicit-2'])
    expect(r2.requestState).not.toBe(r1.requestState)
    const color = { action: 'accept', content: { color: 'red' } }
    const r3 = (await call({ requestState: r2.requestState, inputResponses: { 'elicit-2': color } })).result
    expect(r3).toMatchObject({ resultType: 'complete', content: [{ type: 'text', text: 'Ann likes red' }] })
  })

  test('a tampered or foreign state, and malformed inputResponses, are -32602', async () => {
    const r1 = (await call({})).result
    const tampered = await call({ requestState: `${r1.requestState}x`, inputResponses: {} })
    expect(tampered.error.code).toBe(-32602)
    const other = await send('tools/call', {
      name: 'roots',
      arguments: {},
      requestState: r1.requestState,
      _meta: meta({ roots: {} }),
    })
    expect((await rj(other)).error.code).toBe(-32602)
    expect((await call({ inputResponses: null })).error.code).toBe(-32602)
    expect((await call({ inputResponses: { who: 5 } })).error.code).toBe(-32602)
  })

  test('without the capability ctx.elicit is absent; roots come through ctx.listRoots', async () => {
    const none = (await call({}, {})).result
    expect(none).toMatchObject({ resultType: 'complete', isError: true })
    const r1 = (await rj(await send('tools/call', { name: 'roots', arguments: {}, _meta: meta({ roots: {} }) }))).result
    expect(r1.inputRequests).toEqual({ 'roots-1': { method: 'roots/list', params: {} } })
  })

  test('logs go out only at the requested level', async () => {
    const quiet = await send('tools/call', { name: 'shout', arguments: {} })
    expect(quiet.headers.get('content-type')).toContain('application/json')
    const loud = await send('tools/call', {
      name: 'shout',
      arguments: {},
      _meta: meta({}, { 'io.modelcontextprotocol/logLevel': 'info' }),
    })
    const text = await loud.text()
    expect(text).toContain('notifications/message')
    expect(text).toContain('"resultType":"complete"')
  })
})

describe('subscriptions/listen', () => {
  test('acknowledges first, then delivers list_changed the filter asked for, tagged with the subscription id', async () => {
    const ac = new AbortController()
    const open = (id: number, notifications: Record<string, unknown>) =>
      fetch(`${app.base}/${slug}`, {
        method: 'POST',
        signal: ac.signal,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          'x-api-key': app.apiKey,
          'mcp-protocol-version': V,
          'mcp-method': 'subscriptions/listen',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id,
          method: 'subscriptions/listen',
          params: { notifications, _meta: meta() },
        }),
      })
    const tools = await open(41, { toolsListChanged: true })
    const prompts = await open(42, { promptsListChanged: true })
    /** Reads SSE data frames of one response, `count` at a time (one reader per response). */
    const reader = (res: Response) => {
      const r = res.body!.getReader()
      let buf = ''
      const queued: any[] = []
      return async (count: number) => {
        const deadline = Date.now() + 5000
        while (queued.length < count && Date.now() < deadline) {
          const { value, done } = await r.read()
          if (done) break
          buf += new TextDecoder().decode(value)
          const end = buf.lastIndexOf('\n\n')
          if (end < 0) continue
          for (const m of buf.slice(0, end).matchAll(/^data: (.*)$/gm)) queued.push(JSON.parse(m[1]!))
          buf = buf.slice(end + 2)
        }
        return queued.splice(0, count)
      }
    }
    const toolFrames = reader(tools)
    const promptFrames = reader(prompts)
    const [ack] = await toolFrames(1)
    expect(ack).toMatchObject({
      method: 'notifications/subscriptions/acknowledged',
      params: { notifications: { toolsListChanged: true }, _meta: { 'io.modelcontextprotocol/subscriptionId': 41 } },
    })
    const [pAck] = await promptFrames(1)
    expect(pAck.params._meta['io.modelcontextprotocol/subscriptionId']).toBe(42)
    await send('tools/call', { name: 'shout', arguments: {} })
    const [changed] = await toolFrames(1)
    expect(changed).toEqual({
      jsonrpc: '2.0',
      method: 'notifications/tools/list_changed',
      params: { _meta: { 'io.modelcontextprotocol/subscriptionId': 41 } },
    })
    const quiet = await Promise.race([promptFrames(1), Bun.sleep(300).then(() => 'none')])
    expect(quiet).toBe('none')
    ac.abort()
  })
})

describe('the session era is unchanged', () => {
  test('a legacy initialize with a 2026 header gets a session at 2025-11-25', async () => {
    const res = await post(app, slug, initializeBody('2026-07-28'), { headers: { 'mcp-protocol-version': V } })
    expect(res.headers.get('mcp-session-id')).toBeTruthy()
    expect((await rj(res)).result.protocolVersion).toBe('2025-11-25')
  })

  test('an older session keeps -32602 for a missing required argument', async () => {
    const { headers } = await openSession(app, slug, '2025-06-18')
    const body = { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: {} } }
    expect((await rj(await post(app, slug, body, { headers }))).error.code).toBe(-32602)
  })
})
