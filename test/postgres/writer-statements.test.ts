// What the call log and the audit trail cost PostgreSQL in round trips (docs/decisions/0410-postgres-call-log-cost.md):
// a warm builtin tools/call sends no statement from the request path (its call-log row and audit entry go to the
// writer threads' own connections), and a batch of calls costs the writers a fixed number of statements, however many
// calls it holds. Counted by the adapter (PgDb.statements: every statement it sends, BEGIN and COMMIT included).
// The call log's rows carry no per-row check (PostgreSQL migration 031): no foreign key, no time index; what those
// did is still done, by the batch's project check, a trigger and the retention job's delete by id.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import { migratePostgres } from '../../src/db/postgres/migrate'
import { openPostgres, type PgDb } from '../../src/db/postgres/sql'
import { createPgStore, type PgStore } from '../../src/db/postgres/store'
import { appendBatch, type PendingAudit } from '../../src/modules/audit/batch'
import { auditRepository } from '../../src/modules/audit/repository'
import { callsRepository, type PendingCall, toRow } from '../../src/modules/calls/repository'
import { webhooksRepository } from '../../src/modules/webhooks/repository'
import { json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../helpers/postgres'

const newDatabase = testDatabases()

describe('the request path', () => {
  let app: TestApp
  let slug: string
  beforeAll(async () => {
    // No background jobs: their polls are the pool's only other statements. Rate limits are off (the test app's
    // default): with them on, each counted request is one statement on the shared windows, by design.
    app = await startTestApp(
      { TOOLYARD_DATABASE_URL: await newDatabase(), TOOLYARD_MASTER_KEY: randomBytes(32).toString('base64') },
      { overrides: { background: false } },
    )
    const server = await json(
      await app.api('/servers', { body: { name: 'counted', toolkits: [{ toolkit_id: 'prebuilt-utilities' }] } }),
      201,
    )
    slug = server.data.slug
  }, POSTGRES_START_TIMEOUT_MS)
  afterAll(() => app?.stop())

  const pool = () => (app.server.deps.store as PgStore).db
  const call = async (headers: Record<string, string> = {}) => {
    const res = await app.api(`/${slug}`, {
      headers: { accept: 'application/json, text/event-stream', ...headers },
      body: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } },
    })
    const text = await res.text()
    expect(res.status).toBe(200)
    expect(text).toContain('"hi"')
    expect(text).not.toContain('"isError":true')
  }

  test('a warm builtin tools/call sends no statement from the request path; its row and entry are still written', async () => {
    for (let i = 0; i < 3; i++) await call()
    await Promise.all([app.server.deps.callLog.flush(), app.server.deps.audit.flush()])
    const before = pool().statements
    for (let i = 0; i < 20; i++) await call()
    expect(pool().statements - before).toBe(0)
    await Promise.all([app.server.deps.callLog.flush(), app.server.deps.audit.flush()])
    // Flushed through the writer threads' own connections: still nothing on the pool.
    expect(pool().statements - before).toBe(0)
    const [calls] = await app.sql(`SELECT count(*)::int AS n FROM call_log WHERE name = 'echo'`)
    expect(calls?.n).toBe(23)
    const [entries] = await app.sql(`SELECT count(*)::int AS n FROM audit_entries WHERE resource_id = 'echo'`)
    expect(entries?.n).toBe(23)
  })

  test('the same call inside a 2025 session sends none either', async () => {
    const init = await app.api(`/${slug}`, {
      headers: { accept: 'application/json, text/event-stream' },
      body: {
        jsonrpc: '2.0',
        id: 0,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'counter', version: '1' } },
      },
    })
    expect(init.status).toBe(200)
    const session = init.headers.get('mcp-session-id')
    expect(session).toBeTruthy()
    const headers = { 'mcp-session-id': session!, 'mcp-protocol-version': '2025-11-25' }
    await init.text()
    for (let i = 0; i < 3; i++) await call(headers)
    const before = pool().statements
    for (let i = 0; i < 20; i++) await call(headers)
    expect(pool().statements - before).toBe(0)
  })
})

describe('the writers', () => {
  let db: PgDb
  let store: PgStore
  const PROJECT = 'p-counted'
  beforeAll(async () => {
    db = openPostgres(await newDatabase(), { max: 1 })
    await migratePostgres(db.sql)
    await db.run(`INSERT INTO projects (id, name, created_at) VALUES ($id, $id, '2026-01-01T00:00:00.000Z')`, {
      id: PROJECT,
    })
    store = createPgStore(db)
  }, POSTGRES_START_TIMEOUT_MS)
  afterAll(() => db?.close())

  const pendingCall = (project_id: string, i: number): PendingCall => ({
    project_id,
    server_id: 's-counted',
    kind: 'tool',
    name: `tool_${i % 7}`,
    outcome: 'ok',
    duration_ms: i,
    error: null,
    request_id: `req-${i}`,
    user_id: null,
    at: Date.parse('2026-11-29T12:00:00.000Z') + i,
  })

  test('a call-log batch of 1,200 calls is one statement, and a deleted project’s calls in it are dropped alone', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => toRow(pendingCall(i % 100 === 0 ? 'p-gone' : PROJECT, i)))
    const before = db.statements
    await callsRepository(store).insertAll(rows)
    expect(db.statements - before).toBe(1)
    const [kept] = await db.all<{ n: number }>('SELECT count(*)::int AS n FROM call_log WHERE project_id = $p', {
      p: PROJECT,
    })
    expect(kept?.n).toBe(1188)
    const [first] = await db.all<Record<string, unknown>>('SELECT * FROM call_log WHERE request_id = $r', {
      r: 'req-1',
    })
    // The row as stored: `created_ms` is what the writer hands SQLite in place of the text (no column here).
    const { created_ms: _ms, ...stored } = rows[1]!
    expect(first).toMatchObject({ ...stored, duration_ms: 1, user_id: null })
  })

  test('an audit batch costs the same statements for 50 entries as for 500 (one insert for all of them)', async () => {
    const ports = { store, repo: auditRepository(store), deliveries: webhooksRepository(store) }
    const batch = (n: number): PendingAudit[] =>
      Array.from({ length: n }, (_, i) => ({
        projectId: PROJECT,
        at: Date.parse('2026-11-29T12:00:00.000Z') + i,
        call: { name: 'echo', outcome: 'ok', durationMs: 1, serverId: 's-counted', args: { text: `a\u0000${i}` } },
      }))
    const cost = async (n: number) => {
      const before = db.statements
      const outcome = await appendBatch(ports, batch(n))
      expect(outcome.dropped).toBe(0)
      return db.statements - before
    }
    const small = await cost(50)
    const large = await cost(500)
    expect(large).toBe(small)
    // BEGIN, the head row made and locked (two), the server's log_arguments, the entries, the head updated, the
    // project's audit subscriptions, COMMIT.
    expect(large).toBe(8)
    const [entries] = await db.all<{ n: number }>(
      'SELECT count(*)::int AS n FROM audit_entries WHERE project_id = $p',
      {
        p: PROJECT,
      },
    )
    expect(entries?.n).toBe(550)
  })

  test('a call-log row costs no check of its own: no foreign key and no time index, the batch checks its projects', async () => {
    const constraints = await db.all<{ contype: string }>(
      `SELECT contype FROM pg_constraint WHERE conrelid = 'call_log'::regclass AND contype = 'f'`,
    )
    expect(constraints).toEqual([])
    const indexes = (
      await db.all<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename = 'call_log'`)
    )
      .map((r) => r.indexname)
      .sort()
    expect(indexes).toEqual([
      'call_log_name',
      'call_log_outcome',
      'call_log_pkey',
      'call_log_project',
      'call_log_server',
      'call_log_user',
    ])
  })

  test('a deleted project takes its calls with it, as the foreign key did', async () => {
    await db.run(`INSERT INTO projects (id, name, created_at) VALUES ('p-deleted', 'p-deleted', '2026-01-01')`)
    await callsRepository(store).insertAll([toRow(pendingCall('p-deleted', 1)), toRow(pendingCall(PROJECT, 2))])
    await db.run(`DELETE FROM projects WHERE id = 'p-deleted'`)
    const left = await db.all<{ project_id: string; n: number }>(
      `SELECT project_id, count(*)::int AS n FROM call_log WHERE project_id IN ('p-deleted', $p) GROUP BY project_id`,
      { p: PROJECT },
    )
    expect(left.map((r) => r.project_id)).toEqual([PROJECT])
  })

  test('the retention job deletes by the ids’ time: a call a millisecond before the cut goes, one at the cut stays', async () => {
    const cut = Date.parse('2026-06-01T00:00:00.000Z')
    const before = { ...pendingCall(PROJECT, 0), request_id: 'retention-before', at: cut - 1 }
    const at = { ...pendingCall(PROJECT, 0), request_id: 'retention-at', at: cut }
    await callsRepository(store).insertAll([toRow(before), toRow(at)])
    const purged = await callsRepository(store).purgeBefore(new Date(cut).toISOString())
    expect(purged).toBe(1)
    const left = await db.all<{ request_id: string }>(
      `SELECT request_id FROM call_log WHERE request_id LIKE 'retention-%'`,
    )
    expect(left.map((r) => r.request_id)).toEqual(['retention-at'])
  })
})
