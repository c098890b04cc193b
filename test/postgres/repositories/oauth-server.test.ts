// Toolyard's own OAuth server storage where the engines differ: which unused client is the oldest (SQLite's rowid,
// PostgreSQL's creation time then id), with the caps and pruning around it. The same scenarios on SQLite and PostgreSQL
// give the same results (./harness.ts).
import { beforeAll, describe, expect, test } from 'bun:test'
import { dialects, done, outcome } from './harness'
import { AT, at, project, server } from './rows'

const d = dialects()

beforeAll(() =>
  d.same(async ({ projects, servers }) => {
    await done(projects.insertProject(project('p1')))
    await done(servers.insert(server('p1', 's1')))
    await done(servers.insert(server('p1', 's2')))
    await done(
      projects.insertKey({
        id: 'k1',
        project_id: 'p1',
        name: 'admin',
        prefix: 'ty_',
        hash: 'h1',
        created_at: AT,
        expires_at: at(9999),
        role: 'admin',
        server_ids: null,
      }),
    )
  }),
)

const client = (client_id: string, created: number, extra = {}) => ({
  client_id,
  client_name: `client ${client_id}`,
  redirect_uris: '["http://127.0.0.1/cb"]',
  created_at: at(created),
  registered_from: '127.0.0.1',
  last_used_at: null,
  ...extra,
})

describe('OAuth server storage', () => {
  test('clients: counts, per-address unused count, oldest unused evicted first, unused ones pruned', async () => {
    const r = await d.same(async ({ oauthServer }) => {
      await done(oauthServer.insertClient(client('cb', 1)))
      await done(oauthServer.insertClient(client('ca', 2)))
      await done(oauthServer.insertClient(client('cc', 3, { registered_from: '10.0.0.1' })))
      await done(oauthServer.insertClient(client('cd', 0, { last_used_at: at(5) })))
      const twice = await outcome(oauthServer.insertClient(client('ca', 9)))
      await done(oauthServer.touchClient('cc', at(6)))
      const counts = [
        await oauthServer.countClients(),
        await oauthServer.countUnusedFrom('127.0.0.1'),
        await oauthServer.countUnusedFrom('10.0.0.1'),
      ]
      const evicted = await oauthServer.deleteOldestUnusedClient()
      const gone = await oauthServer.client('cb')
      const pruned = await oauthServer.deleteUnusedClients(at(10))
      return {
        twice,
        counts,
        evicted,
        gone,
        pruned,
        left: [await oauthServer.client('cc'), await oauthServer.client('cd')].map((c) => c?.client_id),
        none: await oauthServer.deleteOldestUnusedClient(),
      }
    })
    expect(r.twice).toEqual({ error: 'UniqueViolation' })
    expect(r.counts).toEqual([4, 2, 0])
    expect([r.evicted, r.gone, r.pruned]).toEqual([true, null, 1])
    expect(r.left).toEqual(['cc', 'cd'])
    expect(r.none).toBe(false)
  })
})
