// A remote toolkit brings all of its upstream, tested against the official reference server
// (@modelcontextprotocol/server-everything) over Streamable HTTP, its own process: through Toolyard an SDK client sees
// the resources, resource templates, prompts (under the toolkit's prefix) and completions a direct SDK client of the
// same upstream sees; a resource link a tool returned reads through Toolyard; a hosted resource keeps its uri against
// the upstream's; a resource bigger than TOOLYARD_MAX_RESULT_BYTES is refused with words that say so.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { createServer, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient, rpcError } from '../helpers/mcp'
import { type RealUpstream, startRealUpstream } from '../helpers/real-upstreams'

let app: TestApp
let upstream: RealUpstream
const clients: Client[] = []
let via: Client
let direct: Client
let kitId: string
const logLines: string[] = []

/** Every page of a listing. */
async function all<T>(
  page: (cursor?: string) => Promise<{ nextCursor?: string } & Record<string, unknown>>,
  key: string,
) {
  const out: T[] = []
  let cursor: string | undefined
  do {
    const r = await page(cursor)
    out.push(...(r[key] as T[]))
    cursor = r.nextCursor
  } while (cursor)
  return out
}

beforeAll(async () => {
  upstream = await startRealUpstream('everything-http')
  app = await startTestApp({}, { onLogLine: (line) => logLines.push(line) })
  const kit = await json(
    await app.api('/toolkits', {
      body: {
        name: 'everything',
        toolkit_type: 'remote',
        remote: { url: upstream.url, transport: 'streamable_http', prefix: 'ev_' },
      },
    }),
    201,
  )
  kitId = kit.id
  const server = await createServer(app, { name: 'whole upstream', toolkits: [{ toolkit_id: kit.id }] })
  via = (await connectClient(app, server.slug)).client
  direct = new Client({ name: 'direct', version: '1.0.0' }, { capabilities: {} })
  await direct.connect(new StreamableHTTPClientTransport(new URL(upstream.url)))
  clients.push(via, direct)
})
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close().catch(() => {})))
  await app?.stop()
  await upstream?.kill()
})

describe('a remote toolkit brings its upstream', () => {
  test("resources/list and resources/templates/list through Toolyard are the upstream's", async () => {
    const theirs = await all((cursor) => direct.listResources(cursor ? { cursor } : {}), 'resources')
    const ours = await all((cursor) => via.listResources(cursor ? { cursor } : {}), 'resources')
    expect(theirs.length).toBeGreaterThan(0)
    expect(ours).toEqual(theirs)
    const theirTemplates = await all(
      (cursor) => direct.listResourceTemplates(cursor ? { cursor } : {}),
      'resourceTemplates',
    )
    expect(theirTemplates.length).toBeGreaterThan(0)
    expect(await all((cursor) => via.listResourceTemplates(cursor ? { cursor } : {}), 'resourceTemplates')).toEqual(
      theirTemplates,
    )
  })

  test("resources/read of an upstream resource answers the upstream's contents", async () => {
    const [first] = (await direct.listResources()).resources
    expect(await via.readResource({ uri: first!.uri })).toEqual(await direct.readResource({ uri: first!.uri }))
  })

  test("prompts/list shows the upstream's prompts under the toolkit's prefix, and prompts/get renders them", async () => {
    const theirs = (await direct.listPrompts()).prompts
    const ours = (await via.listPrompts()).prompts
    expect(theirs.length).toBeGreaterThan(0)
    expect(ours).toEqual(theirs.map((p) => ({ ...p, name: `ev_${p.name}` })))
    const simple = theirs.find((p) => !p.arguments?.some((a) => a.required))!
    expect(await via.getPrompt({ name: `ev_${simple.name}` })).toEqual(await direct.getPrompt({ name: simple.name }))
  })

  test('an upstream prompt is not reachable under its unprefixed name', async () => {
    const [first] = (await direct.listPrompts()).prompts
    expect((await rpcError(via.getPrompt({ name: first!.name }))).code).toBe(-32602)
  })

  test("completion/complete of an upstream prompt's argument answers the upstream's values", async () => {
    const ask = (c: Client, name: string, argument: { name: string; value: string }, context?: object) =>
      c.complete({ ref: { type: 'ref/prompt', name }, argument, ...(context ? { context } : {}) })
    const theirs = await ask(direct, 'completable-prompt', { name: 'department', value: 'S' })
    expect(theirs.completion.values).toEqual(['Sales', 'Support'])
    expect(await ask(via, 'ev_completable-prompt', { name: 'department', value: 'S' })).toEqual(theirs)
    // The context (earlier arguments) reaches the upstream too.
    const context = { arguments: { department: 'Sales' } }
    const team = await ask(direct, 'completable-prompt', { name: 'name', value: '' }, context)
    expect(team.completion.values.length).toBeGreaterThan(0)
    expect(await ask(via, 'ev_completable-prompt', { name: 'name', value: '' }, context)).toEqual(team)
  })

  test("completion/complete of an upstream resource template's variable answers the upstream's values", async () => {
    const [template] = (await direct.listResourceTemplates()).resourceTemplates
    const ask = (c: Client) =>
      c.complete({
        ref: { type: 'ref/resource', uri: template!.uriTemplate },
        argument: { name: 'resourceId', value: '7' },
      })
    const theirs = await ask(direct)
    expect(theirs.completion.values).toEqual(['7'])
    expect(await ask(via)).toEqual(theirs)
  })

  test('a resource link an upstream tool returned reads through Toolyard', async () => {
    const result = await via.callTool({ name: 'ev_get-resource-links', arguments: { count: 2 } })
    const links = (result.content as { type: string; uri?: string }[]).filter((c) => c.type === 'resource_link')
    expect(links.length).toBeGreaterThan(0)
    for (const link of links)
      expect(await via.readResource({ uri: link.uri! })).toEqual(await direct.readResource({ uri: link.uri! }))
  })

  test("a hosted resource keeps its uri: the upstream's resource of that uri is held back", async () => {
    const [first] = (await direct.listResources()).resources
    const server = await json(await app.api('/servers', { body: { name: 'collide' } }), 201)
    await json(await app.api(`/servers/${server.data.id}/toolkits`, { body: { toolkit_id: kitId } }), 200)
    await json(
      await app.api('/resources', {
        body: {
          server_id: server.data.id,
          name: 'mine',
          uri: first!.uri,
          resource_type: 'static',
          content: 'the hosted one',
        },
      }),
      201,
    )
    const { client } = await connectClient(app, server.data.slug)
    clients.push(client)
    const listed = (await all((cursor) => client.listResources(cursor ? { cursor } : {}), 'resources')) as {
      uri: string
      name: string
    }[]
    expect(listed.filter((r) => r.uri === first!.uri)).toEqual([expect.objectContaining({ name: 'mine' })])
    expect((await json(await app.api(`/servers/${server.data.id}/held-back`), 200)).held_back).toEqual([
      { kind: 'uri', key: first!.uri, toolkit_id: kitId, held_by: { source: 'hosted' } },
    ])
    expect((await client.readResource({ uri: first!.uri })).contents).toEqual([
      expect.objectContaining({ text: 'the hosted one' }),
    ])
  })
})

describe('two upstreams with the same uris on one server', () => {
  test('the first attached holds each uri, the second is held back and named in the log; prompts stay apart by prefix', async () => {
    const second = await json(
      await app.api('/toolkits', {
        body: {
          name: 'everything-again',
          toolkit_type: 'remote',
          remote: { url: upstream.url, transport: 'streamable_http', prefix: 'again_' },
        },
      }),
      201,
    )
    const server = await createServer(app, {
      name: 'two upstreams',
      toolkits: [{ toolkit_id: kitId }, { toolkit_id: second.id, prefix: 'two' }],
    })
    const { client } = await connectClient(app, server.slug)
    clients.push(client)
    const theirs = await all((cursor) => direct.listResources(cursor ? { cursor } : {}), 'resources')
    expect(await all((cursor) => client.listResources(cursor ? { cursor } : {}), 'resources')).toEqual(theirs)
    const theirTemplates = (await direct.listResourceTemplates()).resourceTemplates
    expect((await client.listResourceTemplates()).resourceTemplates).toEqual(theirTemplates)
    expect(logLines.some((l) => l.includes('held back') && l.includes(second.id) && l.includes(server.id))).toBe(true)
    // GET /servers/{id}/held-back names each uri and template the second toolkit does not serve, and who holds it.
    const { held_back } = await json(await app.api(`/servers/${server.id}/held-back`), 200)
    const uris = held_back.filter((h: { kind: string }) => h.kind === 'uri')
    expect(uris.map((h: { key: string }) => h.key).sort()).toEqual(
      (theirs as { uri: string }[]).map((r) => r.uri).sort(),
    )
    expect(uris[0]).toEqual({
      kind: 'uri',
      key: expect.any(String),
      toolkit_id: second.id,
      held_by: { source: 'toolkit', toolkit_id: kitId },
    })
    expect(held_back.filter((h: { kind: string }) => h.kind === 'uriTemplate')).toHaveLength(theirTemplates.length)
    expect(held_back.filter((h: { kind: string }) => h.kind === 'prompt')).toEqual([])
    // Another project's key does not see this server's.
    const other = await app.newProject('someone else')
    expect((await app.api(`/servers/${server.id}/held-back`, { key: other.apiKey })).status).toBe(404)
    // Prompts: each toolkit's under its own prefix (the attachment's, then the toolkit's).
    const names = (await client.listPrompts()).prompts.map((p) => p.name)
    const upstreamNames = (await direct.listPrompts()).prompts.map((p) => p.name)
    expect(names).toEqual([...upstreamNames.map((n) => `ev_${n}`), ...upstreamNames.map((n) => `two_again_${n}`)])
    const simple = upstreamNames.find((n) => n.startsWith('simple'))!
    expect(await client.getPrompt({ name: `two_again_${simple}` })).toEqual(await direct.getPrompt({ name: simple }))
  })
})

describe('an upstream resource over TOOLYARD_MAX_RESULT_BYTES', () => {
  test('is refused with an error that names the limit', async () => {
    const small = await startTestApp({ TOOLYARD_MAX_RESULT_BYTES: '1024' })
    try {
      const kit = await json(
        await small.api('/toolkits', {
          body: { name: 'everything', toolkit_type: 'remote', remote: { url: upstream.url, prefix: 'ev_' } },
        }),
        201,
      )
      const server = await createServer(small, { name: 'small', toolkits: [{ toolkit_id: kit.id }] })
      const { client } = await connectClient(small, server.slug)
      clients.push(client)
      // The reference server's own docs, the biggest of them well over 1024 bytes.
      const big = (await direct.listResources()).resources.find((r) => r.uri.endsWith('structure.md'))!
      expect(JSON.stringify(await direct.readResource({ uri: big.uri })).length).toBeGreaterThan(1024)
      const error = await rpcError(client.readResource({ uri: big.uri }))
      expect(error.message).toContain('result too large')
      expect(error.message).toContain('limit 1024')
      // A listing is bounded alike: what does not fit is left out, never held whole.
      const theirs = (await direct.listResources()).resources
      expect(JSON.stringify(theirs).length).toBeGreaterThan(1024)
      expect((await client.listResources()).resources.length).toBeLessThan(theirs.length)
    } finally {
      await small.stop()
    }
  })
})
