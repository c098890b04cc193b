// The call log's pages at any size (docs/decisions/0380-call-log-at-scale.md): every filter GET /calls offers is
// answered from an index that starts with the project and that filter, walked in page order, so no page sorts or
// scans the project's rows. Checked on the plans both engines make for the statements the repository runs.
import { describe, expect, test } from 'bun:test'
import { type CallFilter, postgresPage, sqlitePage } from '../../../src/modules/calls/repository'
import { dialects } from './harness'

const d = dialects()

const FILTERS: [CallFilter, string, string][] = [
  [{}, 'call_log_rows_project', 'call_log_project'],
  // Several filters: SQLite takes the first one's index; PostgreSQL may take any of theirs.
  [{ server_id: 's1', name: 'echo', outcome: 'ok' }, 'call_log_rows_server', 'call_log_(server|name|outcome)'],
  [{ server_id: 's1' }, 'call_log_rows_server', 'call_log_server'],
  [{ user_id: 'u1' }, 'call_log_rows_user', 'call_log_user'],
  [{ name: 'echo' }, 'call_log_rows_name', 'call_log_name'],
  [{ outcome: 'error' }, 'call_log_rows_outcome', 'call_log_outcome'],
]

describe('call log pages', () => {
  for (const [filter, sqliteIndex, pgIndex] of FILTERS) {
    const named = Object.keys(filter).join(' + ') || 'no filter'
    test(`${named}: SQLite walks ${sqliteIndex} in page order, no sort`, async () => {
      for (const before of [undefined, '12345']) {
        const { text, params } = sqlitePage('p1', filter, before, 51)
        const plan = d.sqlite.db
          .query<{ detail: string }, Record<string, string | number>>(`EXPLAIN QUERY PLAN ${text}`)
          .all(params as Record<string, string | number>)
          .map((r) => r.detail)
        const scan = plan.find((line) => /\bc\b/.test(line) && /^(SEARCH|SCAN)/.test(line))
        expect(scan).toContain(`INDEX ${sqliteIndex} (project_ref=?`)
        expect(plan.join('\n')).not.toContain('TEMP B-TREE')
      }
    })

    test(`${named}: PostgreSQL reads ${pgIndex} in page order, no sort`, async () => {
      const { text, params } = postgresPage('p1', filter, 'ffffffff-ffff-7fff-bfff-ffffffffffff', 51)
      const plan = await d.pg.tx(async () => {
        // On a near-empty table any plan is cheap; with sequential scans priced out, the plan shows which index fits.
        await d.pg.q().run('SET LOCAL enable_seqscan = off')
        return (await d.pg.q().all<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params)).map((r) => r['QUERY PLAN'])
      })
      const text_ = plan.join('\n')
      expect(text_).toMatch(new RegExp(`Index Scan( Backward)? using ${pgIndex} on call_log`))
      expect(text_).not.toContain('Sort')
    })
  }
})
