// Webhook outbox claims across instances (docs/decisions.md, "PostgreSQL repositories"): each instance claims due
// deliveries with `FOR UPDATE SKIP LOCKED` — concurrent claimers skip each other's rows instead of waiting or taking
// them too — and leases what it claimed by moving the row's `next_attempt_at` to the end of the lease. A delivery is
// marked by the repository's `recordAttempt` (which also sets the next attempt or ends the row); a claimer that dies
// before that loses nothing: when its lease ends the row is due again and another instance claims it. Times are the
// database server's clock, the one clock every instance shares, written as the ISO text the rows hold.
import type { Queries } from '../sql'

/** The server's clock (plus `ms`) as `Date#toISOString` writes it: the rows' times compare as text. */
const serverIso = (ms: string) =>
  `to_char((clock_timestamp() + ${ms} * interval '1 millisecond') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/** A claimed delivery with what an attempt needs (the webhooks repository's `due` row). */
export interface ClaimedDelivery {
  id: string
  subscription_id: string
  event: string
  payload: string
  attempts: number
  project_id: string
  callback_url: string
  secret: string
  /** When the lease ends (ISO): after it, another instance may claim the row. */
  leased_until: string
}

/**
 * Claims up to `limit` due deliveries (pending, next attempt now or past), soonest first, for `leaseMs`. Each row goes
 * to one claimer until its lease ends; an attempt is then recorded with `n = attempts + 1`.
 */
export function claimDueDeliveries(q: Queries, { limit, leaseMs }: { limit: number; leaseMs: number }) {
  return q.all<ClaimedDelivery>(
    `WITH due AS (
       SELECT id FROM webhook_deliveries
       WHERE status = 'pending' AND (next_attempt_at IS NULL OR next_attempt_at <= ${serverIso('0')})
       ORDER BY next_attempt_at, id
       LIMIT $limit
       FOR UPDATE SKIP LOCKED
     )
     UPDATE webhook_deliveries d SET next_attempt_at = ${serverIso('$lease_ms::bigint')}
     FROM due, subscriptions s
     WHERE d.id = due.id AND s.id = d.subscription_id
     RETURNING d.id, d.subscription_id, d.event, d.payload, d.attempts, s.project_id, s.callback_url, s.secret,
       d.next_attempt_at AS leased_until`,
    { limit, lease_ms: leaseMs },
  )
}
