// SQL of the identity feature, written once for both engines (docs/decisions/0056-one-query-interface.md): a project's
// identity provider, the provider accounts its users signed in with, the user of an OAuth grant, and machine clients.
import type { SqlStore } from '../../db/queries'

export interface IdentityProviderRow {
  project_id: string
  issuer: string
  client_id: string
  client_secret_sealed: string
  scopes: string
  admin_claim: string | null
  created_at: string
  updated_at: string
}

export interface MachineClientRow {
  client_id: string
  project_id: string
  name: string
  secret_hash: string
  user_id: string | null
  /** JSON array of server ids; null = every server of the project. */
  server_ids: string | null
  created_at: string
  last_used_at: string | null
}

export interface IdentityRepository {
  provider(projectId: string): Promise<IdentityProviderRow | null>
  putProvider(row: IdentityProviderRow): Promise<void>
  deleteProvider(projectId: string): Promise<boolean>
  /** The user a provider account (iss + sub) belongs to in this project. */
  userOfIdentity(projectId: string, issuer: string, subject: string): Promise<string | null>
  insertIdentity(row: {
    project_id: string
    issuer: string
    subject: string
    user_id: string
    created_at: string
  }): Promise<void>
  identitiesOfUser(userId: string): Promise<{ issuer: string; subject: string; created_at: string }[]>
  /** Names the user a grant acts for (run in the transaction that inserts the grant). */
  bindGrant(grantId: string, userId: string): Promise<void>
  insertMachineClient(row: Omit<MachineClientRow, 'last_used_at'>): Promise<void>
  machineClient(clientId: string): Promise<MachineClientRow | null>
  machineClientsOfProject(projectId: string): Promise<MachineClientRow[]>
  deleteMachineClient(projectId: string, clientId: string): Promise<boolean>
  touchMachineClient(clientId: string, at: string): Promise<void>
}

export function identityRepository(store: SqlStore): IdentityRepository {
  const q = () => store.q()
  return {
    provider: (project_id) =>
      q().get<IdentityProviderRow>('SELECT * FROM identity_providers WHERE project_id = $project_id', { project_id }),
    async putProvider(row) {
      await q().run(
        `INSERT INTO identity_providers
           (project_id, issuer, client_id, client_secret_sealed, scopes, admin_claim, created_at, updated_at)
         VALUES ($project_id, $issuer, $client_id, $client_secret_sealed, $scopes, $admin_claim, $created_at, $updated_at)
         ON CONFLICT (project_id) DO UPDATE SET issuer = excluded.issuer, client_id = excluded.client_id,
           client_secret_sealed = excluded.client_secret_sealed, scopes = excluded.scopes,
           admin_claim = excluded.admin_claim, updated_at = excluded.updated_at`,
        { ...row },
      )
    },
    deleteProvider: async (project_id) =>
      (await q().run('DELETE FROM identity_providers WHERE project_id = $project_id', { project_id })).changes > 0,
    userOfIdentity: async (project_id, issuer, subject) =>
      (
        await q().get<{ user_id: string }>(
          `SELECT user_id FROM user_identities
           WHERE project_id = $project_id AND issuer = $issuer AND subject = $subject`,
          { project_id, issuer, subject },
        )
      )?.user_id ?? null,
    async insertIdentity(row) {
      await q().run(
        `INSERT INTO user_identities (project_id, issuer, subject, user_id, created_at)
         VALUES ($project_id, $issuer, $subject, $user_id, $created_at)`,
        { ...row },
      )
    },
    identitiesOfUser: (user_id) =>
      q().all('SELECT issuer, subject, created_at FROM user_identities WHERE user_id = $user_id ORDER BY created_at', {
        user_id,
      }),
    async bindGrant(grant_id, user_id) {
      await q().run('UPDATE oauth_grants SET user_id = $user_id WHERE id = $grant_id', { grant_id, user_id })
    },
    async insertMachineClient(row) {
      await q().run(
        `INSERT INTO oauth_machine_clients (client_id, project_id, name, secret_hash, user_id, server_ids, created_at)
         VALUES ($client_id, $project_id, $name, $secret_hash, $user_id, $server_ids, $created_at)`,
        { ...row },
      )
    },
    machineClient: (client_id) =>
      q().get<MachineClientRow>('SELECT * FROM oauth_machine_clients WHERE client_id = $client_id', { client_id }),
    machineClientsOfProject: (project_id) =>
      q().all<MachineClientRow>(
        'SELECT * FROM oauth_machine_clients WHERE project_id = $project_id ORDER BY created_at, client_id',
        { project_id },
      ),
    deleteMachineClient: async (project_id, client_id) =>
      (
        await q().run('DELETE FROM oauth_machine_clients WHERE project_id = $project_id AND client_id = $client_id', {
          project_id,
          client_id,
        })
      ).changes > 0,
    async touchMachineClient(client_id, at) {
      await q().run('UPDATE oauth_machine_clients SET last_used_at = $at WHERE client_id = $client_id', {
        client_id,
        at,
      })
    },
  }
}
