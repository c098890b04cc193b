// SQL for OAuth authorization-code flows (PKCE verifier and received code stored sealed).
import { asyncPort, type Store } from '../../../db/store'

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

/** The storage port its callers use; `oauthFlowsRepository` below implements it on SQLite, a PostgreSQL adapter would
 *  implement it too (docs/decisions/0028-repository-interfaces.md). */
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

export function oauthFlowsRepository(store: Store): OAuthFlowsRepository {
  const { db } = store
  const insert = db.query(
    `INSERT INTO oauth_flows (state, project_id, provider_id, redirect_uri, scopes, code_verifier_sealed, code_sealed, status, credential_id, error, expires_at, created_at, updated_at)
     VALUES ($state, $project_id, $provider_id, $redirect_uri, $scopes, $code_verifier_sealed, $code_sealed, $status, $credential_id, $error, $expires_at, $created_at, $updated_at)`,
  )
  const byState = db.query<FlowRow, { state: string; project_id: string }>(
    'SELECT * FROM oauth_flows WHERE state = $state AND project_id = $project_id',
  )
  const byStateOnly = db.query<FlowRow, { state: string }>('SELECT * FROM oauth_flows WHERE state = $state')
  // Status changes name the state they move from, so two racing requests cannot both win.
  const move = db.query(
    `UPDATE oauth_flows SET status = $to, error = $error, updated_at = $updated_at
     WHERE state = $state AND project_id = $project_id AND status = $from`,
  )
  const receiveCode = db.query(
    `UPDATE oauth_flows SET status = 'code_received', code_sealed = $code_sealed, updated_at = $updated_at
     WHERE state = $state AND project_id = $project_id AND status = 'pending'`,
  )
  const activate = db.query(
    `UPDATE oauth_flows SET status = 'active', credential_id = $credential_id, code_sealed = NULL, updated_at = $updated_at
     WHERE state = $state AND project_id = $project_id AND status = 'code_received'`,
  )
  // A flow is minutes long; its row is kept for a while only so its status can be looked up.
  const prune = db.query<unknown, { cutoff: string }>('DELETE FROM oauth_flows WHERE created_at < $cutoff')
  return asyncPort<OAuthFlowsRepository>(store, {
    insert: (row: FlowRow) => insert.run(row),
    /** Deletes flows created before `cutoff` (ISO time); returns how many. */
    deleteCreatedBefore: (cutoff: string): number => prune.run({ cutoff }).changes,
    byState: (project_id: string, state: string) => byState.get({ project_id, state }),
    /** The hosted redirect has no key: the unguessable state alone names the flow (and so its project). */
    byStateOnly: (state: string) => byStateOnly.get({ state }),
    move: (
      project_id: string,
      state: string,
      from: FlowStatus,
      to: FlowStatus,
      error: string | null,
      updated_at: string,
    ) => move.run({ project_id, state, from, to, error, updated_at }).changes > 0,
    receiveCode: (project_id: string, state: string, code_sealed: string, updated_at: string) =>
      receiveCode.run({ project_id, state, code_sealed, updated_at }).changes > 0,
    activate: (project_id: string, state: string, credential_id: string, updated_at: string) =>
      activate.run({ project_id, state, credential_id, updated_at }).changes > 0,
  })
}
