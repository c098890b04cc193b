// OAuth refresh claims across instances (docs/decisions.md, "PostgreSQL repositories"): one refresh per token, however
// many instances run the refresher. A claim takes due credentials (the credentials repository's `due` conditions) with
// `FOR UPDATE SKIP LOCKED` and leases each by setting its `refresh_retry_after` — the column that already keeps a
// credential out of `due` during a cooldown — to the lease's end. The refresh then ends the lease either way:
// `updateTokens` clears it, `markFailure` sets the real cooldown. A claimer that dies leaves the lease to run out, and
// the credential is due again. Times are the caller's (ISO text), as the repository's `due` takes them.
import type { Queries } from '../sql'

const SECONDS = (a: string, b: string) => `extract(epoch FROM (${b})::timestamptz - (${a})::timestamptz)`

export function claimDueCredentials(
  q: Queries,
  { before, now, leaseUntil, limit }: { before: string; now: string; leaseUntil: string; limit: number },
) {
  return q.all<{ id: string; project_id: string }>(
    `WITH due AS (
       SELECT id FROM credentials
       WHERE kind = 'oauth' AND has_refresh_token = 1 AND status != 'auth_required'
         AND expires_at IS NOT NULL AND expires_at <= $before
         AND (expires_at <= $now
              OR ${SECONDS('$now', 'expires_at')} * 2 <= ${SECONDS('COALESCE(refreshed_at, created_at)', 'expires_at')})
         AND (refresh_retry_after IS NULL OR refresh_retry_after <= $now)
       ORDER BY expires_at, id
       LIMIT $limit
       FOR UPDATE SKIP LOCKED
     )
     UPDATE credentials c SET refresh_retry_after = $lease_until FROM due WHERE c.id = due.id
     RETURNING c.id, c.project_id`,
    { before, now, lease_until: leaseUntil, limit },
  )
}
