// Forward-only PostgreSQL migrations (docs/decisions/0037-postgresql-groundwork.md): any number of instances may start at
// once; a transaction-scoped advisory lock lets one apply what is missing while the others wait, then find nothing to do.
import type { SQL } from 'bun'
import { postgresMigrations } from './migrations'

/** The advisory lock key every Toolyard instance takes to migrate ("toolyard" as bytes; any fixed number would do). */
const MIGRATION_LOCK = 0x746f6f6c79617264n

/** The database was written by a newer Toolyard: this binary must not run on (or migrate) it. */
export class PostgresSchemaTooNewError extends Error {
  constructor(readonly version: number) {
    super(
      `the database has schema version ${version} but this Toolyard knows versions up to ${postgresMigrations.length}: run the newer Toolyard that wrote it`,
    )
  }
}

/**
 * Applies the missing migrations up to `to` (default: all) in one transaction that holds the lock: a failure leaves
 * the database as it was. Each applied version is one row of `schema_version`, whose primary key would refuse a second.
 */
export async function migratePostgres(
  sql: SQL,
  { to = postgresMigrations.length }: { to?: number } = {},
): Promise<{ from: number; to: number }> {
  return sql.begin(async (tx) => {
    // Waiting for another instance's migrations, and a long migration itself, are not a server that does not answer:
    // the pool's statement_timeout (TOOLYARD_DATABASE_TIMEOUT_MS) does not apply here.
    await tx.unsafe('SET LOCAL statement_timeout = 0')
    await tx.unsafe(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`)
    await tx.unsafe('CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)')
    const from = await currentVersion(tx)
    if (from > postgresMigrations.length) throw new PostgresSchemaTooNewError(from)
    for (let v = from + 1; v <= to; v++) {
      try {
        await tx.unsafe(postgresMigrations[v - 1]!)
      } catch (e) {
        throw new Error(`PostgreSQL migration ${v} failed: ${(e as Error).message}`, { cause: e })
      }
      await tx.unsafe('INSERT INTO schema_version (version, applied_at) VALUES ($1, $2)', [v, new Date().toISOString()])
    }
    return { from, to: Math.max(from, to) }
  })
}

/** The highest applied version (0 on an empty database). */
export async function postgresSchemaVersion(sql: SQL): Promise<number> {
  const [exists] = await sql.unsafe("SELECT to_regclass('schema_version') IS NOT NULL AS present")
  return exists.present ? currentVersion(sql) : 0
}

async function currentVersion(sql: SQL): Promise<number> {
  const [row] = await sql.unsafe('SELECT coalesce(max(version), 0) AS v FROM schema_version')
  return Number(row.v)
}
