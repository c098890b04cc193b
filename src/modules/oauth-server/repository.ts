// SQL for Toolyard's own OAuth authorization server: registered clients, grants, codes and refresh tokens (hashed).
import { asyncPort, type Store } from '../../db/store'

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

/** The storage port its callers use; `oauthServerRepository` below implements it on SQLite, a PostgreSQL adapter would
 *  implement it too (docs/decisions/0028-repository-interfaces.md). */
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

export function oauthServerRepository(store: Store): OAuthServerRepository {
  const { db } = store
  const insertClient = db.query(
    `INSERT INTO oauth_clients (client_id, client_name, redirect_uris, created_at, registered_from, last_used_at)
     VALUES ($client_id, $client_name, $redirect_uris, $created_at, $registered_from, $last_used_at)`,
  )
  const client = db.query<ClientRow, { id: string }>('SELECT * FROM oauth_clients WHERE client_id = $id')
  const countClients = db.query<{ n: number }, []>('SELECT count(*) AS n FROM oauth_clients')
  const countUnusedFrom = db.query<{ n: number }, { addr: string }>(
    'SELECT count(*) AS n FROM oauth_clients WHERE registered_from = $addr AND last_used_at IS NULL',
  )
  // The oldest never-used client (rowid: insertion order, exact where timestamps tie): first to go at the global cap.
  const deleteOldestUnused = db.query(
    `DELETE FROM oauth_clients WHERE client_id =
       (SELECT client_id FROM oauth_clients WHERE last_used_at IS NULL ORDER BY rowid LIMIT 1)`,
  )
  const deleteUnusedBefore = db.query('DELETE FROM oauth_clients WHERE last_used_at IS NULL AND created_at < $cutoff')
  const touchClient = db.query('UPDATE oauth_clients SET last_used_at = $at WHERE client_id = $id')
  const insertGrant = db.query(
    `INSERT INTO oauth_grants (id, project_id, server_id, client_id, client_name, resource, created_at, key_id)
     VALUES ($id, $project_id, $server_id, $client_id, $client_name, $resource, $created_at, $key_id)`,
  )
  const withKey = `SELECT g.*, k.id AS key_found, k.revoked_at AS key_revoked_at, k.expires_at AS key_expires_at
     FROM oauth_grants g LEFT JOIN api_keys k ON k.id = g.key_id`
  const grant = db.query<GrantWithKey, { id: string }>(`${withKey} WHERE g.id = $id`)
  const grantsOfProject = db.query<GrantWithKey, { project_id: string }>(
    `${withKey} WHERE g.project_id = $project_id AND g.revoked_at IS NULL ORDER BY g.created_at, g.id`,
  )
  const revokeGrant = db.query(
    'UPDATE oauth_grants SET revoked_at = $at WHERE id = $id AND project_id = $project_id AND revoked_at IS NULL',
  )
  const touchGrant = db.query('UPDATE oauth_grants SET last_used_at = $at WHERE id = $id')
  const insertCode = db.query(
    `INSERT INTO oauth_codes (hash, grant_id, redirect_uri, code_challenge, expires_at)
     VALUES ($hash, $grant_id, $redirect_uri, $code_challenge, $expires_at)`,
  )
  const code = db.query<CodeRow, { hash: string }>('SELECT * FROM oauth_codes WHERE hash = $hash')
  // Single use: the update names the unused state, so two racing exchanges cannot both win.
  const useCode = db.query('UPDATE oauth_codes SET used_at = $at WHERE hash = $hash AND used_at IS NULL')
  const insertRefresh = db.query(
    'INSERT INTO oauth_refresh_tokens (hash, grant_id, expires_at) VALUES ($hash, $grant_id, $expires_at)',
  )
  const refresh = db.query<
    { hash: string; grant_id: string; expires_at: string; used_at: string | null },
    { hash: string }
  >('SELECT * FROM oauth_refresh_tokens WHERE hash = $hash')
  const useRefresh = db.query('UPDATE oauth_refresh_tokens SET used_at = $at WHERE hash = $hash AND used_at IS NULL')
  const deleteCodes = db.query('DELETE FROM oauth_codes WHERE expires_at < $now')
  const deleteRefresh = db.query('DELETE FROM oauth_refresh_tokens WHERE expires_at < $now')

  const port = asyncPort<Omit<OAuthServerRepository, 'transaction' | 'deleteExpired'>>(store, {
    insertClient: (row: ClientRow) => insertClient.run(row),
    client: (id: string) => client.get({ id }),
    countClients: (): number => countClients.get()!.n,
    countUnusedFrom: (addr: string): number => countUnusedFrom.get({ addr })!.n,
    deleteOldestUnusedClient: (): boolean => deleteOldestUnused.run().changes > 0,
    /** Registered clients never used since before `cutoff`; returns how many went. */
    deleteUnusedClients: (cutoff: string): number => deleteUnusedBefore.run({ cutoff }).changes,
    touchClient: (id: string, at: string) => touchClient.run({ id, at }),
    insertGrant: (row: Omit<GrantRow, 'last_used_at' | 'revoked_at'>) => insertGrant.run(row),
    grant: (id: string) => grant.get({ id }),
    grantsOfProject: (project_id: string) => grantsOfProject.all({ project_id }),
    revokeGrant: (project_id: string, id: string, at: string) => revokeGrant.run({ project_id, id, at }).changes > 0,
    touchGrant: (id: string, at: string) => touchGrant.run({ id, at }),
    insertCode: (row: Omit<CodeRow, 'used_at'>) => insertCode.run(row),
    code: (hash: string) => code.get({ hash }),
    useCode: (hash: string, at: string) => useCode.run({ hash, at }).changes > 0,
    insertRefresh: (row: { hash: string; grant_id: string; expires_at: string }) => insertRefresh.run(row),
    refresh: (hash: string) => refresh.get({ hash }),
    useRefresh: (hash: string, at: string) => useRefresh.run({ hash, at }).changes > 0,
  })
  // deleteExpired's two statements, each a port call, run in one `store.tx` below.
  const expired = asyncPort<{
    codes: (now: string) => Promise<number>
    refreshTokens: (now: string) => Promise<number>
  }>(store, {
    codes: (now: string) => deleteCodes.run({ now }).changes,
    refreshTokens: (now: string) => deleteRefresh.run({ now }).changes,
  })
  return {
    ...port,
    deleteExpired: (now: string) =>
      store.tx(async () => (await expired.codes(now)) + (await expired.refreshTokens(now))),
    transaction: (fn) => store.tx(fn),
  }
}
