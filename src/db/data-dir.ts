// The data dir's safety rules: created 0700, its files 0600, and one server at a time (an OS lock held for the
// process's life; see docs/decisions/0017-data-dir-lock-backups-restore-and-docs.md).
import { Database } from 'bun:sqlite'
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs'
import { join } from 'node:path'

export const DB_FILE = 'toolyard.sqlite'
const LOCK_FILE = 'toolyard.lock'
const PID_FILE = 'toolyard.pid'

/** The data dir is held by another live process. */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | null,
  ) {
    super(
      `data dir ${dataDir} is in use by ${pid === null ? 'another process' : `pid ${pid}`} (one server per data dir; stop it first)`,
    )
  }
}

/** Creates the data dir owner-only; an existing dir keeps its mode (the operator may have chosen it). */
export function ensureDataDir(dataDir: string) {
  if (!existsSync(dataDir)) mkdirSync(dataDir, { recursive: true, mode: 0o700 })
}

/**
 * Creates the SQLite file 0600 before SQLite opens it: SQLite gives its -wal and -shm files the database file's
 * mode, so they are owner-only too.
 */
export function ensurePrivateFile(path: string) {
  closeSync(openSync(path, 'a', 0o600))
  chmodSync(path, 0o600)
}

/** Who holds the lock, as its holder wrote it: for the message only, never to decide anything. */
function pidOfHolder(dataDir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(join(dataDir, PID_FILE), 'utf8').trim(), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

// The connections holding a lock: referenced here so that nothing (a collector included) closes one early.
const held = new Set<Database>()

/**
 * An exclusive SQLite lock on the lock file, i.e. POSIX fcntl locks, which the kernel drops when the process ends
 * however it ends. The file holds no data (a 0-byte file is an empty database), so it is never written. The holding
 * process must never open this file otherwise: closing any descriptor of it would drop the lock.
 */
function tryLock(path: string): Database | 'busy' | 'not-a-database' {
  // Made 0600 before SQLite opens it: the `-journal` file SQLite keeps beside it while the lock's transaction is open
  // takes the lock file's mode, which would otherwise be the umask's (0644).
  ensurePrivateFile(path)
  const db = new Database(path, { create: true })
  try {
    db.exec('PRAGMA locking_mode = EXCLUSIVE')
    db.exec('BEGIN EXCLUSIVE')
    return db
  } catch (err) {
    db.close()
    const code = (err as { code?: string }).code
    if (code === 'SQLITE_BUSY') return 'busy'
    if (code === 'SQLITE_NOTADB') return 'not-a-database'
    throw err
  }
}

/**
 * Takes the data dir for this process, or throws DataDirBusyError while another live process holds it. What a
 * lock file says (a pid, even pid 1 or our own) never matters: only a live holder of the OS lock blocks. Returns
 * the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  ensureDataDir(dataDir)
  const path = join(dataDir, LOCK_FILE)
  let db = tryLock(path)
  if (db === 'not-a-database') {
    // A pid file left by an earlier Toolyard. Emptied in place, never replaced: two starters racing here still
    // lock the same file, and nothing lives in it to lose.
    truncateSync(path, 0)
    db = tryLock(path)
  }
  if (db === 'busy') throw new DataDirBusyError(dataDir, pidOfHolder(dataDir))
  if (db === 'not-a-database') throw new Error(`could not take the lock ${path}`)
  const lock = db
  held.add(lock)
  chmodSync(path, 0o600)
  const pidPath = join(dataDir, PID_FILE)
  writeFileSync(pidPath, `${process.pid}\n`, { mode: 0o600 })
  chmodSync(pidPath, 0o600)
  return () => {
    if (!held.delete(lock)) return
    // The pid file goes first: once the lock is dropped another server may write its own.
    if (pidOfHolder(dataDir) === process.pid) rmSync(pidPath, { force: true })
    // The lock file itself stays: deleting it while a starter has it open would let two processes hold two files.
    lock.close()
  }
}
