// SQL for a project's end users and what belongs to them (their tokens and credentials, listed without secrets),
// written once for both engines (src/db/queries.ts).
import type { SqlStore } from '../../db/queries'

export type UserRow = {
  id: string
  project_id: string
  external_id: string
  name: string | null
  email: string | null
  created_at: string
  updated_at: string
}

/** A credential of a user as listed: never its sealed data. */
export type UserCredentialRow = {
  id: string
  name: string
  provider_id: string
  kind: 'static' | 'oauth'
  status: 'active' | 'expired' | 'auth_required'
  scopes: string | null
  expires_at: string | null
  created_at: string
}

/** A user token as listed: never the key or its hash. */
export type UserTokenRow = {
  id: string
  name: string
  prefix: string
  server_ids: string | null
  created_at: string
  expires_at: string | null
  revoked_at: string | null
  last_used_at: string | null
}

/** An mcp key bound to a user, as inserted (the hash only; the key is shown once by the service). */
type UserTokenInsert = Omit<UserTokenRow, 'revoked_at' | 'last_used_at'> & {
  project_id: string
  user_id: string
  hash: string
}

export interface UsersRepository {
  insert(row: UserRow): Promise<void>
  byId(projectId: string, id: string): Promise<UserRow | null>
  byExternalId(projectId: string, externalId: string): Promise<UserRow | null>
  /** Up to `limit` users of the project in id order after `afterId`. */
  list(projectId: string, limit: number, afterId?: string): Promise<UserRow[]>
  /** Deletes the user; its keys, credentials and connect links go with it (foreign keys). False when unknown. */
  remove(projectId: string, id: string): Promise<boolean>
  credentialsOf(projectId: string, userId: string): Promise<UserCredentialRow[]>
  tokensOf(projectId: string, userId: string): Promise<UserTokenRow[]>
  insertToken(row: UserTokenInsert): Promise<void>
  /** Marks a credential as the user's own (set once, right after the credential is inserted). */
  ownCredential(credentialId: string, userId: string): Promise<void>
  /** Marks an OAuth flow as started for the user: the credential it makes is the user's. */
  ownFlow(state: string, userId: string): Promise<void>
  /** The user an OAuth flow was started for; null for a shared one. */
  flowOwner(state: string): Promise<string | null>
  /** The user's own credential for a provider: an active one first, then the newest. */
  credentialFor(projectId: string, userId: string, providerId: string): Promise<string | null>
}

const CREDENTIAL_COLUMNS = 'id, name, provider_id, kind, status, scopes, expires_at, created_at'
const TOKEN_COLUMNS = 'id, name, prefix, server_ids, created_at, expires_at, revoked_at, last_used_at'

export function usersRepository(store: SqlStore): UsersRepository {
  return {
    async insert(row) {
      await store.q().run(
        `INSERT INTO users (id, project_id, external_id, name, email, created_at, updated_at)
           VALUES ($id, $project_id, $external_id, $name, $email, $created_at, $updated_at)`,
        row,
      )
    },
    byId: (project_id, id) =>
      store.q().get<UserRow>('SELECT * FROM users WHERE id = $id AND project_id = $project_id', { id, project_id }),
    byExternalId: (project_id, external_id) =>
      store.q().get<UserRow>('SELECT * FROM users WHERE project_id = $project_id AND external_id = $external_id', {
        project_id,
        external_id,
      }),
    list: (project_id, limit, after) =>
      store
        .q()
        .all<UserRow>('SELECT * FROM users WHERE project_id = $project_id AND id > $after ORDER BY id LIMIT $limit', {
          project_id,
          after: after ?? '',
          limit,
        }),
    async remove(project_id, id) {
      const { changes } = await store
        .q()
        .run('DELETE FROM users WHERE id = $id AND project_id = $project_id', { id, project_id })
      return changes > 0
    },
    credentialsOf: (project_id, user_id) =>
      store
        .q()
        .all<UserCredentialRow>(
          `SELECT ${CREDENTIAL_COLUMNS} FROM credentials WHERE project_id = $project_id AND user_id = $user_id ORDER BY id`,
          { project_id, user_id },
        ),
    tokensOf: (project_id, user_id) =>
      store
        .q()
        .all<UserTokenRow>(
          `SELECT ${TOKEN_COLUMNS} FROM api_keys WHERE project_id = $project_id AND user_id = $user_id ORDER BY created_at, id`,
          { project_id, user_id },
        ),
    async insertToken(row) {
      await store.q().run(
        `INSERT INTO api_keys (id, project_id, name, prefix, hash, created_at, expires_at, role, server_ids, user_id)
         VALUES ($id, $project_id, $name, $prefix, $hash, $created_at, $expires_at, 'mcp', $server_ids, $user_id)`,
        row,
      )
    },
    async ownCredential(id, user_id) {
      await store.q().run('UPDATE credentials SET user_id = $user_id WHERE id = $id', { id, user_id })
    },
    async ownFlow(state, user_id) {
      await store.q().run('UPDATE oauth_flows SET user_id = $user_id WHERE state = $state', { state, user_id })
    },
    flowOwner: async (state) =>
      (
        await store
          .q()
          .get<{ user_id: string | null }>('SELECT user_id FROM oauth_flows WHERE state = $state', { state })
      )?.user_id ?? null,
    credentialFor: async (project_id, user_id, provider_id) =>
      (
        await store.q().get<{ id: string }>(
          `SELECT id FROM credentials WHERE project_id = $project_id AND user_id = $user_id AND provider_id = $provider_id
           ORDER BY CASE WHEN status = 'active' THEN 0 ELSE 1 END, created_at DESC, id DESC LIMIT 1`,
          { project_id, user_id, provider_id },
        )
      )?.id ?? null,
  }
}
