// SQL for servers.
import type { SqlStore } from '../../db/queries'
import type { ServerRow } from '../../lib/server'

/** The storage port its callers use; `serversRepository` below implements it once, on either engine
 *  (docs/decisions/0028-repository-interfaces.md, docs/decisions/0056-one-query-interface.md). */
export interface ServersRepository {
  insert: (row: ServerRow) => Promise<void>
  byId: (project_id: string, id: string) => Promise<ServerRow | null>
  bySlug: (slug: string) => Promise<ServerRow | null>
  slugTaken: (slug: string) => Promise<boolean>
  list: (project_id: string, after: string | undefined, limit: number) => Promise<ServerRow[]>
  update: (row: ServerRow) => Promise<void>
  remove: (project_id: string, id: string) => Promise<boolean>
}

/** A row made before the setting existed (or by a test) keeps the default. */
const withLogArguments = (row: ServerRow): ServerRow => ({ ...row, log_arguments: row.log_arguments ?? 'none' })

export function serversRepository(store: SqlStore): ServersRepository {
  return {
    insert: async (row) => {
      await store.q().run(
        `INSERT INTO servers (id, project_id, slug, name, display_name, description, auth, tool_discovery, log_arguments,
           created_at, updated_at)
           VALUES ($id, $project_id, $slug, $name, $display_name, $description, $auth, $tool_discovery, $log_arguments,
           $created_at, $updated_at)`,
        withLogArguments(row),
      )
    },
    byId: (project_id, id) =>
      store.q().get('SELECT * FROM servers WHERE id = $id AND project_id = $project_id', { id, project_id }),
    bySlug: (slug) => store.q().get('SELECT * FROM servers WHERE slug = $slug', { slug }),
    slugTaken: async (slug) =>
      (await store.q().get('SELECT 1 AS one FROM servers WHERE slug = $slug', { slug })) !== null,
    list: (project_id, after, limit) =>
      store.q().all('SELECT * FROM servers WHERE project_id = $project_id AND id > $after ORDER BY id LIMIT $limit', {
        project_id,
        after: after ?? '',
        limit,
      }),
    update: async (row) => {
      await store.q().run(
        `UPDATE servers SET name = $name, display_name = $display_name, description = $description, auth = $auth,
           tool_discovery = $tool_discovery, log_arguments = $log_arguments, updated_at = $updated_at
         WHERE id = $id AND project_id = $project_id`,
        withLogArguments(row),
      )
    },
    remove: async (project_id, id) =>
      (await store.q().run('DELETE FROM servers WHERE id = $id AND project_id = $project_id', { id, project_id }))
        .changes > 0,
  }
}
