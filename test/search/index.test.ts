// Search stays true to the tools after every kind of change (a server's tool set, and its index, are made again after
// a write), never shows another project's tools, and no query text can fail or widen the search.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call, createServer, createTool, createToolkit, json, objectSchema } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { openSession, post } from '../helpers/mcp'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

async function search(serverId: string, q: string, key?: string): Promise<string[]> {
  const r = await call(app, `/servers/${serverId}/tools/search?q=${encodeURIComponent(q)}&limit=50`, { key })
  if (r.status !== 200) throw new Error(`search answered ${r.status}: ${r.text}`)
  return (r.body.data.tools as { name: string }[]).map((t) => t.name)
}

describe('index consistency', () => {
  test('create, rename, description change and delete are searchable at once', async () => {
    const kit = await createToolkit(app, 'consistency')
    const tool = await createTool(app, {
      toolkit_id: kit.id,
      name: 'archiveInvoiceRecords',
      description: 'Moves old invoices to cold storage',
      function_name: 'builtin.utilities.echo',
      input_schema: objectSchema({ fiscalYear: { type: 'string', description: 'Year whose zebra ledgers are moved' } }),
    })
    const s = await createServer(app, { name: 'consistency', toolkits: [{ toolkit_id: kit.id }] })
    // camelCase name split, parameter names (camelCase too) and descriptions.
    expect(await search(s.id, 'archive invoice')).toEqual(['archiveInvoiceRecords'])
    expect(await search(s.id, 'fiscal year')).toEqual(['archiveInvoiceRecords'])
    expect(await search(s.id, 'zebra')).toEqual(['archiveInvoiceRecords'])
    expect(await search(s.id, 'consistency')).toEqual(['archiveInvoiceRecords']) // the toolkit's name

    await json(await app.api(`/tools/${tool.id}`, { method: 'PATCH', body: { name: 'purge_receipts' } }), 200)
    expect(await search(s.id, 'archive')).toEqual([])
    expect(await search(s.id, 'receipts')).toEqual(['purge_receipts'])

    await json(
      await app.api(`/tools/${tool.id}`, { method: 'PATCH', body: { description: 'Shreds paper quickly' } }),
      200,
    )
    expect(await search(s.id, 'cold storage')).toEqual([])
    expect(await search(s.id, 'shred paper')).toEqual(['purge_receipts'])

    await json(await app.api(`/tools/${tool.id}`, { method: 'DELETE' }), 200)
    expect(await search(s.id, 'shred paper')).toEqual([])
  })

  test('a toolkit renamed (display name) is searchable; detached from the server or deleted, it leaves the results', async () => {
    const kit = await createToolkit(app, 'walrus-kit')
    await createTool(app, {
      toolkit_id: kit.id,
      name: 'ping_host',
      function_name: 'builtin.utilities.echo',
    })
    const keep = await createToolkit(app, 'keeper-kit')
    await createTool(app, { toolkit_id: keep.id, name: 'keep_me', function_name: 'builtin.utilities.echo' })
    const s = await createServer(app, {
      name: 'detach',
      toolkits: [{ toolkit_id: kit.id }, { toolkit_id: keep.id }],
    })
    expect(await search(s.id, 'walrus')).toEqual(['ping_host'])
    await json(await app.api(`/toolkits/${kit.id}`, { method: 'PUT', body: { display_name: 'Narwhal Tools' } }), 200)
    expect(await search(s.id, 'narwhal')).toEqual(['ping_host'])
    await json(await app.api(`/toolkits/${kit.id}`, { method: 'PUT', body: { display_name: 'Orca Tools' } }), 200)
    expect(await search(s.id, 'narwhal')).toEqual([])
    expect(await search(s.id, 'orca')).toEqual(['ping_host'])

    await json(
      await app.api(`/servers/${s.id}`, { method: 'PATCH', body: { toolkits: [{ toolkit_id: keep.id }] } }),
      200,
    )
    expect(await search(s.id, 'orca ping')).toEqual([])
    expect(await search(s.id, 'keep')).toEqual(['keep_me'])

    await json(await app.api(`/toolkits/${kit.id}`, { method: 'DELETE' }), 200)
    await json(await app.api(`/toolkits/${keep.id}`, { method: 'DELETE' }), 200)
    expect(await search(s.id, 'keep')).toEqual([])
  })

  test('a tool removed from the server, or disabled on it, is not found there; added back, it is', async () => {
    const kit = await createToolkit(app, 'server-tools-kit')
    const tool = await createTool(app, {
      toolkit_id: kit.id,
      name: 'rotate_keys',
      description: 'Rotate the signing keys',
      function_name: 'builtin.utilities.echo',
    })
    const s = await createServer(app, { name: 'server tools', toolkits: [{ toolkit_id: kit.id }] })
    expect(await search(s.id, 'rotate signing keys')).toEqual(['rotate_keys'])
    await json(await app.api(`/servers/${s.id}/tools`, { method: 'DELETE', body: { tool_ids: [tool.id] } }), 200)
    expect(await search(s.id, 'rotate signing keys')).toEqual([])
    await json(await app.api(`/servers/${s.id}/tools`, { body: { tool_ids: [tool.id] } }), 200)
    expect(await search(s.id, 'rotate signing keys')).toEqual(['rotate_keys'])
    await json(await app.api(`/servers/${s.id}/tools/${tool.id}`, { method: 'PATCH', body: { enabled: false } }), 200)
    expect(await search(s.id, 'rotate signing keys')).toEqual([])
    // A single tool added to another server (no toolkit attached there) is found on that one.
    const solo = await createServer(app, { name: 'solo tools' })
    await json(await app.api(`/servers/${solo.id}/tools`, { body: { tool_ids: [tool.id] } }), 200)
    expect(await search(solo.id, 'rotate signing keys')).toEqual(['rotate_keys'])
  })

  test('pre-built tools are in the index (catalog data, shared by every project)', async () => {
    const s = await createServer(app, { name: 'prebuilt search', toolkits: [{ toolkit_id: 'prebuilt-utilities' }] })
    expect((await search(s.id, 'generate a random unique identifier'))[0]).toBe('uuid')
    const other = await app.newProject('prebuilt other')
    const s2 = await createServer(
      app,
      { name: 'prebuilt other', toolkits: [{ toolkit_id: 'prebuilt-utilities' }] },
      other.apiKey,
    )
    expect((await search(s2.id, 'generate a random unique identifier', other.apiKey))[0]).toBe('uuid')
  })
})

describe('isolation', () => {
  test("another project's tools never come back, even with the same words", async () => {
    const other = await app.newProject('isolation other')
    const theirs = await createToolkit(app, 'secret-kit', other.apiKey)
    await createTool(
      app,
      {
        toolkit_id: theirs.id,
        name: 'launch_rocket',
        description: 'Launch the rocket',
        function_name: 'builtin.utilities.echo',
      },
      other.apiKey,
    )
    const ours = await createToolkit(app, 'our-kit')
    await createTool(app, {
      toolkit_id: ours.id,
      name: 'launch_balloon',
      description: 'Launch the balloon',
      function_name: 'builtin.utilities.echo',
    })
    const s = await createServer(app, { name: 'isolation', toolkits: [{ toolkit_id: ours.id }] })
    expect(await search(s.id, 'launch rocket secret')).toEqual(['launch_balloon'])
  })
})

describe('hostile query text', () => {
  let serverId = ''
  let slug = ''
  beforeAll(async () => {
    const kit = await createToolkit(app, 'hostile-kit')
    for (const [name, description] of [
      ['create_issue', 'Create an issue in a repository'],
      ['name_lookup', 'Find a person by name'],
      ['near_stores', 'Stores near a place'],
    ] as const)
      await createTool(app, { toolkit_id: kit.id, name, description, function_name: 'builtin.utilities.echo' })
    const s = await createServer(app, {
      name: 'hostile',
      toolkits: [{ toolkit_id: kit.id }],
      tool_discovery: { mode: 'auto', threshold: 100 },
    })
    serverId = s.id
    slug = s.slug
  })

  /** find_tools over the protocol (a body, so no URL limit applies): its tool names, or the error. */
  async function findTools(query: string) {
    const { headers } = await openSession(app, slug)
    const res = await post(
      app,
      slug,
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'find_tools', arguments: { query } } },
      { headers },
    )
    const body = (await res.json()) as {
      result?: { isError: boolean; structuredContent: { tools: { name: string }[] } }
    }
    expect(body.result?.isError).toBe(false)
    return body.result!.structuredContent.tools.map((t) => t.name)
  }

  const NOTHING = [
    '"',
    '""',
    '*',
    '"*"',
    '* OR *',
    '()',
    '((((',
    ')',
    '-',
    'NOT',
    'AND OR NOT',
    '^',
    ':',
    'tool_id:*',
    '{title description}: *',
    'zzz*',
    'crea*',
    '\u0000',
    '🦜🦜',
    "'; DROP TABLE tools; --",
  ]
  test.each(NOTHING)('%p is answered, never an error, and matches nothing (REST and find_tools)', async (q) => {
    expect(await search(serverId, q)).toEqual([])
    expect(await findTools(q)).toEqual([])
  })

  test('syntax in the text is taken as words, never as operators', async () => {
    // A column filter is not one: "name:" only adds the word "name" (found in name_lookup), never restricts columns.
    expect(await search(serverId, 'name: issue')).toEqual(expect.arrayContaining(['create_issue', 'name_lookup']))
    // NEAR and OR are words; quotes and parentheses vanish; a trailing * is no prefix search.
    expect(await search(serverId, 'NEAR')).toEqual(['near_stores'])
    expect(await search(serverId, 'NEAR(issue stores, 2)')).toEqual(
      expect.arrayContaining(['near_stores', 'create_issue']),
    )
    expect(await search(serverId, '{name}: issue')).toEqual(expect.arrayContaining(['create_issue', 'name_lookup']))
    expect(await search(serverId, '"issue" OR (repository)')).toEqual(['create_issue'])
    expect(await search(serverId, 'iss*')).toEqual([])
    expect(await search(serverId, 'ÍSSUÉ')).toEqual(['create_issue'])
  })

  test('a 10 KB query is answered; text past the first 16 KB is not read (bounded work)', async () => {
    const ten = `${'lorem ipsum '.repeat(850)} issue`
    expect(ten.length).toBeGreaterThan(10_000)
    expect(await search(serverId, ten)).toEqual(['create_issue'])
    const words = Array.from({ length: 2_000 }, (_, i) => `w${i}`).join(' ')
    expect(await search(serverId, `${words} issue`)).toEqual([]) // past 40 distinct words, the rest is not searched
    expect(await findTools(`issue ${'x'.repeat(60_000)}`)).toEqual(['create_issue'])
    expect(await findTools(`${'x'.repeat(60_000)} issue`)).toEqual([])
  })
})
