// The session directory on PostgreSQL (docs/decisions/0042-mcp-sessions-across-instances.md): the mutable part of every
// 2025 MCP session in `mcp_sessions` (migration 016), so an instance behind a round-robin balancer can take up a
// session another one created. Each change is written and announced on `toolyard_events` in one transaction: the
// instances holding a copy hear it at commit, never for a change that rolled back, and in commit order with the
// other events (a subscription recorded before an update commits is in place when the update is heard).
import type { McpLogLevel } from '../../../lib/log'
import type { SessionChange, SessionDirectory, SessionState } from '../../../mcp/session-directory'
import { publishEvent } from '../change-feed'
import type { PgDb } from '../sql'

interface Row {
  log_level: string
  subscriptions: string
  last_seen_ms: number
  ended_at: string | null
}

const parseList = (text: string): string[] => {
  try {
    const v: unknown = JSON.parse(text)
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []
  } catch {
    return []
  }
}

/** The directory over `db`, announcing changes as instance `origin` (the same origin as its instance's bridge). */
export function pgSessionDirectory(
  db: PgDb,
  origin: string,
): SessionDirectory & {
  /** Deletes rows of sessions ended or unused since before `idleBefore` (ms); returns how many. */
  prune(idleBefore: number): Promise<number>
} {
  const announce = (ref: string, change: SessionChange) =>
    db.tx(async (tx) => {
      await write(tx, ref, change)
      await publishEvent(tx, origin, { kind: 'session_changed', session: ref, change })
    })
  const write = (q: Pick<PgDb, 'run'>, ref: string, change: SessionChange) => {
    if ('logLevel' in change)
      return q.run('UPDATE mcp_sessions SET log_level = $level WHERE ref = $ref', { ref, level: change.logLevel })
    if ('subscribe' in change)
      // One statement: the row lock orders concurrent subscribes from several instances; none is lost.
      return q.run(
        `UPDATE mcp_sessions SET subscriptions = CASE WHEN subscriptions::jsonb @> jsonb_build_array($uri::text) THEN subscriptions
           ELSE (subscriptions::jsonb || jsonb_build_array($uri::text))::text END
         WHERE ref = $ref`,
        { ref, uri: change.subscribe },
      )
    if ('unsubscribe' in change)
      return q.run(
        'UPDATE mcp_sessions SET subscriptions = (subscriptions::jsonb - $uri::text)::text WHERE ref = $ref',
        {
          ref,
          uri: change.unsubscribe,
        },
      )
    return q.run('UPDATE mcp_sessions SET ended_at = $at WHERE ref = $ref AND ended_at IS NULL', {
      ref,
      at: new Date().toISOString(),
    })
  }

  return {
    async opened(ref, at) {
      await db.run('INSERT INTO mcp_sessions (ref, created_at, last_seen_ms) VALUES ($ref, $created, $at)', {
        ref,
        created: new Date(at).toISOString(),
        at,
      })
    },
    async lookup(ref): Promise<SessionState | null> {
      const row = await db.get<Row>(
        'SELECT log_level, subscriptions, last_seen_ms, ended_at FROM mcp_sessions WHERE ref = $ref',
        { ref },
      )
      if (!row) return null
      return {
        ended: row.ended_at !== null,
        logLevel: row.log_level as McpLogLevel,
        subscriptions: parseList(row.subscriptions),
        lastSeen: row.last_seen_ms,
      }
    },
    async change(ref, change) {
      await announce(ref, change)
    },
    async seen(ref, at) {
      await db.run(
        'UPDATE mcp_sessions SET last_seen_ms = GREATEST(last_seen_ms, $at) WHERE ref = $ref AND ended_at IS NULL',
        { ref, at },
      )
    },
    async prune(idleBefore) {
      const { changes } = await db.run(
        'DELETE FROM mcp_sessions WHERE ended_at IS NOT NULL OR last_seen_ms < $before',
        {
          before: idleBefore,
        },
      )
      return changes
    },
  }
}
