// PostgreSQL dialect of src/modules/credentials/providers/repository.ts (project-defined providers): the same SQL.
import type { ProvidersRepository } from '../../../modules/credentials/providers/repository'
import type { PgStore } from '../store'

export function pgProvidersRepository(pg: PgStore): ProvidersRepository {
  return {
    insert: async (row) => {
      await pg.q().run(
        `INSERT INTO providers (project_id, id, name, auth_type, authorize_url, token_url, scopes, client_id, client_secret_sealed, base_url, token_auth_method, created_at, updated_at)
         VALUES ($project_id, $id, $name, $auth_type, $authorize_url, $token_url, $scopes, $client_id, $client_secret_sealed, $base_url, $token_auth_method, $created_at, $updated_at)`,
        row,
      )
    },
    byId: (project_id, id) =>
      pg.q().get('SELECT * FROM providers WHERE project_id = $project_id AND id = $id', { project_id, id }),
    // COLLATE "C": provider ids are tenant-chosen; SQLite orders them bytewise, whatever the database's collation.
    list: (project_id) =>
      pg.q().all('SELECT * FROM providers WHERE project_id = $project_id ORDER BY id COLLATE "C"', { project_id }),
    remove: async (project_id, id) =>
      (await pg.q().run('DELETE FROM providers WHERE project_id = $project_id AND id = $id', { project_id, id }))
        .changes > 0,
  }
}
