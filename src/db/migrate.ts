// Forward-only migrations tracked in PRAGMA user_version; each runs in its own transaction.

import { Database } from 'bun:sqlite'
import { migrations } from './migrations'
import type { Db } from './open'

/** The database was written by a newer Toolyard: this binary must not run on (or migrate) it. */
export class SchemaTooNewError extends Error {
  constructor(readonly version: number) {
    super(
      `the database has schema version ${version} but this Toolyard knows versions up to ${migrations.length}: run the newer Toolyard that wrote it, or restore a backup taken with this one`,
    )
  }
}

export function schemaVersion(db: Database): number {
  return (db.query('PRAGMA user_version').get() as { user_version: number }).user_version
}

export function migrate(db: Db): { from: number; to: number } {
  const from = schemaVersion(db)
  // Refused before anything runs: the tables may have changed in ways this binary would misread or damage.
  if (from > migrations.length) throw new SchemaTooNewError(from)
  for (let i = from; i < migrations.length; i++) runOne(db, migrations[i]!, i + 1)
  return { from, to: migrations.length }
}

/** A migration that rebuilds a table others point at starts with this line (SQLite's table-rebuild procedure). */
const FOREIGN_KEYS_OFF = '-- toolyard: foreign_keys off'

/**
 * Foreign keys can only be switched outside a transaction; with them off, the rebuild's DROP TABLE does not cascade
 * into the tables that point at it, and foreign_key_check proves before the commit that every reference still holds.
 */
function runOne(db: Db, sql: string, version: number): void {
  const keysOff = sql.startsWith(FOREIGN_KEYS_OFF)
  const wasOn = (db.query('PRAGMA foreign_keys').get() as { foreign_keys: number }).foreign_keys === 1
  if (keysOff && wasOn) db.exec('PRAGMA foreign_keys = OFF')
  try {
    db.transaction(() => {
      db.exec(sql)
      if (keysOff && db.query('PRAGMA foreign_key_check').all().length)
        throw new Error(`migration ${version} left references that point nowhere`)
      db.exec(`PRAGMA user_version = ${version}`)
    })()
  } finally {
    if (keysOff && wasOn) db.exec('PRAGMA foreign_keys = ON')
  }
}

/** The tables a database of schema `version` has: the first `version` migrations run on an empty database. */
export function tablesAtVersion(version: number): string[] {
  const db = new Database(':memory:')
  try {
    for (const m of migrations.slice(0, version)) db.exec(m)
    return tableNames(db)
  } finally {
    db.close()
  }
}

export function tableNames(db: Database): string[] {
  return (
    db
      .query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as {
      name: string
    }[]
  ).map((r) => r.name)
}
