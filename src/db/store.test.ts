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
  const result = await store.tx((tx) => {
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
  await expect(
    store.tx((tx) => {
      db.run("INSERT INTO a VALUES ('1', 'one')")
      tx.afterCommit(() => ran.push('rolled back'))
      throw new Error('no')
    }),
  ).rejects.toThrow('no')
  await settle()
  expect(ran).toEqual([])
  expect(committed()).toBe(0)
})

test('a nested tx joins the outer one: its callbacks wait for the outer commit, and go if only it rolls back', async () => {
  const { db, store, committed } = fresh()
  const ran: string[] = []
  await store.tx(async (outer) => {
    outer.afterCommit(() => ran.push(`outer:${committed()}`))
    await store.tx((inner) => {
      db.run("INSERT INTO a VALUES ('1', 'one')")
      inner.afterCommit(() => ran.push(`inner:${committed()}`))
    })
    try {
      await store.tx((inner) => {
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

test('events published in a change that rolls back reach no subscriber; committed ones do', async () => {
  const { db, store } = fresh()
  const bus = createEventBus(store.afterCommit)
  const heard: ToolyardEvent[] = []
  bus.subscribe((e) => heard.push(e))
  const event = (projectId: string) => ({ type: 'list_changed' as const, list: 'tools' as const, projectId })
  await expect(
    store.tx(() => {
      db.run("INSERT INTO a VALUES ('1', 'one')")
      bus.publish(event('rolled-back'))
      throw new Error('no')
    }),
  ).rejects.toThrow('no')
  await store.tx(() => {
    db.run("INSERT INTO a VALUES ('2', 'two')")
    bus.publish(event('committed'))
  })
  await settle()
  expect(heard.map((e) => e.projectId)).toEqual(['committed'])
})

test("a resource event's in-transaction handlers are awaited inside the publisher's async tx and roll back with it", async () => {
  const { store, committed } = fresh()
  const bus = createEventBus(store.afterCommit)
  // The outbox's shape: a repository write the handler awaits (src/modules/webhooks/build.ts).
  const rows = {
    insert: async (id: string) => {
      await store.q().run('INSERT INTO a VALUES ($id, $name)', { id, name: `row ${id}` })
    },
  }
  bus.onResourceEventInTransaction(async (e) => {
    await tick()
    if (e.name === 'refused') throw new Error('handler failed')
    await rows.insert(e.uri)
  })
  const heard: string[] = []
  bus.subscribe((e) => heard.push(e.type === 'list_changed' ? e.list : e.uri))
  const event = (uri: string, name = 'doc') =>
    ({ type: 'resource.updated', projectId: 'p', serverId: 's', uri, name, at: '' }) as const

  // The change fails after its event was published: the handler's row goes with it, and no listener hears of it.
  await expect(
    store.tx(async () => {
      await bus.publishResource(event('rolled-back'))
      expect(committed()).toBe(0)
      throw new Error('change failed')
    }),
  ).rejects.toThrow('change failed')
  // A failing handler fails the change.
  await expect(store.tx(() => bus.publishResource(event('x', 'refused')))).rejects.toThrow('handler failed')
  await store.tx(() => bus.publishResource(event('committed')))
  await settle()
  expect(store.db.query<{ id: string }, []>('SELECT id FROM a').all()).toEqual([{ id: 'committed' }])
  expect(heard).toEqual(['committed'])
})

test('unique and foreign-key failures come out as UniqueViolation and ForeignKeyViolation, in and outside tx', async () => {
  const { db, store } = fresh()
  db.run("INSERT INTO a VALUES ('1', 'one')")
  const duplicateName = () => db.run("INSERT INTO a VALUES ('2', 'one')")
  const duplicateId = () => db.run("INSERT INTO a VALUES ('1', 'other')")
  const danglingRef = () => db.run("INSERT INTO b VALUES ('missing')")
  await expect(store.tx(duplicateName)).rejects.toThrow(UniqueViolation)
  await expect(store.tx(duplicateId)).rejects.toThrow(UniqueViolation)
  await expect(store.tx(danglingRef)).rejects.toThrow(ForeignKeyViolation)
  expect(() => mapped(duplicateName)).toThrow(UniqueViolation)
  expect(() => mapped(danglingRef)).toThrow(ForeignKeyViolation)
  // Anything else passes through unchanged.
  expect(() => mapped(() => db.run('INSERT INTO nowhere VALUES (1)'))).toThrow('no such table')
  // A nested tx maps too, and the outer one can go on.
  await store.tx(async () => {
    await expect(store.tx(duplicateName)).rejects.toThrow(UniqueViolation)
  })
})

test('openAnotherStore writes through its own connection, with the typed errors, and closes only that one', async () => {
  const { db, committed } = fresh()
  const another = openAnotherStore(db.filename)
  await another.store.tx(() => another.store.db.run("INSERT INTO a VALUES ('1', 'one')"))
  expect(committed()).toBe(1)
  await expect(another.store.tx(() => another.store.db.run("INSERT INTO a VALUES ('2', 'one')"))).rejects.toThrow(
    UniqueViolation,
  )
  another.close()
  expect(() => another.store.db.query('SELECT 1').get()).toThrow()
  // The main connection still answers.
  expect(db.query<{ n: number }, []>('SELECT count(*) AS n FROM a').get()!.n).toBe(1)
})

// The asynchronous transaction: callbacks may await; transactions are serialized and other requests' statements wait.
const tick = () => new Promise((r) => setTimeout(r, 1))

test('an async tx commits what it wrote across awaits, then runs its after-commit callbacks', async () => {
  const { db, store, committed } = fresh()
  const seen: number[] = []
  const result = await store.tx(async (tx) => {
    db.run("INSERT INTO a VALUES ('1', 'one')")
    await tick()
    db.run("INSERT INTO a VALUES ('2', 'two')")
    tx.afterCommit(() => seen.push(committed()))
    store.afterCommit(() => seen.push(-committed()))
    expect(committed()).toBe(0)
    return 'done'
  })
  expect(result).toBe('done')
  await settle()
  expect(seen).toEqual([2, -2])
})

test('an async tx that rejects rolls back and drops its callbacks; a failed nested one only its own part', async () => {
  const { db, store, committed } = fresh()
  const ran: string[] = []
  await expect(
    store.tx(async (tx) => {
      db.run("INSERT INTO a VALUES ('1', 'one')")
      tx.afterCommit(() => ran.push('rolled back'))
      await tick()
      throw new Error('no')
    }),
  ).rejects.toThrow('no')
  expect(committed()).toBe(0)
  await store.tx(async (outer) => {
    outer.afterCommit(() => ran.push(`outer:${committed()}`))
    await store.tx(async (inner) => {
      db.run("INSERT INTO a VALUES ('1', 'one')")
      inner.afterCommit(() => ran.push('inner'))
    })
    await expect(
      store.tx(async (inner) => {
        db.run("INSERT INTO a VALUES ('2', 'two')")
        inner.afterCommit(() => ran.push('rolled back savepoint'))
        await tick()
        throw new Error('savepoint')
      }),
    ).rejects.toThrow('savepoint')
  })
  await settle()
  expect(ran).toEqual(['outer:1', 'inner'])
})

test("transactions are serialized and statements from outside wait: nothing runs inside another request's tx", async () => {
  const { db, store } = fresh()
  const order: string[] = []
  const count = () => db.query<{ n: number }, []>('SELECT count(*) AS n FROM a').get()!.n
  const first = store.tx(async () => {
    db.run("INSERT INTO a VALUES ('1', 'one')")
    order.push('first wrote')
    await tick()
    await tick()
    order.push('first ends')
    throw new Error('first rolls back')
  })
  // Started while the first is open (awaiting): each waits for it to end.
  const second = store.tx(async () => {
    order.push(`second sees ${count()}`)
    db.run("INSERT INTO a VALUES ('1', 'again')")
  })
  const read = store.run(() => {
    order.push(`read sees ${count()}`)
    return count()
  })
  await expect(first).rejects.toThrow('first rolls back')
  await second
  expect(await read).toBeGreaterThanOrEqual(0)
  expect(order).toEqual(['first wrote', 'first ends', 'second sees 0', 'read sees 1'])
  expect(count()).toBe(1)
  expect(db.query<{ name: string }, []>('SELECT name FROM a').get()!.name).toBe('again')
})

test('store.run and an async tx map constraint failures to the typed errors', async () => {
  const { db, store } = fresh()
  db.run("INSERT INTO a VALUES ('1', 'one')")
  await expect(store.run(() => db.run("INSERT INTO a VALUES ('2', 'one')"))).rejects.toBeInstanceOf(UniqueViolation)
  await expect(
    store.tx(async () => {
      await tick()
      db.run("INSERT INTO b VALUES ('missing')")
    }),
  ).rejects.toBeInstanceOf(ForeignKeyViolation)
  expect(store.inTransaction()).toBe(false)
  await store.tx(async () => expect(store.inTransaction()).toBe(true))
})
