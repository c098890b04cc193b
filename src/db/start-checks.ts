// What a SQLite start refuses (exit 2, naming the file) rather than serve over (docs/reliability.md, "Faults"): an empty
// or malformed database file, one that fails `PRAGMA quick_check`, and sealed credentials no master key at hand opens.
// Starting anyway would either re-initialise over the data (a 0-byte file silently became a new install) or answer
// 500s on every credential (a missing master.key was silently made anew).
import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { ConfigError } from '../config'
import { keyOpens } from '../crypto/key-check'
import { loadKeyring, MASTER_FILE } from '../crypto/master-key'
import type { Db } from './open'

const restoreHint = 'restore it (toolyard restore FILE) from a backup, or move it away to start a new, empty install'

/**
 * Before SQLite opens `path`: a 0-byte database file is no database. It is refused unless its write-ahead log holds
 * the data (a new database's pages may all still be in `-wal`). A `-wal` without its database is refused too: the
 * database was removed, and SQLite would start a new one and throw that log away.
 */
export function checkDatabaseFile(path: string): void {
  const wal = `${path}-wal`
  const walBytes = existsSync(wal) ? statSync(wal).size : 0
  if (!existsSync(path)) {
    if (walBytes > 0)
      throw new ConfigError(
        `database ${path} is missing but its write-ahead log ${wal} is there: the database was removed; refusing to start a new one over its log (${restoreHint})`,
      )
    return
  }
  if (statSync(path).size === 0 && walBytes === 0)
    throw new ConfigError(
      `database ${path} is empty (0 bytes): it is not a Toolyard database, and starting would make a new, empty install over it; ${restoreHint}`,
    )
}

/** The error SQLite gave for a file that is not a database or is damaged, as a refusal naming the file; else null. */
export function unreadableDatabase(path: string, error: unknown): ConfigError | null {
  const code = (error as { code?: unknown })?.code
  if (code !== 'SQLITE_NOTADB' && code !== 'SQLITE_CORRUPT' && !String(code).startsWith('SQLITE_CORRUPT_')) return null
  return new ConfigError(
    `database ${path} is malformed (${code}: ${(error as Error).message}); refusing to start over it; ${restoreHint}`,
  )
}

/** `PRAGMA quick_check` on the opened database: anything but "ok" is a refusal naming the file and the first problem. */
export function checkIntegrity(db: Db, path: string): void {
  const rows = db.query('PRAGMA quick_check').values() as unknown[][]
  // A row may hold many lines ("*** in database main ***", then one per problem): the first few problems are shown.
  const problems = rows
    .flatMap((r) => String(r[0]).split('\n'))
    .filter((line) => line !== 'ok' && !line.startsWith('***'))
  if (problems.length > 0)
    throw new ConfigError(
      `database ${path} failed PRAGMA quick_check (${problems
        .slice(0, 3)
        .map((p) => p.slice(0, 200))
        .join(
          '; ',
        )}${problems.length > 3 ? `; … ${problems.length - 3} more` : ''}); refusing to start over it; ${restoreHint}`,
    )
}

type SealedRow = { id: string; project_id: string; master_key_id: string; wrapped: string }

/**
 * When the database holds sealed credentials (a data key), the master key must open them: with none configured and no
 * `master.key` file, a new key would be made that opens nothing; a different key opens nothing either. Either way the
 * start is refused naming the database and the key's source (never the key). Checked on the newest data key, as the
 * PostgreSQL start does (src/db/postgres/master-key-check.ts).
 */
export function checkSealedData(db: Db, path: string, opts: { dataDir: string; masterKey?: string }): void {
  const newest = db
    .query('SELECT id, project_id, master_key_id, wrapped FROM data_keys ORDER BY id DESC LIMIT 1')
    .get() as SealedRow | null
  if (!newest) return
  const keyFile = join(opts.dataDir, MASTER_FILE)
  if (opts.masterKey === undefined && !existsSync(keyFile))
    throw new ConfigError(
      `database ${path} holds sealed credentials (master key ${newest.master_key_id}) but there is no master key: ${keyFile} is missing and TOOLYARD_MASTER_KEY is not set; put back the master.key they were sealed with (or set TOOLYARD_MASTER_KEY to it): a new key would open none of them`,
    )
  const keyring = loadKeyring(opts)
  if (!keyOpens(keyring, newest.id, newest.project_id, newest)) {
    const source = opts.masterKey !== undefined ? 'TOOLYARD_MASTER_KEY' : keyFile
    throw new ConfigError(
      `the master key in ${source} (${keyring.current().id}) cannot open the sealed credentials in database ${path} (sealed with master key ${newest.master_key_id}); start with the master key they were sealed with`,
    )
  }
}
