// Toolkits, tools, what servers attach, functions, remote and OpenAPI toolkits, and tool search: the same scenarios on
// SQLite and PostgreSQL give the same results (./harness.ts).
import { beforeAll, describe, expect, test } from 'bun:test'
import { postgresRepositories } from '../../../src/db/postgres/repositories'
import type { FunctionRow } from '../../../src/modules/tools/functions/repository'
import type { RemoteRow } from '../../../src/modules/tools/kinds/remote/repository'
import { dialects, done, outcome } from './harness'
import { AT, at, project, server, tool, toolkit } from './rows'

const d = dialects()

// Fixtures: two projects, the first with two servers.
beforeAll(() =>
  d.same(async ({ projects, servers }) => {
    await done(projects.insertProject(project('p1')))
    await done(projects.insertProject(project('p2')))
    for (const id of ['s1', 's2']) await done(servers.insert(server('p1', id, { created_at: at(Number(id[1])) })))
  }),
)

describe('toolkits and tools', () => {
  test('insert, lookups, update, pages by toolkit, names; duplicates and orphans typed; cascade on toolkit delete', async () => {
    const r = await d.same(async ({ toolkits, tools }) => {
      await done(toolkits.insert(toolkit('p1', 'k1')))
      await done(toolkits.insert(toolkit('p1', 'k2', { display_name: 'Two' })))
      const nameTaken = await outcome(toolkits.insert(toolkit('p1', 'k3', { name: 'kit-k1' })))
      await done(
        toolkits.update(toolkit('p1', 'k2', { display_name: 'Deux', description: 'second', updated_at: at(1) })),
      )
      for (const [kit, id] of [
        ['k1', 't3'],
        ['k1', 't1'],
        ['k2', 't2'],
      ] as const)
        await done(tools.insert(tool('p1', kit, id, { name: id === 't2' ? 'tool_t1' : `tool_${id}` })))
      const toolNameTaken = await outcome(tools.insert(tool('p1', 'k1', 't4', { name: 'tool_t1' })))
      const noToolkit = await outcome(tools.insert(tool('p1', 'ghost', 't5')))
      await done(
        tools.update(tool('p1', 'k1', 't3', { title: 'Three', description: 'third', task_support: 'optional' })),
      )
      return {
        nameTaken,
        toolNameTaken,
        noToolkit,
        kit: await toolkits.byId('p1', 'k2'),
        kitByName: await toolkits.byName('p1', 'kit-k1'),
        kitOther: await toolkits.byId('p2', 'k1'),
        kits: (await toolkits.all('p1')).map((k) => k.id),
        byId: await tools.byId('p1', 't3'),
        byToolkit: (await tools.byToolkit('k1')).map((t) => t.id),
        byToolkitAndName: (await tools.byToolkitAndName('k2', 'tool_t1'))?.id,
        page: (await tools.list('p1', undefined, 't1', 1)).map((t) => t.id),
        pageOfKit: (await tools.list('p1', 'k1', undefined, 5)).map((t) => t.id),
        byName: (await tools.byName('p1', 'tool_t1')).map((t) => t.id),
        removedTool: [await tools.remove('p2', 't1'), await tools.remove('p1', 't1'), await tools.remove('p1', 't1')],
        removedKit: await toolkits.remove('p1', 'k2'),
        cascaded: await tools.byId('p1', 't2'),
      }
    })
    expect([r.nameTaken, r.toolNameTaken, r.noToolkit]).toEqual([
      { error: 'UniqueViolation' },
      { error: 'UniqueViolation' },
      { error: 'ForeignKeyViolation' },
    ])
    expect(r.kit).toMatchObject({ display_name: 'Deux', description: 'second' })
    expect(r.kitOther).toBeNull()
    expect(r.byId).toMatchObject({ title: 'Three', task_support: 'optional' })
    expect([r.page, r.pageOfKit, r.byName]).toEqual([['t2'], ['t1', 't3'], ['t1', 't2']])
    expect(r.removedTool).toEqual([false, true, false])
    expect(r.removedKit).toBe(true)
    expect(r.cascaded).toBeNull()
  })

  test('server attachments: positions, upserts, users of a toolkit or tool, discovery; a deleted toolkit detaches', async () => {
    const r = await d.same(async ({ toolkits, tools, serverTools, servers }) => {
      await done(toolkits.insert(toolkit('p1', 'k5')))
      await done(tools.insert(tool('p1', 'k5', 't50')))
      await done(
        serverTools.upsertToolkit({ server_id: 's1', toolkit_id: 'k1', credentials: '{}', prefix: '', created_at: AT }),
      )
      await done(
        serverTools.upsertToolkit({ server_id: 's1', toolkit_id: 'k5', credentials: '{}', prefix: '', created_at: AT }),
      )
      await done(
        serverTools.upsertToolkit({
          server_id: 's1',
          toolkit_id: 'k1',
          credentials: '{"gh":"c1"}',
          prefix: 'kit',
          created_at: at(1),
        }),
      )
      await done(
        serverTools.upsertToolkit({ server_id: 's2', toolkit_id: 'k5', credentials: '{}', prefix: '', created_at: AT }),
      )
      const row = {
        server_id: 's2',
        tool_id: 't3',
        source: 'added' as const,
        credential_id: null,
        enabled: 1,
        created_at: AT,
      }
      await done(serverTools.upsertTool(row))
      await done(serverTools.upsertTool({ ...row, tool_id: 't50', source: 'override', enabled: 0 }))
      await done(serverTools.upsertTool({ ...row, credential_id: 'c9', enabled: 0 }))
      const noServer = await outcome(serverTools.upsertTool({ ...row, server_id: 'ghost' }))
      await done(servers.update(server('p1', 's2', { tool_discovery: '{"mode":"search"}' })))
      const before = {
        s1: await serverTools.toolkits('s1'),
        s2tools: await serverTools.tools('s2'),
        one: await serverTools.tool('s2', 't3'),
        none: await serverTools.tool('s1', 't3'),
        exists: [await serverTools.serverExists('p1', 's1'), await serverTools.serverExists('p2', 's1')],
        projectServers: await serverTools.projectServers('p1'),
        usingK5: (await serverTools.serversUsing('p1', 'k5')).sort(),
        usingK1OrT3: (await serverTools.serversUsing('p1', 'k1', 't3')).sort(),
        discovery: [await serverTools.discovery('s2'), await serverTools.discovery('s1')],
      }
      await done(toolkits.remove('p1', 'k5'))
      const detached = (await serverTools.toolkits('s1')).map((t) => t.toolkit_id)
      await done(serverTools.clearToolkits('s1'))
      return { noServer, ...before, detached, cleared: await serverTools.toolkits('s1') }
    })
    expect(r.noServer).toEqual({ error: 'ForeignKeyViolation' })
    expect(r.s1.map((t) => [t.toolkit_id, t.position, t.credentials])).toEqual([
      ['k1', 0, '{"gh":"c1"}'],
      ['k5', 1, '{}'],
    ])
    expect(r.one).toMatchObject({ credential_id: 'c9', enabled: 0, source: 'added' })
    expect(r.exists).toEqual([true, false])
    expect([r.usingK5, r.usingK1OrT3]).toEqual([
      ['s1', 's2'],
      ['s1', 's2'],
    ])
    expect(r.discovery).toEqual(['{"mode":"search"}', null])
    expect(r.detached).toEqual(['k1'])
    expect(r.cleared).toEqual([])
  })
})

test('PostgreSQL: attaches to one server at once get distinct positions', async () => {
  const { serverTools } = postgresRepositories(d.pg)
  await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      serverTools.upsertToolkit({
        server_id: 's2',
        toolkit_id: `race-${i}`,
        credentials: '{}',
        prefix: '',
        created_at: AT,
      }),
    ),
  )
  const positions = (await serverTools.toolkits('s2'))
    .filter((t) => t.toolkit_id.startsWith('race-'))
    .map((t) => t.position)
  expect(new Set(positions).size).toBe(12)
})

describe('functions', () => {
  const fn = (id: string, name: string, extra: Partial<FunctionRow> = {}): FunctionRow => ({
    id,
    project_id: 'p1',
    name,
    runtime: 'javascript',
    code: 'return 1',
    http: null,
    memory_mb: 64,
    timeout_ms: 5000,
    isolation: 'warm',
    description: null,
    created_at: AT,
    updated_at: AT,
    ...extra,
  })

  test('insert, update, lookups, pages, users in order; a taken name is a UniqueViolation', async () => {
    const r = await d.same(async ({ functions, tools, toolkits }) => {
      await done(functions.insert(fn('f2', 'fn')))
      await done(functions.insert(fn('f1', 'other')))
      const taken = await outcome(functions.insert(fn('f3', 'fn')))
      const renameTaken = await outcome(functions.update(fn('f1', 'fn')))
      await done(functions.update(fn('f2', 'fn', { code: null, runtime: 'http', http: '{"url":"x"}', timeout_ms: 9 })))
      await done(toolkits.insert(toolkit('p1', 'k6')))
      await done(tools.insert(tool('p1', 'k6', 't60', { name: 'Zeta' })))
      await done(tools.insert(tool('p1', 'k6', 't61', { name: 'alpha' })))
      return {
        taken,
        renameTaken,
        byId: await functions.byId('p1', 'f2'),
        byName: (await functions.byName('p1', 'other'))?.id,
        page: (await functions.list('p1', 'f1', 5)).map((f) => f.id),
        usedBy: await functions.usedBy('p1', 'fn'),
        removed: [await functions.remove('p1', 'f1'), await functions.remove('p1', 'f1')],
      }
    })
    expect([r.taken, r.renameTaken]).toEqual([{ error: 'UniqueViolation' }, { error: 'UniqueViolation' }])
    expect(r.byId).toMatchObject({ runtime: 'http', code: null, timeout_ms: 9 })
    expect(r.page).toEqual(['f2'])
    // Byte order: upper case before lower case, as SQLite sorts.
    expect(r.usedBy.map((u) => u.name).slice(0, 3)).toEqual(['Zeta', 'alpha', 'tool_t3'])
    expect(r.removed).toEqual([true, false])
  })
})

describe('remote and OpenAPI toolkits', () => {
  test('remote: insert, spec update, status (kept fields), all, the credential a sync uses', async () => {
    const row = (toolkit_id: string): RemoteRow => ({
      toolkit_id,
      project_id: 'p1',
      url: 'http://127.0.0.1:1/mcp',
      transport: 'streamable-http',
      headers: '{}',
      auth: '{"type":"oauth","provider":"gh"}',
      prefix: '',
      refresh_interval_s: 300,
      timeout_ms: 60000,
      last_sync_at: null,
      last_error: null,
      server_info: null,
      protocol_version: null,
    })
    const r = await d.same(async ({ remote, toolkits, serverTools, credentials }) => {
      await done(toolkits.insert(toolkit('p1', 'r1', { toolkit_type: 'remote' })))
      await done(toolkits.insert(toolkit('p1', 'r2', { toolkit_type: 'remote' })))
      await done(remote.insert(row('r2')))
      await done(remote.insert(row('r1')))
      const twice = await outcome(remote.insert(row('r1')))
      await done(
        remote.updateSpec('r1', {
          url: 'http://127.0.0.1:2/mcp',
          transport: 'sse',
          headers: { 'x-a': 'b' },
          auth: { type: 'none' },
          prefix: 'up_',
          refresh_interval_s: 60,
          timeout_ms: 1000,
        }),
      )
      await done(
        remote.setStatus('r1', {
          last_sync_at: at(1),
          last_error: null,
          server_info: '{"name":"up"}',
          protocol_version: '2025-06-18',
        }),
      )
      await done(
        remote.setStatus('r1', { last_sync_at: at(2), last_error: 'down', server_info: null, protocol_version: null }),
      )
      for (const [id, created] of [
        ['c1', 1],
        ['c2', 2],
      ] as const)
        await done(
          credentials.insert({
            id,
            project_id: 'p1',
            name: id,
            provider_id: 'gh',
            kind: 'static',
            data_sealed: 'x',
            status: 'active',
            scopes: null,
            expires_at: null,
            has_refresh_token: 0,
            refresh_failures: 0,
            refresh_retry_after: null,
            last_error: null,
            refreshed_at: null,
            created_at: at(created),
            updated_at: AT,
          }),
        )
      const newest = await remote.syncCredential('p1', 'r1', 'gh')
      await done(
        serverTools.upsertToolkit({
          server_id: 's2',
          toolkit_id: 'r1',
          credentials: '{"gh":"c1"}',
          prefix: '',
          created_at: AT,
        }),
      )
      return {
        twice,
        byToolkit: await remote.byToolkit('r1'),
        all: (await remote.all()).map((x) => x.toolkit_id),
        newest,
        mapped: await remote.syncCredential('p1', 'r1', 'gh'),
        none: await remote.syncCredential('p1', 'r1', 'slack'),
      }
    })
    expect(r.twice).toEqual({ error: 'UniqueViolation' })
    expect(r.byToolkit).toMatchObject({
      url: 'http://127.0.0.1:2/mcp',
      headers: '{"x-a":"b"}',
      last_error: 'down',
      server_info: '{"name":"up"}',
      protocol_version: '2025-06-18',
      refresh_interval_s: 60,
    })
    expect(r.all).toEqual(['r1', 'r2'])
    expect([r.newest, r.mapped, r.none]).toEqual(['c2', 'c1', undefined])
  })

  test('OpenAPI: upserted document and operations; a tool delete takes its operation', async () => {
    const r = await d.same(async ({ openApi, toolkits, tools }) => {
      await done(toolkits.insert(toolkit('p1', 'o1', { toolkit_type: 'openapi' })))
      await done(tools.insert(tool('p1', 'o1', 'ot1')))
      const doc = {
        toolkit_id: 'o1',
        project_id: 'p1',
        document: '{"openapi":"3.1.0"}',
        settings: '{}',
        updated_at: AT,
      }
      await done(openApi.upsertToolkit(doc))
      await done(openApi.upsertToolkit({ ...doc, settings: '{"tags":["a"]}', updated_at: at(1) }))
      await done(openApi.setOperation('ot1', 'o1', '{"op":1}'))
      await done(openApi.setOperation('ot1', 'o1', '{"op":2}'))
      const orphan = await outcome(openApi.setOperation('ghost', 'o1', '{}'))
      const before = await openApi.operation('ot1')
      const all = await openApi.operationsByToolkit('o1')
      await done(tools.remove('p1', 'ot1'))
      return {
        orphan,
        toolkit: await openApi.toolkit('p1', 'o1'),
        other: await openApi.toolkit('p2', 'o1'),
        byToolkit: await openApi.byToolkit('o1'),
        missing: await openApi.byToolkit('nope'),
        before,
        all,
        afterAll: await openApi.operationsByToolkit('o1'),
        after: await openApi.operation('ot1'),
      }
    })
    expect(r.orphan).toEqual({ error: 'ForeignKeyViolation' })
    expect(r.toolkit).toMatchObject({ settings: '{"tags":["a"]}', updated_at: at(1) })
    expect([r.other, r.before, r.after]).toEqual([null, '{"op":2}', null])
    expect([r.byToolkit, r.missing]).toEqual([r.toolkit, null])
    expect([r.all, r.afterAll]).toEqual([[{ tool_id: 'ot1', operation: '{"op":2}' }], []])
  })
})

describe('tool search', () => {
  test('the same tools match; a name match ranks above a description match; catalog tools are found for any project', async () => {
    const r = await d.same(async ({ toolSearch, toolkits, tools }) => {
      await done(toolkits.insert(toolkit('p1', 'ks', { name: 'mail', display_name: 'Mail' })))
      await done(tools.insert(tool('p1', 'ks', 'ts1', { name: 'sendEmail', description: 'Delivers a message' })))
      await done(
        tools.insert(
          tool('p1', 'ks', 'ts2', {
            name: 'list_folders',
            description: 'Lists folders; can also email a summary',
            input_schema: '{"type":"object","properties":{"recipient":{"type":"string","description":"who gets it"}}}',
          }),
        ),
      )
      await done(tools.insert(tool('p2', 'k9', 'ts3', { name: 'sendEmail' })).catch(() => {}))
      await done(
        toolSearch.insertCatalog({
          id: 'cat1',
          toolkit: 'weather',
          name: 'forecast',
          title: 'Weather forecast',
          description: 'Tomorrow’s weather',
          input_schema: '{}',
          first_seen_at: '2026-11-29T00:00:00.000Z',
        }),
      )
      const ids = async (query: string, project = 'p1') =>
        [...(await toolSearch.matches(query, project))].map((m) => m.tool_id)
      const ranks = [...(await toolSearch.matches('"email" OR "send"', 'p1'))].map((m) => m.rank)
      const result = {
        email: await ids('"email" OR "send"'),
        param: await ids('"recipient"'),
        stemmed: await ids('"folder"'),
        catalog: await ids('"forecast"', 'p2'),
        otherProject: await ids('"email"', 'p2'),
        nothing: await ids('"zzzz"'),
        catalogRows: (await toolSearch.catalog()).map((c) => c.id),
        negativeRanks: ranks.every((x) => x < 0),
      }
      await done(toolSearch.removeCatalog('cat1'))
      await done(toolSearch.optimize())
      return { ...result, afterRemove: await ids('"forecast"'), changes: typeof (await toolSearch.toolChanges()) }
    })
    expect(r.email).toEqual(['ts1', 'ts2'])
    expect(r.param).toEqual(['ts2'])
    expect(r.stemmed).toEqual(['ts2'])
    expect(r.catalog).toEqual(['cat1'])
    expect(r.otherProject).toEqual([])
    expect(r.nothing).toEqual([])
    expect(r.catalogRows).toEqual(['cat1'])
    expect(r.negativeRanks).toBe(true)
    expect(r.afterRemove).toEqual([])
    expect(r.changes).toBe('number')
  })
})
