// The data dir's safety rules: created 0700, its files 0600, and one server at a time (a lock file holding its pid).
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const DB_FILE = 'toolyard.sqlite'
const LOCK_FILE = 'toolyard.lock'

/** The data dir is held by another live process. */
export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`data dir ${dataDir} is in use by pid ${pid}`)
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

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as { code?: string }).code === 'EPERM'
  }
}

/** The pid holding the data dir, or null when nobody (or only a dead process) does. */
function lockHolder(dataDir: string): number | null {
  let text: string
  try {
    text = readFileSync(join(dataDir, LOCK_FILE), 'utf8')
  } catch {
    return null
  }
  const pid = Number.parseInt(text.trim(), 10)
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : null
}

/**
 * Takes the data dir for this process, or throws DataDirBusyError naming the live holder. A lock left by a dead
 * process (crash, kill -9) is taken over. Returns the release function.
 */
export function lockDataDir(dataDir: string): () => void {
  ensureDataDir(dataDir)
  const path = join(dataDir, LOCK_FILE)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx', mode: 0o600 })
      return () => {
        if (lockHolder(dataDir) === process.pid) unlinkSync(path)
      }
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST') throw err
      const holder = lockHolder(dataDir)
      if (holder !== null) throw new DataDirBusyError(dataDir, holder)
      unlinkSync(path)
    }
  }
  throw new Error(`could not take the lock ${path}`)
}
