// Subscriptions, the webhook outbox and its attempt log, and the call log: the same scenarios on SQLite and PostgreSQL
// give the same results (./harness.ts).
import { beforeAll, describe, expect, test } from 'bun:test'
import { createLogger } from '../../../src/lib/log'
import { insertBatch } from '../../../src/modules/calls/insert-batch'
import type { CallRow, PendingCall } from '../../../src/modules/calls/repository'
import { inlineWriter } from '../../../src/modules/calls/writer'
import type { SubscriptionRow } from '../../../src/modules/webhooks/subscriptions/repository'
import { dialects, done, outcome } from './harness'
import { AT, at, project } from './rows'

const d = dialects()

beforeAll(() =>
  d.same(async ({ projects }) => {
    await done(projects.insertProject(project('p1')))
    await done(projects.insertProject(project('p2')))
  }),
)

const subscription = (id: string, extra: Partial<SubscriptionRow> = {}): SubscriptionRow => ({
  id,
  project_id: 'p1',
  key_id: null,
  kind: 'resource',
  uri: 'file:///a',
  callback_url: 'http://127.0.0.1/hook',
  secret: 'whsec_x',
  status: 'active',
  created_at: AT,
  updated_at: AT,
  ...extra,
})

describe('subscriptions', () => {
  test('insert, count, listings, matching fan-out, url update, removal by id and by uri', async () => {
    const r = await d.same(async ({ subscriptions }) => {
      await done(subscriptions.insert(subscription('w1', { kind: 'project', uri: null })))
      await done(subscriptions.insert(subscription('w3')))
      await done(subscriptions.insert(subscription('w2', { uri: 'file:///b' })))
      await done(subscriptions.insert(subscription('w4')))
      const orphan = await outcome(subscriptions.insert(subscription('w5', { project_id: 'ghost' })))
      const result = {
        orphan,
        count: [await subscriptions.count('p1'), await subscriptions.count('p2')],
        byId: (await subscriptions.byId('p1', 'w2'))?.uri,
        page: (await subscriptions.list('p1', 'w1', 2)).map((s) => s.id),
        resources: (await subscriptions.listResource('p1', undefined, undefined, 10)).map((s) => s.id),
        ofUri: (await subscriptions.listResource('p1', 'file:///a', 'w3', 10)).map((s) => s.id),
        matching: (await subscriptions.matching('p1', 'file:///a')).map((s) => s.id),
        updated: [
          await subscriptions.updateUrl('p1', 'w2', 'http://127.0.0.1/other', at(1)),
          await subscriptions.updateUrl('p2', 'w2', 'http://x', at(1)),
        ],
        removedByUri: (await subscriptions.removeByUri('p1', 'file:///a')).sort(),
        removed: [await subscriptions.remove('p1', 'w2'), await subscriptions.remove('p1', 'w2')],
      }
      return { ...result, left: (await subscriptions.list('p1', undefined, 10)).map((s) => s.id) }
    })
    expect(r.orphan).toEqual({ error: 'ForeignKeyViolation' })
    expect(r.count).toEqual([4, 0])
    expect([r.page, r.resources, r.ofUri, r.matching]).toEqual([
      ['w2', 'w3'],
      ['w2', 'w3', 'w4'],
      ['w4'],
      ['w1', 'w3', 'w4'],
    ])
    expect(r.updated).toEqual([true, false])
    expect(r.removedByUri).toEqual(['w3', 'w4'])
    expect(r.removed).toEqual([true, false])
    expect(r.left).toEqual(['w1'])
  })
})

describe('webhook outbox', () => {
  test('pending rows, due joins, attempts recorded once per number, delivered rows leave the pending list', async () => {
    const r = await d.same(async ({ subscriptions, webhooks }) => {
      await done(subscriptions.insert(subscription('h1', { kind: 'project', uri: null })))
      for (const id of ['e2', 'e1'])
        await done(
          webhooks.insert({
            id,
            subscription_id: 'h1',
            event: 'resource.updated',
            payload: '{}',
            next_attempt_at: AT,
            created_at: AT,
          }),
        )
      const orphan = await outcome(
        webhooks.insert({
          id: 'e3',
          subscription_id: 'ghost',
          event: 'x',
          payload: '{}',
          next_attempt_at: AT,
          created_at: AT,
        }),
      )
      const attempt = (n: number, outcome: 'pending' | 'delivered' | 'failed', status: number | null) => ({
        delivery_id: 'e1',
        n,
        at: at(n),
        status,
        error: status === 200 ? null : 'boom',
        duration_ms: 12,
        outcome,
        next_attempt_at: outcome === 'pending' ? at(n + 30) : null,
      })
      const first = await webhooks.recordAttempt(attempt(1, 'pending', 500))
      const stale = await webhooks.recordAttempt(attempt(1, 'pending', 500))
      const pendingMid = await webhooks.pending()
      const second = await webhooks.recordAttempt(attempt(2, 'delivered', 200))
      const afterDelivered = await webhooks.recordAttempt(attempt(3, 'pending', 500))
      return {
        orphan,
        first,
        stale,
        second,
        afterDelivered,
        pendingMid,
        pending: await webhooks.pending(),
        pendingCount: [await webhooks.pendingCount('p1'), await webhooks.pendingCount('p2')],
        due: await webhooks.due('e2'),
        dueDelivered: await webhooks.due('e1'),
        bySubscription: await webhooks.bySubscription('h1', undefined, 1),
        attempts: await webhooks.attemptsOf('e1'),
      }
    })
    expect(r.orphan).toEqual({ error: 'ForeignKeyViolation' })
    expect([r.first, r.stale, r.second, r.afterDelivered]).toEqual([true, false, true, false])
    expect(r.pendingMid).toContainEqual({
      id: 'e1',
      project_id: 'p1',
      attempts: 1,
      next_attempt_at: at(31),
      last_attempt_at: at(1),
    })
    expect(r.pending.map((p) => p.id)).toEqual(['e2'])
    expect(r.pendingCount).toEqual([1, 0])
    expect(r.due).toMatchObject({
      id: 'e2',
      project_id: 'p1',
      callback_url: 'http://127.0.0.1/hook',
      secret: 'whsec_x',
    })
    expect(r.dueDelivered).toBeNull()
    expect(r.bySubscription.map((x) => [x.id, x.status])).toEqual([['e1', 'delivered']])
    expect(r.attempts.map((a) => [a.n, a.status, a.duration_ms])).toEqual([
      [1, 500, 12],
      [2, 200, 12],
    ])
  })
})

describe('call log', () => {
  // Ids are UUIDv7s of each row's own time, as the writer makes them (PostgreSQL's retention deletes by them), one per
  // row number so both engines get the same rows.
  const ids = new Map<number, string>()
  const idOf = (i: number) => {
    if (!ids.has(i)) ids.set(i, Bun.randomUUIDv7('hex', Date.parse(at(i))))
    return ids.get(i)!
  }
  const call = (i: number, extra: Partial<CallRow> = {}): CallRow => ({
    id: idOf(i),
    project_id: 'p1',
    server_id: i % 2 ? 's1' : 's2',
    kind: 'tool',
    name: i % 3 ? 'echo' : 'add',
    outcome: i % 5 ? 'ok' : 'error',
    duration_ms: i,
    error: i % 5 ? null : 'bad',
    request_id: `req-${i}`,
    created_at: at(i),
    ...extra,
  })

  test('batches (past a chunk, dropping a deleted project’s rows), newest-first pages with filters, retention', async () => {
    const r = await d.same(async ({ calls }) => {
      const rows = [...Array.from({ length: 1203 }, (_, i) => call(i + 1)), call(2000, { project_id: 'ghost' })]
      await done(calls.insertAll(rows))
      const newest = await calls.list('p1', {}, undefined, 3)
      // The cursor is each engine's own (SQLite: the row's key; PostgreSQL: its id).
      const next = await calls.list('p1', {}, newest.at(-1)!.cursor, 2)
      return {
        newest: newest.map((c) => c.id),
        next: next.map((c) => c.id),
        filtered: (await calls.list('p1', { server_id: 's2', name: 'add', outcome: 'error' }, undefined, 3)).map(
          (c) => c.id,
        ),
        otherProject: await calls.list('p2', {}, undefined, 5),
        row: (await calls.list('p1', { name: 'add', outcome: 'error' }, undefined, 1)).map(({ cursor, ...c }) => c)[0],
        purged: await calls.purgeBefore(at(1000)),
        left: (await calls.list('p1', {}, undefined, 2000)).length,
      }
    })
    expect(r.newest).toEqual([1203, 1202, 1201].map(idOf))
    expect(r.next).toEqual([1200, 1199].map(idOf))
    expect(r.filtered).toEqual([1200, 1170, 1140].map(idOf))
    expect(r.otherProject).toEqual([])
    expect(r.row).toEqual({ ...call(1200), user_id: null })
    expect(r.purged).toBe(999)
    expect(r.left).toBe(204)
  })

  test('a batch with a row the database refuses keeps every other row; only that one is dropped', async () => {
    const r = await d.same(async ({ calls }) => {
      const rows = [
        call(3001),
        // The schema's CHECK refuses this kind: the batch as one statement fails.
        call(3002, { kind: 'bogus' as CallRow['kind'] }),
        call(3003, { project_id: 'p2' }),
      ]
      const outcome = await insertBatch(calls, rows)
      return {
        dropped: outcome.dropped,
        said: outcome.error !== undefined,
        p1: (await calls.list('p1', { name: 'echo' }, undefined, 10)).map((c) => c.id).filter((id) => id >= idOf(3001)),
        p2: (await calls.list('p2', {}, undefined, 10)).map((c) => c.id),
      }
    })
    expect(r).toEqual({ dropped: 1, said: true, p1: [idOf(3001)], p2: [idOf(3003)] })
  })

  test('the writer logs and counts the rows it dropped, and writes the others', async () => {
    const r = await d.each(async ({ calls }) => {
      const lines: string[] = []
      const counted: number[] = []
      const writer = inlineWriter(
        calls,
        createLogger('debug', (l) => lines.push(l)),
        (n) => counted.push(n),
      )
      const pending = (name: string, extra: Partial<PendingCall> = {}): PendingCall => ({
        project_id: 'p2',
        server_id: null,
        kind: 'tool',
        name,
        outcome: 'ok',
        duration_ms: 1,
        error: null,
        request_id: name,
        at: Date.parse(at(5000)),
        ...extra,
      })
      await writer.write([pending('kept-1'), pending('refused', { outcome: 'exploded' }), pending('kept-2')])
      const names = (await calls.list('p2', {}, undefined, 50)).map((c) => c.name).filter((n) => n.startsWith('kept'))
      return { names: names.sort(), counted, logged: lines.filter((l) => l.includes('call log rows dropped')).length }
    })
    expect(r.sqlite).toEqual({ names: ['kept-1', 'kept-2'], counted: [1], logged: 1 })
    expect(r.postgres).toEqual(r.sqlite)
  })

  test('NUL in a row is kept on SQLite and becomes U+FFFD on PostgreSQL; no row of the batch is lost', async () => {
    const r = await d.each(async ({ calls }) => {
      const rows = [
        call(4001, { name: 'nu\u0000l', error: 'x\u0000y', outcome: 'error' }),
        call(4002, { project_id: 'p2' }),
      ]
      const outcome = await insertBatch(calls, rows)
      const [nul] = await calls.list('p1', { name: 'nu\u0000l' }, undefined, 1)
      return {
        dropped: outcome.dropped,
        nul: nul && [nul.name, nul.error],
        other: (await calls.list('p2', {}, undefined, 50)).some((c) => c.id === idOf(4002)),
      }
    })
    expect(r.sqlite).toEqual({ dropped: 0, nul: ['nu\u0000l', 'x\u0000y'], other: true })
    expect(r.postgres).toEqual({ dropped: 0, nul: ['nu\uFFFDl', 'x\uFFFDy'], other: true })
  })
})
