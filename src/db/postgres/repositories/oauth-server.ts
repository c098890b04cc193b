// PostgreSQL dialect of src/modules/oauth-server/repository.ts (Toolyard's own OAuth server). The same SQL but for the
// eviction of the oldest unused client: SQLite orders by rowid (insertion order); PostgreSQL has no such column, so
// the oldest is the earliest `created_at`, then the smallest client id where two registrations share a millisecond.
import type { OAuthServerRepository } from '../../../modules/oauth-server/repository'
import type { PgStore } from '../store'

const WITH_KEY = `SELECT g.*, k.id AS key_found, k.revoked_at AS key_revoked_at, k.expires_at AS key_expires_at
  FROM oauth_grants g LEFT JOIN api_keys k ON k.id = g.key_id`

export function pgOAuthServerRepository(pg: PgStore): OAuthServerRepository {
  const changed = async (query: string, params: Record<string, unknown> = {}) =>
    (await pg.q().run(query, params)).changes
  const count = async (query: string, params: Record<string, unknown> = {}) =>
    (await pg.q().get<{ n: number }>(query, params))!.n
  return {
    insertClient: async (row) => {
      await pg.q().run(
        `INSERT INTO oauth_clients (client_id, client_name, redirect_uris, created_at, registered_from, last_used_at)
         VALUES ($client_id, $client_name, $redirect_uris, $created_at, $registered_from, $last_used_at)`,
        row,
      )
    },
    client: (id) => pg.q().get('SELECT * FROM oauth_clients WHERE client_id = $id', { id }),
    countClients: () => count('SELECT count(*) AS n FROM oauth_clients'),
    countUnusedFrom: (addr) =>
      count('SELECT count(*) AS n FROM oauth_clients WHERE registered_from = $addr AND last_used_at IS NULL', { addr }),
    deleteOldestUnusedClient: async () =>
      (await changed(
        `DELETE FROM oauth_clients WHERE client_id =
           (SELECT client_id FROM oauth_clients WHERE last_used_at IS NULL ORDER BY created_at, client_id COLLATE "C" LIMIT 1)`,
      )) > 0,
    /** Registered clients never used since before `cutoff`; returns how many went. */
    deleteUnusedClients: (cutoff) =>
      changed('DELETE FROM oauth_clients WHERE last_used_at IS NULL AND created_at < $cutoff', { cutoff }),
    touchClient: async (id, at) => {
      await pg.q().run('UPDATE oauth_clients SET last_used_at = $at WHERE client_id = $id', { id, at })
    },
    insertGrant: async (row) => {
      await pg.q().run(
        `INSERT INTO oauth_grants (id, project_id, server_id, client_id, client_name, resource, created_at, key_id)
         VALUES ($id, $project_id, $server_id, $client_id, $client_name, $resource, $created_at, $key_id)`,
        row,
      )
    },
    grant: (id) => pg.q().get(`${WITH_KEY} WHERE g.id = $id`, { id }),
    grantsOfProject: (project_id) =>
      pg.q().all(`${WITH_KEY} WHERE g.project_id = $project_id AND g.revoked_at IS NULL ORDER BY g.created_at, g.id`, {
        project_id,
      }),
    revokeGrant: async (project_id, id, at) =>
      (await changed(
        'UPDATE oauth_grants SET revoked_at = $at WHERE id = $id AND project_id = $project_id AND revoked_at IS NULL',
        { project_id, id, at },
      )) > 0,
    touchGrant: async (id, at) => {
      await pg.q().run('UPDATE oauth_grants SET last_used_at = $at WHERE id = $id', { id, at })
    },
    insertCode: async (row) => {
      await pg.q().run(
        `INSERT INTO oauth_codes (hash, grant_id, redirect_uri, code_challenge, expires_at)
         VALUES ($hash, $grant_id, $redirect_uri, $code_challenge, $expires_at)`,
        row,
      )
    },
    code: (hash) => pg.q().get('SELECT * FROM oauth_codes WHERE hash = $hash', { hash }),
    // Single use: the update names the unused state, so two racing exchanges (on any instances) cannot both win.
    useCode: async (hash, at) =>
      (await changed('UPDATE oauth_codes SET used_at = $at WHERE hash = $hash AND used_at IS NULL', { hash, at })) > 0,
    insertRefresh: async (row) => {
      await pg
        .q()
        .run(
          'INSERT INTO oauth_refresh_tokens (hash, grant_id, expires_at) VALUES ($hash, $grant_id, $expires_at)',
          row,
        )
    },
    refresh: (hash) => pg.q().get('SELECT * FROM oauth_refresh_tokens WHERE hash = $hash', { hash }),
    useRefresh: async (hash, at) =>
      (await changed('UPDATE oauth_refresh_tokens SET used_at = $at WHERE hash = $hash AND used_at IS NULL', {
        hash,
        at,
      })) > 0,
    /** Codes and refresh tokens past their expiry, used or not; returns how many rows went. */
    deleteExpired: (now) =>
      pg.tx(
        async () =>
          (await changed('DELETE FROM oauth_codes WHERE expires_at < $now', { now })) +
          (await changed('DELETE FROM oauth_refresh_tokens WHERE expires_at < $now', { now })),
      ),
    /** Runs `fn` in one transaction of the store: the repository calls it makes (in this context) join it. */
    transaction: (fn) => pg.tx(async () => fn()),
  }
}
