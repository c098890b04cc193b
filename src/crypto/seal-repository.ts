// SQL for per-project data keys (each stored wrapped by a master key, with that master key's id).
import { asyncPort, type Store } from '../db/store'

type DataKeyRow = {
  id: string
  project_id: string
  master_key_id: string
  wrapped: string
  created_at: string
}

/** The storage port its callers use; `dataKeysRepository` below implements it on SQLite, a PostgreSQL adapter would
 *  implement it too (docs/decisions/0028-repository-interfaces.md). */
export interface DataKeysRepository {
  insert: (row: DataKeyRow) => Promise<void>
  byId: (id: string) => Promise<DataKeyRow | null>
  latestForProject: (project_id: string) => Promise<DataKeyRow | null>
  all: () => Promise<DataKeyRow[]>
  rewrap: (id: string, master_key_id: string, wrapped: string) => Promise<void>
}

export function dataKeysRepository(store: Store): DataKeysRepository {
  const { db } = store
  const insert = db.query(
    'INSERT INTO data_keys (id, project_id, master_key_id, wrapped, created_at) VALUES ($id, $project_id, $master_key_id, $wrapped, $created_at)',
  )
  const byId = db.query<DataKeyRow, { id: string }>('SELECT * FROM data_keys WHERE id = $id')
  const latestForProject = db.query<DataKeyRow, { project_id: string }>(
    'SELECT * FROM data_keys WHERE project_id = $project_id ORDER BY id DESC LIMIT 1',
  )
  const all = db.query<DataKeyRow, Record<string, never>>('SELECT * FROM data_keys ORDER BY id')
  const rewrap = db.query('UPDATE data_keys SET master_key_id = $master_key_id, wrapped = $wrapped WHERE id = $id')
  return asyncPort<DataKeysRepository>(store, {
    insert: (row: DataKeyRow) => insert.run(row),
    byId: (id: string) => byId.get({ id }),
    latestForProject: (project_id: string) => latestForProject.get({ project_id }),
    all: () => all.all({}),
    rewrap: (id: string, master_key_id: string, wrapped: string) => rewrap.run({ id, master_key_id, wrapped }),
  })
}
