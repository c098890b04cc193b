// Webhook outbox claims across instances (docs/decisions/0039-postgresql-repositories.md; PostgreSQL only): each instance claims due
// deliveries with `FOR UPDATE SKIP LOCKED` — concurrent claimers skip each other's rows instead of waiting or taking
// them too — and leases what it claimed by moving the row's `next_attempt_at` to the end of the lease. A delivery is
// marked by the repository's `recordAttempt` (which also sets the next attempt or ends the row); a claimer that dies
// before that loses nothing: when its lease ends the row is due again and another instance claims it. Times are the
// database server's clock, the one clock every instance shares, written as the ISO text the rows hold.
import type { Queries } from '../../db/queries'

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
 * How the claim shares out slots between projects (the SQLite queue's rule, docs/decisions/0013-isolation.md): a project
 * gets at most `share` attempts in flight on this instance, `busy` (project id → attempts it has in flight) counted,
 * and due rows are taken in turns — every project's soonest, then every project's second soonest — so one project's
 * backlog cannot take every slot ahead of another's rows.
 */
export interface ClaimFairness {
  share: number
  busy: Record<string, number>
}

const DUE = `d.status = 'pending' AND (d.next_attempt_at IS NULL OR d.next_attempt_at <= ${serverIso('0')})`

/**
 * Claims up to `limit` due deliveries (pending, next attempt now or past), soonest first, for `leaseMs`. Each row goes
 * to one claimer until its lease ends; an attempt is then recorded with `n = attempts + 1`. With `fairness`, rows are
 * taken in per-project turns and a project's share is kept (above).
 */
export function claimDueDeliveries(
  q: Queries,
  { limit, leaseMs, fairness }: { limit: number; leaseMs: number; fairness?: ClaimFairness },
) {
  // The turns are numbered over every due row before any is locked (a window function cannot share a query level
  // with FOR UPDATE); the lock then re-checks the row is still due, and SKIP LOCKED passes over other claimers' rows.
  // `busy` travels as JSON text: typed `jsonb`, the client would send the string as a JSON string scalar.
  const due = fairness
    ? `ranked AS (
         SELECT d.id, d.next_attempt_at, s.project_id,
           row_number() OVER (PARTITION BY s.project_id ORDER BY d.next_attempt_at, d.id) AS turn
         FROM webhook_deliveries d JOIN subscriptions s ON s.id = d.subscription_id
         WHERE ${DUE}
       ),
       due AS (
         SELECT d.id FROM webhook_deliveries d JOIN ranked r ON r.id = d.id
         WHERE ${DUE} AND r.turn + COALESCE((($busy::text)::jsonb ->> r.project_id)::int, 0) <= $share::int
         ORDER BY r.turn, r.next_attempt_at, d.id
         LIMIT $limit
         FOR UPDATE OF d SKIP LOCKED
       )`
    : `due AS (
         SELECT id FROM webhook_deliveries d
         WHERE ${DUE}
         ORDER BY next_attempt_at, id
         LIMIT $limit
         FOR UPDATE SKIP LOCKED
       )`
  return q.all<ClaimedDelivery>(
    `WITH ${due}
     UPDATE webhook_deliveries d SET next_attempt_at = ${serverIso('$lease_ms::bigint')}
     FROM due, subscriptions s
     WHERE d.id = due.id AND s.id = d.subscription_id
     RETURNING d.id, d.subscription_id, d.event, d.payload, d.attempts, s.project_id, s.callback_url, s.secret,
       d.next_attempt_at AS leased_until`,
    fairness
      ? { limit, lease_ms: leaseMs, share: fairness.share, busy: JSON.stringify(fairness.busy) }
      : { limit, lease_ms: leaseMs },
  )
}
