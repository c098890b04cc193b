// SQL for project-defined providers (and a project's configuration of a built-in provider under the same id).
import { bytewise, type SqlStore } from '../../../db/queries'

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

/** The storage port its callers use; `providersRepository` below implements it once, on either engine
 *  (docs/decisions/0028-repository-interfaces.md, docs/decisions/0056-one-query-interface.md). */
export interface ProvidersRepository {
  insert: (row: ProviderRow) => Promise<void>
  byId: (project_id: string, id: string) => Promise<ProviderRow | null>
  list: (project_id: string) => Promise<ProviderRow[]>
  remove: (project_id: string, id: string) => Promise<boolean>
}

export function providersRepository(store: SqlStore): ProvidersRepository {
  // Provider ids are tenant-chosen: listed in byte order on both engines, whatever PostgreSQL's database collation.
  const list = `SELECT * FROM providers WHERE project_id = $project_id ORDER BY id${bytewise(store.dialect)}`
  return {
    insert: async (row) => {
      await store.q().run(
        `INSERT INTO providers (project_id, id, name, auth_type, authorize_url, token_url, scopes, client_id, client_secret_sealed, base_url, token_auth_method, created_at, updated_at)
         VALUES ($project_id, $id, $name, $auth_type, $authorize_url, $token_url, $scopes, $client_id, $client_secret_sealed, $base_url, $token_auth_method, $created_at, $updated_at)`,
        row,
      )
    },
    byId: (project_id, id) =>
      store.q().get('SELECT * FROM providers WHERE project_id = $project_id AND id = $id', { project_id, id }),
    list: (project_id) => store.q().all(list, { project_id }),
    remove: async (project_id, id) =>
      (await store.q().run('DELETE FROM providers WHERE project_id = $project_id AND id = $id', { project_id, id }))
        .changes > 0,
  }
}
