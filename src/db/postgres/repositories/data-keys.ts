// PostgreSQL dialect of src/crypto/seal-repository.ts (per-project data keys, wrapped by a master key): the same SQL.
import type { DataKeysRepository } from '../../../crypto/seal-repository'
import type { PgStore } from '../store'

export function pgDataKeysRepository(pg: PgStore): DataKeysRepository {
  return {
    insert: async (row) => {
      await pg
        .q()
        .run(
          'INSERT INTO data_keys (id, project_id, master_key_id, wrapped, created_at) VALUES ($id, $project_id, $master_key_id, $wrapped, $created_at)',
          row,
        )
    },
    byId: (id) => pg.q().get('SELECT * FROM data_keys WHERE id = $id', { id }),
    latestForProject: (project_id) =>
      pg.q().get('SELECT * FROM data_keys WHERE project_id = $project_id ORDER BY id DESC LIMIT 1', { project_id }),
    all: () => pg.q().all('SELECT * FROM data_keys ORDER BY id'),
    rewrap: async (id, master_key_id, wrapped) => {
      await pg.q().run('UPDATE data_keys SET master_key_id = $master_key_id, wrapped = $wrapped WHERE id = $id', {
        id,
        master_key_id,
        wrapped,
      })
    },
  }
}
