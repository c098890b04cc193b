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
  for (let i = from; i < migrations.length; i++) {
    db.transaction(() => {
      db.exec(migrations[i]!)
      db.exec(`PRAGMA user_version = ${i + 1}`)
    })()
  }
  return { from, to: migrations.length }
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
