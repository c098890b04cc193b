// Tool search around the rest of Toolyard: find_tools is a tool call in the call log like any other, and a toolkit
// whose tools change from outside (a remote MCP server's sync, an OpenAPI re-import) cannot bring in a tool named
// find_tools or call_tool on a server in discovery mode: the change is refused with a 409 saying why, tools unchanged.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call, createServer, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient } from '../helpers/mcp'
import { startUpstream, type Upstream } from '../helpers/upstream-mcp'

const UTILITIES = { toolkit_id: 'prebuilt-utilities' }
let app: TestApp
const upstreams: Upstream[] = []
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
  await Promise.all(upstreams.map((u) => u.stop()))
})

/** The server's call log once it holds `n` calls (the log is written off the request path). */
async function callLog(serverId: string, n: number) {
  let calls: { name: string; outcome: string; error?: string }[] = []
  for (let i = 0; i < 100 && calls.length < n; i++) {
    await Bun.sleep(50)
    calls = (await json(await app.api(`/calls?server_id=${serverId}&limit=50`), 200)).calls
  }
  return calls.map((c) => [c.name, c.outcome]).sort()
}

const toolNames = async (kitId: string) =>
  ((await json(await app.api(`/toolkits/${kitId}`), 200)).tools as { name: string }[]).map((t) => t.name).sort()

describe('the call log', () => {
  test('find_tools calls are logged under find_tools; a call_tool refused before any tool ran under call_tool', async () => {
    const s = await createServer(app, {
      name: 'logged-search',
      toolkits: [UTILITIES],
      tool_discovery: { mode: 'always' },
    })
    const { client } = await connectClient(app, s.slug)
    const found = await client.callTool({ name: 'find_tools', arguments: { query: 'current time' } })
    expect(found.isError).toBe(false)
    const bad = await client.callTool({ name: 'find_tools', arguments: { query: 'time', limit: 0 } })
    expect(bad.isError).toBe(true)
    const loop = await client.callTool({ name: 'call_tool', arguments: { name: 'find_tools', arguments: {} } })
    expect(loop.isError).toBe(true)
    await client.callTool({ name: 'call_tool', arguments: { name: 'echo', arguments: { text: 'hi' } } })
    await client.close()
    expect(await callLog(s.id, 4)).toEqual(
      [
        ['find_tools', 'ok'],
        ['find_tools', 'error'],
        ['call_tool', 'error'],
        ['echo', 'ok'],
      ].sort(),
    )
  })
})

describe('a reserved name from outside', () => {
  test('a remote upstream that starts offering find_tools: the refresh is a 409, tools and sessions unchanged', async () => {
    const upstream = await startUpstream({ transport: 'streamable_http' })
    upstreams.push(upstream)
    const kit = await json(
      await app.api('/toolkits', {
        body: { name: 'up-reserved', toolkit_type: 'remote', remote: { url: upstream.url }, review_changes: false },
      }),
      201,
    )
    const before = await toolNames(kit.id)
    const s = await createServer(app, {
      name: 'remote-discovery',
      toolkits: [{ toolkit_id: kit.id }],
      tool_discovery: { mode: 'always' },
    })
    upstream.addTool('find_tools', { silent: true })
    const refused = await call(app, `/toolkits/${kit.id}/refresh`, { body: {} })
    expect(refused.status).toBe(409)
    expect(refused.body.error).toContain('"find_tools" is reserved')
    expect(await toolNames(kit.id)).toEqual(before)
    const detail = await json(await app.api(`/toolkits/${kit.id}`), 200)
    expect(detail.remote.last_error).toContain('reserved')

    // The server's own find_tools is still the search tool.
    const { client } = await connectClient(app, s.slug)
    const found = await client.callTool({ name: 'find_tools', arguments: { query: 'echo' } })
    expect(found.structuredContent).toHaveProperty('tools')
    await client.close()

    // With discovery off on the only server using it, the upstream's tool is just a tool.
    expect(
      (await call(app, `/servers/${s.id}`, { method: 'PATCH', body: { tool_discovery: { mode: 'off' } } })).status,
    ).toBe(200)
    const synced = await call(app, `/toolkits/${kit.id}/refresh`, { body: {} })
    expect(synced.status).toBe(200)
    expect(await toolNames(kit.id)).toContain('find_tools')
    // ... and discovery cannot be turned back on while it is there.
    const on = await call(app, `/servers/${s.id}`, { method: 'PATCH', body: { tool_discovery: { mode: 'auto' } } })
    expect(on.status).toBe(409)
  })

  test('an OpenAPI re-import adding an operation named call_tool: 409 on a discovery server, tools unchanged', async () => {
    const doc = (extra: Record<string, unknown> = {}) => ({
      openapi: '3.1.0',
      info: { title: 'Reserved', version: '1' },
      servers: [{ url: 'http://127.0.0.1:9' }],
      paths: {
        '/ping': { get: { operationId: 'ping', responses: { 200: { description: 'ok' } } } },
        ...extra,
      },
    })
    const created = await call(app, '/toolkits/import/openapi', {
      body: { name: 'oa-reserved', spec: doc(), review_changes: false },
    })
    expect(created.status).toBe(201)
    const kitId = created.body.toolkit.id
    await createServer(app, {
      name: 'openapi-discovery',
      toolkits: [{ toolkit_id: kitId }],
      tool_discovery: { mode: 'auto' },
    })
    const next = doc({ '/call': { post: { operationId: 'call_tool', responses: { 200: { description: 'ok' } } } } })
    const refused = await call(app, `/toolkits/${kitId}/reimport`, { body: { spec: next } })
    expect(refused.status).toBe(409)
    expect(refused.body.error).toContain('"call_tool" is reserved')
    expect(refused.body.error).toContain('exclude')
    expect(await toolNames(kitId)).toEqual(['ping'])

    // Excluding the operation is the way through.
    const excluded = await call(app, '/toolkits/import/openapi', {
      body: { name: 'oa-excluded', spec: next, exclude: { operations: ['call_tool'] } },
    })
    expect(excluded.status).toBe(201)
    expect(excluded.body.tools.map((t: { name: string }) => t.name)).toEqual(['ping'])
  })
})
