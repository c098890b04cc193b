// The PostgreSQL change feed on a real server: a commit on one connection pool (another instance) is heard by the
// listening one within a second, counted under its read-model area; a rollback is not heard; a dropped listening
// connection comes back and says that anything may have changed.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { SQL } from 'bun'
import { ANY_AREA, listenForChanges } from '../../src/db/postgres/change-feed'
import { migratePostgres } from '../../src/db/postgres/migrate'
import { waitFor } from '../helpers/poll'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../helpers/postgres'

const newDatabase = testDatabases()
let listener: SQL
let writer: SQL

beforeAll(async () => {
  const url = await newDatabase()
  listener = new SQL(url, { max: 2 })
  writer = new SQL(url, { max: 2 })
  await migratePostgres(writer)
  await writer.unsafe("INSERT INTO projects (id, name, created_at) VALUES ('p1', 'one', 'now')")
}, POSTGRES_START_TIMEOUT_MS)
afterAll(async () => {
  await listener.close()
  await writer.close()
})

test('another instance’s commit is heard, by area; its rollback is not', async () => {
  const feed = await listenForChanges(listener)
  try {
    const before = feed.signal.version()
    expect(feed.signal.version()).toBe(before)
    await writer
      .begin(async (tx) => {
        await tx.unsafe(
          "INSERT INTO servers (id, project_id, slug, name, created_at, updated_at) VALUES ('x', 'p1', 'x', 'x', 'now', 'now')",
        )
        throw new Error('roll back')
      })
      .catch(() => {})
    await writer.unsafe(
      "INSERT INTO api_keys (id, project_id, name, prefix, hash, created_at) VALUES ('k1', 'p1', 'k', 'ty_', 'h', 'now')",
    )
    // The feed is the only way the counter moves: hearing it at all (a bounded wait) is the property.
    await waitFor('the key change to be heard', () => feed.counters().get('keys') === 1, { timeoutMs: 5_000 })
    expect(feed.signal.version()).toBeGreaterThan(before)
    // Only the committed change: the rolled-back server insert was never sent.
    expect([...feed.counters()]).toEqual([['keys', 1]])
  } finally {
    await feed.stop()
  }
})

test('a dropped listening connection is re-established and counted as "anything may have changed"', async () => {
  const feed = await listenForChanges(listener)
  try {
    await writer.unsafe(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query ILIKE 'LISTEN%' AND pid <> pg_backend_pid()",
    )
    await waitFor('the feed to come back', () => feed.counters().get(ANY_AREA) === 1, { timeoutMs: 30_000 })
    await writer.unsafe(
      "INSERT INTO servers (id, project_id, slug, name, created_at, updated_at) VALUES ('s1', 'p1', 's1', 'One', 'now', 'now')",
    )
    await writer.unsafe("UPDATE servers SET name = 'renamed' WHERE project_id = 'p1'")
    await waitFor('the server changes after the reconnect', () => feed.counters().get('servers') === 2)
  } finally {
    await feed.stop()
  }
}, 60_000)

test('a change is heard with its project: a reader learns which tenants changed since it last looked', async () => {
  const feed = await listenForChanges(listener)
  try {
    await writer.unsafe(
      "INSERT INTO projects (id, name, created_at) VALUES ('p2', 'two', 'now'), ('p3', 'three', 'now')",
    )
    await writer.unsafe(
      "INSERT INTO api_keys (id, project_id, name, prefix, hash, created_at) VALUES ('k2', 'p2', 'k', 'ty_', 'h2', 'now')",
    )
    await waitFor('the p2 key to be heard', () => feed.counters().get('keys') === 1, { timeoutMs: 5_000 })
    expect(feed.projectsChanged('keys', 0)).toEqual(new Set(['p2']))
    await writer.unsafe(
      "INSERT INTO api_keys (id, project_id, name, prefix, hash, created_at) VALUES ('k3', 'p3', 'k', 'ty_', 'h3', 'now')",
    )
    await waitFor('the p3 key to be heard', () => feed.counters().get('keys') === 2, { timeoutMs: 5_000 })
    // Since the reader's last look (at 1): p3 only; since the start: both.
    expect(feed.projectsChanged('keys', 1)).toEqual(new Set(['p3']))
    expect(feed.projectsChanged('keys', 0)).toEqual(new Set(['p2', 'p3']))
    // An area never heard of: not known, so a reader drops it whole.
    expect(feed.projectsChanged('resources', 0)).toBeNull()
  } finally {
    await feed.stop()
  }
})
