// The compact call log (src/db/migrations/030-call-log-compact.sql) on an upgraded database: the rows written before
// are kept, listed newest first with their ids, servers, users and times as they were, filtered by each filter, paged;
// deleting their project deletes them (what the foreign key did before).
import { Database } from 'bun:sqlite'
import { expect, test } from 'bun:test'
import { migrate } from '../../src/db/migrate'
import { migrations } from '../../src/db/migrations'
import { createStore } from '../../src/db/store'
import { callsRepository } from '../../src/modules/calls/repository'

test('rows logged before the compact call log are kept, listed, filtered, paged, and go with their project', async () => {
  const version = migrations.findIndex((m) => m.includes('CREATE TABLE call_log_rows'))
  expect(version).toBeGreaterThan(0)
  const db = new Database(':memory:', { strict: true })
  for (const m of migrations.slice(0, version)) db.exec(m)
  db.run(`PRAGMA user_version = ${version}`)
  db.run("INSERT INTO projects (id, name, created_at) VALUES ('p1', 'one', 'x'), ('p2', 'two', 'x')")
  const row = (i: number, project = 'p1') => ({
    id: Bun.randomUUIDv7('hex', Date.UTC(2026, 0, 1, 0, 0, i)),
    project_id: project,
    server_id: i % 2 ? 's1' : null,
    name: i % 3 ? 'echo' : 'add',
    outcome: i % 4 ? 'ok' : 'error',
    error: i % 4 ? null : 'bad',
    request_id: `req-${i}`,
    created_at: new Date(Date.UTC(2026, 0, 1, 0, 0, i, 7)).toISOString(),
    user_id: i % 5 ? null : 'u1',
  })
  const rows = [...Array.from({ length: 12 }, (_, i) => row(i)), row(20, 'p2')]
  const insert = db.query(
    `INSERT INTO call_log (id, project_id, server_id, kind, name, outcome, duration_ms, error, request_id, created_at, user_id)
     VALUES ($id, $project_id, $server_id, 'tool', $name, $outcome, 3, $error, $request_id, $created_at, $user_id)`,
  )
  for (const r of rows) insert.run(r)
  migrate(db)

  const repo = callsRepository(createStore(db))
  const listed = await repo.list('p1', {}, undefined, 100)
  const plain = (list: typeof listed) => list.map(({ cursor, kind, duration_ms, ...r }) => r)
  expect(plain(listed)).toEqual(rows.slice(0, 12).reverse())
  const ids = (list: typeof listed) => list.map((r) => r.id)
  const p1 = rows.slice(0, 12)
  expect(ids(await repo.list('p1', { server_id: 's1' }, undefined, 100))).toEqual(
    ids(listed).filter((id) => p1.find((r) => r.id === id)!.server_id === 's1'),
  )
  expect(ids(await repo.list('p1', { user_id: 'u1' }, undefined, 100))).toEqual([p1[10]!.id, p1[5]!.id, p1[0]!.id])
  expect(ids(await repo.list('p1', { name: 'add', outcome: 'error' }, undefined, 100))).toEqual([p1[0]!.id])
  const first = await repo.list('p1', {}, undefined, 5)
  expect(ids(await repo.list('p1', {}, first.at(-1)!.cursor, 5))).toEqual(ids(listed).slice(5, 10))

  db.run("DELETE FROM projects WHERE id = 'p1'")
  expect(await repo.list('p1', {}, undefined, 100)).toEqual([])
  expect(ids(await repo.list('p2', {}, undefined, 100))).toEqual([rows[12]!.id])
})
