// What the tools repositories write per engine: attach positions (one statement on SQLite, a locked server row on
// PostgreSQL), functions' users in byte order, and tool search (FTS5 against a tsvector). The same scenarios on SQLite
// and PostgreSQL give the same results (./harness.ts).
import { beforeAll, describe, expect, test } from 'bun:test'
import type { FunctionRow } from '../../../src/modules/tools/functions/repository'
import { serverToolsRepository } from '../../../src/modules/tools/server-tools/repository'
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

describe('server attachments', () => {
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
  const serverTools = serverToolsRepository(d.pg)
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
      await done(tools.insert(tool('p1', 'k6', 't3')))
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

describe('the catalog copy', () => {
  test('catalog rows are kept and removed alike', async () => {
    const r = await d.same(async ({ toolSearch }) => {
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
      const rows = (await toolSearch.catalog()).map((c) => [c.id, c.first_seen_at])
      await done(toolSearch.removeCatalog('cat1'))
      return { rows, afterRemove: (await toolSearch.catalog()).length }
    })
    expect(r.rows).toEqual([['cat1', '2026-11-29T00:00:00.000Z']])
    expect(r.afterRemove).toBe(0)
  })
})
