// Protocol: every resource type through the real MCP SDK client — list, templates, read, errors, completion.

import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { connectClient, rpcError } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'
import { type ResourceFixture, resourceFixture } from '../helpers/resources'

let f: ResourceFixture
let client: Client
let upstream: ReturnType<typeof Bun.serve>
let hits = 0
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 9, 8, 7])

/** The text of the first content item of a read. */
const readText = async (uri: string): Promise<string> => {
  const item = (await client.readResource({ uri })).contents[0] as { text?: string }
  return item.text ?? ''
}

beforeAll(async () => {
  f = await resourceFixture()
  upstream = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: (req) =>
      new URL(req.url).pathname === '/count' ? Response.json({ n: ++hits }) : new Response('from upstream'),
  })
  writeFileSync(join(f.filesDir, 'notes.txt'), 'file notes')
  writeFileSync(join(f.filesDir, 'pic.png'), PNG)
  const db = new Database(join(f.filesDir, 'data.db'), { create: true })
  db.exec("CREATE TABLE t (id TEXT, v INTEGER); INSERT INTO t VALUES ('a', 1), ('b', 2)")
  db.close()
  await f.app.api('/functions', {
    body: {
      name: 'counter',
      runtime: 'javascript',
      code: `export default async (input, ctx) => { const r = await ctx.fetch('http://127.0.0.1:${upstream.port}/count'); return { n: (await r.json()).n, params: input.params } }`,
    },
  })
  const dead = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response('') })
  const deadPort = dead.port
  dead.stop(true)
  const resources = [
    {
      name: 'Static',
      uri: 'mcp://static',
      resource_type: 'static',
      content: 'static <text>',
      description: 'a static one',
    },
    {
      name: 'Static blob',
      uri: 'mcp://blob',
      resource_type: 'static',
      blob: PNG.toString('base64'),
      mime_type: 'image/png',
    },
    { name: 'File', uri: 'mcp://file', resource_type: 'file', path: 'notes.txt' },
    { name: 'Picture', uri: 'mcp://pic', resource_type: 'file', path: 'pic.png', mime_type: 'image/png' },
    { name: 'Api', uri: 'mcp://api', resource_type: 'api', url: `http://127.0.0.1:${upstream.port}/hello` },
    { name: 'Api down', uri: 'mcp://down', resource_type: 'api', url: `http://127.0.0.1:${deadPort}/x` },
    {
      name: 'Rows',
      uri: 'mcp://rows/{id}',
      resource_type: 'database',
      database: 'data.db',
      query: 'SELECT v FROM t WHERE id = $id',
      variables: { id: { enum: ['a', 'b', 'Apple'] } },
    },
    { name: 'Cached', uri: 'mcp://cached', resource_type: 'function', function_name: 'counter', cache_ttl_seconds: 1 },
    { name: 'Live', uri: 'mcp://live', resource_type: 'dynamic', function_name: 'counter' },
    {
      name: 'Item',
      uri: 'mcp://items/{id}',
      resource_type: 'function',
      function_name: 'counter',
      mime_type: 'application/json',
      description: 'an item',
    },
    { name: 'Off', uri: 'mcp://off', resource_type: 'static', content: 'hidden', is_active: false },
  ]
  for (const r of resources) expect((await f.create(r)).status).toBe(201)
  ;({ client } = await connectClient(f.app, f.slug))
})
afterAll(async () => {
  await client?.close()
  upstream.stop(true)
  await f.app.stop()
})

describe('listing', () => {
  test('resources/list has the direct active resources with camel-case mimeType', async () => {
    const { resources } = await client.listResources()
    const uris = resources.map((r) => r.uri)
    expect(uris).toEqual([
      'mcp://static',
      'mcp://blob',
      'mcp://file',
      'mcp://pic',
      'mcp://api',
      'mcp://down',
      'mcp://cached',
      'mcp://live',
    ])
    expect(resources[0]).toEqual({
      uri: 'mcp://static',
      name: 'Static',
      description: 'a static one',
      mimeType: 'text/plain',
    })
  })

  test('resources/templates/list has the templates', async () => {
    const { resourceTemplates } = await client.listResourceTemplates()
    expect(resourceTemplates).toEqual([
      { uriTemplate: 'mcp://rows/{id}', name: 'Rows', mimeType: 'application/json' },
      { uriTemplate: 'mcp://items/{id}', name: 'Item', description: 'an item', mimeType: 'application/json' },
    ])
  })
})

describe('reading each type', () => {
  test('static text and blob', async () => {
    expect((await client.readResource({ uri: 'mcp://static' })).contents).toEqual([
      { uri: 'mcp://static', mimeType: 'text/plain', text: 'static <text>' },
    ])
    expect((await client.readResource({ uri: 'mcp://blob' })).contents).toEqual([
      { uri: 'mcp://blob', mimeType: 'image/png', blob: PNG.toString('base64') },
    ])
  })

  test('file text and binary', async () => {
    expect((await client.readResource({ uri: 'mcp://file' })).contents).toEqual([
      { uri: 'mcp://file', mimeType: 'text/plain', text: 'file notes' },
    ])
    expect((await client.readResource({ uri: 'mcp://pic' })).contents).toEqual([
      { uri: 'mcp://pic', mimeType: 'image/png', blob: PNG.toString('base64') },
    ])
  })

  test('api', async () => {
    expect((await client.readResource({ uri: 'mcp://api' })).contents).toEqual([
      { uri: 'mcp://api', mimeType: 'text/plain', text: 'from upstream' },
    ])
  })

  test('database through a template', async () => {
    const { contents } = await client.readResource({ uri: 'mcp://rows/b' })
    expect(contents).toEqual([{ uri: 'mcp://rows/b', mimeType: 'application/json', text: '[{"v":2}]' }])
  })

  test('function: cached until the ttl passes', async () => {
    const first = await readText('mcp://cached')
    expect(await readText('mcp://cached')).toBe(first)
    await waitFor('a read after the ttl', async () => (await readText('mcp://cached')) !== first)
  })

  test('dynamic: a new value on every read', async () => {
    const a = await readText('mcp://live')
    const b = await readText('mcp://live')
    expect(a).not.toBe(b)
  })

  test('function template: variables reach the function as params; contents carry the requested uri', async () => {
    const { contents } = await client.readResource({ uri: 'mcp://items/42' })
    expect(contents[0]!.uri).toBe('mcp://items/42')
    expect(contents[0]!.mimeType).toBe('application/json')
    expect(JSON.parse((contents[0] as { text: string }).text).params).toEqual({ id: '42' })
  })
})

describe('errors', () => {
  test('an unknown uri is -32002 with the uri; an inactive one too', async () => {
    for (const uri of ['mcp://nothing', 'mcp://off']) {
      const e = await rpcError(client.readResource({ uri }))
      expect(e.code).toBe(-32002)
      expect(e.data).toEqual({ uri })
    }
  })

  test('a file path escaping the project folder through a symlink is -32603, the file unread', async () => {
    writeFileSync(join(f.app.dataDir, 'secret.txt'), 'outside secret')
    symlinkSync(join(f.app.dataDir, 'secret.txt'), join(f.filesDir, 'escape.txt'))
    await f.create({ name: 'Escape', uri: 'mcp://escape', resource_type: 'file', path: 'escape.txt' })
    const e = await rpcError(client.readResource({ uri: 'mcp://escape' }))
    expect(e.code).toBe(-32603)
    expect(e.message).toContain('outside')
    expect(JSON.stringify(e)).not.toContain('outside secret')
  })

  test('an upstream that is down is -32603 with a clear message', async () => {
    const e = await rpcError(client.readResource({ uri: 'mcp://down' }))
    expect(e.code).toBe(-32603)
    expect(e.message).toContain('upstream unavailable')
    expect(e.message).not.toMatch(/\n\s+at /)
  })
})

describe('completion', () => {
  test('template variables complete from the declared enum (case-insensitive prefix)', async () => {
    const r = await client.complete({
      ref: { type: 'ref/resource', uri: 'mcp://rows/{id}' },
      argument: { name: 'id', value: 'a' },
    })
    expect(r.completion).toEqual({ values: ['a', 'Apple'], total: 2, hasMore: false })
    const none = await client.complete({
      ref: { type: 'ref/resource', uri: 'mcp://items/{id}' },
      argument: { name: 'id', value: '' },
    })
    expect(none.completion.values).toEqual([])
  })
})
