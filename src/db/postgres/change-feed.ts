// The PostgreSQL counterpart of the SQLite change signal and counters (src/db/change-signal.ts,
// src/db/change-counters.ts): the schema's triggers NOTIFY `toolyard_changes` with a read-model area at every commit
// that touches it; each instance LISTENs and counts per area, so its read model drops only what some instance changed.
import type { SQL } from 'bun'
import type { ChangeSignal } from '../change-signal'

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
  stop(): Promise<void>
}

/** Starts listening; resolves once the server acknowledged, so every commit after that is heard. */
export async function listenForChanges(sql: SQL): Promise<PostgresChangeFeed> {
  const counts = new Map<string, number>()
  let generation = 0
  let listens = 0
  const bump = (area: string) => {
    counts.set(area, (counts.get(area) ?? 0) + 1)
    generation++
  }
  const subscription = await sql.listen(CHANNEL, bump, () => {
    if (++listens > 1) bump(ANY_AREA)
  })
  return {
    signal: { version: () => generation },
    counters: () => new Map(counts),
    stop: () => subscription.unlisten(),
  }
}
