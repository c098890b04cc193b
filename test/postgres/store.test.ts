// The PostgreSQL store the repositories write through: repository calls inside `tx` run on that transaction (carried
// per asynchronous context), commit or roll back together, nest as savepoints, and run after-commit callbacks as the
// SQLite store does; two requests' transactions at once stay apart.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { migratePostgres } from '../../src/db/postgres/migrate'
import { openPostgres } from '../../src/db/postgres/sql'
import { createPgStore, type PgStore } from '../../src/db/postgres/store'
import { UniqueViolation } from '../../src/lib/storage-errors'
import { projectsRepository } from '../../src/modules/projects/repository'
import { serversRepository } from '../../src/modules/servers/repository'
import { waitFor } from '../helpers/poll'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../helpers/postgres'

const newDatabase = testDatabases()
let pg: PgStore
let projects: ReturnType<typeof projectsRepository>
let servers: ReturnType<typeof serversRepository>

beforeAll(async () => {
  pg = createPgStore(openPostgres(await newDatabase(), { max: 4 }))
  await migratePostgres(pg.db.sql)
  projects = projectsRepository(pg)
  servers = serversRepository(pg)
}, POSTGRES_START_TIMEOUT_MS)
afterAll(() => pg.db.close())

const server = (id: string) => ({
  id,
  project_id: 'p1',
  slug: `slug-${id}`,
  name: id,
  display_name: null,
  description: null,
  auth: 'none' as const,
  tool_discovery: null,
  created_at: 'now',
  updated_at: 'now',
})

test('repository calls in tx commit together, or roll back together with the error rethrown typed', async () => {
  const ran: string[] = []
  await pg.tx(async (tx) => {
    await projects.insertProject({ id: 'p1', name: 'one', created_at: 'now' })
    await servers.insert(server('s1'))
    tx.afterCommit(() => ran.push('committed'))
    expect(ran).toEqual([])
  })
  await Bun.sleep(0)
  expect(ran).toEqual(['committed'])
  const failed = pg.tx(async (tx) => {
    await servers.insert(server('s2'))
    tx.afterCommit(() => ran.push('never'))
    await servers.insert({ ...server('s3'), slug: 'slug-s1' })
  })
  await expect(failed).rejects.toBeInstanceOf(UniqueViolation)
  await Bun.sleep(0)
  expect(ran).toEqual(['committed'])
  expect((await servers.list('p1', undefined, 10)).map((s) => s.id)).toEqual(['s1'])
})

test('a tx inside a tx is a savepoint: its rollback keeps the outer writes; its callbacks wait for the outer commit', async () => {
  const ran: string[] = []
  await pg.tx(async () => {
    await servers.insert(server('s4'))
    await pg
      .tx(async (inner) => {
        await servers.insert(server('s5'))
        inner.afterCommit(() => ran.push('inner rolled back'))
        throw new Error('undo s5')
      })
      .catch(() => {})
    await pg.tx(async () => {
      await servers.insert(server('s6'))
      pg.afterCommit(() => ran.push('inner kept'))
    })
    expect(ran).toEqual([])
  })
  await Bun.sleep(0)
  expect(ran).toEqual(['inner kept'])
  expect((await servers.list('p1', undefined, 10)).map((s) => s.id)).toEqual(['s1', 's4', 's6'])
})

test('after-commit callbacks wait for afterWrite (serve: until its change feed heard the commit), in a savepoint too', async () => {
  const order: string[] = []
  const heard = Promise.withResolvers<void>()
  const store = createPgStore(pg.db, {
    afterWrite: async () => {
      await heard.promise
      order.push('heard')
    },
  })
  const done = store.tx(async () => {
    await projectsRepository(store).insertProject({ id: 'p-heard', name: 'heard', created_at: 'now' })
    store.afterCommit(() => order.push('callback'))
    await store.tx(async () => store.afterCommit(() => order.push('savepoint callback')))
  })
  // Committed (another connection reads the row), not yet heard: nothing told anyone yet.
  await waitFor('the commit', async () => (await projects.projectById('p-heard')) !== undefined)
  await Bun.sleep(50)
  expect(order).toEqual([])
  heard.resolve()
  await done
  await Bun.sleep(0)
  expect(order).toEqual(['heard', 'callback', 'savepoint callback'])
})

test('two transactions at once each see only their own uncommitted writes', async () => {
  let release = () => {}
  const gate = new Promise<void>((resolve) => {
    release = resolve
  })
  const a = pg.tx(async () => {
    await servers.insert(server('a1'))
    await gate
    return servers.byId('p1', 'b1')
  })
  const b = pg.tx(async () => {
    await servers.insert(server('b1'))
    const own = await servers.byId('p1', 'b1')
    const other = await servers.byId('p1', 'a1')
    return { own: own?.id, other }
  })
  expect(await b).toEqual({ own: 'b1', other: null })
  // a reads only once b has committed (read committed): it sees b's row.
  release()
  expect((await a)?.id).toBe('b1')
  // Outside any transaction: the pool.
  expect(await servers.slugTaken('slug-a1')).toBe(true)
})
