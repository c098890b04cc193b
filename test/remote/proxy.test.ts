// Remote MCP toolkits against real upstreams (the SDK's McpServer on Streamable HTTP and on the older HTTP+SSE
// transport) with the real SDK client downstream: creation, listing, calling, results passed through unchanged.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call, createServer, expectError, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient } from '../helpers/mcp'
import { startUpstream, type Upstream } from '../helpers/upstream-mcp'

let app: TestApp
let streamable: Upstream
let sse: Upstream
beforeAll(async () => {
  ;[app, streamable, sse] = await Promise.all([
    startTestApp(),
    startUpstream({ transport: 'streamable_http' }),
    startUpstream({ transport: 'sse' }),
  ])
})
afterAll(async () => {
  await app.stop()
  await Promise.all([streamable.stop(), sse.stop()])
})

async function remoteKit(name: string, remote: Record<string, unknown>) {
  return json(
    await app.api('/toolkits', { body: { name, toolkit_type: 'remote', remote, review_changes: false } }),
    201,
  )
}

const cases = [
  { label: 'Streamable HTTP', upstream: () => streamable, transport: 'streamable_http', prefix: 'sh_' },
  { label: 'HTTP+SSE', upstream: () => sse, transport: 'sse', prefix: 'sse_' },
  { label: 'HTTP+SSE via auto', upstream: () => sse, transport: 'auto', prefix: 'auto_' },
] as const

describe.each(cases)('a remote toolkit over $label', ({ upstream, transport, prefix }) => {
  let kit: { id: string }
  let slug: string
  beforeAll(async () => {
    kit = await remoteKit(`remote-${transport}-${prefix}`, { url: upstream().url, transport, prefix })
    slug = (await createServer(app, { name: `remote ${prefix}`, toolkits: [{ toolkit_id: kit.id }] })).slug
  })

  test('its tools are stored under the prefix, as the upstream describes them', async () => {
    const detail = await json(await app.api(`/toolkits/${kit.id}`), 200)
    expect(detail.toolkit_type).toBe('remote')
    const echo = detail.tools.find((t: { name: string }) => t.name === `${prefix}echo`)
    expect(echo).toMatchObject({ title: 'Echo', description: 'Returns its text', annotations: { readOnlyHint: true } })
    expect(echo.input_schema.properties.text.type).toBe('string')
    expect(echo.output_schema.properties.echoed.type).toBe('string')
    expect(detail.remote).toMatchObject({
      url: upstream().url,
      transport,
      prefix,
      refresh_interval_s: 300,
      timeout_ms: 60000,
      last_error: null,
      server_info: { name: `upstream-${transport === 'auto' ? 'sse' : transport}`, version: '9.9.9' },
    })
    expect(typeof detail.remote.last_sync_at).toBe('string')
    expect(typeof detail.remote.protocol_version).toBe('string')
  })

  test('the SDK client lists and calls them; content, structuredContent and isError come back unchanged', async () => {
    const { client } = await connectClient(app, slug)
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual(
      ['ask', 'echo', 'fail', 'sleep', 'steps', 'think'].map((n) => prefix + n),
    )
    const ok = await client.callTool({ name: `${prefix}echo`, arguments: { text: 'hi there' } })
    expect(ok).toMatchObject({
      content: [{ type: 'text', text: 'hi there' }],
      structuredContent: { echoed: 'hi there' },
      isError: false,
    })
    const failed = await client.callTool({ name: `${prefix}fail`, arguments: {} })
    expect(failed).toMatchObject({ content: [{ type: 'text', text: 'it failed upstream' }], isError: true })
    await client.close()
  })

  test('REST tools/call reaches the same upstream', async () => {
    const r = await call(app, '/tools/call', { body: { name: `${prefix}echo`, arguments: { text: 'rest' } } })
    expect(r.status).toBe(200)
    expect(r.body).toMatchObject({ content: [{ type: 'text', text: 'rest' }], structuredContent: { echoed: 'rest' } })
  })
})

describe('what a remote toolkit refuses', () => {
  test('POST /tools into it is 400: its tools come from the upstream', async () => {
    const kit = await remoteKit('no-own-tools', { url: streamable.url })
    const r = await call(app, '/tools', {
      body: { toolkit_id: kit.id, name: 'mine', function_name: 'f', input_schema: { type: 'object' } },
    })
    expect(r.status).toBe(400)
    expectError(r.body, 'bad_request', 'upstream')
    const tool = (await json(await app.api(`/toolkits/${kit.id}`), 200)).tools[0]
    expect((await call(app, `/tools/${tool.id}`, { method: 'PATCH', body: { description: 'x' } })).status).toBe(400)
    // The toolkit itself is the project's: it can be deleted, its tools with it.
    expect((await call(app, `/toolkits/${kit.id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await call(app, `/tools/${tool.id}`)).status).toBe(404)
  })

  test('an upstream that cannot be reached is 400 upstream_failed, and nothing is stored', async () => {
    const dead = await startUpstream({ transport: 'streamable_http' })
    const url = dead.url
    await dead.stop()
    const r = await call(app, '/toolkits', { body: { name: 'unreachable', toolkit_type: 'remote', remote: { url } } })
    expect(r.status).toBe(400)
    expectError(r.body, 'upstream_failed', url.replace('/mcp', ''))
    const { toolkits } = await json(await app.api('/toolkits?limit=200'), 200)
    expect(toolkits.some((k: { name: string }) => k.name === 'unreachable')).toBe(false)
  })

  test('bad remote fields are 400 naming the field', async () => {
    const bad = async (remote: unknown, field: string, extra: Record<string, unknown> = {}) => {
      const r = await call(app, '/toolkits', { body: { name: 'bad-remote', toolkit_type: 'remote', remote, ...extra } })
      expect(r.status).toBe(400)
      expect(JSON.stringify(r.body.details)).toContain(field)
    }
    await bad({ url: 'ftp://example.com/x' }, 'body.remote.url')
    await bad({ url: 'https://user:pw@example.com/mcp' }, 'body.remote.url')
    await bad({ url: streamable.url, refresh_interval_s: 30 }, 'body.remote.refresh_interval_s')
    await bad({ url: streamable.url, transport: 'stdio' }, 'body.remote.transport')
    await bad({ url: streamable.url, command: 'rm -rf /' }, 'body.remote.command')
    await bad({ url: streamable.url }, 'body.remote', { toolkit_type: 'hosted' })
    const none = await call(app, '/toolkits', { body: { name: 'bad-remote', toolkit_type: 'remote' } })
    expect(none.status).toBe(400)
    expect(JSON.stringify(none.body.details)).toContain('body.remote')
  })

  test("another project's remote toolkit is a 404, refresh included", async () => {
    const kit = await remoteKit('mine-only', { url: streamable.url })
    const other = await app.newProject('other-remote')
    expect((await call(app, `/toolkits/${kit.id}`, { key: other.apiKey })).status).toBe(404)
    expect((await call(app, `/toolkits/${kit.id}/refresh`, { method: 'POST', key: other.apiKey })).status).toBe(404)
  })
})
