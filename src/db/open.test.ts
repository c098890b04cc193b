// Connections opened by openDatabase: a read-then-write transaction is never failed by another connection's commit
// (the call log's writer thread commits every second), because every transaction takes the write lock at BEGIN.
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from './open'

const dir = mkdtempSync(join(tmpdir(), 'toolyard-open-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

test('another connection committing between a transaction’s read and its write does not fail the transaction', () => {
  const path = join(dir, 'tx.sqlite')
  const db = openDatabase(path)
  db.exec('CREATE TABLE t (n INTEGER NOT NULL)')
  db.run('INSERT INTO t VALUES (1)')
  const other = openDatabase(path, { another: true })
  other.exec('PRAGMA busy_timeout = 0')
  let otherCommitted: boolean | undefined
  const readThenWrite = db.transaction(() => {
    const n = db.query<{ n: number }, []>('SELECT max(n) AS n FROM t').get()!.n
    // The other connection tries to commit in between: it waits for (here: is refused by) the write lock taken at BEGIN.
    try {
      other.run('INSERT INTO t VALUES (100)')
      otherCommitted = true
    } catch {
      otherCommitted = false
    }
    db.run('INSERT INTO t VALUES (?)', [n + 1])
  })
  expect(() => readThenWrite()).not.toThrow()
  expect(otherCommitted).toBe(false)
  expect(db.query<{ n: number }, []>('SELECT max(n) AS n FROM t').get()!.n).toBe(2)
  // The deferred form is still there, and shows what the default avoids: the stale snapshot cannot write.
  const deferred = db.transaction(() => {
    db.query('SELECT max(n) FROM t').get()
    other.run('INSERT INTO t VALUES (200)')
    db.run('INSERT INTO t VALUES (3)')
  }).deferred
  expect(() => deferred()).toThrow(/SQLITE_BUSY|database is locked|snapshot/i)
  other.close()
  db.close()
})
