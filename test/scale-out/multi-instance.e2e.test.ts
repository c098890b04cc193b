// Three real `serve` processes on one PostgreSQL behind a plain round-robin proxy (docs/scale-out.md): migrations once,
// writes seen everywhere (how soon is printed), a 2025 SDK session with no stickiness, a rate limit held across instances,
// a key revoked everywhere. Webhooks and OAuth refresh across instances are in their own files.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ResourceListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { SQL } from 'bun'
import { type Instances, startInstances } from '../helpers/instances'
import { waitFor } from '../helpers/poll'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../helpers/postgres'

const newDatabase = testDatabases()
let url: string
let cluster: Instances

beforeAll(async () => {
  url = await newDatabase()
  cluster = await startInstances(url, 3, { TOOLYARD_RATE_LIMITS: JSON.stringify({ protocol: 40 }) })
}, POSTGRES_START_TIMEOUT_MS)
afterAll(async () => {
  await cluster?.stop()
})

/**
 * Milliseconds until `check` first holds, polling every 20 ms for at most 10 s. The instances' read models have no
 * expiry, so without the change feed a stale answer would stay: the change arriving at all is what is asserted; how
 * soon is printed (a figure for docs/scale-out.md, not a gate: it depends on the machine's load).
 */
async function msUntil(what: string, check: () => Promise<boolean>): Promise<number> {
  const start = performance.now()
  await waitFor(what, check, { timeoutMs: 10_000, intervalMs: 20 })
  return Math.round(performance.now() - start)
}

describe('three instances, one database', () => {
  test('the three started together applied each migration once', async () => {
    const sql = new SQL(url, { max: 1 })
    try {
      // One row per version (its primary key), versions 1..N with no gap: each applied once, none skipped.
      const rows: { version: number }[] = await sql.unsafe('SELECT version FROM schema_version ORDER BY version')
      expect(rows.length).toBeGreaterThan(10)
      expect(rows.map((r) => r.version)).toEqual(rows.map((_, i) => i + 1))
    } finally {
      await sql.close()
    }
    for (const p of cluster.list) expect(p.proc.killed).toBe(false)
  })

  test('a server created on one instance is served by the others', async () => {
    // Every instance has answered (and cached) a server listing first: what is measured is the change reaching them.
    for (const at of [0, 1, 2]) expect((await cluster.api('/servers', { at })).status).toBe(200)
    const created = await cluster.api('/servers', { at: 0, body: { name: 'everywhere' } })
    expect(created.status).toBe(201)
    const { id } = ((await created.json()) as { data: { id: string } }).data
    for (const at of [1, 2]) {
      const ms = await msUntil(
        `server on instance ${at}`,
        async () => (await cluster.api(`/servers/${id}`, { at })).status === 200,
      )
      console.log(`write on instance 0 seen on instance ${at} after ${ms} ms`)
    }
  })

  test('a 2025 SDK session works across instances, no stickiness, and hears list_changed made on another one', async () => {
    const created = await cluster.api('/servers', {
      at: 0,
      body: { name: 'roundrobin', toolkits: [{ toolkit_id: 'prebuilt-utilities' }] },
    })
    const server = ((await created.json()) as { data: { id: string; slug: string } }).data
    const client = new Client({ name: 'scale-out', version: '1.0.0' }, { capabilities: {} })
    const transport = new StreamableHTTPClientTransport(new URL(`${cluster.base}/${server.slug}`), {
      requestInit: { headers: { 'X-API-Key': cluster.apiKey } },
    })
    const heard: string[] = []
    client.setNotificationHandler(ResourceListChangedNotificationSchema, async (n) => {
      heard.push(n.method)
    })
    const before = [...cluster.proxy.served]
    await client.connect(transport)
    try {
      expect(transport.sessionId).toBeString()
      for (let i = 0; i < 6; i++) {
        const result = await client.callTool({ name: 'echo', arguments: { text: `hop ${i}` } })
        expect(result.isError).toBeFalsy()
        expect(JSON.stringify(result.content)).toContain(`hop ${i}`)
      }
      expect((await client.listTools()).tools.map((t) => t.name)).toContain('echo')
      // Every instance served part of this one session.
      const spread = cluster.proxy.served.map((n, i) => n - (before[i] ?? 0))
      console.log(`one session's requests per instance: ${spread.join(', ')}`)
      expect(spread.every((n) => n > 0)).toBe(true)

      // A write on each instance in turn: the session's GET stream, wherever it is held, hears each.
      for (const at of [0, 1, 2]) {
        const count = heard.length
        const res = await cluster.api('/resources', {
          at,
          body: {
            server_id: server.id,
            name: `note-${at}`,
            uri: `notes://n${at}`,
            resource_type: 'static',
            content: 'x',
          },
        })
        expect(res.status).toBe(201)
        await waitFor(`list_changed from a write on instance ${at}`, () => heard.length > count, { timeoutMs: 5_000 })
      }
      expect(heard.every((m) => m === 'notifications/resources/list_changed')).toBe(true)
    } finally {
      await transport.terminateSession().catch(() => {})
      await client.close()
    }
  })

  test('an ended session is refused by every instance', async () => {
    const created = await cluster.api('/servers', { at: 1, body: { name: 'ending' } })
    const { slug } = ((await created.json()) as { data: { slug: string } }).data
    const client = new Client({ name: 'scale-out', version: '1.0.0' }, { capabilities: {} })
    const transport = new StreamableHTTPClientTransport(new URL(`${cluster.base}/${slug}`), {
      requestInit: { headers: { 'X-API-Key': cluster.apiKey } },
    })
    await client.connect(transport)
    const sessionId = transport.sessionId!
    await transport.terminateSession()
    await client.close()
    // The instance that took the DELETE refuses at once; the others once they hear of it over NOTIFY.
    const refused = async (at: number) => {
      const res = await fetch(`${cluster.list[at]!.base}/${slug}`, {
        method: 'POST',
        headers: {
          'X-API-Key': cluster.apiKey,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'Mcp-Session-Id': sessionId,
          'Mcp-Protocol-Version': '2025-06-18',
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
      })
      return res.status === 404
    }
    for (const at of [0, 1, 2]) {
      const ms = await msUntil(`the ended session refused on instance ${at}`, () => refused(at))
      console.log(`ended session refused on instance ${at} after ${ms} ms`)
    }
  })

  test('a rate limit holds across instances; the slack is printed', async () => {
    const created = await cluster.api('/servers', {
      at: 2,
      body: { name: 'limited', toolkits: [{ toolkit_id: 'prebuilt-utilities' }] },
    })
    const { slug } = ((await created.json()) as { data: { slug: string } }).data
    const limit = 40
    // A key of its own: nothing else in this file counts against its window.
    const made = await cluster.admin(`/admin/projects/${cluster.projectId}/keys`, { body: { name: 'limited' } })
    const { api_key } = (await made.json()) as { api_key: string }
    const call = (i: number) =>
      fetch(`${cluster.base}/${slug}`, {
        method: 'POST',
        headers: {
          'X-API-Key': api_key,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          'Mcp-Protocol-Version': '2026-07-28',
          'Mcp-Method': 'tools/call',
          'Mcp-Name': 'echo',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: i,
          method: 'tools/call',
          params: {
            name: 'echo',
            arguments: { text: 'x' },
            _meta: {
              'io.modelcontextprotocol/protocolVersion': '2026-07-28',
              'io.modelcontextprotocol/clientCapabilities': {},
            },
          },
        }),
      }).then((r) => r.status)
    const statuses: number[] = []
    for (let round = 0; round < 4; round++)
      statuses.push(...(await Promise.all(Array.from({ length: 25 }, (_, i) => call(round * 25 + i)))))
    const allowed = statuses.filter((s) => s === 200).length
    const refused = statuses.filter((s) => s === 429).length
    console.log(
      `rate limit ${limit}/min across 3 instances: ${allowed} allowed, ${refused} refused (slack ${allowed - limit})`,
    )
    expect(allowed + refused).toBe(statuses.length)
    // Exact in PostgreSQL mode (no local batching): the limit, no more and no fewer.
    expect(allowed).toBe(limit)
  })

  test('a key revoked on one instance is refused by the others', async () => {
    const made = await cluster.admin(`/admin/projects/${cluster.projectId}/keys`, { body: { name: 'doomed' } })
    const { id, api_key } = (await made.json()) as { id: string; api_key: string }
    // Every instance has seen (and cached) the key working.
    for (const at of [0, 1, 2]) expect((await cluster.api('/servers', { at, key: api_key })).status).toBe(200)
    expect((await cluster.admin(`/admin/keys/${id}`, { method: 'DELETE', at: 0 })).status).toBe(200)
    for (const at of [1, 2]) {
      const ms = await msUntil(
        `revocation on instance ${at}`,
        async () => (await cluster.api('/servers', { at, key: api_key })).status === 401,
      )
      console.log(`key revoked on instance 0 refused on instance ${at} after ${ms} ms`)
    }
  })
})
