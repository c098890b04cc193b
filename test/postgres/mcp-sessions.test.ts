// MCP sessions across instances on a real PostgreSQL: the session directory (migration 016) and the instance bridge
// over `toolyard_events`, each "instance" its own pool, event bus and session store on one database
// (docs/decisions/0042-mcp-sessions-across-instances.md).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { loadKeyring } from '../../src/crypto/master-key'
import { ensureEventOverflow, pgPeerChannel } from '../../src/db/postgres/change-feed'
import { migratePostgres } from '../../src/db/postgres/migrate'
import { pgSessionDirectory } from '../../src/db/postgres/shared/session-directory'
import { openPostgres, type PgDb } from '../../src/db/postgres/sql'
import { createEventBus, type ToolyardEvent } from '../../src/lib/events'
import { createLogger } from '../../src/lib/log'
import { bridgeInstances, type InstanceBridge } from '../../src/mcp/instance-bridge'
import { sessionIds } from '../../src/mcp/session-id'
import { createSessionStore, SESSION_TTL_MS, type SessionStore } from '../../src/mcp/sessions'
import { waitFor } from '../helpers/poll'
import { POSTGRES_START_TIMEOUT_MS, testDatabases } from '../helpers/postgres'

const newDatabase = testDatabases()
const MASTER = randomBytes(32).toString('base64')
const dataDir = mkdtempSync(join(tmpdir(), 'toolyard-sessions-pg-'))
const keyring = loadKeyring({ dataDir, masterKey: MASTER })

interface Instance {
  name: string
  db: PgDb
  directory: ReturnType<typeof pgSessionDirectory>
  events: ReturnType<typeof createEventBus>
  sessions: SessionStore
  heard: ToolyardEvent[]
  bridge?: InstanceBridge
}

let a: Instance
let b: Instance
let clock = Date.now()

const instance = (url: string, name: string): Instance => {
  const db = openPostgres(url, { max: 3 })
  const directory = pgSessionDirectory(db, name)
  const events = createEventBus((fn) => queueMicrotask(fn))
  const heard: ToolyardEvent[] = []
  events.subscribe((e) => void heard.push(e))
  const sessions = createSessionStore(
    { maxSessions: 100, maxSubscriptions: 10 },
    { ids: sessionIds(keyring), directory, now: () => clock },
  )
  return { name, db, directory, events, sessions, heard }
}

const init = {
  serverId: 'srv-1',
  projectId: 'prj-1',
  principal: 'key:k1',
  protocolVersion: '2025-11-25' as const,
  clientCapabilities: { elicitation: {} },
}

beforeAll(async () => {
  const url = await newDatabase()
  a = instance(url, 'instance-a')
  b = instance(url, 'instance-b')
  await migratePostgres(a.db.sql)
  await ensureEventOverflow(a.db)
  const log = createLogger('silent')
  for (const i of [a, b])
    i.bridge = await bridgeInstances({
      events: i.events,
      sessions: i.sessions,
      channel: pgPeerChannel(i.db, i.name),
      log,
    })
}, POSTGRES_START_TIMEOUT_MS)
afterAll(async () => {
  for (const i of [a, b]) {
    await i?.bridge?.stop()
    await i?.db.close()
  }
  rmSync(dataDir, { recursive: true, force: true })
})

describe('the session directory', () => {
  test('a session is found by its reference; changes are recorded; unknown references are null', async () => {
    const s = await a.sessions.create(init)
    expect(await a.directory.lookup(s.ref)).toEqual({
      ended: false,
      logLevel: 'info',
      subscriptions: [],
      lastSeen: clock,
    })
    await s.record({ logLevel: 'debug' })
    await s.record({ subscribe: 'file:///one' })
    await s.record({ subscribe: 'file:///two' })
    await s.record({ subscribe: 'file:///one' })
    await s.record({ unsubscribe: 'file:///two' })
    await a.directory.seen(s.ref, clock + 5_000)
    await a.directory.seen(s.ref, clock + 1_000)
    expect(await b.directory.lookup(s.ref)).toEqual({
      ended: false,
      logLevel: 'debug',
      subscriptions: ['file:///one'],
      lastSeen: clock + 5_000,
    })
    expect(await b.directory.lookup('no-such-ref')).toBeNull()
    // The row holds the reference, never the id: nothing in the table opens a session.
    const rows = await a.db.all<Record<string, unknown>>('SELECT * FROM mcp_sessions WHERE ref = $ref', { ref: s.ref })
    expect(JSON.stringify(rows)).not.toContain(s.id)
  })

  test('subscriptions from two instances at once are all kept', async () => {
    const s = await a.sessions.create(init)
    const copy = (await b.sessions.revive(s.id))!
    const uris = Array.from({ length: 10 }, (_, i) => `file:///u${i}`)
    await Promise.all(uris.map((uri, i) => (i % 2 ? copy : s).record({ subscribe: uri })))
    const state = await a.directory.lookup(s.ref)
    expect(state?.subscriptions.sort()).toEqual([...uris].sort())
  })

  test('prune deletes ended and idle rows only', async () => {
    const live = await a.sessions.create(init)
    const ended = await a.sessions.create(init)
    await a.sessions.end(ended)
    clock += 1
    const idle = await a.sessions.create(init)
    await a.db.run('UPDATE mcp_sessions SET last_seen_ms = 5 WHERE ref = $ref', { ref: idle.ref })
    expect(await a.directory.prune(clock - SESSION_TTL_MS)).toBeGreaterThanOrEqual(2)
    expect(await a.directory.lookup(live.ref)).not.toBeNull()
    expect(await a.directory.lookup(ended.ref)).toBeNull()
    expect(await a.directory.lookup(idle.ref)).toBeNull()
  })
})

describe('a session across instances', () => {
  test('made on A, taken up by B from its id alone; a foreign or changed id is unknown there', async () => {
    const s = await a.sessions.create(init)
    await s.record({ subscribe: 'file:///watched' })
    await s.record({ logLevel: 'warning' })
    expect(b.sessions.get(s.id)).toBeUndefined()
    const copy = await b.sessions.revive(s.id)
    expect(copy).toMatchObject({ ...init, id: s.id, ref: s.ref, logLevel: 'warning' })
    expect([...copy!.subscriptions]).toEqual(['file:///watched'])
    // Held from now on: the hit path answers without the directory.
    expect(b.sessions.get(s.id)).toBe(copy!)
    const other = sessionIds(loadKeyring({ dataDir, masterKey: randomBytes(32).toString('base64') }))
    expect(await b.sessions.revive(other.issue(init, clock).id)).toBeUndefined()
    expect(await b.sessions.revive(`${s.id.slice(0, -2)}AA`)).toBeUndefined()
    // Sealed under the right key but never recorded in the directory (no instance created it): unknown.
    expect(await b.sessions.revive(sessionIds(keyring).issue(init, clock).id)).toBeUndefined()
  })

  test('a change made on one instance reaches the copy held by the other', async () => {
    const s = await a.sessions.create(init)
    const copy = (await b.sessions.revive(s.id))!
    await copy.record({ subscribe: 'file:///from-b' })
    await copy.record({ logLevel: 'error' })
    await waitFor('the change on A', () => s.subscriptions.has('file:///from-b') && s.logLevel === 'error')
    await s.record({ unsubscribe: 'file:///from-b' })
    await waitFor('the unsubscribe on B', () => !copy.subscriptions.has('file:///from-b'))
  })

  test('ended on one instance (DELETE), refused on every instance', async () => {
    const s = await a.sessions.create(init)
    const copy = (await b.sessions.revive(s.id))!
    await b.sessions.end(copy)
    await waitFor('A to drop its copy', () => a.sessions.get(s.id) === undefined)
    expect(await a.sessions.revive(s.id)).toBeUndefined()
    expect(await b.sessions.revive(s.id)).toBeUndefined()
  })

  test('an end heard while a look-up is on its way keeps the copy from coming back', async () => {
    const s = await a.sessions.create(init)
    // B starts taking the session up; the directory still says live when it reads it.
    const taking = b.sessions.revive(s.id)
    b.sessions.changedElsewhere(s.ref, { ended: true })
    expect(await taking).toBeUndefined()
    expect(b.sessions.get(s.id)).toBeUndefined()
  })

  test('idle past the expiry everywhere: not taken up; used on another instance meanwhile: taken up', async () => {
    const idle = await a.sessions.create(init)
    const used = await a.sessions.create(init)
    const start = clock
    try {
      clock += SESSION_TTL_MS - 60_000
      // Used on A a minute before the expiry: its last-seen is written (at most once a minute per instance).
      expect(a.sessions.get(used.id)).toBe(used)
      await waitFor('last seen written', async () => (await a.directory.lookup(used.ref))?.lastSeen === clock)
      clock += 120_000
      expect(await b.sessions.revive(idle.id)).toBeUndefined()
      expect(await b.sessions.revive(used.id)).toMatchObject({ ref: used.ref })
      // Marked ended on the way (not awaited by the request that found it idle).
      await waitFor('the idle session marked ended', async () => (await a.directory.lookup(idle.ref))?.ended)
    } finally {
      clock = start + SESSION_TTL_MS + 60_000
    }
  })
})

describe('events between instances', () => {
  test('list_changed and resources/updated committed on A are delivered on B, once, and not sent back', async () => {
    const seenOnA = a.heard.length
    b.heard.length = 0
    a.events.publish({ type: 'list_changed', list: 'tools', projectId: 'prj-1', serverId: 'srv-1' })
    a.events.publish({ type: 'list_changed', list: 'prompts', projectId: 'prj-1' })
    await a.events.publishResource({
      type: 'resource.updated',
      projectId: 'prj-1',
      serverId: 'srv-1',
      uri: 'file:///watched',
      name: 'w',
      at: 'now',
    })
    // Announced by its own list_changed: a creation is not passed on as an update.
    await a.events.publishResource({
      type: 'resource.created',
      projectId: 'prj-1',
      serverId: 'srv-1',
      uri: 'file:///new',
      name: 'n',
      at: 'now',
    })
    await waitFor('three events on B', () => b.heard.length === 3)
    // Each went out on its own pooled connection: their order between them is not fixed.
    const byKind = (e: ToolyardEvent) => (e.type === 'list_changed' ? e.list : e.type)
    expect([...b.heard].sort((x, y) => byKind(x).localeCompare(byKind(y)))).toEqual([
      { type: 'list_changed', list: 'prompts', projectId: 'prj-1' },
      {
        type: 'resource.updated',
        projectId: 'prj-1',
        serverId: 'srv-1',
        uri: 'file:///watched',
        name: '',
        at: expect.any(String),
      },
      { type: 'list_changed', list: 'tools', projectId: 'prj-1', serverId: 'srv-1' },
    ])
    // A delivered event is not announced again: A hears only its own four.
    await Bun.sleep(300)
    expect(a.heard.length - seenOnA).toBe(4)
    expect(b.heard).toHaveLength(3)
  })

  test('a client reply that reaches B is delivered to the request waiting on A', async () => {
    const s = await a.sessions.create(init)
    const copy = (await b.sessions.revive(s.id))!
    const waiting = a.sessions.awaitReply(s, 'ask-1', new AbortController().signal)
    b.sessions.deliverReply(copy, 'ask-1', { result: { action: 'accept', content: { ok: true } } })
    expect(await waiting).toEqual({ result: { action: 'accept', content: { ok: true } } })
    // A reply larger than a NOTIFY payload (8000 bytes) crosses too, whole.
    const big = a.sessions.awaitReply(s, 'ask-2', new AbortController().signal)
    const text = `${'x'.repeat(100_000)}\u0000end`
    b.sessions.deliverReply(copy, 'ask-2', { result: { text } })
    expect(await big).toEqual({ result: { text } })
  })

  test('notifications/cancelled that reaches B aborts the call running on A', async () => {
    const s = await a.sessions.create(init)
    const key = a.sessions.inflightKey(s.ref, 7)
    const call = a.sessions.startRequest(key)
    const aborted = new Promise<void>((resolve) => call.signal.addEventListener('abort', () => resolve()))
    b.sessions.cancelRequest(b.sessions.inflightKey(s.ref, 7))
    await aborted
    expect(call.aborted).toBe(true)
  })

  test('a listener that was down reads its sessions again when it comes back', async () => {
    const s = await a.sessions.create(init)
    const copy = (await b.sessions.revive(s.id))!
    // Written straight to the table: no instance announced it, as if B had missed the notification.
    await a.db.run(
      `UPDATE mcp_sessions SET log_level = 'alert', subscriptions = '["file:///missed"]' WHERE ref = $ref`,
      {
        ref: s.ref,
      },
    )
    // The listening connections of this database end, as when the network drops; Bun.SQL listens again.
    await a.db.run(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%toolyard_events%' AND pid <> pg_backend_pid()",
    )
    await waitFor('B to read the session again', () => copy.logLevel === 'alert', { timeoutMs: 30_000 })
    expect([...copy.subscriptions]).toEqual(['file:///missed'])
    // And the bridge still hears events after coming back.
    b.heard.length = 0
    a.events.publish({ type: 'list_changed', list: 'resources', projectId: 'prj-1' })
    await waitFor('an event after the reconnect', () => b.heard.length === 1, { timeoutMs: 30_000 })
  }, 60_000)
})
