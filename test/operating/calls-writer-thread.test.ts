// The call log and the audit trail are written off the request path on either engine
// (docs/decisions/0381-postgres-call-log-thread.md): rows reach the database through each writer thread's own
// connection, and when the database stops taking them the
// rows waiting are bounded: a flush past the bound is dropped whole and counted in the call-log metric.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { AUDIT_WRITER } from '../../src/modules/audit/writer-worker'
import { CALL_LOG_WRITER } from '../../src/modules/calls/writer-protocol'
import { json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'

const ADMIN = 'admin-token-for-metrics-0123456789'
let app: TestApp
beforeAll(async () => {
  app = await startTestApp({ TOOLYARD_ADMIN_TOKEN: ADMIN })
})
afterAll(() => app.stop())

const report = (projectId: string, name: string) =>
  app.server.deps.callLog.observer.called({ kind: 'tool', projectId, name, outcome: 'ok', durationMs: 1 })

const dropped = async () => {
  const text = await (await fetch(`${app.base}/metrics`, { headers: { authorization: `Bearer ${ADMIN}` } })).text()
  const line = text.split('\n').find((l) => l.startsWith('toolyard_call_log_rows_dropped_total'))
  return Number(line?.split(' ').pop() ?? 0)
}

describe('the call log writer', () => {
  test('rows are written through the writer thread, and listed', async () => {
    report(app.projectId, 'threaded')
    await app.server.deps.callLog.flush()
    expect((await json(await app.api('/calls?tool=threaded'), 200)).calls).toHaveLength(1)
    if (app.server.deps.config.databaseUrl) {
      // PostgreSQL: the writer's own connection is the one the server sees for the call log.
      const [writer] = await app.sql('SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $name', {
        name: CALL_LOG_WRITER,
      })
      expect(writer?.n).toBe(1)
    }
  })

  test('a tool call’s audit entry is appended through the audit writer thread, and listed', async () => {
    report(app.projectId, 'audited')
    await app.server.deps.audit.flush()
    const { entries } = await json(await app.api('/audit'), 200)
    expect(entries.filter((e: { resource_id?: string }) => e.resource_id === 'audited')).toHaveLength(1)
    if (app.server.deps.config.databaseUrl) {
      const [writer] = await app.sql('SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $name', {
        name: AUDIT_WRITER,
      })
      expect(writer?.n).toBe(1)
    }
  })

  test('rows handed to the writer and not yet committed are bounded: the flush past the bound is dropped and counted', async () => {
    await app.server.deps.callLog.flush() // nothing of earlier tests left in the buffer
    const before = await dropped()
    // 20,000 rows in flight at most (src/modules/calls/service.ts). 41 flushes of 500 handed over in one go: none can
    // have committed before the last (a commit is heard only once this loop yields), so the 41st is past the bound.
    for (let f = 0; f < 41; f++) {
      for (let i = 0; i < 500; i++) report(app.projectId, 'held')
      void app.server.deps.callLog.flush()
    }
    await app.server.deps.callLog.flush()
    expect(await dropped()).toBe(before + 500)
    const [kept] = await app.sql("SELECT count(*) AS n FROM call_log WHERE name = 'held'")
    expect(Number(kept?.n)).toBe(20_000)
  })
})
