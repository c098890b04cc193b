// Storage full (docs/reliability.md, "Faults"): a write the database has no room for answers 507 insufficient_storage
// with Retry-After in the one error envelope, never a 500; /mcp/health says `degraded` (storage `full`) until a write
// commits again; the protocol answers a JSON-RPC error that says so, and reads keep working.
//
// The storage is really full, through the real code path: on SQLite the app's own connection gets a page limit at the
// database's current size (`PRAGMA max_page_count`: the next page SQLite allocates fails with SQLITE_FULL, as on a full
// disk); on PostgreSQL the table refuses the row with the server's disk-full SQLSTATE 53100 (a trigger raising it, as
// the storage manager does when it cannot extend a file).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call, createServer, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { post } from '../helpers/mcp'

const onPostgres = process.env.TOOLYARD_TEST_BACKEND === 'postgres'
let app: TestApp
let slug: string
const logLines: string[] = []

beforeAll(async () => {
  app = await startTestApp({}, { onLogLine: (line) => logLines.push(line) })
  const kit = await toolkitWithTools(app, 'kit', [{ name: 'echo', code: 'export default async (i) => ({ ok: 1 })' }])
  slug = (await createServer(app, { name: 'full', toolkits: [{ toolkit_id: kit }] })).slug
})
afterAll(() => app.stop())

/** Fills the storage: no room for any new row of `functions` (PostgreSQL) or any new page at all (SQLite). */
async function fill(): Promise<void> {
  if (onPostgres) {
    await app.sql(`CREATE FUNCTION toolyard_test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$`)
    await app.sql(
      'CREATE TRIGGER disk_full BEFORE INSERT ON functions FOR EACH ROW EXECUTE FUNCTION toolyard_test_disk_full()',
    )
    return
  }
  const db = app.server.deps.db
  const { page_count } = db.query('PRAGMA page_count').get() as { page_count: number }
  db.exec(`PRAGMA max_page_count = ${page_count}`)
}

async function free(): Promise<void> {
  if (onPostgres) await app.sql('DROP TRIGGER disk_full ON functions')
  else app.server.deps.db.exec('PRAGMA max_page_count = 1073741823')
}

/** A function large enough to need new pages. */
const bigFunction = (name: string) => ({
  name,
  runtime: 'javascript',
  code: `// ${'padding '.repeat(20_000)}\nexport default async () => 1`,
})

describe('storage full', () => {
  test('a write with no room answers 507 insufficient_storage with Retry-After, and health says degraded', async () => {
    expect((await call(app, '/health')).body).toMatchObject({ status: 'ok', storage: 'ok' })
    await fill()
    const res = await app.api('/functions', { body: bigFunction('too-big') })
    const body = (await res.json()) as Record<string, unknown>
    expect(res.status).toBe(507)
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(body).toMatchObject({ code: 'insufficient_storage', request_id: res.headers.get('x-request-id') })
    expect(String(body.error)).toContain('insufficient storage')
    expect(JSON.stringify(body)).not.toMatch(/SQLITE|at .*\.ts|stack/)

    const health = await call(app, '/health')
    expect(health.status).toBe(200)
    expect(health.body).toMatchObject({ status: 'degraded', database: 'ok', storage: 'full' })

    // The operator sees it in the log: a warn line with the code, not an error with a stack.
    const logged = logLines.map((l) => JSON.parse(l)).find((l) => l.msg === 'storage fault')
    expect(logged).toMatchObject({ level: 'warn', code: 'insufficient_storage', request_id: body.request_id })

    // Nothing of the refused write is there.
    expect((await call(app, '/functions')).body.functions.map((f: { name: string }) => f.name)).not.toContain('too-big')
  })

  test('reads and tool calls keep working while the storage is full', async () => {
    expect((await call(app, '/servers')).status).toBe(200)
    const res = await post(app, slug, {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'echo', arguments: {} },
    })
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(JSON.parse(text).result).toMatchObject({ isError: false })
    expect(text).not.toContain('-32603')
  })

  test('once there is room again, the same write succeeds and health says ok', async () => {
    await free()
    const res = await app.api('/functions', { body: bigFunction('too-big') })
    expect(res.status).toBe(201)
    expect((await call(app, '/health')).body).toMatchObject({ status: 'ok', storage: 'ok' })
  })
})

describe('storage full on the protocol', () => {
  // PostgreSQL keeps 2025 sessions in its directory (a write at initialize); SQLite keeps them in memory.
  test('an initialize while the storage is full answers insufficient storage (PostgreSQL) or a session (SQLite), never "Internal error"', async () => {
    if (onPostgres) {
      await app.sql(`CREATE OR REPLACE FUNCTION toolyard_test_disk_full() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full'; END $$`)
      await app.sql(
        'CREATE TRIGGER sessions_full BEFORE INSERT ON mcp_sessions FOR EACH ROW EXECUTE FUNCTION toolyard_test_disk_full()',
      )
    } else await fill()
    try {
      const res = await post(app, slug, {
        jsonrpc: '2.0',
        id: 7,
        method: 'initialize',
        params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      })
      const body = (await res.json()) as { error?: { message: string; data?: unknown } }
      expect(JSON.stringify(body)).not.toContain('Internal error')
      if (onPostgres) {
        expect(res.status).toBe(507)
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
        expect(body.error?.message).toContain('insufficient storage')
        expect(body.error?.data).toMatchObject({ code: 'insufficient_storage' })
      } else {
        expect(res.status).toBe(200)
        expect(res.headers.get('mcp-session-id')).toBeTruthy()
      }
    } finally {
      if (onPostgres) await app.sql('DROP TRIGGER sessions_full ON mcp_sessions')
      else await free()
    }
  })
})
