// SQLite only: SQLite's migration 011 rebuilds tables to drop a CHECK; PostgreSQL drops it in place, rebuilding none.
import { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import { join } from 'node:path'
import { migrate } from '../../src/db/migrate'
import { migrations } from '../../src/db/migrations'
import { openDatabase } from '../../src/db/open'
import { tempDirs } from '../helpers/app'

describe('migration 011: no CHECK on toolkit_type or runtime', () => {
  const dir = tempDirs()

  test('a database at version 10 keeps every row, reference and trigger, and then takes any kind', () => {
    const path = join(dir(), 'old.sqlite')
    const old = new Database(path)
    for (const m of migrations.slice(0, 10)) old.exec(m)
    old.exec('PRAGMA user_version = 10')
    old.exec(`
      INSERT INTO projects (id, name, created_at) VALUES ('p', 'p', 'now');
      INSERT INTO servers (id, project_id, slug, name, created_at, updated_at) VALUES ('s', 'p', 's', 's', 'now', 'now');
      INSERT INTO toolkits (id, project_id, name, created_at, updated_at) VALUES ('k', 'p', 'k', 'now', 'now');
      INSERT INTO tools (id, project_id, toolkit_id, name, function_name, input_schema, created_at, updated_at)
        VALUES ('t', 'p', 'k', 't', 'f', '{}', 'now', 'now');
      INSERT INTO server_toolkits (server_id, toolkit_id, position, created_at) VALUES ('s', 'k', 0, 'now');
      INSERT INTO functions (id, project_id, name, runtime, code, created_at, updated_at)
        VALUES ('f', 'p', 'f', 'javascript', 'export default () => 1', 'now', 'now');
    `)
    expect(() =>
      old.exec(`INSERT INTO toolkits (id, project_id, name, toolkit_type, created_at, updated_at)
                VALUES ('k0', 'p', 'k0', 'remote', 'now', 'now')`),
    ).toThrow(/CHECK/)
    old.close()

    const db = openDatabase(path)
    try {
      expect(migrate(db)).toEqual({ from: 10, to: migrations.length })
      const count = (table: string) => db.query<{ n: number }, []>(`SELECT count(*) AS n FROM ${table}`).get()!.n
      expect([count('toolkits'), count('tools'), count('server_toolkits'), count('functions')]).toEqual([1, 1, 1, 1])
      expect(db.query('PRAGMA foreign_keys').get()).toEqual({ foreign_keys: 1 })
      expect(db.query('PRAGMA foreign_key_check').all()).toEqual([])

      db.exec(`INSERT INTO toolkits (id, project_id, name, toolkit_type, created_at, updated_at)
               VALUES ('k2', 'p', 'k2', 'openapi', 'now', 'now')`)
      db.exec(`INSERT INTO functions (id, project_id, name, runtime, created_at, updated_at)
               VALUES ('f2', 'p', 'f2', 'wasm', 'now', 'now')`)
      expect(db.query("SELECT toolkit_type FROM toolkits WHERE id = 'k2'").get()).toEqual({ toolkit_type: 'openapi' })

      // The rebuilt table is still the parent of tools (cascade) and still detaches itself from servers (trigger).
      db.exec("DELETE FROM toolkits WHERE id = 'k'")
      expect([count('tools'), count('server_toolkits')]).toEqual([0, 0])
      expect(() =>
        db.exec(`INSERT INTO tools (id, project_id, toolkit_id, name, function_name, input_schema, created_at, updated_at)
                 VALUES ('t2', 'p', 'nowhere', 't2', 'f', '{}', 'now', 'now')`),
      ).toThrow(/FOREIGN KEY/)
    } finally {
      db.close()
    }
  })
})
