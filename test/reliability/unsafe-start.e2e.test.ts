// SQLite `serve` refuses unsafe starts (docs/reliability.md, "Faults"): exit 2 with a message naming the file, never a
// server that answers 500s on every credential, and never a new install over an existing data dir. Each case is a real
// data dir (made by the real service, then damaged as an operator or a disk might) and the real `serve` started on it.
import { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import { closeSync, existsSync, openSync, rmSync, statSync, truncateSync, writeFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { serveOrRefusal, startTestApp, tempDirs } from '../helpers/app'

const fresh = tempDirs('toolyard-unsafe-')
/** A data dir the real service made: a project, and a credential sealed with the data dir's master.key. */
async function dataDirWithCredential(): Promise<string> {
  const dir = fresh()
  const app = await startTestApp({}, { dataDir: dir, keepData: true })
  try {
    const res = await app.api('/credentials', {
      body: { name: 'sealed', provider_id: 'api_key', credential_data: { api_key: 'sk-unsafe-start-secret' } },
    })
    expect(res.status).toBe(201)
  } finally {
    await app.stop()
  }
  return dir
}

/** `serve` on `dir`: its exit code and stderr, or `started` (then stopped) when it came up instead. */
async function serveOutcome(
  dir: string,
  env: Record<string, string> = {},
): Promise<{ started: true } | { started: false; code: number; stderr: string }> {
  const outcome = await serveOrRefusal(dir, env)
  if (!outcome.refused) {
    await outcome.server.stop()
    return { started: true }
  }
  return { started: false, code: outcome.code, stderr: outcome.stderr }
}

const DB = 'toolyard.sqlite'

/** The database's page size and count, read (and the file closed) before it is damaged. */
function pages(path: string): { pageSize: number; pageCount: number } {
  const db = new Database(path)
  try {
    const { page_size } = db.query('PRAGMA page_size').get() as { page_size: number }
    const { page_count } = db.query('PRAGMA page_count').get() as { page_count: number }
    return { pageSize: page_size, pageCount: page_count }
  } finally {
    db.close()
  }
}

describe('serve refuses an unsafe SQLite start', () => {
  test('sealed credentials but no master key (master.key gone, none set): exit 2 naming the database and master.key; no new key is made', async () => {
    const dir = await dataDirWithCredential()
    rmSync(join(dir, 'master.key'))
    const outcome = await serveOutcome(dir)
    expect(outcome).toMatchObject({ started: false, code: 2 })
    const { stderr } = outcome as { stderr: string }
    expect(stderr).toContain(join(dir, DB))
    expect(stderr).toContain(join(dir, 'master.key'))
    expect(stderr).not.toContain('sk-unsafe-start-secret')
    expect(existsSync(join(dir, 'master.key'))).toBe(false)
  }, 60_000)

  test('a master key that cannot open the sealed credentials: exit 2 naming the database and TOOLYARD_MASTER_KEY', async () => {
    const dir = await dataDirWithCredential()
    // The key they were sealed with is gone; another one is configured (while master.key is there, it still opens them).
    rmSync(join(dir, 'master.key'))
    const other = Buffer.alloc(32, 7).toString('base64')
    const outcome = await serveOutcome(dir, { TOOLYARD_MASTER_KEY: other })
    expect(outcome).toMatchObject({ started: false, code: 2 })
    const { stderr } = outcome as { stderr: string }
    expect(stderr).toContain(join(dir, DB))
    expect(stderr).toContain('TOOLYARD_MASTER_KEY')
    expect(stderr).not.toContain(other)
  }, 60_000)

  test('an empty (0-byte) database file: exit 2 naming it, and it is not made into a new install', async () => {
    const dir = await dataDirWithCredential()
    truncateSync(join(dir, DB), 0)
    const outcome = await serveOutcome(dir)
    expect(outcome).toMatchObject({ started: false, code: 2 })
    expect((outcome as { stderr: string }).stderr).toContain(join(dir, DB))
    expect((outcome as { stderr: string }).stderr).toContain('empty')
    expect(statSync(join(dir, DB)).size).toBe(0)
  }, 60_000)

  test('a file that is not a SQLite database: exit 2 naming it as malformed', async () => {
    const dir = fresh()
    writeFileSync(join(dir, DB), 'this is not a database, it is a text file that took its name\n'.repeat(100))
    const outcome = await serveOutcome(dir)
    expect(outcome).toMatchObject({ started: false, code: 2 })
    expect((outcome as { stderr: string }).stderr).toContain(join(dir, DB))
    expect((outcome as { stderr: string }).stderr).toContain('malformed')
  }, 60_000)

  test('a database whose every page after the first is garbage: exit 2 naming it as malformed', async () => {
    const dir = await dataDirWithCredential()
    const path = join(dir, DB)
    const { pageSize, pageCount } = pages(path)
    // Page 1 (the header and the schema's root) stays whole, so the file still opens as a database.
    const fd = openSync(path, 'r+')
    const garbage = Buffer.alloc(pageSize, 0x5a)
    for (let page = 1; page < pageCount; page++) writeSync(fd, garbage, 0, pageSize, page * pageSize)
    closeSync(fd)
    const outcome = await serveOutcome(dir)
    expect(outcome).toMatchObject({ started: false, code: 2 })
    expect((outcome as { stderr: string }).stderr).toContain(path)
  }, 60_000)

  test('a database with one damaged page that opens but fails PRAGMA quick_check: exit 2 naming it and the check', async () => {
    const dir = await dataDirWithCredential()
    const path = join(dir, DB)
    // Rows enough for a table of many pages, so one can be damaged without touching anything read at open.
    const db = new Database(path)
    db.exec('CREATE TABLE padding (id INTEGER PRIMARY KEY, v TEXT)')
    const insert = db.query('INSERT INTO padding (v) VALUES (?)')
    for (let i = 0; i < 2000; i++) insert.run('x'.repeat(100))
    db.close()
    const { pageSize, pageCount } = pages(path)
    // The cells of one of the last pages (the file grew for the padding, so they are its leaves) overwritten: the
    // page's header stays, its row pointers and rowids become nonsense.
    const fd = openSync(path, 'r+')
    writeSync(fd, Buffer.alloc(2000, 0xff), 0, 2000, (pageCount - 5) * pageSize + 1000)
    closeSync(fd)
    const outcome = await serveOutcome(dir)
    expect(outcome).toMatchObject({ started: false, code: 2 })
    expect((outcome as { stderr: string }).stderr).toContain(path)
    expect((outcome as { stderr: string }).stderr).toContain('quick_check')
  }, 60_000)

  test('a data dir with an intact database and its master key still starts', async () => {
    const dir = await dataDirWithCredential()
    expect(await serveOutcome(dir)).toEqual({ started: true })
  }, 60_000)
})
