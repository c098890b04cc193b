// PostgreSQL migrations on a real server: N runners at once apply them exactly once, and the schema they make has the
// tables and columns (in order) of SQLite's schema at the same version, so the two cannot drift apart unnoticed.
import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { SQL } from 'bun'
import { ensureChangeCounters } from '../../src/db/change-counters'
import { tablesAtVersion } from '../../src/db/migrate'
import { migrations } from '../../src/db/migrations'
import { migratePostgres, PostgresSchemaTooNewError, postgresSchemaVersion } from '../../src/db/postgres/migrate'
import { postgresMigrations } from '../../src/db/postgres/migrations'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../helpers/postgres'

const newDatabase = testDatabases()
const clients: SQL[] = []
const connect = (url: string) => {
  const sql = new SQL(url, { max: 2 })
  clients.push(sql)
  return sql
}
afterAll(async () => {
  for (const c of clients) await c.close()
})

let firstUrl = ''
beforeAll(async () => {
  firstUrl = await newDatabase()
}, POSTGRES_START_TIMEOUT_MS)

/** What PostgreSQL adds beside SQLite's columns: the weighted search document that FTS5 keeps in its shadow tables. */
const POSTGRES_ONLY_COLUMNS: Record<string, string[]> = { tool_search: ['document'] }
/**
 * SQLite keeps the call log compact (src/db/migrations/030-call-log-compact.sql): its rows and the ids they point at
 * are its own tables, and `call_log` is a view with PostgreSQL's columns, compared in their place.
 */
const SQLITE_ONLY_TABLES = ['call_log_refs', 'call_log_rows']

/** Table → its columns in order, from SQLite's migrations 1..version (FTS5 shadow tables left out). */
function sqliteSchema(version: number): Record<string, string[]> {
  const db = new Database(':memory:')
  try {
    for (const m of migrations.slice(0, version)) db.exec(m)
    const virtual = db
      .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' AND sql LIKE 'CREATE VIRTUAL%'")
      .all()
      .map((r) => r.name)
    const shadow = (name: string) =>
      virtual.some((v) => /^_(data|idx|content|docsize|config)$/.test(name.slice(v.length)) && name.startsWith(v))
    // The same list the SQLite side itself uses to describe a schema version.
    const views = db
      .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'view'")
      .all()
      .map((r) => r.name)
    const tables = [...tablesAtVersion(version), ...views]
      .filter((n) => !shadow(n) && !SQLITE_ONLY_TABLES.includes(n))
      .sort()
    return Object.fromEntries(
      tables.map((t) => [
        t,
        db
          .query<{ name: string }, []>(`SELECT name FROM pragma_table_info('${t}') ORDER BY cid`)
          .all()
          .map((c) => c.name),
      ]),
    )
  } finally {
    db.close()
  }
}

async function postgresSchema(sql: SQL): Promise<Record<string, string[]>> {
  const rows: { table_name: string; column_name: string }[] = await sql.unsafe(
    `SELECT table_name, column_name FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name <> 'schema_version' ORDER BY table_name, ordinal_position`,
  )
  const schema: Record<string, string[]> = {}
  for (const r of rows) {
    if (POSTGRES_ONLY_COLUMNS[r.table_name]?.includes(r.column_name)) continue
    schema[r.table_name] = [...(schema[r.table_name] ?? []), r.column_name]
  }
  return schema
}

describe('PostgreSQL migrations', () => {
  test('every SQLite migration has its PostgreSQL form', () => {
    expect(migrations.length).toBeGreaterThan(0)
    expect(postgresMigrations.length).toBeGreaterThanOrEqual(migrations.length)
  })

  test('5 runners starting at once on one empty database apply each migration exactly once', async () => {
    const runners = Array.from({ length: 5 }, () => connect(firstUrl))
    const results = await Promise.all(runners.map((sql) => migratePostgres(sql)))
    const last = postgresMigrations.length
    // One runner found the database empty; the others waited for its lock and found nothing left to do.
    expect(results.filter((r) => r.from === 0)).toEqual([{ from: 0, to: last }])
    expect(results.filter((r) => r.from === last)).toHaveLength(4)
    const sql = runners[0]!
    const applied: { version: number }[] = await sql.unsafe('SELECT version FROM schema_version ORDER BY version')
    expect(applied.map((r) => r.version)).toEqual(Array.from({ length: last }, (_, i) => i + 1))
    expect(await postgresSchemaVersion(sql)).toBe(last)
    // Run again: nothing to do, nothing changes.
    expect(await migratePostgres(sql)).toEqual({ from: last, to: last })
  })

  test('at SQLite’s version, the tables and their columns are SQLite’s', async () => {
    const sql = connect(await newDatabase())
    expect(await postgresSchemaVersion(sql)).toBe(0)
    await migratePostgres(sql, { to: migrations.length })
    expect(await postgresSchemaVersion(sql)).toBe(migrations.length)
    const sqlite = sqliteSchema(migrations.length)
    expect(Object.keys(sqlite).length).toBeGreaterThan(20)
    expect(await postgresSchema(sql)).toEqual(sqlite)
  })

  test('a database from a newer Toolyard is refused, and left as it was', async () => {
    const sql = connect(await newDatabase())
    await migratePostgres(sql)
    const newer = postgresMigrations.length + 1
    await sql.unsafe("INSERT INTO schema_version (version, applied_at) VALUES ($1, 'later')", [newer])
    const error = await migratePostgres(sql).catch((e) => e)
    expect(error).toBeInstanceOf(PostgresSchemaTooNewError)
    expect(error.message).toContain(`schema version ${newer}`)
    expect(await postgresSchemaVersion(sql)).toBe(newer)
  })

  test('a failing migration leaves nothing behind', async () => {
    const sql = connect(await newDatabase())
    await migratePostgres(sql, { to: 1 })
    // Version 2 creates toolkits: a table of that name already there makes it fail midway.
    await sql.unsafe('CREATE TABLE toolkits (id TEXT)')
    const error = await migratePostgres(sql).catch((e) => e)
    expect(error.message).toContain('PostgreSQL migration 2 failed')
    expect(await postgresSchemaVersion(sql)).toBe(1)
    const [tools] = await sql.unsafe("SELECT to_regclass('tools') IS NULL AS absent")
    expect(tools.absent).toBe(true)
  })
})

describe('PostgreSQL triggers', () => {
  let sql: SQL
  beforeAll(async () => {
    sql = connect(await newDatabase())
    await migratePostgres(sql)
    await sql.unsafe(`INSERT INTO projects (id, name, created_at) VALUES ('p1', 'one', 'now');
      INSERT INTO servers (id, project_id, slug, name, created_at, updated_at) VALUES ('s1', 'p1', 'one', 'One', 'now', 'now');
      INSERT INTO toolkits (id, project_id, name, display_name, created_at, updated_at) VALUES ('k1', 'p1', 'github', 'GitHub Issues', 'now', 'now');`)
  })

  test('a change notifies its read-model area at commit, and a rolled-back one does not', async () => {
    const heard: string[] = []
    const subscription = await sql.listen('toolyard_changes', (area) => heard.push(area))
    try {
      await sql.begin(async (tx) => {
        await tx.unsafe(
          "INSERT INTO api_keys (id, project_id, name, prefix, hash, created_at) VALUES ('a1', 'p1', 'k', 'ty_', 'h1', 'now')",
        )
        await tx.unsafe("UPDATE api_keys SET last_used_at = 'now' WHERE id = 'a1'")
        await tx.unsafe("UPDATE servers SET name = 'Renamed' WHERE id = 's1'")
      })
      await sql
        .begin(async (tx) => {
          await tx.unsafe(
            "INSERT INTO functions (id, project_id, name, runtime, created_at, updated_at) VALUES ('f1', 'p1', 'f', 'javascript', 'now', 'now')",
          )
          throw new Error('roll back')
        })
        .catch(() => {})
      await sql.unsafe(
        "INSERT INTO resources (id, project_id, server_id, name, uri, resource_type, created_at, updated_at) VALUES ('r1', 'p1', 's1', 'a', 'file:///a', 'static', 'now', 'now')",
      )
      const deadline = Date.now() + 10_000
      while (heard.length < 3 && Date.now() < deadline) await Bun.sleep(20)
      // One notification per area, project and transaction (repeats folded), none from the rollback.
      expect(heard.sort()).toEqual(['keys:p1', 'resources:p1', 'servers:p1'])
    } finally {
      await subscription.unlisten()
    }
  })

  test('the notifying tables and their areas are those of SQLite’s change counters', async () => {
    const db = new Database(':memory:')
    for (const m of migrations) db.exec(m)
    ensureChangeCounters(db)
    const sqliteTriggers = db
      .query<{ tbl_name: string; sql: string }, []>(
        "SELECT tbl_name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'change_counter_%'",
      )
      .all()
    db.close()
    const sqliteAreas = [
      ...new Set(sqliteTriggers.map((t) => `${t.tbl_name}:${/area = '(\w+)'/.exec(t.sql)![1]}`)),
    ].sort()
    const pg: { tbl: string; def: string }[] = await sql.unsafe(
      "SELECT tgrelid::regclass::text AS tbl, pg_get_triggerdef(oid) AS def FROM pg_trigger WHERE tgname LIKE 'change_notify_%'",
    )
    const pgAreas = pg.map((t) => `${t.tbl}:${/toolyard_notify_row_change\('(\w+)'/.exec(t.def)![1]}`).sort()
    expect(sqliteAreas.length).toBeGreaterThan(5)
    expect(pgAreas).toEqual(sqliteAreas)
  })

  test('deleting a toolkit detaches it from servers; deleting a tool drops its server rows', async () => {
    await sql.unsafe(`INSERT INTO toolkits (id, project_id, name, created_at, updated_at) VALUES ('k2', 'p1', 'gone', 'now', 'now');
      INSERT INTO tools (id, project_id, toolkit_id, name, function_name, input_schema, created_at, updated_at)
        VALUES ('t2', 'p1', 'k2', 'x', 'f', '{}', 'now', 'now');
      INSERT INTO server_toolkits (server_id, toolkit_id, position, created_at) VALUES ('s1', 'k2', 0, 'now');
      INSERT INTO server_tools (server_id, tool_id, source, created_at) VALUES ('s1', 't2', 'override', 'now');`)
    await sql.unsafe("DELETE FROM toolkits WHERE id = 'k2'")
    const [left] = await sql.unsafe(
      "SELECT (SELECT count(*) FROM server_toolkits WHERE toolkit_id = 'k2')::int AS kits, (SELECT count(*) FROM server_tools WHERE tool_id = 't2')::int AS tools",
    )
    expect(left).toEqual({ kits: 0, tools: 0 })
  })
})
