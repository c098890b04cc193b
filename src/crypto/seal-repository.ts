// SQL for per-project data keys (each stored wrapped by a master key, with that master key's id).
import type { SqlStore } from '../db/queries'

type DataKeyRow = {
  id: string
  project_id: string
  master_key_id: string
  wrapped: string
  created_at: string
}

/** The storage port its callers use; `dataKeysRepository` below implements it once, on either engine
 *  (docs/decisions/0028-repository-interfaces.md, docs/decisions/0056-one-query-interface.md). */
export interface DataKeysRepository {
  insert: (row: DataKeyRow) => Promise<void>
  byId: (id: string) => Promise<DataKeyRow | null>
  latestForProject: (project_id: string) => Promise<DataKeyRow | null>
  all: () => Promise<DataKeyRow[]>
  rewrap: (id: string, master_key_id: string, wrapped: string) => Promise<void>
}

export function dataKeysRepository(store: SqlStore): DataKeysRepository {
  return {
    insert: async (row) => {
      await store
        .q()
        .run(
          'INSERT INTO data_keys (id, project_id, master_key_id, wrapped, created_at) VALUES ($id, $project_id, $master_key_id, $wrapped, $created_at)',
          row,
        )
    },
    byId: (id) => store.q().get('SELECT * FROM data_keys WHERE id = $id', { id }),
    latestForProject: (project_id) =>
      store.q().get('SELECT * FROM data_keys WHERE project_id = $project_id ORDER BY id DESC LIMIT 1', { project_id }),
    all: () => store.q().all('SELECT * FROM data_keys ORDER BY id'),
    rewrap: async (id, master_key_id, wrapped) => {
      await store.q().run('UPDATE data_keys SET master_key_id = $master_key_id, wrapped = $wrapped WHERE id = $id', {
        id,
        master_key_id,
        wrapped,
      })
    },
  }
}
