// Discovery mode over the protocol and REST: tool_discovery on servers (defaults, PATCH), the mode switch (off, auto
// over its threshold, always), pinned tools, the reserved names (409), instructions, find_tools and call_tool with
// the real SDK client (2025 sessions) and raw 2026-07-28 requests, and GET /servers/{id}/tools/search.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { call, createServer, createTool, createToolkit, expectError, json, objectSchema } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient, openSession, post } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

const UTILITIES = { toolkit_id: 'prebuilt-utilities' }

/** A hosted toolkit of `n` tools named `kit_tool_i` (function: the builtin echo). */
async function kitOf(name: string, n: number) {
  const kit = await createToolkit(app, name)
  for (let i = 0; i < n; i++)
    await createTool(app, {
      toolkit_id: kit.id,
      name: `${name}_tool_${i}`,
      description: `Tool number ${i} of ${name}`,
      function_name: 'builtin.utilities.echo',
      input_schema: objectSchema({ text: { type: 'string' } }),
    })
  return kit
}

async function listed(slug: string, version = '2025-11-25'): Promise<{ names: string[]; instructions?: string }> {
  const { headers, result } = await openSession(app, slug, version)
  const res = await post(app, slug, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, { headers })
  const body = (await res.json()) as { result: { tools: { name: string }[] } }
  return {
    names: body.result.tools.map((t) => t.name),
    instructions: (result as { instructions?: string }).instructions,
  }
}

const patch = (id: string, body: unknown) => call(app, `/servers/${id}`, { method: 'PATCH', body })

describe('tool_discovery on servers', () => {
  test('defaults to off with threshold 40 and no pins; PATCH changes only the fields given', async () => {
    const s = await createServer(app, { name: 'settings' })
    expect(s.tool_discovery).toEqual({ mode: 'off', threshold: 40, pinned: [] })
    const r = await patch(s.id, { tool_discovery: { mode: 'auto', threshold: 3 } })
    expect(r.status).toBe(200)
    expect(r.body.data.tool_discovery).toEqual({ mode: 'auto', threshold: 3, pinned: [] })
    const r2 = await patch(s.id, { tool_discovery: { pinned: ['echo'] } })
    expect(r2.body.data.tool_discovery).toEqual({ mode: 'auto', threshold: 3, pinned: ['echo'] })
    const got = await json(await app.api(`/servers/${s.id}`), 200)
    expect(got.data.tool_discovery).toEqual({ mode: 'auto', threshold: 3, pinned: ['echo'] })
  })

  test('bad settings are 400 naming the field', async () => {
    const s = await createServer(app, { name: 'bad settings' })
    for (const tool_discovery of [{ mode: 'sometimes' }, { threshold: -1 }, { pinned: 'echo' }, { extra: 1 }]) {
      const r = await patch(s.id, { tool_discovery })
      expect(r.status).toBe(400)
      expect(JSON.stringify(r.body.details)).toContain('tool_discovery')
    }
  })
})

describe('the mode switch', () => {
  test('off lists every tool; always lists pinned + find_tools + call_tool; auto switches over its threshold', async () => {
    const kit = await kitOf('switch', 5)
    const s = await createServer(app, { name: 'switch', toolkits: [{ toolkit_id: kit.id }] })
    const all = (await listed(s.slug)).names
    expect(all).toHaveLength(5)

    await patch(s.id, { tool_discovery: { mode: 'always' } })
    let seen = await listed(s.slug)
    expect(seen.names).toEqual(['find_tools', 'call_tool'])
    expect(seen.instructions).toContain('find_tools')

    await patch(s.id, { tool_discovery: { mode: 'auto', threshold: 5 } })
    seen = await listed(s.slug)
    expect(seen.names).toEqual(all) // 5 tools, not more than 5
    expect(seen.instructions ?? '').not.toContain('find_tools')

    await patch(s.id, { tool_discovery: { threshold: 4 } })
    expect((await listed(s.slug)).names).toEqual(['find_tools', 'call_tool'])

    await patch(s.id, { tool_discovery: { mode: 'off' } })
    expect((await listed(s.slug)).names).toEqual(all)
  })

  test('a change of the settings tells connected clients that the tool list changed', async () => {
    const s = await createServer(app, { name: 'notify', toolkits: [UTILITIES] })
    const { client } = await connectClient(app, s.slug)
    let changed = 0
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++)
    await waitFor('the GET stream', () => [...app.server.deps.mcpSessions.all()].some((x) => x.stream !== null))
    expect((await client.listTools()).tools.length).toBeGreaterThan(2)
    await patch(s.id, { tool_discovery: { mode: 'always' } })
    await waitFor('tools/list_changed', () => changed > 0)
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['find_tools', 'call_tool'])
    await client.close()
  })

  test('pinned tools are listed beside the two search tools (unknown pins are ignored)', async () => {
    const kit = await kitOf('pins', 4)
    const s = await createServer(app, {
      name: 'pins',
      toolkits: [{ toolkit_id: kit.id }],
      tool_discovery: { mode: 'always', pinned: ['pins_tool_2', 'no_such_tool', 'pins_tool_0'] },
    })
    expect((await listed(s.slug)).names).toEqual(['pins_tool_0', 'pins_tool_2', 'find_tools', 'call_tool'])
  })

  test('the server description is kept in front of the discovery instructions; 2026-07-28 sees the same', async () => {
    const kit = await kitOf('instr', 2)
    const s = await createServer(app, {
      name: 'instr',
      description: 'Tools of the instr team.',
      toolkits: [{ toolkit_id: kit.id }],
      tool_discovery: { mode: 'always' },
    })
    const { instructions } = await listed(s.slug)
    expect(instructions).toStartWith('Tools of the instr team.\n\n')
    expect(instructions).toContain('call_tool')
    const meta = {
      'io.modelcontextprotocol/protocolVersion': '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
    }
    const modern = (method: string, params: Record<string, unknown> = {}) =>
      post(
        app,
        s.slug,
        { jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: meta } },
        { headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': method } },
      )
    const discover = (await (await modern('server/discover')).json()) as { result: { instructions: string } }
    expect(discover.result.instructions).toBe(instructions!)
    const list = (await (await modern('tools/list')).json()) as { result: { tools: { name: string }[] } }
    expect(list.result.tools.map((t) => t.name)).toEqual(['find_tools', 'call_tool'])
  })
})

describe('2026-07-28 calls of tools that are not listed', () => {
  test("a hidden tool's required capabilities are still checked before it runs (-32021)", async () => {
    const kit = await createToolkit(app, 'caps-kit')
    await createTool(app, {
      toolkit_id: kit.id,
      name: 'needs_sampling',
      function_name: 'builtin.utilities.echo',
      input_schema: objectSchema({ text: { type: 'string' } }),
      required_client_capabilities: { sampling: {} },
    })
    const s = await createServer(app, {
      name: 'caps',
      toolkits: [{ toolkit_id: kit.id }],
      tool_discovery: { mode: 'always' },
    })
    const send = (caps: Record<string, unknown>) =>
      post(
        app,
        s.slug,
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: {
            name: 'needs_sampling',
            arguments: { text: 'x' },
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': caps,
            },
          },
        },
        { headers: { 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'needs_sampling' } },
      )
    const refused = (await (await send({})).json()) as { error: { code: number } }
    expect(refused.error.code).toBe(-32021)
    const ran = (await (await send({ sampling: {} })).json()) as { result: { content: unknown[] } }
    expect(ran.result.content).toEqual([{ type: 'text', text: 'x' }])
  })
})

describe('reserved names', () => {
  test('a tool named find_tools or call_tool on a server in discovery mode is 409, however it gets there', async () => {
    const kit = await kitOf('reserved', 1)
    const s = await createServer(app, {
      name: 'reserved',
      toolkits: [{ toolkit_id: kit.id }],
      tool_discovery: { mode: 'auto' },
    })
    // Registering into an attached toolkit.
    let r = await call(app, '/tools', {
      body: {
        toolkit_id: kit.id,
        name: 'find_tools',
        function_name: 'builtin.utilities.echo',
        input_schema: objectSchema(),
      },
    })
    expect(r.status).toBe(409)
    expectError(r.body, 'conflict', 'reserved')
    // Renaming a tool of an attached toolkit.
    const tools = (await json(await app.api(`/servers/${s.id}`), 200)).data.tools as { id: string }[]
    r = await call(app, `/tools/${tools[0]!.id}`, { method: 'PATCH', body: { name: 'call_tool' } })
    expect(r.status).toBe(409)
    // Attaching a toolkit that carries one; adding it as a single tool.
    const other = await createToolkit(app, 'carries-reserved')
    const named = await createTool(app, {
      toolkit_id: other.id,
      name: 'call_tool',
      function_name: 'builtin.utilities.echo',
    })
    r = await patch(s.id, { toolkits: [{ toolkit_id: kit.id }, { toolkit_id: other.id }] })
    expect(r.status).toBe(409)
    r = await call(app, `/servers/${s.id}/tools`, { body: { tool_ids: [named.id] } })
    expect(r.status).toBe(409)
    // Nothing changed: the server still lists its one tool behind discovery (auto, 1 ≤ 40: all listed).
    expect((await listed(s.slug)).names).toEqual(['reserved_tool_0'])
  })

  test('switching a server that has such a tool into discovery mode is 409; off keeps the name usable', async () => {
    const kit = await createToolkit(app, 'own-find')
    await createTool(app, { toolkit_id: kit.id, name: 'find_tools', function_name: 'builtin.utilities.echo' })
    const s = await createServer(app, { name: 'own find', toolkits: [{ toolkit_id: kit.id }] })
    const r = await patch(s.id, { tool_discovery: { mode: 'always' } })
    expect(r.status).toBe(409)
    expectError(r.body, 'conflict', 'find_tools')
    expect((await json(await app.api(`/servers/${s.id}`), 200)).data.tool_discovery.mode).toBe('off')
    const { client } = await connectClient(app, s.slug)
    const out = await client.callTool({ name: 'find_tools', arguments: { text: 'mine' } })
    expect(out.content).toEqual([{ type: 'text', text: 'mine' }])
    await client.close()
  })
})

describe('find_tools and call_tool with the real SDK client', () => {
  test('the client sees the two tools, finds a tool and calls it through call_tool and by its own name', async () => {
    const kit = await kitOf('sdk', 3)
    const s = await createServer(app, {
      name: 'sdk discovery',
      toolkits: [UTILITIES, { toolkit_id: kit.id }],
      tool_discovery: { mode: 'always' },
    })
    const { client } = await connectClient(app, s.slug)
    expect(client.getInstructions()).toContain('find_tools')
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual(['find_tools', 'call_tool'])
    expect(tools[0]!.inputSchema.required).toEqual(['query'])

    const found = await client.callTool({ name: 'find_tools', arguments: { query: 'return my text unchanged' } })
    expect(found.isError).toBe(false)
    const list = (found.structuredContent as { tools: { name: string; inputSchema: unknown; score: number }[] }).tools
    expect(list[0]!.name).toBe('echo')
    expect(list[0]!.inputSchema).toMatchObject({ type: 'object', properties: { text: {} } })
    expect(list[0]!.score).toBeGreaterThan(0)
    const scores = list.map((t) => t.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    expect(JSON.parse((found.content as { text: string }[])[0]!.text)).toEqual({ tools: list })

    const viaCallTool = await client.callTool({
      name: 'call_tool',
      arguments: { name: 'echo', arguments: { text: 'hi' } },
    })
    expect(viaCallTool).toMatchObject({ content: [{ type: 'text', text: 'hi' }], isError: false })
    const direct = await client.callTool({ name: 'sdk_tool_1', arguments: { text: 'direct' } })
    expect(direct.content).toEqual([{ type: 'text', text: 'direct' }])

    // The usual checks hold inside call_tool: the schema (a wrong type is a tool error naming the field) ...
    const bad = await client.callTool({ name: 'call_tool', arguments: { name: 'echo', arguments: { text: 5 } } })
    expect(bad.isError).toBe(true)
    expect(JSON.stringify(bad.content)).toContain('text')
    // ... an unknown name is a tool error the model can recover from, and the two names cannot call each other.
    const unknown = await client.callTool({ name: 'call_tool', arguments: { name: 'nope', arguments: {} } })
    expect(unknown.isError).toBe(true)
    expect(JSON.stringify(unknown.content)).toContain('find_tools')
    const loop = await client.callTool({ name: 'call_tool', arguments: { name: 'call_tool', arguments: {} } })
    expect(loop.isError).toBe(true)
    // find_tools' own arguments: missing query is a tool error at 2025-11-25; limit is bounded.
    const noQuery = await client.callTool({ name: 'find_tools', arguments: {} })
    expect(noQuery.isError).toBe(true)
    const zero = await client.callTool({ name: 'find_tools', arguments: { query: 'tool', limit: 0 } })
    expect(zero.isError).toBe(true)
    const limited = await client.callTool({ name: 'find_tools', arguments: { query: 'tool number', limit: 2 } })
    expect((limited.structuredContent as { tools: unknown[] }).tools).toHaveLength(2)
    await client.close()
  })

  test('a call through call_tool is in the call log under the tool it called', async () => {
    const s = await createServer(app, { name: 'logged', toolkits: [UTILITIES], tool_discovery: { mode: 'always' } })
    const { client } = await connectClient(app, s.slug)
    await client.callTool({ name: 'call_tool', arguments: { name: 'echo', arguments: { text: 'logged' } } })
    await client.close()
    let calls: { name: string; outcome: string }[] = []
    for (let i = 0; i < 50 && !calls.length; i++) {
      await Bun.sleep(100)
      calls = (await json(await app.api(`/calls?server_id=${s.id}`), 200)).calls
    }
    expect(calls.map((c) => [c.name, c.outcome])).toEqual([['echo', 'ok']])
  })

  test('an older session (2025-03-26) missing call_tool.name gets -32602', async () => {
    const s = await createServer(app, { name: 'older', toolkits: [UTILITIES], tool_discovery: { mode: 'always' } })
    const { headers } = await openSession(app, s.slug, '2025-03-26')
    const res = await post(
      app,
      s.slug,
      { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'call_tool', arguments: {} } },
      { headers },
    )
    const body = (await res.json()) as { error: { code: number; message: string } }
    expect(body.error.code).toBe(-32602)
    expect(body.error.message).toContain('name')
  })
})

describe('GET /servers/{id}/tools/search', () => {
  test('answers the find_tools list over REST; another project sees 404; q is required', async () => {
    const s = await createServer(app, { name: 'rest search', toolkits: [UTILITIES] })
    const r = await call(app, `/servers/${s.id}/tools/search?q=${encodeURIComponent('current date and time')}&limit=2`)
    expect(r.status).toBe(200)
    expect(r.body.success).toBe(true)
    expect(r.body.data.tools[0]).toMatchObject({ name: 'current_time', id: 'prebuilt-utilities.current_time' })
    expect(r.body.data.tools.length).toBeLessThanOrEqual(2)

    const other = await app.newProject('rest search other')
    const denied = await call(app, `/servers/${s.id}/tools/search?q=time`, { key: other.apiKey })
    expect(denied.status).toBe(404)
    const missing = await call(app, `/servers/${s.id}/tools/search`)
    expect(missing.status).toBe(400)
    expect(JSON.stringify(missing.body.details)).toContain('q')
    const tooMany = await call(app, `/servers/${s.id}/tools/search?q=time&limit=51`)
    expect(tooMany.status).toBe(400)
  })
})

describe('find_tools limits', () => {
  test('limit defaults to 8 and is held to 50', async () => {
    const kit = await kitOf('limits', 60)
    const s = await createServer(app, {
      name: 'limits',
      toolkits: [{ toolkit_id: kit.id }],
      tool_discovery: { mode: 'auto' },
    })
    const { client } = await connectClient(app, s.slug)
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(['find_tools', 'call_tool'])
    const count = async (args: Record<string, unknown>) =>
      ((await client.callTool({ name: 'find_tools', arguments: args })).structuredContent as { tools: unknown[] }).tools
        .length
    expect(await count({ query: 'limits tool number' })).toBe(8)
    expect(await count({ query: 'limits tool number', limit: 50 })).toBe(50)
    expect(await count({ query: 'limits tool number', limit: 500 })).toBe(50)
    await client.close()
  }, 60_000)
})
