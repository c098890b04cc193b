// SQL for credentials: sealed data plus the OAuth bookkeeping (expiry, refresh failures, backoff and claims).
import type { Dialect, SqlStore } from '../../db/queries'

export type CredentialRow = {
  id: string
  project_id: string
  name: string
  provider_id: string
  kind: 'static' | 'oauth'
  data_sealed: string
  status: 'active' | 'expired' | 'auth_required'
  scopes: string | null
  expires_at: string | null
  has_refresh_token: number
  refresh_failures: number
  refresh_retry_after: string | null
  last_error: string | null
  refreshed_at: string | null
  created_at: string
  updated_at: string
  /** The end user who owns it (src/modules/users); null or absent: the project's, for shared mappings. */
  user_id?: string | null
}

interface TokenUpdate {
  id: string
  project_id: string
  data_sealed: string
  scopes: string | null
  expires_at: string | null
  has_refresh_token: number
  refreshed_at: string
  updated_at: string
}

/** One credential taken for a refresh if it is due: leased until `lease_until` (see `claim` below). */
interface ClaimOne {
  id: string
  project_id: string
  /** The margin's end: a token expiring after it is not due. */
  before: string
  now: string
  lease_until: string
}

interface FailureUpdate {
  id: string
  project_id: string
  status: CredentialRow['status']
  refresh_retry_after: string | null
  last_error: string
  updated_at: string
}

/** The storage port its callers use; `credentialsRepository` below implements it once, on either engine
 *  (docs/decisions/0028-repository-interfaces.md, docs/decisions/0056-one-query-interface.md). */
export interface CredentialsRepository {
  insert: (row: CredentialRow) => Promise<void>
  byId: (project_id: string, id: string) => Promise<CredentialRow | null>
  list: (project_id: string, after: string | undefined, limit: number) => Promise<CredentialRow[]>
  remove: (project_id: string, id: string) => Promise<boolean>
  due: (
    before: string,
    now: string,
  ) => Promise<
    {
      id: string
      project_id: string
    }[]
  >
  /** Takes one due credential for this caller's refresh; false when it is not due, backing off or taken already. */
  claim: (u: ClaimOne) => Promise<boolean>
  updateTokens: (u: TokenUpdate) => Promise<boolean>
  markFailure: (u: FailureUpdate) => Promise<boolean>
  setStatus: (project_id: string, id: string, status: CredentialRow['status'], updated_at: string) => Promise<void>
}

/** Seconds (PostgreSQL) or days (SQLite) from `a` to `b`, ISO texts; NULL when either is not a time. */
const span = (dialect: Dialect, a: string, b: string) =>
  dialect === 'sqlite'
    ? `(julianday(${b}) - julianday(${a}))`
    : `extract(epoch FROM (${b})::timestamptz - (${a})::timestamptz)`

/**
 * Due for a refresh at `$now` with the margin ending at `$before`: OAuth credentials with a refresh token, expiring
 * before the margin ends, not waiting out a backoff or a lease. The margin is capped at half the token's lifetime
 * (expires_at minus when it was obtained: the last refresh, else the credential's creation), so a token that lives less
 * than twice the margin is refreshed once per half-lifetime, not on every run
 * (docs/decisions/0020-oauth-grants-registration-and-streams.md). `isRefreshDue` (oauth/due.ts) is the same condition
 * for one row in memory. Only the lifetime arithmetic differs between the engines (a ratio: the unit does not matter).
 */
export const dueForRefresh = (
  dialect: Dialect,
) => `kind = 'oauth' AND has_refresh_token = 1 AND status != 'auth_required'
  AND expires_at IS NOT NULL AND expires_at <= $before
  AND (expires_at <= $now
       OR ${span(dialect, '$now', 'expires_at')} * 2 <= ${span(dialect, 'COALESCE(refreshed_at, created_at)', 'expires_at')})
  AND (refresh_retry_after IS NULL OR refresh_retry_after <= $now)`

export function credentialsRepository(store: SqlStore): CredentialsRepository {
  const DUE = dueForRefresh(store.dialect)
  return {
    insert: async (row) => {
      await store.q().run(
        `INSERT INTO credentials (id, project_id, name, provider_id, kind, data_sealed, status, scopes, expires_at, has_refresh_token,
           refresh_failures, refresh_retry_after, last_error, refreshed_at, created_at, updated_at)
         VALUES ($id, $project_id, $name, $provider_id, $kind, $data_sealed, $status, $scopes, $expires_at, $has_refresh_token,
           $refresh_failures, $refresh_retry_after, $last_error, $refreshed_at, $created_at, $updated_at)`,
        row,
      )
    },
    byId: (project_id, id) =>
      store.q().get('SELECT * FROM credentials WHERE project_id = $project_id AND id = $id', { project_id, id }),
    list: (project_id, after, limit) =>
      store
        .q()
        .all('SELECT * FROM credentials WHERE project_id = $project_id AND id > $after ORDER BY id LIMIT $limit', {
          project_id,
          after: after ?? '',
          limit,
        }),
    remove: async (project_id, id) =>
      (await store.q().run('DELETE FROM credentials WHERE project_id = $project_id AND id = $id', { project_id, id }))
        .changes > 0,
    // Due: see `dueForRefresh` (the margin capped at half the lifetime).
    due: (before, now) =>
      store.q().all(`SELECT id, project_id FROM credentials WHERE ${DUE} ORDER BY expires_at`, { before, now }),
    // A claim leases the credential through its retry-after time, as the PostgreSQL job's batch claim does
    // (oauth/refresh-claims.ts), and clears last_error: a future retry-after with no error is a refresh under way,
    // with one a backoff after a failure (oauth/due.ts). One statement, so two callers cannot both take it (of two
    // instances claiming at once, the second re-reads the row after the first commits and finds it leased); the
    // refresh ends the lease either way.
    claim: async (u) =>
      (
        await store.q().run(
          `UPDATE credentials SET refresh_retry_after = $lease_until, last_error = NULL
           WHERE project_id = $project_id AND id = $id AND ${DUE}`,
          { ...u },
        )
      ).changes > 0,
    updateTokens: async (u) =>
      (
        await store.q().run(
          `UPDATE credentials SET data_sealed = $data_sealed, scopes = $scopes, expires_at = $expires_at, has_refresh_token = $has_refresh_token,
             status = 'active', refresh_failures = 0, refresh_retry_after = NULL, last_error = NULL, refreshed_at = $refreshed_at, updated_at = $updated_at
           WHERE project_id = $project_id AND id = $id`,
          { ...u },
        )
      ).changes > 0,
    markFailure: async (u) =>
      (
        await store.q().run(
          `UPDATE credentials SET status = $status, refresh_failures = refresh_failures + 1, refresh_retry_after = $refresh_retry_after,
             last_error = $last_error, updated_at = $updated_at
           WHERE project_id = $project_id AND id = $id`,
          { ...u },
        )
      ).changes > 0,
    setStatus: async (project_id, id, status, updated_at) => {
      await store
        .q()
        .run(
          'UPDATE credentials SET status = $status, updated_at = $updated_at WHERE project_id = $project_id AND id = $id',
          { project_id, id, status, updated_at },
        )
    },
  }
}
