// The PostgreSQL counterpart of the SQLite change signal and counters (src/db/change-signal.ts,
// src/db/change-counters.ts): the schema's triggers NOTIFY `toolyard_changes` with a read-model area at every commit
// that touches it; each instance LISTENs and counts per area, so its read model drops only what some instance changed.
import type { SQL } from 'bun'
import type { JsonObject } from '../../mcp/backend'
import type { SessionChange } from '../../mcp/session-directory'
import type { ClientReply } from '../../mcp/sessions'
import type { ChangeSignal } from '../change-signal'
import type { PgDb } from './sql'

/** The channel the schema's change triggers notify (src/db/postgres/migrations/001-foundation.sql). */
const CHANNEL = 'toolyard_changes'

/**
 * Counted when the listening connection came back after a drop: notifications sent meanwhile are lost, so anything
 * may have changed and a reader drops everything it holds.
 */
export const ANY_AREA = '*'

interface PostgresChangeFeed {
  /** Moves at every notification (and reconnect) heard; equal values mean nothing was heard in between. */
  signal: ChangeSignal
  /** Notifications heard per area since the feed started, as SQLite's readChangeCounters gives per area. */
  counters(): Map<string, number>
  /** The projects an area changed in after its counter stood at `after`; null when not known (as SQLite's marks). */
  projectsChanged(area: string, after: number): ReadonlySet<string> | null
  /**
   * Resolves once this feed heard everything committed before the call: a marker is notified on the same channel, and
   * PostgreSQL delivers notifications in commit order, so hearing the marker means the earlier ones were heard. After
   * `timeoutMs` without it (the listening connection is down) it counts under `*` instead and resolves.
   */
  sync(timeoutMs?: number): Promise<void>
  stop(): Promise<void>
}

/** Projects remembered per area; a reader that falls further behind drops the whole area. */
const MAX_MARKS = 10_000

/** Payloads of sync markers (never a read-model area); other instances ignore them. */
const SYNC_MARKER = 'sync:'

/** Starts listening; resolves once the server acknowledged, so every commit after that is heard. */
export async function listenForChanges(sql: SQL): Promise<PostgresChangeFeed> {
  const counts = new Map<string, number>()
  let generation = 0
  let listens = 0
  // Per area: the counter value at which each project last changed, and below which the marks were forgotten.
  const marks = new Map<string, { byProject: Map<string, number>; forgotBelow: number }>()
  const bump = (area: string, project?: string) => {
    const n = (counts.get(area) ?? 0) + 1
    counts.set(area, n)
    generation++
    let m = marks.get(area)
    if (!m) {
      m = { byProject: new Map(), forgotBelow: 0 }
      marks.set(area, m)
    }
    // An older payload without a project (an instance not yet migrated) or a row whose server went: not known.
    const key = project ?? ''
    m.byProject.delete(key)
    m.byProject.set(key, n)
    // Bounded: the oldest marks go, and a reader that last looked before them drops the whole area.
    if (m.byProject.size > MAX_MARKS) {
      const [oldest, at] = m.byProject.entries().next().value!
      m.byProject.delete(oldest)
      m.forgotBelow = at
    }
  }
  const self = crypto.randomUUID()
  let markers = 0
  const waiting = new Map<string, () => void>()
  const heard = (payload: string) => {
    if (!payload.startsWith(SYNC_MARKER)) {
      const colon = payload.indexOf(':')
      return colon === -1 ? bump(payload) : bump(payload.slice(0, colon), payload.slice(colon + 1))
    }
    const done = waiting.get(payload)
    if (done) done()
  }
  const subscription = await sql.listen(CHANNEL, heard, () => {
    if (++listens > 1) bump(ANY_AREA)
  })
  return {
    signal: { version: () => generation },
    counters: () => new Map(counts),
    projectsChanged(area, after) {
      const m = marks.get(area)
      if (!m || after < m.forgotBelow) return null
      const projects = new Set<string>()
      for (const [project, at] of m.byProject)
        if (at > after) {
          if (project === '') return null
          projects.add(project)
        }
      return projects
    },
    sync(timeoutMs = 1000) {
      const marker = `${SYNC_MARKER}${self}:${++markers}`
      return new Promise<void>((resolve) => {
        const finish = (heardIt: boolean) => {
          if (!waiting.delete(marker)) return
          clearTimeout(timer)
          // Not heard in time: whatever was committed may have been missed, so everything cached is dropped.
          if (!heardIt) bump(ANY_AREA)
          resolve()
        }
        const timer = setTimeout(() => finish(false), timeoutMs)
        waiting.set(marker, () => finish(true))
        sql.unsafe('SELECT pg_notify($1, $2)', [CHANNEL, marker]).catch(() => finish(false))
      })
    },
    stop: () => subscription.unlisten(),
  }
}

/**
 * The channel that carries protocol events between instances: a session's stream is held by one instance, and the
 * change that should reach it may commit on another.
 */
const EVENTS = 'toolyard_events'

/**
 * What another instance must hear (src/mcp/instance-bridge.ts): a list of a server changed; a resource of a server
 * changed (for sessions subscribed to it); a session's mutable part changed (its copies follow); a client's reply to a
 * server→client request, or its notifications/cancelled, reached an instance other than the one waiting or running; a
 * 2026-07-28 task was cancelled, or its questions answered, through an instance other than the one running it.
 * Sessions are named by the reference sealed in their id, never by the id.
 */
export type BridgedEvent =
  | { kind: 'list_changed'; project_id: string; server_id: string | null; list: 'tools' | 'resources' | 'prompts' }
  | { kind: 'resource_updated'; project_id: string; server_id: string; uri: string }
  | { kind: 'session_changed'; session: string; change: SessionChange }
  | { kind: 'client_reply'; session: string; id: string | number; reply: ClientReply }
  | { kind: 'cancelled'; key: string }
  | { kind: 'task_cancelled'; task: string }
  | { kind: 'task_answered'; task: string; owner: string; responses: JsonObject }

/** NOTIFY's payload must stay under 8000 bytes; the envelope's fields leave this much for the event. */
const MAX_PAYLOAD_BYTES = 7_900

/** The advisory lock key for making the overflow table ("evtover" as bytes; migrations and rate windows take others). */
const EVENT_OVERFLOW_LOCK = 0x6576746f766572n

/** How long an event too large for NOTIFY is kept for the instances to read: they read it as soon as they hear of it. */
const OVERFLOW_KEEP = "interval '5 minutes'"

/**
 * Events too large for a NOTIFY payload (a client's reply of any size, a long resource URI) wait in this table and the
 * notification names their row. Unlogged (no WAL; emptied after a crash), as the notifications themselves are not
 * kept; made here, idempotently, as the rate windows are (src/db/postgres/shared/rate-windows.ts).
 */
export async function ensureEventOverflow(db: Pick<PgDb, 'tx'>): Promise<void> {
  // Instances starting together would race in CREATE … IF NOT EXISTS (a duplicate catalog row): one at a time.
  await db.tx(async (tx) => {
    await tx.run(`SELECT pg_advisory_xact_lock(${EVENT_OVERFLOW_LOCK})`)
    await tx.run(`CREATE UNLOGGED TABLE IF NOT EXISTS instance_events (
      id TEXT PRIMARY KEY,
      payload TEXT NOT NULL,
      created_at TIMESTAMPTZ NOT NULL DEFAULT now()
    )`)
    await tx.run('CREATE INDEX IF NOT EXISTS instance_events_created ON instance_events (created_at)')
  })
}

/** How long a listener waits for a stored event's row before it goes on without it (as with a lost notification). */
const STORED_READ_TIMEOUT_MS = 5_000

/** What travels in a NOTIFY: the message itself, or (for one too large) the id of its row in `instance_events`. */
type Envelope = { origin?: unknown; event?: BridgedEvent; stored?: unknown }

/**
 * Sends `event` to every listening instance (`origin` names the sender, so it can skip its own). On a transaction's
 * connection it is sent at that commit, never when it rolls back — as the change it reports. An event larger than a
 * NOTIFY payload is written to `instance_events` (in the same transaction) and the notification carries its id.
 */
export async function publishEvent(
  q: { run(query: string, params?: Record<string, unknown>): Promise<unknown> },
  origin: string,
  event: BridgedEvent,
): Promise<void> {
  const payload = JSON.stringify({ origin, event })
  if (Buffer.byteLength(payload) <= MAX_PAYLOAD_BYTES) {
    await q.run('SELECT pg_notify($channel, $payload)', { channel: EVENTS, payload })
    return
  }
  const id = crypto.randomUUID()
  // Old rows go with a later large event; rows another sender is deleting right now are skipped, not waited for.
  await q.run(
    `DELETE FROM instance_events WHERE id IN (
       SELECT id FROM instance_events WHERE created_at < now() - ${OVERFLOW_KEEP} FOR UPDATE SKIP LOCKED)`,
  )
  await q.run('INSERT INTO instance_events (id, payload) VALUES ($id, $payload)', { id, payload })
  await q.run('SELECT pg_notify($channel, $payload)', {
    channel: EVENTS,
    payload: JSON.stringify({ origin, stored: id }),
  })
}

/**
 * Listens for events from other instances (those sent with `origin` = `self` are skipped); resolves once the server
 * acknowledged. A payload that is not an event is ignored. Events sent while the listening connection was down are
 * lost, as change notifications are: streams are best-effort, and lists are re-read on the next request. Events are
 * handed on in the order they were heard, a large one once its row is read.
 */
export async function listenForEvents(
  sql: SQL,
  self: string,
  onEvent: (event: BridgedEvent, origin: string) => void,
  /** Called when the listening connection came back after a drop: events may have been missed. */
  onReconnect?: () => void,
): Promise<{ stop(): Promise<void> }> {
  let listens = 0
  const listened = () => {
    if (++listens > 1) onReconnect?.()
  }
  /** The message of a notification: parsed, or read from `instance_events` when it names a row; null when neither. */
  const messageOf = async (payload: string): Promise<Envelope | null> => {
    let message: Envelope
    try {
      message = JSON.parse(payload)
    } catch {
      return null
    }
    if (typeof message.stored !== 'string' || message.origin === self) return message
    // Bounded: the events heard after this one wait for it, and must not wait on a database that does not answer.
    let timer: ReturnType<typeof setTimeout> | undefined
    const read = sql.unsafe('SELECT payload FROM instance_events WHERE id = $1', [message.stored]) as Promise<
      { payload: string }[]
    >
    const gaveUp = new Promise<[]>((resolve) => {
      timer = setTimeout(() => resolve([]), STORED_READ_TIMEOUT_MS)
    })
    const [row] = await Promise.race([read, gaveUp]).finally(() => clearTimeout(timer))
    return row ? messageOf(row.payload) : null
  }
  let handled: Promise<void> = Promise.resolve()
  const subscription = await sql.listen(
    EVENTS,
    (payload) => {
      handled = handled
        .then(async () => {
          const message = await messageOf(payload).catch(() => null)
          if (!message || typeof message.origin !== 'string' || message.origin === self || !message.event) return
          onEvent(message.event, message.origin)
        })
        // A listener's failure is its own (the bridge logs it): the events after it are still handed on.
        .catch(() => {})
    },
    listened,
  )
  return { stop: () => subscription.unlisten() }
}

/** One instance's end of the `toolyard_events` channel: what src/mcp/instance-bridge.ts sends and hears through. */
export interface PeerChannel {
  publish(event: BridgedEvent): Promise<void>
  /** `onReconnect`: the channel was down for a while; what was sent meanwhile is lost. */
  listen(onEvent: (event: BridgedEvent) => void, onReconnect?: () => void): Promise<{ stop(): Promise<void> }>
}

/** The channel over a PostgreSQL pool, as instance `origin` (a random id per process: its own events are skipped). */
export function pgPeerChannel(db: Pick<PgDb, 'run' | 'sql'>, origin: string): PeerChannel {
  return {
    publish: (event) => publishEvent(db, origin, event),
    listen: (onEvent, onReconnect) => listenForEvents(db.sql, origin, (event) => onEvent(event), onReconnect),
  }
}
