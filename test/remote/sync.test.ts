// Keeping a remote toolkit's tools current: the upstream's own notifications/tools/list_changed (re-listed and passed
// on to downstream sessions), POST /toolkits/{id}/refresh with its counts, and the refresh_interval_s job.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { call, createServer, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'
import { startUpstream, type Upstream } from '../helpers/upstream-mcp'

let app: TestApp
const upstreams: Upstream[] = []
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
  await Promise.all(upstreams.map((u) => u.stop()))
})

async function upstreamAndKit(
  name: string,
  remote: Record<string, unknown> = {},
  transport: 'streamable_http' | 'sse' = 'streamable_http',
) {
  const upstream = await startUpstream({ transport })
  upstreams.push(upstream)
  const kit = await json(
    await app.api('/toolkits', {
      body: { name, toolkit_type: 'remote', remote: { url: upstream.url, ...remote }, review_changes: false },
    }),
    201,
  )
  return { upstream, kit }
}

const toolNames = async (kitId: string) =>
  ((await json(await app.api(`/toolkits/${kitId}`), 200)).tools as { name: string }[]).map((t) => t.name).sort()

describe.each(['streamable_http', 'sse'] as const)('the upstream announces a change (%s)', (transport) => {
  test('it is re-listed on the announcement alone and the downstream session hears list_changed', async () => {
    // No refresh job (refresh_interval_s 0): only the announcement can bring the new tool in.
    const { upstream, kit } = await upstreamAndKit(
      `announcing-${transport}`,
      { prefix: 'up_', transport, refresh_interval_s: 0 },
      transport,
    )
    const server = await createServer(app, { name: `announcing ${transport}`, toolkits: [{ toolkit_id: kit.id }] })
    const { client } = await connectClient(app, server.slug)
    let heard = 0
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      heard++
    })
    // The downstream GET stream is open before the change (the SDK opens it after initialized).
    await Bun.sleep(100)
    upstream.addTool('brand_new')
    await waitFor('the new tool stored', async () => (await toolNames(kit.id)).includes('up_brand_new'), {
      timeoutMs: 5000,
    })
    await waitFor('list_changed downstream', () => heard > 0, { timeoutMs: 5000 })
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name)).toContain('up_brand_new')
    expect(await client.callTool({ name: 'up_brand_new', arguments: {} })).toMatchObject({
      content: [{ type: 'text', text: 'brand_new' }],
    })
    await client.close()
  })
})

describe('POST /toolkits/{id}/refresh', () => {
  test('counts added, updated, removed and unchanged tools', async () => {
    const { upstream, kit } = await upstreamAndKit('refresh-counts', { refresh_interval_s: 0 })
    const first = await json(await app.api(`/toolkits/${kit.id}/refresh`, { method: 'POST' }), 200)
    expect(first).toEqual({ added: 0, updated: 0, removed: 0, unchanged: 6 })
    upstream.addTool('later_one', { silent: true })
    upstream.redescribeEcho('Returns its text, now described anew', { silent: true })
    const second = await json(await app.api(`/toolkits/${kit.id}/refresh`, { method: 'POST' }), 200)
    expect(second).toEqual({ added: 1, updated: 1, removed: 0, unchanged: 5 })
    const echo = (await json(await app.api(`/toolkits/${kit.id}`), 200)).tools.find(
      (t: { name: string }) => t.name === 'echo',
    )
    expect(echo.description).toBe('Returns its text, now described anew')
  })

  test('a tool gone upstream is removed; an upstream that is down leaves the tools and records the error', async () => {
    const { upstream, kit } = await upstreamAndKit('refresh-removed', { refresh_interval_s: 0, prefix: 'r_' })
    upstream.addTool('short_lived', { silent: true })
    expect((await json(await app.api(`/toolkits/${kit.id}/refresh`, { method: 'POST' }), 200)).added).toBe(1)
    upstream.removeTool('short_lived', { silent: true })
    const after = await json(await app.api(`/toolkits/${kit.id}/refresh`, { method: 'POST' }), 200)
    expect(after).toEqual({ added: 0, updated: 0, removed: 1, unchanged: 6 })
    expect(await toolNames(kit.id)).not.toContain('r_short_lived')
    await upstream.stop()
    const down = await call(app, `/toolkits/${kit.id}/refresh`, { method: 'POST' })
    expect(down.status).toBe(400)
    expect(down.body.code).toBe('upstream_failed')
    const detail = await json(await app.api(`/toolkits/${kit.id}`), 200)
    expect(detail.remote.last_error).toContain('could not list the tools of')
    expect(down.body.error).toBe(detail.remote.last_error)
    expect(detail.tools.length).toBe(6)
  })

  test('a hosted toolkit has nothing to refresh (400)', async () => {
    const hosted = await json(await app.api('/toolkits', { body: { name: 'plain-hosted' } }), 201)
    const r = await call(app, `/toolkits/${hosted.id}/refresh`, { method: 'POST' })
    expect(r.status).toBe(400)
  })
})

describe('the refresh_interval_s job', () => {
  test('re-lists a toolkit once its interval has passed, not before', async () => {
    const { upstream, kit } = await upstreamAndKit('interval', { refresh_interval_s: 60 })
    const remote = app.server.deps.remoteToolkits
    // The upstream's tools change without an announcement: only the interval can find it.
    upstream.addTool('found_by_interval', { silent: true })
    await remote.tick(Date.now() + 10_000)
    expect(await toolNames(kit.id)).not.toContain('found_by_interval')
    await remote.tick(Date.now() + 61_000)
    expect(await toolNames(kit.id)).toContain('found_by_interval')
  })
})
