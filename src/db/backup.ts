// Online backup (VACUUM INTO: one consistent snapshot while a server keeps writing) and restore into an idle data dir.
import { Database } from 'bun:sqlite'
import { chmodSync, closeSync, copyFileSync, existsSync, openSync, renameSync, rmSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DB_FILE, lockDataDir } from './data-dir'
import { SchemaTooNewError, schemaVersion, tableNames, tablesAtVersion } from './migrate'
import { migrations } from './migrations'
import { openDatabase } from './open'

export class BackupError extends Error {}

/**
 * Writes a consistent copy of the data dir's database to `file` (which must not exist yet). The file is created
 * empty with mode 0600 first and VACUUM INTO fills it (SQLite accepts an empty target and keeps its mode), so the
 * backup is owner-only from its first byte.
 */
export function backupDatabase(dataDir: string, file: string): { bytes: number } {
  const target = resolve(file)
  if (!existsSync(join(dataDir, DB_FILE))) throw new BackupError(`no database in ${dataDir} to back up`)
  try {
    // 'wx': refused if the file exists, even if it appeared after any earlier check.
    closeSync(openSync(target, 'wx', 0o600))
  } catch (err) {
    const code = (err as { code?: string }).code
    if (code === 'EEXIST') throw new BackupError(`${file} already exists; choose a new file name`)
    throw new BackupError(`cannot create ${file} (${code ?? (err as Error).message})`)
  }
  // The umask can only take bits away; this makes it exactly 0600 whatever the umask.
  chmodSync(target, 0o600)
  const db = openDatabase(join(dataDir, DB_FILE))
  try {
    db.query('VACUUM INTO ?').run(target)
  } catch (err) {
    rmSync(target, { force: true })
    throw err
  } finally {
    db.close()
  }
  return { bytes: statSync(target).size }
}

/**
 * Checks that `file` is a Toolyard database this binary can run on and SQLite can read whole; returns its schema
 * version. Refused: not SQLite, damaged, a schema newer than this binary, or a table its schema version has missing.
 */
function checkBackup(file: string): number {
  let db: Database | undefined
  try {
    db = new Database(file, { readonly: true, strict: true })
    const check = db.query('PRAGMA quick_check').get() as { quick_check: string }
    if (check.quick_check !== 'ok') throw new BackupError(`${file} is damaged: ${check.quick_check}`)
    const version = schemaVersion(db)
    if (version < 1) throw new BackupError(`${file} is not a Toolyard backup (schema version ${version})`)
    const tables = new Set(tableNames(db))
    if (version > migrations.length) throw new BackupError(`${file}: ${new SchemaTooNewError(version).message}`)
    const missing = tablesAtVersion(version).filter((t) => !tables.has(t))
    if (missing.length)
      throw new BackupError(
        `${file} is not a Toolyard backup of schema version ${version} (missing table${missing.length > 1 ? 's' : ''} ${missing.join(', ')})`,
      )
    return version
  } catch (err) {
    if (err instanceof BackupError) throw err
    throw new BackupError(`${file} is not a readable SQLite database (${(err as Error).message})`)
  } finally {
    db?.close()
  }
}

/**
 * Replaces the data dir's database with `file`. Refused while a server holds the data dir (DataDirBusyError): a
 * running server would keep writing to the file it has open. Every check runs before the data dir is touched; the
 * lock is held while the copy is put in place.
 */
export function restoreDatabase(dataDir: string, file: string): { version: number } {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`)
  const version = checkBackup(file)
  const release = lockDataDir(dataDir)
  try {
    const target = join(dataDir, DB_FILE)
    const staging = `${target}.restoring`
    copyFileSync(file, staging)
    chmodSync(staging, 0o600)
    // The old WAL belongs to the old file; left behind it would be replayed onto the restored one.
    for (const suffix of ['-wal', '-shm']) rmSync(target + suffix, { force: true })
    renameSync(staging, target)
  } finally {
    release()
  }
  return { version }
}
