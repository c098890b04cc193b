// Opens the SQLite file with the settings every connection needs (WAL, foreign keys, busy timeout, synchronous FULL).
import { Database } from 'bun:sqlite'
import { dirname } from 'node:path'
import { ensureDataDir, ensurePrivateFile } from './data-dir'

export type Db = Database

/**
 * `another` opens one more connection in a process that already has the file open (the call log's writer thread): it
 * must not open and close the file itself, since closing any descriptor of the file drops every POSIX lock the process
 * holds on it, and another process would then take the database for unused.
 */
export function openDatabase(path: string, { another = false } = {}): Db {
  if (path !== ':memory:' && !another) {
    ensureDataDir(dirname(path))
    ensurePrivateFile(path)
  }
  const db = new Database(path, { create: true, strict: true })
  db.exec('PRAGMA journal_mode = WAL')
  db.exec('PRAGMA foreign_keys = ON')
  db.exec('PRAGMA busy_timeout = 5000')
  db.exec('PRAGMA synchronous = FULL')
  return immediateTransactions(db)
}

/**
 * Every `db.transaction(fn)` begins IMMEDIATE (its `.deferred` stays available). A deferred transaction that reads
 * and then writes fails at once with SQLITE_BUSY_SNAPSHOT when another connection committed in between — busy_timeout
 * does not retry that — and another connection commits all the time: the call log's writer thread, the CLI, `apply`.
 * Taking the write lock at BEGIN makes such a transaction wait its turn instead. Nested ones are savepoints as before.
 */
function immediateTransactions(db: Db): Db {
  const make = db.transaction.bind(db)
  db.transaction = ((fn: (...args: never[]) => unknown) => {
    const tx = make(fn)
    const run = (...args: never[]) => tx.immediate(...args)
    return Object.assign(run, { deferred: tx.deferred, immediate: tx.immediate, exclusive: tx.exclusive })
  }) as Db['transaction']
  return db
}
