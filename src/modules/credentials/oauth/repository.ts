// SQL for OAuth authorization-code flows (PKCE verifier and received code stored sealed).
import type { SqlStore } from '../../../db/queries'

export type FlowStatus = 'pending' | 'code_received' | 'active' | 'canceled' | 'expired' | 'failed'

export type FlowRow = {
  state: string
  project_id: string
  provider_id: string
  redirect_uri: string
  scopes: string
  code_verifier_sealed: string
  code_sealed: string | null
  status: FlowStatus
  credential_id: string | null
  error: string | null
  expires_at: string
  created_at: string
  updated_at: string
}

/** The storage port its callers use; `oauthFlowsRepository` below implements it once, on either engine
 *  (docs/decisions/0028-repository-interfaces.md, docs/decisions/0056-one-query-interface.md). */
export interface OAuthFlowsRepository {
  insert: (row: FlowRow) => Promise<void>
  /** Deletes flows created before `cutoff` (ISO time); returns how many. */
  deleteCreatedBefore: (cutoff: string) => Promise<number>
  byState: (project_id: string, state: string) => Promise<FlowRow | null>
  /** The hosted redirect has no key: the unguessable state alone names the flow (and so its project). */
  byStateOnly: (state: string) => Promise<FlowRow | null>
  move: (
    project_id: string,
    state: string,
    from: FlowStatus,
    to: FlowStatus,
    error: string | null,
    updated_at: string,
  ) => Promise<boolean>
  receiveCode: (project_id: string, state: string, code_sealed: string, updated_at: string) => Promise<boolean>
  activate: (project_id: string, state: string, credential_id: string, updated_at: string) => Promise<boolean>
}

export function oauthFlowsRepository(store: SqlStore): OAuthFlowsRepository {
  const changed = async (query: string, params: Record<string, unknown>) => (await store.q().run(query, params)).changes
  return {
    insert: async (row) => {
      await store.q().run(
        `INSERT INTO oauth_flows (state, project_id, provider_id, redirect_uri, scopes, code_verifier_sealed, code_sealed, status, credential_id, error, expires_at, created_at, updated_at)
         VALUES ($state, $project_id, $provider_id, $redirect_uri, $scopes, $code_verifier_sealed, $code_sealed, $status, $credential_id, $error, $expires_at, $created_at, $updated_at)`,
        row,
      )
    },
    /** Deletes flows created before `cutoff` (ISO time); returns how many. A flow is minutes long; its row is kept for
     *  a while only so its status can be looked up. */
    deleteCreatedBefore: (cutoff) => changed('DELETE FROM oauth_flows WHERE created_at < $cutoff', { cutoff }),
    byState: (project_id, state) =>
      store
        .q()
        .get('SELECT * FROM oauth_flows WHERE state = $state AND project_id = $project_id', { project_id, state }),
    /** The hosted redirect has no key: the unguessable state alone names the flow (and so its project). */
    byStateOnly: (state) => store.q().get('SELECT * FROM oauth_flows WHERE state = $state', { state }),
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
