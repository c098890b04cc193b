// The read model against a real SQLite file and a second connection: reads come from memory until a commit touches
// their area, whoever commits; an unrelated commit keeps them; reads inside the caller's transaction are never kept.
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ensureChangeCounters, readChangeCounters, readProjectsChanged } from '../db/change-counters'
import { mapWalIndex, sqliteChangeSignal } from '../db/change-signal'
import { migrate } from '../db/migrate'
import { openDatabase } from '../db/open'
import { createReadModel, MISS, projectOfKey } from './read-model'

const dir = mkdtempSync(join(tmpdir(), 'toolyard-read-model-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function setup(name: string) {
  const path = join(dir, name)
  const walIndex = mapWalIndex(path)
  const db = openDatabase(path)
  migrate(db)
  ensureChangeCounters(db)
  const other = openDatabase(path, { another: true })
  const rm = createReadModel({
    signal: sqliteChangeSignal(db, walIndex),
    counters: readChangeCounters(db),
    inTransaction: () => db.inTransaction,
  })
  let loads = 0
  const view = rm.view(
    async () => {
      loads++
      return (db.query('SELECT count(*) AS n FROM api_keys').get() as { n: number }).n
    },
    () => 'all',
    { maxEntries: 10, areas: ['keys'] },
  )
  return { db, other, countKeys: () => view.get(), loads: () => loads }
}

const insertProject = (db: ReturnType<typeof openDatabase>, id: string) =>
  db.run('INSERT INTO projects (id, name, created_at) VALUES (?, ?, ?)', [id, id, '2026-01-01T00:00:00Z'])
const insertKey = (db: ReturnType<typeof openDatabase>, id: string, projectId: string) =>
  db.run('INSERT INTO api_keys (id, project_id, name, prefix, hash, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
    id,
    projectId,
    'k',
    'tyk_',
    `hash-${id}`,
    '2026-01-01T00:00:00Z',
  ])

test('answers from memory until a commit to its area, by this connection or another one', async () => {
  const t = setup('a.sqlite')
  expect(await t.countKeys()).toBe(0)
  expect(await t.countKeys()).toBe(0)
  expect(t.loads()).toBe(1)

  insertProject(t.other, 'p1') // another area: still from memory
  expect(await t.countKeys()).toBe(0)
  expect(t.loads()).toBe(1)

  insertKey(t.other, 'k1', 'p1') // its area, by another connection
  expect(await t.countKeys()).toBe(1)
  expect(t.loads()).toBe(2)

  insertKey(t.db, 'k2', 'p1') // its area, by this connection
  expect(await t.countKeys()).toBe(2)
  expect(t.loads()).toBe(3)
})

test("reads inside the caller's transaction bypass the cache, so a rollback leaves nothing behind", async () => {
  const t = setup('b.sqlite')
  insertProject(t.db, 'p1')
  expect(await t.countKeys()).toBe(0)
  t.db.run('BEGIN')
  insertKey(t.db, 'k1', 'p1')
  expect(await t.countKeys()).toBe(1)
  t.db.run('ROLLBACK')
  expect(await t.countKeys()).toBe(0)
  expect(t.loads()).toBe(2)
})

test('the triggers come back after a migration rebuilt a table', async () => {
  const t = setup('c.sqlite')
  t.db.exec('DROP TRIGGER change_counter_v2_api_keys_insert')
  ensureChangeCounters(t.db)
  insertProject(t.db, 'p1')
  expect(await t.countKeys()).toBe(0)
  insertKey(t.other, 'k1', 'p1')
  expect(await t.countKeys()).toBe(1)
})

test('a view answers hits synchronously, shares one load between concurrent misses, and drops on a commit', async () => {
  const t = setup('d.sqlite')
  const rm = createReadModel({
    signal: sqliteChangeSignal(t.db, mapWalIndex(t.db.filename)),
    counters: readChangeCounters(t.db),
    inTransaction: () => t.db.inTransaction,
  })
  let loads = 0
  const view = rm.view(
    async () => {
      loads++
      await new Promise((r) => setTimeout(r, 1))
      return (t.db.query('SELECT count(*) AS n FROM api_keys').get() as { n: number }).n
    },
    () => 'all',
    { maxEntries: 10, areas: ['keys'] },
  )
  expect(view.peek()).toBe(MISS)
  expect(await Promise.all([view.get(), view.get(), view.get()])).toEqual([0, 0, 0])
  expect(loads).toBe(1)
  expect(view.peek()).toBe(0)
  insertProject(t.other, 'p1')
  insertKey(t.other, 'k1', 'p1')
  expect(view.peek()).toBe(MISS)
  expect(await view.get()).toBe(1)
  expect(loads).toBe(2)
})

test("a commit in one project drops that project's entries only; entries of no known project go with any commit", async () => {
  const t = setup('per-project.sqlite')
  const rm = createReadModel({
    signal: sqliteChangeSignal(t.db, mapWalIndex(t.db.filename)),
    counters: readChangeCounters(t.db),
    inTransaction: () => t.db.inTransaction,
    projectsChanged: readProjectsChanged(t.db),
  })
  const loads: string[] = []
  const perProject = rm.view(
    async (projectId: string) => {
      loads.push(projectId)
      return (
        t.db.query('SELECT count(*) AS n FROM api_keys WHERE project_id = $p').get({ p: projectId }) as { n: number }
      ).n
    },
    (projectId) => projectId,
    { maxEntries: 10, areas: ['keys'], projectOf: projectOfKey },
  )
  const byHash = rm.view(
    async (hash: string) => {
      loads.push(hash)
      return t.db.query('SELECT project_id FROM api_keys WHERE hash = $h').get({ h: hash }) as {
        project_id: string
      } | null
    },
    (hash) => hash,
    { maxEntries: 10, areas: ['keys'], projectOf: (_hash, row) => row?.project_id },
  )
  insertProject(t.db, 'p1')
  insertProject(t.db, 'p2')
  insertKey(t.db, 'k1', 'p1')
  expect(await perProject.get('p1')).toBe(1)
  expect(await perProject.get('p2')).toBe(0)
  expect(await byHash.get('hash-k1')).toEqual({ project_id: 'p1' })
  expect(await byHash.get('hash-k9')).toBeNull()
  expect(loads).toEqual(['p1', 'p2', 'hash-k1', 'hash-k9'])

  // Another tenant writes (by another connection): p1's entries stay; p2's and the unknown hash's go.
  insertKey(t.other, 'k2', 'p2')
  expect(await perProject.get('p1')).toBe(1)
  expect(await byHash.get('hash-k1')).toEqual({ project_id: 'p1' })
  expect(await perProject.get('p2')).toBe(1)
  expect(await byHash.get('hash-k9')).toBeNull()
  expect(loads.slice(4)).toEqual(['p2', 'hash-k9'])

  // p1 changes: its entries go.
  t.other.run("UPDATE api_keys SET name = 'renamed' WHERE id = 'k1'")
  expect(await perProject.get('p1')).toBe(1)
  expect(await byHash.get('hash-k1')).toEqual({ project_id: 'p1' })
  expect(loads.slice(6)).toEqual(['p1', 'hash-k1'])
})
