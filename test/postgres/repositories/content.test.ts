// Resources and prompts: the same scenarios on SQLite and PostgreSQL give the same results (./harness.ts).
import { beforeAll, describe, expect, test } from 'bun:test'
import type { PromptRow } from '../../../src/modules/prompts/repository'
import type { ResourceRow } from '../../../src/modules/resources/repository'
import { dialects, done, outcome } from './harness'
import { AT, at, project, server } from './rows'

const d = dialects()

beforeAll(() =>
  d.same(async ({ projects, servers }) => {
    await done(projects.insertProject(project('p1')))
    await done(projects.insertProject(project('p2')))
    for (const id of ['s1', 's2']) await done(servers.insert(server('p1', id)))
  }),
)

const resource = (id: string, extra: Partial<ResourceRow> = {}): ResourceRow => ({
  id,
  project_id: 'p1',
  server_id: 's1',
  name: `res ${id}`,
  uri: `file:///${id}`,
  is_template: 0,
  description: null,
  mime_type: 'text/plain',
  resource_type: 'static',
  requires_credentials: 0,
  credential_id: null,
  cache_ttl_seconds: 0,
  is_active: 1,
  content: 'hello',
  blob: null,
  path: null,
  url: null,
  method: null,
  headers: null,
  database: null,
  query: null,
  function_name: null,
  variables: null,
  created_at: AT,
  updated_at: AT,
  ...extra,
})

const prompt = (id: string, extra: Partial<PromptRow> = {}): PromptRow => ({
  id,
  project_id: 'p1',
  server_id: null,
  name: `prompt-${id}`,
  description: null,
  template: 'Hi {{name}}',
  messages: null,
  arguments: '[]',
  function_name: null,
  created_at: AT,
  updated_at: AT,
  ...extra,
})

describe('resources', () => {
  test('insert, update, lookups, listings (all, active, templates, per server, pages); uri taken; cascade from the server', async () => {
    const r = await d.same(async ({ resources, servers }) => {
      await done(resources.insert(resource('r3')))
      await done(resources.insert(resource('r1', { server_id: 's2' })))
      await done(resources.insert(resource('r2', { is_template: 1, uri: 'file:///{name}', variables: '{"name":{}}' })))
      await done(resources.insert(resource('r4', { is_active: 0 })))
      const uriTaken = await outcome(resources.insert(resource('r5', { uri: 'file:///r3' })))
      const noServer = await outcome(resources.insert(resource('r6', { server_id: 'ghost' })))
      await done(resources.update(resource('r3', { content: 'changed', cache_ttl_seconds: 30, updated_at: at(1) })))
      const listings = {
        byId: await resources.byId('p1', 'r3'),
        other: await resources.byId('p2', 'r3'),
        byUri: (await resources.byUri('p1', 'file:///{name}'))?.id,
        owner: [await resources.uriOwner('p1', 'file:///r1'), await resources.uriOwner('p1', 'file:///none')],
        all: (await resources.listAll('p1', undefined, undefined, 10)).map((x) => x.id),
        allOfS1: (await resources.listAll('p1', 's1', 'r2', 10)).map((x) => x.id),
        active: (await resources.listActive('p1', undefined, false)).map((x) => x.id),
        activeOfS1: (await resources.listActive('p1', 's1', false, undefined, 1)).map((x) => x.id),
        templates: (await resources.listActive('p1', undefined, true)).map((x) => x.id),
      }
      const removed = [
        await resources.remove('p2', 'r4'),
        await resources.remove('p1', 'r4'),
        await resources.remove('p1', 'r4'),
      ]
      await done(servers.remove('p1', 's2'))
      return { uriTaken, noServer, ...listings, removed, cascaded: await resources.byId('p1', 'r1') }
    })
    expect([r.uriTaken, r.noServer]).toEqual([{ error: 'UniqueViolation' }, { error: 'ForeignKeyViolation' }])
    expect(r.byId).toMatchObject({ content: 'changed', cache_ttl_seconds: 30, is_template: 0, is_active: 1 })
    expect(r.other).toBeNull()
    expect(r.byUri).toBe('r2')
    expect(r.owner).toEqual(['r1', undefined])
    expect(r.all).toEqual(['r1', 'r2', 'r3', 'r4'])
    expect(r.allOfS1).toEqual(['r3', 'r4'])
    expect([r.active, r.activeOfS1, r.templates]).toEqual([['r1', 'r3'], ['r3'], ['r2']])
    expect(r.removed).toEqual([false, true, false])
    expect(r.cascaded).toBeNull()
  })
})

describe('prompts', () => {
  test('insert, update, lookups, project-wide and per-server listings with pages; name taken', async () => {
    const r = await d.same(async ({ prompts }) => {
      await done(prompts.insert(prompt('q2')))
      await done(prompts.insert(prompt('q1', { server_id: 's1', messages: '[{"role":"user","content":"x"}]' })))
      await done(prompts.insert(prompt('q3', { server_id: 's1' })))
      const taken = await outcome(prompts.insert(prompt('q4', { name: 'prompt-q2' })))
      await done(prompts.update(prompt('q3', { server_id: null, name: 'renamed', function_name: 'render' })))
      return {
        taken,
        byId: await prompts.byId('p1', 'q3'),
        byName: (await prompts.byName('p1', 'prompt-q1'))?.server_id,
        other: await prompts.byName('p2', 'prompt-q1'),
        all: (await prompts.list('p1', undefined)).map((p) => p.id),
        onS1: (await prompts.list('p1', 's1', 'q1', 1)).map((p) => p.id),
        onGhost: (await prompts.list('p1', 'ghost')).map((p) => p.id),
        removed: [await prompts.remove('p1', 'q2'), await prompts.remove('p1', 'q2')],
      }
    })
    expect(r.taken).toEqual({ error: 'UniqueViolation' })
    expect(r.byId).toMatchObject({ name: 'renamed', server_id: null, function_name: 'render' })
    expect(r.byName).toBe('s1')
    expect(r.other).toBeNull()
    expect([r.all, r.onS1, r.onGhost]).toEqual([['q1', 'q2', 'q3'], ['q2'], ['q2', 'q3']])
    expect(r.removed).toEqual([true, false])
  })
})
