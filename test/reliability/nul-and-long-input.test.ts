// NUL (U+0000) and very long values from clients and tools, on either backend (npm test runs this file on SQLite and
// again with every app on PostgreSQL, whose text cannot hold NUL: there it is kept as U+FFFD, docs/reliability.md).
// One tenant's NUL never costs another tenant's call-log rows; a stored record with NUL is kept, never a 500; and no
// client input — a 100 KB URI, a huge tool name or session id, NUL in any field — is answered -32603.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call, createServer, json, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { openSession, post } from '../helpers/mcp'

let app: TestApp
/** Tenant A: its own project, key and server with tools that put NUL in arguments, results and errors. */
let a: { apiKey: string; slug: string; serverId: string }
/** Tenant B: another project calling an ordinary tool at the same time. */
let b: { apiKey: string; slug: string }
/** What a NUL reads back as: kept on SQLite, the replacement character on PostgreSQL. */
let mark = '\u0000'

beforeAll(async () => {
  app = await startTestApp()
  if (app.server.deps.backend === 'postgres') mark = '\uFFFD'
  const aProject = await app.newProject('tenant-a')
  const aKit = await toolkitWithTools(
    app,
    'nul-kit',
    [
      { name: 'echo', code: 'export default async (input) => input' },
      { name: 'nul_result', code: 'export default async () => "x\\u0000y"' },
      { name: 'nul_error', code: 'export default async () => { throw new Error("bad\\u0000thing") }' },
    ],
    aProject.apiKey,
  )
  const aServer = await createServer(app, { name: 'tenant a', toolkits: [{ toolkit_id: aKit }] }, aProject.apiKey)
  a = { apiKey: aProject.apiKey, slug: aServer.slug, serverId: aServer.id }
  const bProject = await app.newProject('tenant-b')
  const bKit = await toolkitWithTools(
    app,
    'plain-kit',
    [{ name: 'add', code: 'export default async (input) => input.a + input.b' }],
    bProject.apiKey,
  )
  const bServer = await createServer(app, { name: 'tenant b', toolkits: [{ toolkit_id: bKit }] }, bProject.apiKey)
  b = { apiKey: bProject.apiKey, slug: bServer.slug }
})
afterAll(() => app.stop())

/** One JSON-RPC request on a session of `slug`; the answer's status and body. */
async function rpc(
  target: { apiKey: string },
  slug: string,
  headers: Record<string, string>,
  method: string,
  params: unknown,
) {
  const res = await post(
    { base: app.base, apiKey: target.apiKey },
    slug,
    { jsonrpc: '2.0', id: 1, method, params },
    {
      headers,
    },
  )
  const text = await res.text()
  return { status: res.status, body: text ? JSON.parse(text) : null }
}

describe('NUL in a call never costs another tenant its call log', () => {
  test("A's calls with NUL in arguments, results and errors and B's plain calls are all in the log", async () => {
    const sa = await openSession({ base: app.base, apiKey: a.apiKey }, a.slug)
    const sb = await openSession({ base: app.base, apiKey: b.apiKey }, b.slug)
    const bCalls = Array.from({ length: 5 }, (_, i) =>
      rpc(b, b.slug, sb.headers, 'tools/call', { name: 'add', arguments: { a: i, b: 1 } }),
    )
    const [echo, result, error, ...plain] = await Promise.all([
      rpc(a, a.slug, sa.headers, 'tools/call', { name: 'echo', arguments: { text: 'a\u0000b' } }),
      rpc(a, a.slug, sa.headers, 'tools/call', { name: 'nul_result', arguments: {} }),
      rpc(a, a.slug, sa.headers, 'tools/call', { name: 'nul_error', arguments: {} }),
      ...bCalls,
    ])
    // Results are not stored: the NUL reaches the client as the tool made it.
    expect(JSON.parse(echo!.body.result.content[0].text)).toEqual({ text: 'a\u0000b' })
    expect(result!.body.result.content).toEqual([{ type: 'text', text: 'x\u0000y' }])
    expect(error!.body.result.isError).toBe(true)
    expect(plain.map((p) => p.body.result.content[0].text)).toEqual(['1', '2', '3', '4', '5'])

    // Reading the log writes what is buffered first: one batch with both tenants' rows.
    const bLog = (await json(await app.api('/calls', { key: b.apiKey }), 200)).calls
    expect(bLog.map((c: { name: string; outcome: string }) => `${c.name}:${c.outcome}`)).toEqual(
      Array(5).fill('add:ok'),
    )
    const aLog = (await json(await app.api('/calls', { key: a.apiKey }), 200)).calls as {
      name: string
      outcome: string
      error?: string
    }[]
    expect(aLog.map((c) => `${c.name}:${c.outcome}`).sort()).toEqual(['echo:ok', 'nul_error:error', 'nul_result:ok'])
    expect(aLog.find((c) => c.name === 'nul_error')!.error).toStartWith(`bad${mark}thing`)
  })
})

describe('client input is never answered -32603', () => {
  const HUGE = 100_000

  test('long and NUL-bearing URIs, names and levels are refused as invalid or unknown', async () => {
    const { headers } = await openSession({ base: app.base, apiKey: a.apiKey }, a.slug)
    const ask = (method: string, params: unknown) => rpc(a, a.slug, headers, method, params)
    const longUri = `mcp://${'u'.repeat(HUGE)}`
    const answers = {
      readLong: await ask('resources/read', { uri: longUri }),
      readNul: await ask('resources/read', { uri: 'mcp://x\u0000y' }),
      subscribeLong: await ask('resources/subscribe', { uri: longUri }),
      subscribeNul: await ask('resources/subscribe', { uri: 'mcp://x\u0000y' }),
      unsubscribeNul: await ask('resources/unsubscribe', { uri: 'mcp://x\u0000y' }),
      toolLong: await ask('tools/call', { name: 't'.repeat(HUGE), arguments: {} }),
      toolNul: await ask('tools/call', { name: 'ec\u0000ho', arguments: {} }),
      promptLong: await ask('prompts/get', { name: 'p'.repeat(HUGE) }),
      promptNul: await ask('prompts/get', { name: 'p\u0000', arguments: { a: 'b\u0000' } }),
      completeNul: await ask('completion/complete', {
        ref: { type: 'ref/prompt', name: 'p\u0000' },
        argument: { name: 'a\u0000', value: 'b\u0000' },
      }),
      completeUriNul: await ask('completion/complete', {
        ref: { type: 'ref/resource', uri: 'mcp://x\u0000' },
        argument: { name: 'a', value: 'b' },
      }),
      levelNul: await ask('logging/setLevel', { level: 'debug\u0000' }),
    }
    const codes = Object.fromEntries(
      Object.entries(answers).map(([what, { status, body }]) => [what, `${status} ${body.error?.code ?? 'result'}`]),
    )
    expect(codes).toEqual({
      readLong: '200 -32002',
      readNul: '200 -32002',
      subscribeLong: '200 result',
      subscribeNul: '200 result',
      unsubscribeNul: '200 result',
      toolLong: '200 -32602',
      toolNul: '200 -32602',
      promptLong: '200 -32602',
      promptNul: '200 -32602',
      completeNul: '200 -32602',
      // No such resource to complete against: nothing to offer.
      completeUriNul: '200 result',
      levelNul: '200 -32602',
    })
  })

  test('a huge session id is an unknown session', async () => {
    const ping = { jsonrpc: '2.0', id: 1, method: 'ping' }
    for (const id of ['s'.repeat(8000), `v1.${'A'.repeat(8000)}`]) {
      const res = await post({ base: app.base, apiKey: a.apiKey }, a.slug, ping, {
        headers: { 'mcp-session-id': id, 'mcp-protocol-version': '2025-11-25' },
      })
      expect(res.status).toBe(404)
      expect((await res.json()).error.code).not.toBe(-32603)
    }
  })
})

describe('stored records with NUL or a long value', () => {
  test('are kept (NUL on SQLite, U+FFFD on PostgreSQL), never a 500', async () => {
    const key = a.apiKey
    const created = {
      toolkit: await call(app, '/toolkits', { key, body: { name: 'nul-described', description: 'd\u0000e' } }),
      server: await call(app, '/servers', { key, body: { name: 'nul server', description: 's\u0000t' } }),
      resource: await call(app, '/resources', {
        key,
        body: {
          server_id: a.serverId,
          name: 'nul-resource',
          uri: 'mcp://nul',
          resource_type: 'static',
          content: 'x\u0000y',
        },
      }),
      prompt: await call(app, '/prompts', {
        key,
        body: { server_id: a.serverId, name: 'nul-prompt', template: 'hi\u0000there' },
      }),
      functionCode: await call(app, '/functions', {
        key,
        body: { name: 'nul-fn', runtime: 'javascript', code: 'export default () => 1 // a\u0000b' },
      }),
    }
    expect(Object.fromEntries(Object.entries(created).map(([k, v]) => [k, v.status]))).toEqual({
      toolkit: 201,
      server: 201,
      resource: 201,
      prompt: 201,
      functionCode: 201,
    })
    // Inside JSON text (a schema) NUL is the escape \u0000, which both backends keep exactly.
    const schema = { type: 'object', properties: { q: { type: 'string', description: 'a\u0000b' } } }
    const tool = await call(app, '/tools', {
      key,
      body: {
        toolkit_id: created.toolkit.body.id,
        name: 'nul_schema',
        function_name: 'nul-kit.echo',
        input_schema: schema,
      },
    })
    expect(tool.status).toBe(201)
    expect((await call(app, `/tools/${tool.body.id}`, { key })).body.input_schema).toEqual(schema)
    const read = await call(app, '/resources/read', { key, body: { uri: 'mcp://nul', server_id: a.serverId } })
    expect(read.status).toBe(200)
    expect(JSON.stringify(read.body)).toContain(JSON.stringify(`x${mark}y`).slice(1, -1))
  })

  test('a URI too long for an index is kept on SQLite and refused with 400 naming it on PostgreSQL, never a 500', async () => {
    // 1990 CJK characters (3 bytes each), varied so compression cannot shrink them under the index's 2700 bytes.
    let seed = 7
    const varied = Array.from({ length: 1990 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return String.fromCodePoint(0x4e00 + (seed % 20000))
    }).join('')
    const uri = `mcp://${varied}`
    const key = a.apiKey
    const resource = await call(app, '/resources', {
      key,
      body: { server_id: a.serverId, name: 'long-uri', uri, resource_type: 'static', content: 'x' },
    })
    const watched = await call(app, '/resources/subscribe', {
      key,
      body: { uri, callback_url: 'http://127.0.0.1:9/x' },
    })
    if (app.server.deps.backend === 'sqlite') {
      expect([resource.status, watched.status]).toEqual([201, 201])
      return
    }
    for (const refused of [resource, watched]) {
      expect(refused.status).toBe(400)
      expect(refused.body.details).toEqual([{ field: 'uri', message: expect.stringContaining('at most 2000 bytes') }])
    }
  })
})
