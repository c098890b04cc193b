// SQL for Toolyard's own OAuth authorization server: registered clients, grants, codes and refresh tokens (hashed).
import type { Db } from '../../db/open'

export type ClientRow = { client_id: string; client_name: string | null; redirect_uris: string; created_at: string }

export type GrantRow = {
  id: string
  project_id: string
  server_id: string
  client_id: string
  client_name: string | null
  resource: string
  created_at: string
  last_used_at: string | null
  revoked_at: string | null
}

export type CodeRow = {
  hash: string
  grant_id: string
  redirect_uri: string
  code_challenge: string
  expires_at: string
  used_at: string | null
}

export function oauthServerRepository(db: Db) {
  const insertClient = db.query(
    'INSERT INTO oauth_clients (client_id, client_name, redirect_uris, created_at) VALUES ($client_id, $client_name, $redirect_uris, $created_at)',
  )
  const client = db.query<ClientRow, { id: string }>('SELECT * FROM oauth_clients WHERE client_id = $id')
  const insertGrant = db.query(
    `INSERT INTO oauth_grants (id, project_id, server_id, client_id, client_name, resource, created_at)
     VALUES ($id, $project_id, $server_id, $client_id, $client_name, $resource, $created_at)`,
  )
  const grant = db.query<GrantRow, { id: string }>('SELECT * FROM oauth_grants WHERE id = $id')
  const grantsOfProject = db.query<GrantRow, { project_id: string }>(
    'SELECT * FROM oauth_grants WHERE project_id = $project_id AND revoked_at IS NULL ORDER BY created_at, id',
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

  return {
    insertClient: (row: ClientRow) => insertClient.run(row),
    client: (id: string) => client.get({ id }),
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
    /** Codes and refresh tokens past their expiry, used or not; returns how many rows went. */
    deleteExpired: (now: string): number =>
      db.transaction(() => deleteCodes.run({ now }).changes + deleteRefresh.run({ now }).changes)(),
    transaction: <T>(fn: () => T): T => db.transaction(fn)(),
  }
}
export type OAuthServerRepository = ReturnType<typeof oauthServerRepository>
