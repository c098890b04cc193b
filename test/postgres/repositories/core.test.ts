// Projects, API keys, servers, data keys and the health check: the same scenarios on SQLite and PostgreSQL give the
// same results (./harness.ts).
import { describe, expect, test } from 'bun:test'
import { dialects, done, outcome } from './harness'
import { AT, at, project, server } from './rows'

const d = dialects()

describe('projects and keys', () => {
  test('insert, look up, count, list in order; a taken name is a UniqueViolation', async () => {
    const r = await d.same(async ({ projects }) => {
      await done(projects.insertProject(project('p1')))
      await done(projects.insertProject({ id: 'p0', name: 'zero', created_at: at(5) }))
      return {
        again: await outcome(projects.insertProject({ id: 'p9', name: 'project p1', created_at: AT })),
        byName: await projects.projectByName('project p1'),
        byId: await projects.projectById('p0'),
        missing: await projects.projectById('nope'),
        all: await projects.allProjects(),
        count: await projects.countProjects(),
      }
    })
    expect(r.again).toEqual({ error: 'UniqueViolation' })
    expect(r.all.map((p) => p.id)).toEqual(['p1', 'p0'])
    expect(r.count).toBe(2)
    expect(r.missing).toBeNull()
  })

  test('keys: insert, by hash and id, list, revoke once, touch; an unknown project is a ForeignKeyViolation', async () => {
    const key = (id: string, extra = {}) => ({
      id,
      project_id: 'p1',
      name: `key ${id}`,
      prefix: 'ty_',
      hash: `hash-${id}`,
      created_at: AT,
      expires_at: null,
      role: 'admin' as const,
      server_ids: null,
      ...extra,
    })
    const r = await d.same(async ({ projects }) => {
      await done(projects.insertKey(key('k2')))
      await done(projects.insertKey(key('k1', { role: 'mcp', server_ids: '["s1"]', expires_at: at(60) })))
      const orphan = await outcome(projects.insertKey(key('k3', { project_id: 'ghost' })))
      const duplicate = await outcome(projects.insertKey(key('k4', { hash: 'hash-k1' })))
      const revoked = await projects.revokeKey('k1', at(1))
      const revokedAgain = await projects.revokeKey('k1', at(2))
      await done(projects.touchKey('k2', at(3)))
      return {
        orphan,
        duplicate,
        revoked,
        revokedAgain,
        byHash: await projects.keyByHash('hash-k1'),
        byId: await projects.keyById('k2'),
        list: await projects.keysOfProject('p1'),
      }
    })
    expect(r.orphan).toEqual({ error: 'ForeignKeyViolation' })
    expect(r.duplicate).toEqual({ error: 'UniqueViolation' })
    expect([r.revoked, r.revokedAgain]).toEqual([true, false])
    expect(r.byHash).toMatchObject({ id: 'k1', role: 'mcp', revoked_at: at(1), server_ids: '["s1"]' })
    expect(r.byId?.last_used_at).toBe(at(3))
    expect(r.list.map((k) => k.id)).toEqual(['k1', 'k2'])
  })
})

describe('servers', () => {
  test('insert, lookups, pages with cursor and limit, update, remove with its boolean', async () => {
    const r = await d.same(async ({ servers }) => {
      for (const id of ['s3', 's1', 's2']) await done(servers.insert(server('p1', id)))
      const slugClash = await outcome(servers.insert(server('p1', 's4', { slug: 'slug-s1' })))
      const orphan = await outcome(servers.insert(server('ghost', 's5')))
      await done(
        servers.update(
          server('p1', 's2', {
            name: 'renamed',
            display_name: 'Two',
            tool_discovery: '{"mode":"search"}',
            updated_at: at(9),
          }),
        ),
      )
      // Another project's id is not this project's server.
      await done(servers.update(server('p0', 's3', { name: 'not mine' })))
      return {
        slugClash,
        orphan,
        byId: await servers.byId('p1', 's2'),
        otherProject: await servers.byId('p0', 's2'),
        bySlug: await servers.bySlug('slug-s3'),
        taken: [await servers.slugTaken('slug-s1'), await servers.slugTaken('free')],
        page1: (await servers.list('p1', undefined, 2)).map((s) => s.id),
        page2: (await servers.list('p1', 's2', 2)).map((s) => s.id),
        removedOther: await servers.remove('p0', 's1'),
        removed: await servers.remove('p1', 's1'),
        removedAgain: await servers.remove('p1', 's1'),
        after: (await servers.list('p1', undefined, 10)).map((s) => s.name),
      }
    })
    expect(r.slugClash).toEqual({ error: 'UniqueViolation' })
    expect(r.orphan).toEqual({ error: 'ForeignKeyViolation' })
    expect(r.byId).toMatchObject({ name: 'renamed', display_name: 'Two', tool_discovery: '{"mode":"search"}' })
    expect(r.otherProject).toBeNull()
    expect(r.taken).toEqual([true, false])
    expect([r.page1, r.page2]).toEqual([['s1', 's2'], ['s3']])
    expect([r.removedOther, r.removed, r.removedAgain]).toEqual([false, true, false])
    expect(r.after).toEqual(['renamed', 'server s3'])
  })
})

describe('data keys and health', () => {
  test('insert, latest per project, rewrap, all in order; ping answers', async () => {
    const r = await d.same(async ({ dataKeys, health }) => {
      for (const id of ['dk1', 'dk2'])
        await done(dataKeys.insert({ id, project_id: 'p1', master_key_id: 'm1', wrapped: `w-${id}`, created_at: AT }))
      await done(dataKeys.rewrap('dk1', 'm2', 'rewrapped'))
      await health.ping()
      return {
        latest: await dataKeys.latestForProject('p1'),
        none: await dataKeys.latestForProject('p0'),
        byId: await dataKeys.byId('dk1'),
        all: await dataKeys.all(),
      }
    })
    expect(r.latest?.id).toBe('dk2')
    expect(r.none).toBeNull()
    expect(r.byId).toEqual({ id: 'dk1', project_id: 'p1', master_key_id: 'm2', wrapped: 'rewrapped', created_at: AT })
    expect(r.all).toHaveLength(2)
  })
})
