// PostgreSQL dialect of src/modules/credentials/oauth/repository.ts (authorization-code flows): the same SQL.
import type { OAuthFlowsRepository } from '../../../modules/credentials/oauth/repository'
import type { PgStore } from '../store'

export function pgOAuthFlowsRepository(pg: PgStore): OAuthFlowsRepository {
  const changed = async (query: string, params: Record<string, unknown>) => (await pg.q().run(query, params)).changes
  return {
    insert: async (row) => {
      await pg.q().run(
        `INSERT INTO oauth_flows (state, project_id, provider_id, redirect_uri, scopes, code_verifier_sealed, code_sealed, status, credential_id, error, expires_at, created_at, updated_at)
         VALUES ($state, $project_id, $provider_id, $redirect_uri, $scopes, $code_verifier_sealed, $code_sealed, $status, $credential_id, $error, $expires_at, $created_at, $updated_at)`,
        row,
      )
    },
    /** Deletes flows created before `cutoff` (ISO time); returns how many. */
    deleteCreatedBefore: (cutoff) => changed('DELETE FROM oauth_flows WHERE created_at < $cutoff', { cutoff }),
    byState: (project_id, state) =>
      pg.q().get('SELECT * FROM oauth_flows WHERE state = $state AND project_id = $project_id', { project_id, state }),
    /** The hosted redirect has no key: the unguessable state alone names the flow (and so its project). */
    byStateOnly: (state) => pg.q().get('SELECT * FROM oauth_flows WHERE state = $state', { state }),
    // Status changes name the state they move from, so two racing requests cannot both win.
    move: async (project_id, state, from, to, error, updated_at) =>
      (await changed(
        `UPDATE oauth_flows SET status = $to, error = $error, updated_at = $updated_at
         WHERE state = $state AND project_id = $project_id AND status = $from`,
        { project_id, state, from, to, error, updated_at },
      )) > 0,
    receiveCode: async (project_id, state, code_sealed, updated_at) =>
      (await changed(
        `UPDATE oauth_flows SET status = 'code_received', code_sealed = $code_sealed, updated_at = $updated_at
         WHERE state = $state AND project_id = $project_id AND status = 'pending'`,
        { project_id, state, code_sealed, updated_at },
      )) > 0,
    activate: async (project_id, state, credential_id, updated_at) =>
      (await changed(
        `UPDATE oauth_flows SET status = 'active', credential_id = $credential_id, code_sealed = NULL, updated_at = $updated_at
         WHERE state = $state AND project_id = $project_id AND status = 'code_received'`,
        { project_id, state, credential_id, updated_at },
      )) > 0,
  }
}
