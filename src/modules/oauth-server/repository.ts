// SQL for Toolyard's own OAuth authorization server: registered clients, grants, codes and refresh tokens (hashed).
import type { SqlStore } from '../../db/queries'

type ClientRow = {
  client_id: string
  client_name: string | null
  redirect_uris: string
  created_at: string
  /** The client address that registered it (per-address cap). */
  registered_from: string | null
  /** When a grant was last approved for it; null = never used (pruned after TOOLYARD_OAUTH_CLIENT_UNUSED_TTL_S). */
  last_used_at: string | null
}

type GrantRow = {
  id: string
  project_id: string
  server_id: string
  client_id: string
  client_name: string | null
  resource: string
  created_at: string
  last_used_at: string | null
  revoked_at: string | null
  /** The API key that approved it: revoking or expiring that key ends the grant. Null only for grants before 010. */
  key_id: string | null
  /** The user it acts for (approved through the identity provider; written by src/modules/identity/repository.ts). */
  user_id?: string | null
}

/** A grant with what its liveness depends on: the approving key's state. */
export type GrantWithKey = GrantRow & {
  key_found: string | null
  key_revoked_at: string | null
  key_expires_at: string | null
}

type CodeRow = {
  hash: string
  grant_id: string
  redirect_uri: string
  code_challenge: string
  expires_at: string
  used_at: string | null
}

/** The storage port its callers use; `oauthServerRepository` below implements it once, on either engine
 *  (docs/decisions/0028-repository-interfaces.md, docs/decisions/0056-one-query-interface.md). */
export interface OAuthServerRepository {
  insertClient: (row: ClientRow) => Promise<void>
  client: (id: string) => Promise<ClientRow | null>
  countClients: () => Promise<number>
  countUnusedFrom: (addr: string) => Promise<number>
  deleteOldestUnusedClient: () => Promise<boolean>
  /** Registered clients never used since before `cutoff`; returns how many went. */
  deleteUnusedClients: (cutoff: string) => Promise<number>
  touchClient: (id: string, at: string) => Promise<void>
  insertGrant: (row: Omit<GrantRow, 'last_used_at' | 'revoked_at'>) => Promise<void>
  grant: (id: string) => Promise<GrantWithKey | null>
  grantsOfProject: (project_id: string) => Promise<GrantWithKey[]>
  revokeGrant: (project_id: string, id: string, at: string) => Promise<boolean>
  touchGrant: (id: string, at: string) => Promise<void>
  insertCode: (row: Omit<CodeRow, 'used_at'>) => Promise<void>
  code: (hash: string) => Promise<CodeRow | null>
  useCode: (hash: string, at: string) => Promise<boolean>
  insertRefresh: (row: { hash: string; grant_id: string; expires_at: string }) => Promise<void>
  refresh: (hash: string) => Promise<{
    hash: string
    grant_id: string
    expires_at: string
    used_at: string | null
  } | null>
  useRefresh: (hash: string, at: string) => Promise<boolean>
  /** Codes and refresh tokens past their expiry, used or not; returns how many rows went. */
  deleteExpired: (now: string) => Promise<number>
  /** Runs `fn` in one transaction (the store's `tx`). */
  transaction: <T>(fn: () => Promise<T> | T) => Promise<T>
}

const WITH_KEY = `SELECT g.*, k.id AS key_found, k.revoked_at AS key_revoked_at, k.expires_at AS key_expires_at
  FROM oauth_grants g LEFT JOIN api_keys k ON k.id = g.key_id`

export function oauthServerRepository(store: SqlStore): OAuthServerRepository {
  const changed = async (query: string, params: Record<string, unknown> = {}) =>
    (await store.q().run(query, params)).changes
  const count = async (query: string, params: Record<string, unknown> = {}) =>
    (await store.q().get<{ n: number }>(query, params))!.n
  // The oldest never-used client, first to go at the global cap. SQLite orders by rowid (insertion order, exact where
  // timestamps tie); PostgreSQL has no such column, so there the oldest is the earliest `created_at`, then the smallest
  // client id (in byte order) where two registrations share a millisecond.
  const oldest = store.dialect === 'sqlite' ? 'rowid' : 'created_at, client_id COLLATE "C"'
  const deleteOldestUnused = `DELETE FROM oauth_clients WHERE client_id =
    (SELECT client_id FROM oauth_clients WHERE last_used_at IS NULL ORDER BY ${oldest} LIMIT 1)`
  return {
    insertClient: async (row) => {
      await store.q().run(
        `INSERT INTO oauth_clients (client_id, client_name, redirect_uris, created_at, registered_from, last_used_at)
         VALUES ($client_id, $client_name, $redirect_uris, $created_at, $registered_from, $last_used_at)`,
        row,
      )
    },
    client: (id) => store.q().get('SELECT * FROM oauth_clients WHERE client_id = $id', { id }),
    countClients: () => count('SELECT count(*) AS n FROM oauth_clients'),
    countUnusedFrom: (addr) =>
      count('SELECT count(*) AS n FROM oauth_clients WHERE registered_from = $addr AND last_used_at IS NULL', { addr }),
    deleteOldestUnusedClient: async () => (await changed(deleteOldestUnused)) > 0,
    /** Registered clients never used since before `cutoff`; returns how many went. */
    deleteUnusedClients: (cutoff) =>
      changed('DELETE FROM oauth_clients WHERE last_used_at IS NULL AND created_at < $cutoff', { cutoff }),
    touchClient: async (id, at) => {
      await store.q().run('UPDATE oauth_clients SET last_used_at = $at WHERE client_id = $id', { id, at })
    },
    insertGrant: async (row) => {
      await store.q().run(
        `INSERT INTO oauth_grants (id, project_id, server_id, client_id, client_name, resource, created_at, key_id)
         VALUES ($id, $project_id, $server_id, $client_id, $client_name, $resource, $created_at, $key_id)`,
        row,
      )
    },
    grant: (id) => store.q().get(`${WITH_KEY} WHERE g.id = $id`, { id }),
    grantsOfProject: (project_id) =>
      store
        .q()
        .all(`${WITH_KEY} WHERE g.project_id = $project_id AND g.revoked_at IS NULL ORDER BY g.created_at, g.id`, {
          project_id,
        }),
    revokeGrant: async (project_id, id, at) =>
      (await changed(
        'UPDATE oauth_grants SET revoked_at = $at WHERE id = $id AND project_id = $project_id AND revoked_at IS NULL',
        { project_id, id, at },
      )) > 0,
    touchGrant: async (id, at) => {
      await store.q().run('UPDATE oauth_grants SET last_used_at = $at WHERE id = $id', { id, at })
    },
    insertCode: async (row) => {
      await store.q().run(
        `INSERT INTO oauth_codes (hash, grant_id, redirect_uri, code_challenge, expires_at)
         VALUES ($hash, $grant_id, $redirect_uri, $code_challenge, $expires_at)`,
        row,
      )
    },
    code: (hash) => store.q().get('SELECT * FROM oauth_codes WHERE hash = $hash', { hash }),
    // Single use: the update names the unused state, so two racing exchanges (on any instances) cannot both win.
    useCode: async (hash, at) =>
      (await changed('UPDATE oauth_codes SET used_at = $at WHERE hash = $hash AND used_at IS NULL', { hash, at })) > 0,
    insertRefresh: async (row) => {
      await store
        .q()
        .run(
          'INSERT INTO oauth_refresh_tokens (hash, grant_id, expires_at) VALUES ($hash, $grant_id, $expires_at)',
          row,
        )
    },
    refresh: (hash) => store.q().get('SELECT * FROM oauth_refresh_tokens WHERE hash = $hash', { hash }),
    useRefresh: async (hash, at) =>
      (await changed('UPDATE oauth_refresh_tokens SET used_at = $at WHERE hash = $hash AND used_at IS NULL', {
        hash,
        at,
      })) > 0,
    /** Codes and refresh tokens past their expiry, used or not; returns how many rows went. */
    deleteExpired: (now) =>
      store.tx(
        async () =>
          (await changed('DELETE FROM oauth_codes WHERE expires_at < $now', { now })) +
          (await changed('DELETE FROM oauth_refresh_tokens WHERE expires_at < $now', { now })),
      ),
    /** Runs `fn` in one transaction of the store: the repository calls it makes (in this context) join it. */
    transaction: (fn) => store.tx(async () => fn()),
  }
}
