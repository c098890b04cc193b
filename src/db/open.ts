// Opens the SQLite file with the settings every connection needs (WAL, foreign keys, busy timeout, synchronous FULL).
import { Database } from 'bun:sqlite'
import { dirname } from 'node:path'
import { ensureDataDir, ensurePrivateFile } from './data-dir'

export type Db = Database

export function openDatabase(path: string): Db {
  if (path !== ':memory:') {
    ensureDataDir(dirname(path))
    ensurePrivateFile(path)
  }
  const db = new Database(path, { create: true, strict: true })
  db.exec('PRAGMA journal_mode = WAL')
  db.exec('PRAGMA foreign_keys = ON')
  db.exec('PRAGMA busy_timeout = 5000')
  db.exec('PRAGMA synchronous = FULL')
  return db
}
