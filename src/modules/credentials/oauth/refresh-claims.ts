// OAuth refresh claims across instances (docs/decisions/0039-postgresql-repositories.md; PostgreSQL only): one refresh per token, however
// many instances run the refresher. A claim takes due credentials (the credentials repository's `due` conditions) with
// `FOR UPDATE SKIP LOCKED` and leases each by setting its `refresh_retry_after` — the column that already keeps a
// credential out of `due` during a backoff — to the lease's end, clearing `last_error` so a reader tells the lease
// (a refresh under way) from a backoff. The refresh then ends the lease either way:
// `updateTokens` clears it, `markFailure` sets the backoff. A claimer that dies leaves the lease to run out, and
// the credential is due again. Times are the caller's (ISO text), as the repository's `due` takes them.
import type { Queries } from '../../../db/queries'
import { dueForRefresh } from '../repository'

/** Only PostgreSQL runs several instances: `FOR UPDATE SKIP LOCKED` is its SQL (SQLite's one process refreshes alone). */
const DUE = dueForRefresh('postgres')

export function claimDueCredentials(
  q: Queries,
  { before, now, leaseUntil, limit }: { before: string; now: string; leaseUntil: string; limit: number },
) {
  return q.all<{ id: string; project_id: string }>(
    `WITH due AS (
       SELECT id FROM credentials
       WHERE ${DUE}
       ORDER BY expires_at, id
       LIMIT $limit
       FOR UPDATE SKIP LOCKED
     )
     UPDATE credentials c SET refresh_retry_after = $lease_until, last_error = NULL FROM due WHERE c.id = due.id
     RETURNING c.id, c.project_id`,
    { before, now, lease_until: leaseUntil, limit },
  )
}
