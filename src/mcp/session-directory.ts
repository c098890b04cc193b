// The session directory: the part of a 2025 MCP session that changes after initialize — ended, log level, resource
// subscriptions, last seen — where every instance can read it (docs/decisions/0042-mcp-sessions-across-instances.md).
// The immutable part travels sealed in the id (./session-id.ts). SQLite mode keeps sessions in its one process:
// its directory remembers nothing, so an id the process does not hold is never revived (as before the port).
// PostgreSQL mode: src/db/postgres/shared/session-directory.ts.
import type { McpLogLevel } from '../lib/log'

/** One change to a session's mutable part; each is applied on every instance holding a copy. */
export type SessionChange =
  | { logLevel: McpLogLevel }
  | { subscribe: string }
  | { unsubscribe: string }
  | { ended: true }

/** A session's mutable part as the directory holds it. */
export interface SessionState {
  ended: boolean
  logLevel: McpLogLevel
  subscriptions: string[]
  /** Milliseconds since the epoch; written at most once a minute per instance, so it may lag by that much. */
  lastSeen: number
}

export interface SessionDirectory {
  /** Records a new session; resolves once any instance can find it. */
  opened(ref: string, at: number): Promise<void>
  /** A session's state by reference; null when the directory never heard of it (or pruned it). */
  lookup(ref: string): Promise<SessionState | null>
  /** Records a change; resolves once it is durable and on its way to the other instances holding the session. */
  change(ref: string, change: SessionChange): Promise<void>
  /** The session was used at `at` (best effort: callers do not wait). */
  seen(ref: string, at: number): Promise<void>
}

const done = Promise.resolve()

/** One process: the session store's memory is the whole truth; nothing is written, nothing is ever found. */
export function localSessionDirectory(): SessionDirectory {
  return {
    opened: () => done,
    lookup: () => Promise.resolve(null),
    change: () => done,
    seen: () => done,
  }
}
