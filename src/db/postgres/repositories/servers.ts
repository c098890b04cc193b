// PostgreSQL dialect of src/modules/servers/repository.ts: the same SQL, which is valid PostgreSQL as written.
import { type ServersRepository, withLogArguments } from '../../../modules/servers/repository'
import type { PgStore } from '../store'

export function pgServersRepository(pg: PgStore): ServersRepository {
  return {
    insert: async (row) => {
      await pg.q().run(
        `INSERT INTO servers (id, project_id, slug, name, display_name, description, auth, tool_discovery, log_arguments, created_at, updated_at)
           VALUES ($id, $project_id, $slug, $name, $display_name, $description, $auth, $tool_discovery, $log_arguments, $created_at, $updated_at)`,
        withLogArguments(row),
      )
    },
    byId: (project_id, id) =>
      pg.q().get('SELECT * FROM servers WHERE id = $id AND project_id = $project_id', { id, project_id }),
    bySlug: (slug) => pg.q().get('SELECT * FROM servers WHERE slug = $slug', { slug }),
    slugTaken: async (slug) => (await pg.q().get('SELECT 1 AS one FROM servers WHERE slug = $slug', { slug })) !== null,
    list: (project_id, after, limit) =>
      pg.q().all('SELECT * FROM servers WHERE project_id = $project_id AND id > $after ORDER BY id LIMIT $limit', {
        project_id,
        after: after ?? '',
        limit,
      }),
    update: async (row) => {
      await pg.q().run(
        `UPDATE servers SET name = $name, display_name = $display_name, description = $description, auth = $auth,
           tool_discovery = $tool_discovery, log_arguments = $log_arguments, updated_at = $updated_at
         WHERE id = $id AND project_id = $project_id`,
        withLogArguments(row),
      )
    },
    remove: async (project_id, id) =>
      (await pg.q().run('DELETE FROM servers WHERE id = $id AND project_id = $project_id', { id, project_id }))
        .changes > 0,
  }
}
