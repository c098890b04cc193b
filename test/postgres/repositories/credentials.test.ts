// What the credentials repositories write per engine: the refresh's due-time arithmetic (julianday against epoch
// seconds) and its claim, and providers listed in byte order. The same scenarios on SQLite and PostgreSQL give the same
// results (./harness.ts).
import { beforeAll, describe, expect, test } from 'bun:test'
import { isRefreshDue } from '../../../src/modules/credentials/oauth/due'
import type { ProviderRow } from '../../../src/modules/credentials/providers/repository'
import type { CredentialRow } from '../../../src/modules/credentials/repository'
import { dialects, done, outcome } from './harness'
import { AT, at, project } from './rows'

const d = dialects()

beforeAll(() =>
  d.same(async ({ projects }) => {
    await done(projects.insertProject(project('p1')))
    await done(projects.insertProject(project('p2')))
  }),
)

const credential = (id: string, extra: Partial<CredentialRow> = {}): CredentialRow => ({
  id,
  project_id: 'p1',
  name: `cred ${id}`,
  provider_id: 'gh',
  kind: 'oauth',
  data_sealed: 'sealed',
  status: 'active',
  scopes: null,
  expires_at: null,
  has_refresh_token: 1,
  refresh_failures: 0,
  refresh_retry_after: null,
  last_error: null,
  refreshed_at: null,
  created_at: AT,
  updated_at: AT,
  ...extra,
})

describe('credentials', () => {
  test('due: within the margin, capped at half the lifetime, not cooling down, not auth_required, soonest first', async () => {
    const now = at(10_000)
    const before = at(10_000 + 600) // a 10-minute margin
    const r = await d.same(async ({ credentials }) => {
      const rows = [
        // Expired long ago: due, first.
        credential('c1', { refreshed_at: at(2), expires_at: at(3600) }),
        // Lives an hour, 5 minutes left: due (5 min ≤ half of 60).
        credential('d1', { created_at: at(10_000 - 3300), expires_at: at(10_300) }),
        // Lives 12 minutes, 8 left: inside the margin but more than half its life left: not due.
        credential('d2', { created_at: at(10_000 - 240), expires_at: at(10_480) }),
        // Same, but refreshed long ago counts from the refresh: due.
        credential('d3', { created_at: at(0), refreshed_at: at(10_000 - 1000), expires_at: at(10_400) }),
        // Already expired: due.
        credential('d4', { expires_at: at(9_000) }),
        // Cooling down until later: not due; cooled down: due.
        credential('d5', { expires_at: at(10_100), refresh_retry_after: at(10_050) }),
        credential('d6', { expires_at: at(10_200), refresh_retry_after: at(9_999) }),
        // No refresh token, auth_required, static, far off: never.
        credential('d7', { expires_at: at(10_100), has_refresh_token: 0 }),
        credential('d8', { expires_at: at(10_100), status: 'auth_required' }),
        credential('d9', { expires_at: at(10_100), kind: 'static' }),
        credential('d10', { expires_at: at(20_000) }),
      ]
      for (const row of rows) await done(credentials.insert(row))
      return credentials.due(before, now)
    })
    expect(r.map((c) => c.id)).toEqual(['c1', 'd4', 'd6', 'd1', 'd3'])
    expect(r[1]).toEqual({ id: 'd4', project_id: 'p1' })
  })

  test('a tool call reads the same condition in memory: isRefreshDue agrees with due on every row', async () => {
    const now = at(10_000)
    const rows = await d.same(async ({ credentials }) => credentials.list('p1', undefined, 100))
    const due = new Set((await d.same(async ({ credentials }) => credentials.due(at(10_600), now))).map((c) => c.id))
    expect(due.size).toBe(5)
    expect(rows.length).toBeGreaterThan(10)
    expect(rows.filter((row) => isRefreshDue(row, 600, Date.parse(now))).map((row) => row.id)).toEqual(
      rows.filter((row) => due.has(row.id)).map((row) => row.id),
    )
  })

  test('claim: a due credential is taken once, leased with no error (a refresh under way); not due → false', async () => {
    const now = at(10_000)
    const claim = (id: string) => ({ id, project_id: 'p1', before: at(10_600), now, lease_until: at(10_030) })
    const r = await d.same(async ({ credentials }) => {
      await done(
        credentials.markFailure({
          id: 'd4',
          project_id: 'p1',
          status: 'active',
          refresh_retry_after: at(9_990),
          last_error: 'token endpoint answered HTTP 503',
          updated_at: at(9_985),
        }),
      )
      const first = await credentials.claim(claim('d4'))
      const second = await credentials.claim(claim('d4'))
      const leased = await credentials.byId('p1', 'd4')
      return {
        first,
        second,
        leased: { retry: leased!.refresh_retry_after, error: leased!.last_error, failures: leased!.refresh_failures },
        notDue: await credentials.claim(claim('d2')),
        backingOff: await credentials.claim(claim('d5')),
        otherProject: await credentials.claim({ ...claim('d1'), project_id: 'p2' }),
      }
    })
    expect(r).toEqual({
      first: true,
      second: false,
      leased: { retry: at(10_030), error: null, failures: 1 },
      notDue: false,
      backingOff: false,
      otherProject: false,
    })
  })
})

describe('providers', () => {
  test('providers: insert, lookups, list in byte order, remove; a taken id is a UniqueViolation', async () => {
    const provider = (id: string): ProviderRow => ({
      project_id: 'p1',
      id,
      name: id,
      auth_type: 'oauth',
      authorize_url: 'http://127.0.0.1/authorize',
      token_url: 'http://127.0.0.1/token',
      scopes: '[]',
      client_id: 'cid',
      client_secret_sealed: null,
      base_url: null,
      token_auth_method: 'client_secret_post',
      created_at: AT,
      updated_at: AT,
    })
    const r = await d.same(async ({ providers }) => {
      for (const id of ['b', 'a', 'Z']) await done(providers.insert(provider(id)))
      return {
        twice: await outcome(providers.insert(provider('a'))),
        byId: (await providers.byId('p1', 'a'))?.token_auth_method,
        other: await providers.byId('p2', 'a'),
        list: (await providers.list('p1')).map((p) => p.id),
        removed: [await providers.remove('p1', 'b'), await providers.remove('p1', 'b')],
      }
    })
    expect(r.twice).toEqual({ error: 'UniqueViolation' })
    expect([r.byId, r.other]).toEqual(['client_secret_post', null])
    expect(r.list).toEqual(['Z', 'a', 'b'])
    expect(r.removed).toEqual([true, false])
  })
})
