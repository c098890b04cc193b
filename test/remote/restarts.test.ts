// Remote toolkits across upstream restarts (an upstream stopped and another started on the same port: every session
// it knew is gone), and what Toolyard declares to an upstream on behalf of the calling client.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import {
  ElicitRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { createServer, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'
import { freePort } from '../helpers/real-upstreams'
import { serveStreamableHttp, startUpstream, type Upstream } from '../helpers/upstream-mcp'

let app: TestApp
const stops: (() => Promise<void> | void)[] = []
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
  for (const stop of stops) await stop()
})

async function remoteKit(name: string, remote: Record<string, unknown>) {
  return json(
    await app.api('/toolkits', { body: { name, toolkit_type: 'remote', remote, review_changes: false } }),
    201,
  )
}
const toolNames = async (kitId: string) =>
  ((await json(await app.api(`/toolkits/${kitId}`), 200)).tools as { name: string }[]).map((t) => t.name)
const lastSync = async (kitId: string) =>
  (await json(await app.api(`/toolkits/${kitId}`), 200)).remote.last_sync_at as string

describe.each(['streamable_http', 'sse'] as const)('the list_changed watcher after a restart (%s)', (transport) => {
  test('reconnects when the upstream is back and hears a change made after that', async () => {
    const port = freePort()
    let upstream: Upstream = await startUpstream({ transport, port })
    stops.push(() => upstream.stop())
    const kit = await remoteKit(`watched-${transport}`, { url: upstream.url, transport, prefix: 'w_' })
    const synced = await lastSync(kit.id)
    await upstream.stop()
    upstream = await startUpstream({ transport, port })
    // The watcher is back when the toolkit was listed again from the new upstream.
    await waitFor('the toolkit re-listed after the restart', async () => (await lastSync(kit.id)) !== synced, {
      timeoutMs: 10_000,
    })
    await waitFor('a session on the new upstream', () => upstream.seen.length > 0)
    upstream.addTool('after_restart')
    await waitFor(
      'the tool added after the restart',
      async () => (await toolNames(kit.id)).includes('w_after_restart'),
      {
        timeoutMs: 10_000,
      },
    )
  }, 30_000)
})

describe('a call that meets a stale upstream session', () => {
  test('an upstream without a standalone stream forgot the session: the call re-initialises and succeeds', async () => {
    const port = freePort()
    let runs = 0
    // No GET stream (405), so nothing tells the pooled connection that its session is gone before the next call.
    const start = () =>
      serveStreamableHttp(
        () => {
          const server = new McpServer({ name: 'forgetful', version: '1.0.0' })
          server.registerTool('echo', { inputSchema: { text: z.string() } }, async ({ text }) => {
            runs++
            return { content: [{ type: 'text', text }] }
          })
          return server
        },
        (req) => (req.method === 'GET' ? new Response(null, { status: 405 }) : undefined),
        port,
      )
    let http = start()
    stops.push(() => http.stop(true))
    const kit = await remoteKit('forgetful', { url: `http://127.0.0.1:${port}/mcp`, transport: 'streamable_http' })
    const server = await createServer(app, { name: 'forgetful', toolkits: [{ toolkit_id: kit.id }] })
    const { client } = await connectClient(app, server.slug)
    expect((await client.callTool({ name: 'echo', arguments: { text: 'one' } })).content).toEqual([
      { type: 'text', text: 'one' },
    ])
    http.stop(true)
    http = start()
    const before = runs
    const r = await client.callTool({ name: 'echo', arguments: { text: 'two' } })
    expect(r).toMatchObject({ isError: false, content: [{ type: 'text', text: 'two' }] })
    // The tool ran once, on the restarted upstream.
    expect(runs).toBe(before + 1)
    await client.close()
  }, 30_000)
})

describe('log lines an upstream sends as its tool returns', () => {
  test('reach the client of the call before its result', async () => {
    const upstream = await startUpstream({ transport: 'streamable_http', clientTools: true })
    stops.push(() => upstream.stop())
    const kit = await remoteKit('late-logs', { url: upstream.url, prefix: 'l_' })
    const { slug } = await createServer(app, { name: 'late logs', toolkits: [{ toolkit_id: kit.id }] })
    const { client } = await connectClient(app, slug)
    for (let i = 0; i < 3; i++) {
      const lines: unknown[] = []
      client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
        lines.push(n.params.data)
      })
      expect((await client.callTool({ name: 'l_log_after', arguments: {} })).content).toEqual([
        { type: 'text', text: 'answered' },
      ])
      expect(lines).toEqual(['after the answer'])
    }
    await client.close()
  })
})

describe('capabilities declared upstream for the calling client', () => {
  let upstream: Upstream
  let slug: string
  beforeAll(async () => {
    upstream = await startUpstream({ transport: 'streamable_http', clientTools: true })
    stops.push(() => upstream.stop())
    const kit = await remoteKit('declaring', { url: upstream.url, prefix: 'd_' })
    slug = (await createServer(app, { name: 'declaring', toolkits: [{ toolkit_id: kit.id }] })).slug
  })

  test('a client that declares roots and URL elicitation: the upstream sees both, and its questions reach the client', async () => {
    const { client } = await connectClient(app, slug, {
      capabilities: { roots: {}, elicitation: { form: {}, url: {} } },
    })
    client.setRequestHandler(ListRootsRequestSchema, async () => ({
      roots: [{ uri: 'file:///work/project', name: 'project' }],
    }))
    const asked: unknown[] = []
    client.setRequestHandler(ElicitRequestSchema, async (request) => {
      asked.push(request.params)
      return { action: 'accept' }
    })
    const caps = JSON.parse(
      ((await client.callTool({ name: 'd_client_caps', arguments: {} })).content as { text: string }[])[0]!.text,
    )
    expect(caps.roots).toBeDefined()
    expect(caps.elicitation.url).toBeDefined()
    expect((await client.callTool({ name: 'd_list_roots', arguments: {} })).content).toEqual([
      { type: 'text', text: 'file:///work/project' },
    ])
    expect((await client.callTool({ name: 'd_open_url', arguments: {} })).content).toEqual([
      { type: 'text', text: 'url accept' },
    ])
    expect(asked).toMatchObject([{ mode: 'url', url: 'https://example.com/sign-in', elicitationId: 'e-1' }])
    await client.close()
  })

  test('a client that declares neither: the upstream sees neither', async () => {
    const { client } = await connectClient(app, slug, { capabilities: { elicitation: {} } })
    const caps = JSON.parse(
      ((await client.callTool({ name: 'd_client_caps', arguments: {} })).content as { text: string }[])[0]!.text,
    )
    expect(caps.roots).toBeUndefined()
    expect(caps.elicitation?.url).toBeUndefined()
    await client.close()
  })
})
