// SQL for servers.
import { asyncPort, type Store } from '../../db/store'
import type { ServerRow } from '../../lib/server'

/** The storage port its callers use; `serversRepository` below implements it on SQLite, a PostgreSQL adapter would
 *  implement it too (docs/decisions/0028-repository-interfaces.md). */
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
export const withLogArguments = (row: ServerRow): ServerRow => ({ ...row, log_arguments: row.log_arguments ?? 'none' })

export function serversRepository(store: Store): ServersRepository {
  const { db } = store
  const insert = db.query(
    `INSERT INTO servers (id, project_id, slug, name, display_name, description, auth, tool_discovery, log_arguments, created_at, updated_at)
     VALUES ($id, $project_id, $slug, $name, $display_name, $description, $auth, $tool_discovery, $log_arguments, $created_at, $updated_at)`,
  )
  const byId = db.query<ServerRow, { id: string; project_id: string }>(
    'SELECT * FROM servers WHERE id = $id AND project_id = $project_id',
  )
  const bySlug = db.query<ServerRow, { slug: string }>('SELECT * FROM servers WHERE slug = $slug')
  const slugTaken = db.query<{ one: number }, { slug: string }>('SELECT 1 AS one FROM servers WHERE slug = $slug')
  const list = db.query<ServerRow, { project_id: string; after: string; limit: number }>(
    'SELECT * FROM servers WHERE project_id = $project_id AND id > $after ORDER BY id LIMIT $limit',
  )
  const update = db.query(
    `UPDATE servers SET name = $name, display_name = $display_name, description = $description, auth = $auth,
       tool_discovery = $tool_discovery, log_arguments = $log_arguments, updated_at = $updated_at
     WHERE id = $id AND project_id = $project_id`,
  )
  const remove = db.query('DELETE FROM servers WHERE id = $id AND project_id = $project_id')

  return asyncPort<ServersRepository>(store, {
    insert: (row: ServerRow) => insert.run(withLogArguments(row)),
    byId: (project_id: string, id: string) => byId.get({ id, project_id }),
    bySlug: (slug: string) => bySlug.get({ slug }),
    slugTaken: (slug: string) => slugTaken.get({ slug }) !== null,
    list: (project_id: string, after: string | undefined, limit: number) =>
      list.all({ project_id, after: after ?? '', limit }),
    update: (row: ServerRow) => update.run(withLogArguments(row)),
    remove: (project_id: string, id: string) => remove.run({ id, project_id }).changes > 0,
  })
}
