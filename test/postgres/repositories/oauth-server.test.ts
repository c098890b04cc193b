// Toolyard's own OAuth server storage: clients (caps and pruning), grants with their key's state, single-use codes and
// refresh tokens, expiry, transactions: the same scenarios on SQLite and PostgreSQL give the same results (./harness.ts).
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

  test('grants with their key, revocation once, single-use codes and refresh tokens, expiry, cascades', async () => {
    const r = await d.same(async ({ oauthServer, servers }) => {
      const grant = (id: string, server_id: string, created: number) => ({
        id,
        project_id: 'p1',
        server_id,
        client_id: 'cc',
        client_name: 'client cc',
        resource: `http://127.0.0.1/mcp/${server_id}`,
        created_at: at(created),
        key_id: id === 'g3' ? 'gone-key' : 'k1',
      })
      await done(oauthServer.insertGrant(grant('g2', 's1', 1)))
      await done(oauthServer.insertGrant(grant('g1', 's1', 2)))
      await done(oauthServer.insertGrant(grant('g3', 's2', 3)))
      const noServer = await outcome(oauthServer.insertGrant(grant('g4', 'ghost', 4)))
      await done(oauthServer.touchGrant('g1', at(7)))
      const revoked = [
        await oauthServer.revokeGrant('p1', 'g2', at(8)),
        await oauthServer.revokeGrant('p1', 'g2', at(9)),
      ]
      await done(
        oauthServer.insertCode({
          hash: 'code1',
          grant_id: 'g1',
          redirect_uri: 'x',
          code_challenge: 'c',
          expires_at: at(60),
        }),
      )
      await done(
        oauthServer.insertCode({
          hash: 'code2',
          grant_id: 'g3',
          redirect_uri: 'x',
          code_challenge: 'c',
          expires_at: at(5),
        }),
      )
      await done(oauthServer.insertRefresh({ hash: 'rt1', grant_id: 'g1', expires_at: at(100) }))
      await done(oauthServer.insertRefresh({ hash: 'rt2', grant_id: 'g1', expires_at: at(1) }))
      const codeOrphan = await outcome(
        oauthServer.insertCode({
          hash: 'code3',
          grant_id: 'ghost',
          redirect_uri: 'x',
          code_challenge: 'c',
          expires_at: AT,
        }),
      )
      const used = [await oauthServer.useCode('code1', at(10)), await oauthServer.useCode('code1', at(11))]
      const usedRefresh = [await oauthServer.useRefresh('rt1', at(10)), await oauthServer.useRefresh('rt1', at(11))]
      const inTx = await oauthServer.transaction(() => 'done')
      const result = {
        noServer,
        revoked,
        codeOrphan,
        used,
        usedRefresh,
        inTx,
        g1: await oauthServer.grant('g1'),
        g3: await oauthServer.grant('g3'),
        live: (await oauthServer.grantsOfProject('p1')).map((g) => g.id),
        code: await oauthServer.code('code1'),
        refresh: await oauthServer.refresh('rt1'),
        expired: await oauthServer.deleteExpired(at(50)),
      }
      await done(servers.remove('p1', 's1'))
      return {
        ...result,
        cascadedGrant: await oauthServer.grant('g1'),
        cascadedRefresh: await oauthServer.refresh('rt1'),
      }
    })
    expect(r.noServer).toEqual({ error: 'ForeignKeyViolation' })
    expect(r.codeOrphan).toEqual({ error: 'ForeignKeyViolation' })
    expect([r.revoked, r.used, r.usedRefresh]).toEqual([
      [true, false],
      [true, false],
      [true, false],
    ])
    expect(r.inTx).toBe('done')
    expect(r.g1).toMatchObject({ last_used_at: at(7), key_found: 'k1', key_revoked_at: null, key_expires_at: at(9999) })
    expect(r.g3).toMatchObject({ key_found: null, key_revoked_at: null })
    expect(r.live).toEqual(['g1', 'g3'])
    expect(r.code).toMatchObject({ used_at: at(10) })
    expect(r.refresh).toEqual({ hash: 'rt1', grant_id: 'g1', expires_at: at(100), used_at: at(10) })
    expect(r.expired).toBe(2)
    expect([r.cascadedGrant, r.cascadedRefresh]).toEqual([null, null])
  })
})
