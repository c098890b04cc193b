// Remote toolkits over upstreams nobody here wrote, each its own process: the official reference server
// (@modelcontextprotocol/server-everything) over Streamable HTTP and over HTTP+SSE, and a FastMCP server. A tool's
// result through Toolyard is the one a direct SDK client gets; killing the upstream and starting it again on the same
// port costs no call; a change of its tools after it is back is seen; log lines FastMCP sends beside a result reach
// the client; an upstream that dies under a call ends it with an error that says so.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { createServer, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'
import { type RealUpstream, type RealUpstreamKind, startRealUpstream } from '../helpers/real-upstreams'

let app: TestApp
const upstreams: RealUpstream[] = []
const clients: Client[] = []

beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => {})))
  await app.stop()
  await Promise.all(upstreams.map((u) => u.kill()))
})

/** The upstream as a toolkit on a server of its own, and a downstream client connected to that server. */
async function throughToolyard(u: RealUpstream, prefix: string, remote: Record<string, unknown> = {}) {
  const transport = u.kind === 'everything-sse' ? 'sse' : 'streamable_http'
  const kit = await json(
    await app.api('/toolkits', {
      // Upstream changes apply as they come (no review): these tests are about the upstreams, not pinned definitions.
      body: {
        name: `real-${prefix}`,
        toolkit_type: 'remote',
        review_changes: false,
        remote: { url: u.url, transport, prefix, ...remote },
      },
    }),
    201,
  )
  const server = await createServer(app, { name: `real ${prefix}`, toolkits: [{ toolkit_id: kit.id }] })
  const { client } = await connectClient(app, server.slug)
  clients.push(client)
  return { kit, client }
}

/** A direct SDK client of the upstream, declaring what Toolyard declares when it lists (elicitation and sampling). */
async function direct(u: RealUpstream) {
  const client = new Client({ name: 'direct', version: '1.0.0' }, { capabilities: { elicitation: {}, sampling: {} } })
  const url = new URL(u.url)
  await client.connect(
    u.kind === 'everything-sse' ? new SSEClientTransport(url) : new StreamableHTTPClientTransport(url),
  )
  clients.push(client)
  return client
}

/** What a call returns, as a client sees it. */
const outcome = (r: Record<string, unknown>) => ({
  content: r.content,
  structuredContent: r.structuredContent,
  isError: r.isError ?? false,
})

const toolNames = async (kitId: string) =>
  ((await json(await app.api(`/toolkits/${kitId}`), 200)).tools as { name: string }[]).map((t) => t.name)

/**
 * The reference server's deterministic tools and the arguments each is called with. Left out, being
 * nondeterministic or interactive by nature: gzip-file-as-resource (fetches a URL from the internet by default and
 * names a fresh resource), toggle-simulated-logging and toggle-subscriber-updates (start per-session timers sending
 * random messages), trigger-elicitation-request and trigger-sampling-request (their result is the client's answer),
 * simulate-research-query (a task-only tool with a random task id).
 */
const EVERYTHING_CALLS: [string, Record<string, unknown>][] = [
  ['echo', { message: 'hello from the test' }],
  ['get-annotated-message', { messageType: 'success', includeImage: true }],
  ['get-env', {}],
  ['get-resource-links', { count: 2 }],
  ['get-resource-reference', { resourceType: 'Text', resourceId: 2 }],
  ['get-structured-content', { location: 'Chicago' }],
  ['get-sum', { a: 2, b: 40 }],
  ['get-tiny-image', {}],
  ['trigger-long-running-operation', { duration: 0.2, steps: 2 }],
]
const FASTMCP_CALLS: [string, Record<string, unknown>][] = [
  ['add', { a: 2, b: 40 }],
  ['shout', { text: 'quiet' }],
  ['refuse', {}],
  ['log_then_answer', { word: 'parity' }],
]

describe.each([
  ['everything-http', EVERYTHING_CALLS],
  ['everything-sse', EVERYTHING_CALLS],
  ['fastmcp', FASTMCP_CALLS],
] as [RealUpstreamKind, [string, Record<string, unknown>][]][])('%s as an upstream', (kind, calls) => {
  let u: RealUpstream
  let kit: { id: string }
  let client: Client
  const prefix = `${kind.replace(/-/g, '_')}_`
  beforeAll(async () => {
    u = await startRealUpstream(kind)
    upstreams.push(u)
    ;({ kit, client } = await throughToolyard(u, prefix, { timeout_ms: 10_000 }))
  })

  test('every deterministic tool gives through Toolyard what a direct SDK call gives', async () => {
    const own = await direct(u)
    const listed = (await client.listTools()).tools
    for (const [name, args] of calls) {
      expect(listed.map((t) => t.name)).toContain(prefix + name)
      const expected = outcome(await own.callTool({ name, arguments: args }))
      const got = outcome(await client.callTool({ name: prefix + name, arguments: args }))
      expect({ name, ...got }).toEqual({ name, ...expected })
    }
  }, 30_000)

  test('killed and started again on the same port, the next call succeeds', async () => {
    const [name, args] = calls[0]!
    const before = outcome(await client.callTool({ name: prefix + name, arguments: args }))
    await u.kill()
    await u.restart()
    const after = await client.callTool({ name: prefix + name, arguments: args })
    expect(outcome(after)).toEqual(before)
  }, 30_000)

  test('after a restart, tools listed again by the toolkit are the upstream own', async () => {
    // The refresh re-lists through a fresh session: the restarted process answers it.
    const counts = await json(await app.api(`/toolkits/${kit.id}/refresh`, { method: 'POST' }), 200)
    expect(counts.removed).toBe(0)
    expect(await toolNames(kit.id)).toContain(prefix + calls[0]![0])
  }, 30_000)
})

describe('the reference server lists a task-only tool', () => {
  test('its execution.taskSupport is kept in what Toolyard lists', async () => {
    const u = await startRealUpstream('everything-http')
    upstreams.push(u)
    const { client } = await throughToolyard(u, 'tasks_')
    const listed = (await client.listTools()).tools
    expect(listed.find((t) => t.name === 'tasks_simulate-research-query')?.execution).toEqual({
      taskSupport: 'required',
    })
    expect(listed.find((t) => t.name === 'tasks_echo')).not.toHaveProperty('execution')
  }, 30_000)
})

describe('FastMCP sends log lines around its result', () => {
  test('the lines a tool logs, before and as it returns, reach the client of the call, in order', async () => {
    const u = await startRealUpstream('fastmcp')
    upstreams.push(u)
    const { client } = await throughToolyard(u, 'logs_')
    for (const word of ['one', 'two', 'three']) {
      const lines: unknown[] = []
      client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
        lines.push(n.params.data)
      })
      const r = await client.callTool({ name: 'logs_log_then_answer', arguments: { word } })
      expect(r.content).toEqual([{ type: 'text', text: `answered ${word}` }])
      // The lines sent before the answer, and the one sent as the tool returned: the client has them all when the
      // result arrives.
      expect(lines.map((l) => (typeof l === 'string' ? JSON.parse(l).message : undefined))).toEqual([
        `first ${word}`,
        `second ${word}`,
        `done ${word}`,
      ])
    }
  }, 30_000)
})

describe('a change of tools after the upstream came back', () => {
  test('FastMCP: a tool added after the restart is listed (bounded poll)', async () => {
    const u = await startRealUpstream('fastmcp')
    upstreams.push(u)
    const { kit, client } = await throughToolyard(u, 'later_')
    expect((await client.callTool({ name: 'later_add', arguments: { a: 1, b: 1 } })).content).toEqual([
      { type: 'text', text: '2' },
    ])
    await u.kill()
    await u.restart()
    // Through Toolyard: the first call after the restart succeeds, and the tool it adds is announced to the session
    // Toolyard now holds.
    const added = await client.callTool({ name: 'later_add_tool', arguments: { name: 'born_after_restart' } })
    expect(added.content).toEqual([{ type: 'text', text: 'added born_after_restart' }])
    await waitFor('the tool added after the restart', async () =>
      (await toolNames(kit.id)).includes('later_born_after_restart'),
    )
    expect((await client.callTool({ name: 'later_born_after_restart', arguments: {} })).content).toEqual([
      { type: 'text', text: 'born_after_restart' },
    ])
  }, 30_000)
})

describe('an SSE upstream that dies under a call', () => {
  test('the call ends with an error saying the connection closed, not a wait for timeout_ms', async () => {
    const u = await startRealUpstream('everything-sse')
    upstreams.push(u)
    const { client } = await throughToolyard(u, 'dying_', { timeout_ms: 60_000 })
    const running = client.callTool(
      { name: 'dying_trigger-long-running-operation', arguments: { duration: 30, steps: 30 } },
      undefined,
      { timeout: 120_000 },
    )
    await Bun.sleep(300)
    await u.kill()
    const r = await running
    expect(r.isError).toBe(true)
    const text = JSON.stringify(r.content)
    expect(text).toMatch(/closed|timed out/i)
    expect(text).not.toContain('60000 ms')
  }, 30_000)
})
