// PostgreSQL dialect of src/modules/credentials/repository.ts. The same SQL but for `due`, whose lifetime arithmetic
// uses SQLite's julianday(): here the same comparison in seconds between the ISO texts read as timestamps.
import type { CredentialsRepository } from '../../../modules/credentials/repository'
import type { PgStore } from '../store'

/** Seconds from `a` to `b` (ISO texts); NULL when either is not a timestamp, as julianday() gives for such text. */
const SECONDS = (a: string, b: string) => `extract(epoch FROM (${b})::timestamptz - (${a})::timestamptz)`

/** Due for a refresh at `$now` with the margin ending at `$before`: see the SQLite dialect (the half-lifetime cap). */
export const DUE_FOR_REFRESH = `kind = 'oauth' AND has_refresh_token = 1 AND status != 'auth_required'
  AND expires_at IS NOT NULL AND expires_at <= $before
  AND (expires_at <= $now
       OR ${SECONDS('$now', 'expires_at')} * 2 <= ${SECONDS('COALESCE(refreshed_at, created_at)', 'expires_at')})
  AND (refresh_retry_after IS NULL OR refresh_retry_after <= $now)`

export function pgCredentialsRepository(pg: PgStore): CredentialsRepository {
  return {
    insert: async (row) => {
      await pg.q().run(
        `INSERT INTO credentials (id, project_id, name, provider_id, kind, data_sealed, status, scopes, expires_at, has_refresh_token,
           refresh_failures, refresh_retry_after, last_error, refreshed_at, created_at, updated_at)
         VALUES ($id, $project_id, $name, $provider_id, $kind, $data_sealed, $status, $scopes, $expires_at, $has_refresh_token,
           $refresh_failures, $refresh_retry_after, $last_error, $refreshed_at, $created_at, $updated_at)`,
        row,
      )
    },
    byId: (project_id, id) =>
      pg.q().get('SELECT * FROM credentials WHERE project_id = $project_id AND id = $id', { project_id, id }),
    list: (project_id, after, limit) =>
      pg.q().all('SELECT * FROM credentials WHERE project_id = $project_id AND id > $after ORDER BY id LIMIT $limit', {
        project_id,
        after: after ?? '',
        limit,
      }),
    remove: async (project_id, id) =>
      (await pg.q().run('DELETE FROM credentials WHERE project_id = $project_id AND id = $id', { project_id, id }))
        .changes > 0,
    // Due: see the SQLite dialect; the margin is capped at half the lifetime.
    due: (before, now) =>
      pg
        .q()
        .all(`SELECT id, project_id FROM credentials WHERE ${DUE_FOR_REFRESH} ORDER BY expires_at`, { before, now }),
    // One statement: of two instances claiming at once, the second re-reads the row after the first commits and finds
    // it leased. Clearing last_error marks the lease as a refresh under way (see the SQLite dialect).
    claim: async (u) =>
      (
        await pg.q().run(
          `UPDATE credentials SET refresh_retry_after = $lease_until, last_error = NULL
           WHERE project_id = $project_id AND id = $id AND ${DUE_FOR_REFRESH}`,
          { ...u },
        )
      ).changes > 0,
    updateTokens: async (u) =>
      (
        await pg.q().run(
          `UPDATE credentials SET data_sealed = $data_sealed, scopes = $scopes, expires_at = $expires_at, has_refresh_token = $has_refresh_token,
             status = 'active', refresh_failures = 0, refresh_retry_after = NULL, last_error = NULL, refreshed_at = $refreshed_at, updated_at = $updated_at
           WHERE project_id = $project_id AND id = $id`,
          { ...u },
        )
      ).changes > 0,
    markFailure: async (u) =>
      (
        await pg.q().run(
          `UPDATE credentials SET status = $status, refresh_failures = refresh_failures + 1, refresh_retry_after = $refresh_retry_after,
             last_error = $last_error, updated_at = $updated_at
           WHERE project_id = $project_id AND id = $id`,
          { ...u },
        )
      ).changes > 0,
    setStatus: async (project_id, id, status, updated_at) => {
      await pg
        .q()
        .run(
          'UPDATE credentials SET status = $status, updated_at = $updated_at WHERE project_id = $project_id AND id = $id',
          { project_id, id, status, updated_at },
        )
    },
  }
}
