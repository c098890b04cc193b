// The PostgreSQL query adapter on a real server: the repositories' named-parameter SQL runs unchanged and returns the
// rows bun:sqlite returns for the same statements; constraint failures arrive typed; transactions commit, roll back and
// nest as the SQLite store's do.
import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { migrations } from '../../src/db/migrations'
import { migratePostgres } from '../../src/db/postgres/migrate'
import { openPostgres, type PgDb } from '../../src/db/postgres/sql'
import type { AppError } from '../../src/lib/errors'
import { ForeignKeyViolation, UniqueViolation } from '../../src/lib/storage-errors'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../helpers/postgres'

const newDatabase = testDatabases()
let pg: PgDb
const sqlite = new Database(':memory:', { strict: true })

beforeAll(async () => {
  pg = openPostgres(await newDatabase(), { max: 3 })
  await migratePostgres(pg.sql)
  for (const m of migrations) sqlite.exec(m)
}, POSTGRES_START_TIMEOUT_MS)
afterAll(async () => {
  await pg.close()
  sqlite.close()
})

const PROJECT = 'INSERT INTO projects (id, name, created_at) VALUES ($id, $name, $at)'
const CALL = `INSERT INTO call_log (id, project_id, server_id, kind, name, outcome, duration_ms, error, request_id, created_at)
  VALUES ($id, $project, NULL, 'tool', $name, $outcome, $ms, $error, $id, $at)`
const SUMMARY = `SELECT count(*) AS n, sum(duration_ms) AS total, max(duration_ms) AS longest, avg(duration_ms) AS mean,
  count(*) > 1 AS many, min(error) AS first_error, max(server_id) AS server, $project AS asked
  FROM call_log WHERE project_id = $project AND duration_ms >= $min`

describe('the PostgreSQL query adapter', () => {
  test('the same named-parameter statements give the rows bun:sqlite gives', async () => {
    const calls = [
      { id: 'c1', project: 'p1', name: 'a', outcome: 'ok', ms: 12, error: null, at: '2026-01-01T00:00:00Z' },
      { id: 'c2', project: 'p1', name: 'b', outcome: 'error', ms: 30, error: 'boom', at: '2026-01-01T00:00:01Z' },
    ]
    const project = { id: 'p1', name: 'one', at: '2026-01-01T00:00:00Z' }
    expect(await pg.run(PROJECT, project)).toEqual({ changes: 1 })
    sqlite.query(PROJECT).run(project)
    for (const c of calls) {
      await pg.run(CALL, c)
      sqlite.query(CALL).run(c)
    }
    const params = { project: 'p1', min: 0 }
    const fromPg = await pg.get(SUMMARY, params)
    expect(fromPg).toEqual(sqlite.query(SUMMARY).get(params) as Record<string, unknown>)
    expect(fromPg).toEqual({
      n: 2,
      total: 42,
      longest: 30,
      mean: 21,
      many: 1,
      first_error: 'boom',
      server: null,
      asked: 'p1',
    })
    const listQuery = 'SELECT id, duration_ms, error FROM call_log WHERE project_id = $project ORDER BY id'
    expect(await pg.all(listQuery, { $project: 'p1' })).toEqual(sqlite.query(listQuery).all({ project: 'p1' }) as never)
    expect(await pg.get('SELECT id FROM call_log WHERE id = $id', { id: 'none' })).toBeNull()
    expect(await pg.run('UPDATE call_log SET error = $e WHERE project_id = $p', { e: 'x', p: 'p1' })).toEqual({
      changes: 2,
    })
  })

  test('a missing parameter is named; booleans bind as 1/0', async () => {
    await expect(pg.all('SELECT $present AS a, $absent AS b', { present: 1 })).rejects.toThrow(
      'missing SQL parameter $absent',
    )
    expect(
      await pg.get('SELECT count(*) AS n FROM call_log WHERE (duration_ms > 20) = ($big = 1)', { big: true }),
    ).toEqual({ n: 1 })
  })

  test('unique and foreign-key failures arrive as UniqueViolation and ForeignKeyViolation', async () => {
    const dup = await pg.run(PROJECT, { id: 'p2', name: 'one', at: 'now' }).catch((e) => e)
    expect(dup).toBeInstanceOf(UniqueViolation)
    const orphan = await pg
      .run(
        "INSERT INTO api_keys (id, project_id, name, prefix, hash, created_at) VALUES ('k', $p, 'n', 'ty_', 'h', 'now')",
        { p: 'nope' },
      )
      .catch((e) => e)
    expect(orphan).toBeInstanceOf(ForeignKeyViolation)
    // Inside a transaction too, and the transaction is rolled back.
    const inTx = await pg
      .tx(async (tx) => {
        await tx.run(PROJECT, { id: 'p3', name: 'three', at: 'now' })
        await tx.run(PROJECT, { id: 'p4', name: 'three', at: 'now' })
      })
      .catch((e) => e)
    expect(inTx).toBeInstanceOf(UniqueViolation)
    expect(await pg.get('SELECT id FROM projects WHERE id = $id', { id: 'p3' })).toBeNull()
  })

  test('a string with NUL is stored with U+FFFD in its place and found by the same string; JSON keeps its \\u0000', async () => {
    await pg.run(PROJECT, { id: 'p-nul', name: 'nu\u0000l', at: 'now' })
    expect(await pg.get('SELECT id, name FROM projects WHERE name = $name', { name: 'nu\u0000l' })).toEqual({
      id: 'p-nul',
      name: 'nu\uFFFDl',
    })
    const json = JSON.stringify({ text: 'a\u0000b' })
    expect(JSON.parse(((await pg.get('SELECT $json::text AS j', { json })) as { j: string }).j)).toEqual({
      text: 'a\u0000b',
    })
  })

  test('a value too large for its index is a 400 naming the parameter, in a transaction too', async () => {
    // 1990 varied CJK characters: about 6000 bytes that compression cannot bring under the index's ~2700.
    let seed = 11
    const name = Array.from({ length: 1990 }, () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31
      return String.fromCodePoint(0x4e00 + (seed % 20000))
    }).join('')
    const refused = await pg
      .tx((tx) => tx.run(PROJECT, { id: 'p-long', name, at: 'now' }))
      .catch((e: AppError) => [e.status, e.details])
    expect(refused).toEqual([400, [{ field: 'name', message: expect.stringContaining('at most 2000 bytes') }]])
    expect(await pg.get('SELECT id FROM projects WHERE id = $id', { id: 'p-long' })).toBeNull()
  })

  test('a transaction commits with its after-commit callbacks, or rolls back without them', async () => {
    const ran: string[] = []
    const value = await pg.tx(async (tx) => {
      await tx.run(PROJECT, { id: 'p5', name: 'five', at: 'now' })
      tx.afterCommit(() => ran.push('committed'))
      // Not yet visible outside, not yet run.
      expect(await pg.get('SELECT id FROM projects WHERE id = $id', { id: 'p5' })).toBeNull()
      expect(ran).toEqual([])
      return 'done'
    })
    expect(value).toBe('done')
    await Bun.sleep(0)
    expect(ran).toEqual(['committed'])
    expect(await pg.get('SELECT name FROM projects WHERE id = $id', { id: 'p5' })).toEqual({ name: 'five' })

    const failed = await pg
      .tx(async (tx) => {
        await tx.run(PROJECT, { id: 'p6', name: 'six', at: 'now' })
        tx.afterCommit(() => ran.push('never'))
        throw new Error('changed my mind')
      })
      .catch((e) => e)
    expect(failed.message).toBe('changed my mind')
    await Bun.sleep(0)
    expect(ran).toEqual(['committed'])
    expect(await pg.get('SELECT id FROM projects WHERE id = $id', { id: 'p6' })).toBeNull()
  })

  test('a nested transaction is a savepoint: its rollback keeps the outer writes and drops its callbacks', async () => {
    const ran: string[] = []
    await pg.tx(async (tx) => {
      await tx.run(PROJECT, { id: 'p7', name: 'seven', at: 'now' })
      tx.afterCommit(() => ran.push('outer'))
      const inner = await tx
        .tx(async (sp) => {
          sp.afterCommit(() => ran.push('inner'))
          await sp.run(PROJECT, { id: 'p8', name: 'seven', at: 'now' })
        })
        .catch((e) => e)
      expect(inner).toBeInstanceOf(UniqueViolation)
      await tx.tx(async (sp) => {
        await sp.run(PROJECT, { id: 'p9', name: 'nine', at: 'now' })
        sp.afterCommit(() => ran.push('kept'))
      })
    })
    await Bun.sleep(0)
    expect(ran).toEqual(['outer', 'kept'])
    const ids = await pg.all<{ id: string }>("SELECT id FROM projects WHERE id IN ('p7', 'p8', 'p9') ORDER BY id")
    expect(ids.map((r) => r.id)).toEqual(['p7', 'p9'])
  })
})
