// Online backup (VACUUM INTO: one consistent snapshot while a server keeps writing) and restore into an idle data dir.
import { Database } from 'bun:sqlite'
import { chmodSync, copyFileSync, existsSync, renameSync, rmSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { DB_FILE, lockDataDir } from './data-dir'
import { openDatabase } from './open'

export class BackupError extends Error {}

/** Writes a consistent copy of the data dir's database to `file` (which must not exist yet), mode 0600. */
export function backupDatabase(dataDir: string, file: string): { bytes: number } {
  const target = resolve(file)
  if (existsSync(target)) throw new BackupError(`${file} already exists; choose a new file name`)
  if (!existsSync(join(dataDir, DB_FILE))) throw new BackupError(`no database in ${dataDir} to back up`)
  const db = openDatabase(join(dataDir, DB_FILE))
  try {
    db.query('VACUUM INTO ?').run(target)
  } finally {
    db.close()
  }
  chmodSync(target, 0o600)
  return { bytes: statSync(target).size }
}

/** Checks that `file` is a Toolyard database SQLite can read whole; returns its schema version. */
function checkBackup(file: string): number {
  let db: Database | undefined
  try {
    db = new Database(file, { readonly: true, strict: true })
    const check = db.query('PRAGMA quick_check').get() as { quick_check: string }
    if (check.quick_check !== 'ok') throw new BackupError(`${file} is damaged: ${check.quick_check}`)
    const hasProjects = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'projects'").get()
    if (!hasProjects) throw new BackupError(`${file} is not a Toolyard backup (no projects table)`)
    return (db.query('PRAGMA user_version').get() as { user_version: number }).user_version
  } catch (err) {
    if (err instanceof BackupError) throw err
    throw new BackupError(`${file} is not a readable SQLite database (${(err as Error).message})`)
  } finally {
    db?.close()
  }
}

/**
 * Replaces the data dir's database with `file`. Refused while a server holds the data dir (DataDirBusyError): a
 * running server would keep writing to the file it has open. The lock is held while the copy is put in place.
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
