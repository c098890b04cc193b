// SQL for project-defined providers (and a project's configuration of a built-in provider under the same id).
import { asyncPort, type Store, type SyncOf } from '../../../db/store'

export type ProviderRow = {
  project_id: string
  id: string
  name: string
  auth_type: 'oauth' | 'api_key' | 'basic_auth' | 'custom' | 'none'
  authorize_url: string | null
  token_url: string | null
  scopes: string
  client_id: string | null
  client_secret_sealed: string | null
  base_url: string | null
  token_auth_method: 'client_secret_post' | 'client_secret_basic' | null
  created_at: string
  updated_at: string
}

/** The storage port its callers use; `providersRepository` below implements it on SQLite, a PostgreSQL adapter would
 *  implement it too (docs/decisions/0028-repository-interfaces.md). */
export interface ProvidersRepository {
  insert: (row: ProviderRow) => Promise<void>
  byId: (project_id: string, id: string) => Promise<ProviderRow | null>
  list: (project_id: string) => Promise<ProviderRow[]>
  remove: (project_id: string, id: string) => Promise<boolean>
}

export function providersRepository(store: Store): ProvidersRepository {
  return asyncPort<ProvidersRepository>(store, providerStatements(store))
}

/** The synchronous half on SQLite, behind the asynchronous port above. */
function providerStatements(store: Store): SyncOf<ProvidersRepository> {
  const { db } = store
  const insert = db.query(
    `INSERT INTO providers (project_id, id, name, auth_type, authorize_url, token_url, scopes, client_id, client_secret_sealed, base_url, token_auth_method, created_at, updated_at)
     VALUES ($project_id, $id, $name, $auth_type, $authorize_url, $token_url, $scopes, $client_id, $client_secret_sealed, $base_url, $token_auth_method, $created_at, $updated_at)`,
  )
  const byId = db.query<ProviderRow, { project_id: string; id: string }>(
    'SELECT * FROM providers WHERE project_id = $project_id AND id = $id',
  )
  const list = db.query<ProviderRow, { project_id: string }>(
    'SELECT * FROM providers WHERE project_id = $project_id ORDER BY id',
  )
  const remove = db.query('DELETE FROM providers WHERE project_id = $project_id AND id = $id')
  return {
    insert: (row: ProviderRow) => insert.run(row),
    byId: (project_id: string, id: string) => byId.get({ project_id, id }),
    list: (project_id: string) => list.all({ project_id }),
    remove: (project_id: string, id: string) => remove.run({ project_id, id }).changes > 0,
  }
}
