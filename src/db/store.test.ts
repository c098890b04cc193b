// The storage port on a real SQLite file: after-commit callbacks run only once the outermost transaction committed
// (never on rollback, never inside it), events published in a rolled-back change reach nobody, and constraint
// failures come out typed.
import { afterAll, expect, test } from 'bun:test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createEventBus, type ToolyardEvent } from '../lib/events'
import { ForeignKeyViolation, UniqueViolation } from '../lib/storage-errors'
import { openDatabase } from './open'
import { createStore, mapped, openAnotherStore } from './store'

const dir = mkdtempSync(join(tmpdir(), 'toolyard-store-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let files = 0
function fresh() {
  const path = join(dir, `s${files++}.sqlite`)
  const db = openDatabase(path)
  db.exec(`CREATE TABLE a (id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE);
           CREATE TABLE b (a_id TEXT NOT NULL REFERENCES a(id))`)
  // A second connection sees only what was committed.
  const other = openDatabase(path, { another: true })
  const committed = () => other.query<{ n: number }, []>('SELECT count(*) AS n FROM a').get()!.n
  return { db, store: createStore(db), committed }
}
const settle = () => new Promise((r) => setTimeout(r, 0))

test('afterCommit runs after the commit, outside the transaction, with the rows visible to other connections', async () => {
  const { db, store, committed } = fresh()
  const seen: { inTransaction: boolean; committed: number }[] = []
  const result = store.tx((tx) => {
    db.run("INSERT INTO a VALUES ('1', 'one')")
    tx.afterCommit(() => seen.push({ inTransaction: db.inTransaction, committed: committed() }))
    return 'done'
  })
  expect(result).toBe('done')
  await settle()
  expect(seen).toEqual([{ inTransaction: false, committed: 1 }])
})

test('afterCommit callbacks are dropped when the transaction rolls back', async () => {
  const { db, store, committed } = fresh()
  const ran: string[] = []
  expect(() =>
    store.tx((tx) => {
      db.run("INSERT INTO a VALUES ('1', 'one')")
      tx.afterCommit(() => ran.push('rolled back'))
      throw new Error('no')
    }),
  ).toThrow('no')
  await settle()
  expect(ran).toEqual([])
  expect(committed()).toBe(0)
})

test('a nested tx joins the outer one: its callbacks wait for the outer commit, and go if only it rolls back', async () => {
  const { db, store, committed } = fresh()
  const ran: string[] = []
  store.tx((outer) => {
    outer.afterCommit(() => ran.push(`outer:${committed()}`))
    store.tx((inner) => {
      db.run("INSERT INTO a VALUES ('1', 'one')")
      inner.afterCommit(() => ran.push(`inner:${committed()}`))
    })
    try {
      store.tx((inner) => {
        db.run("INSERT INTO a VALUES ('2', 'two')")
        inner.afterCommit(() => ran.push('rolled back savepoint'))
        throw new Error('savepoint')
      })
    } catch {
      // The outer transaction goes on without the savepoint's row.
    }
    // The ambient form (what the event bus uses) joins the open transaction too.
    store.afterCommit(() => ran.push('ambient'))
    expect(ran).toEqual([])
  })
  await settle()
  expect(ran).toEqual(['outer:1', 'inner:1', 'ambient'])
})

test('an async callback is refused and rolled back: its awaits would run outside the transaction', () => {
  const { db, store, committed } = fresh()
  expect(() =>
    store.tx(async () => {
      db.run("INSERT INTO a VALUES ('1', 'one')")
    }),
  ).toThrow('synchronous')
  expect(committed()).toBe(0)
})

test('events published in a change that rolls back reach no subscriber; committed ones do', async () => {
  const { db, store } = fresh()
  const bus = createEventBus(store.afterCommit)
  const heard: ToolyardEvent[] = []
  bus.subscribe((e) => heard.push(e))
  const event = (projectId: string): ToolyardEvent => ({ type: 'list_changed', list: 'tools', projectId })
  expect(() =>
    store.tx(() => {
      db.run("INSERT INTO a VALUES ('1', 'one')")
      bus.publish(event('rolled-back'))
      throw new Error('no')
    }),
  ).toThrow('no')
  store.tx(() => {
    db.run("INSERT INTO a VALUES ('2', 'two')")
    bus.publish(event('committed'))
  })
  await settle()
  expect(heard.map((e) => e.projectId)).toEqual(['committed'])
})

test('unique and foreign-key failures come out as UniqueViolation and ForeignKeyViolation, in and outside tx', () => {
  const { db, store } = fresh()
  db.run("INSERT INTO a VALUES ('1', 'one')")
  const duplicateName = () => db.run("INSERT INTO a VALUES ('2', 'one')")
  const duplicateId = () => db.run("INSERT INTO a VALUES ('1', 'other')")
  const danglingRef = () => db.run("INSERT INTO b VALUES ('missing')")
  expect(() => store.tx(duplicateName)).toThrow(UniqueViolation)
  expect(() => store.tx(duplicateId)).toThrow(UniqueViolation)
  expect(() => store.tx(danglingRef)).toThrow(ForeignKeyViolation)
  expect(() => mapped(duplicateName)).toThrow(UniqueViolation)
  expect(() => mapped(danglingRef)).toThrow(ForeignKeyViolation)
  // Anything else passes through unchanged.
  expect(() => mapped(() => db.run('INSERT INTO nowhere VALUES (1)'))).toThrow('no such table')
  // A nested tx maps too, and the outer one can go on.
  store.tx(() => {
    expect(() => store.tx(duplicateName)).toThrow(UniqueViolation)
  })
})

test('openAnotherStore writes through its own connection, with the typed errors, and closes only that one', () => {
  const { db, committed } = fresh()
  const another = openAnotherStore(db.filename)
  another.store.tx(() => another.store.db.run("INSERT INTO a VALUES ('1', 'one')"))
  expect(committed()).toBe(1)
  expect(() => another.store.tx(() => another.store.db.run("INSERT INTO a VALUES ('2', 'one')"))).toThrow(
    UniqueViolation,
  )
  another.close()
  expect(() => another.store.db.query('SELECT 1').get()).toThrow()
  // The main connection still answers.
  expect(db.query<{ n: number }, []>('SELECT count(*) AS n FROM a').get()!.n).toBe(1)
})
