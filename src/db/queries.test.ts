// The one query interface on SQLite (src/db/queries.ts): statements of the open transaction run inside it, another
// context's statements wait for it to end, rows come back as SQLite shapes them, and constraint failures come typed.
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { UniqueViolation } from '../lib/storage-errors'
import { openDatabase } from './open'
import { createStore } from './store'

const dir = mkdtempSync(join(tmpdir(), 'toolyard-queries-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function fresh() {
  const db = openDatabase(join(dir, `q${Math.random().toString(36).slice(2)}.sqlite`))
  db.exec('CREATE TABLE a (id TEXT PRIMARY KEY, n INTEGER NOT NULL)')
  return createStore(db)
}

test('all, get and run answer with SQLite rows, null for no row and the count of rows written', async () => {
  const store = fresh()
  expect(store.dialect).toBe('sqlite')
  const q = store.q()
  expect(await q.run('INSERT INTO a (id, n) VALUES ($id, $n)', { id: 'x', n: 1 })).toEqual({ changes: 1 })
  expect(await q.get('SELECT * FROM a WHERE id = $id', { id: 'x' })).toEqual({ id: 'x', n: 1 })
  expect(await q.get('SELECT * FROM a WHERE id = $id', { id: 'nope' })).toBeNull()
  expect(await q.all('SELECT id FROM a')).toEqual([{ id: 'x' }])
  await expect(q.run('INSERT INTO a (id, n) VALUES ($id, $n)', { id: 'x', n: 2 })).rejects.toBeInstanceOf(
    UniqueViolation,
  )
})

test('a statement outside the open transaction waits for it to end and never sees its rolled-back rows', async () => {
  const store = fresh()
  const order: string[] = []
  let release!: () => void
  const held = new Promise<void>((r) => {
    release = r
  })
  const tx = store
    .tx(async () => {
      await store.q().run("INSERT INTO a (id, n) VALUES ('in', 1)")
      order.push('inserted')
      await held
      throw new Error('roll back')
    })
    .catch(() => order.push('rolled back'))
  await Promise.resolve()
  const outside = store
    .q()
    .all('SELECT id FROM a')
    .then((rows) => {
      order.push(`read ${rows.length}`)
    })
  release()
  await Promise.all([tx, outside])
  expect(order).toEqual(['inserted', 'rolled back', 'read 0'])
})
