// The data dir's files are owner-only whatever the umask: the lock file and the journal SQLite keeps beside it, the
// pid file, and the database with its -wal and -shm files.
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { lockDataDir } from './data-dir'
import { openDatabase } from './open'

const dir = mkdtempSync(join(tmpdir(), 'toolyard-data-dir-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const modes = (d: string) => Object.fromEntries(readdirSync(d).map((f) => [f, statSync(join(d, f)).mode & 0o777]))

test('while a server holds the data dir, its lock, journal, pid, database, -wal and -shm files are all 0600', () => {
  const dataDir = join(dir, 'held')
  // The usual umask would leave new files 0644.
  const umask = process.umask(0o022)
  try {
    const unlock = lockDataDir(dataDir)
    const db = openDatabase(join(dataDir, 'toolyard.sqlite'))
    db.exec('CREATE TABLE t (n INTEGER)')
    db.run('INSERT INTO t VALUES (1)')
    const seen = modes(dataDir)
    expect(Object.keys(seen).sort()).toEqual(
      expect.arrayContaining([
        'toolyard.lock',
        'toolyard.lock-journal',
        'toolyard.pid',
        'toolyard.sqlite',
        'toolyard.sqlite-shm',
        'toolyard.sqlite-wal',
      ]),
    )
    for (const [file, mode] of Object.entries(seen))
      expect({ file, mode: mode.toString(8) }).toEqual({ file, mode: '600' })
    db.close()
    unlock()
  } finally {
    process.umask(umask)
  }
})
