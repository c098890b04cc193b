// PostgreSQL dialect of src/modules/resources/repository.ts: the same SQL.
import type { ResourcesRepository } from '../../../modules/resources/repository'
import type { PgStore } from '../store'

const COLUMNS = `id, project_id, server_id, name, uri, is_template, description, mime_type, resource_type, requires_credentials,
  credential_id, cache_ttl_seconds, is_active, content, blob, path, url, method, headers, database, query, function_name,
  variables, created_at, updated_at`
const NAMES = COLUMNS.split(',').map((c) => c.trim())
const INSERT = `INSERT INTO resources (${COLUMNS}) VALUES (${NAMES.map((c) => `$${c}`).join(', ')})`
const UPDATE = `UPDATE resources SET ${NAMES.filter((c) => c !== 'id' && c !== 'project_id' && c !== 'created_at')
  .map((c) => `${c} = $${c}`)
  .join(', ')}
  WHERE id = $id AND project_id = $project_id`

export function pgResourcesRepository(pg: PgStore): ResourcesRepository {
  return {
    insert: async (row) => {
      await pg.q().run(INSERT, row)
    },
    update: async (row) => {
      await pg.q().run(UPDATE, row)
    },
    byId: (project_id, id) =>
      pg.q().get('SELECT * FROM resources WHERE id = $id AND project_id = $project_id', { id, project_id }),
    byUri: (project_id, uri) =>
      pg.q().get('SELECT * FROM resources WHERE uri = $uri AND project_id = $project_id', { uri, project_id }),
    uriOwner: async (project_id, uri) =>
      (
        await pg.q().get<{ id: string }>('SELECT id FROM resources WHERE uri = $uri AND project_id = $project_id', {
          uri,
          project_id,
        })
      )?.id,
    remove: async (project_id, id) =>
      (await pg.q().run('DELETE FROM resources WHERE id = $id AND project_id = $project_id', { id, project_id }))
        .changes > 0,
    /** Every record (active or not, templates too), for management listings. */
    listAll: (project_id, server_id, after, limit) =>
      pg.q().all(
        `SELECT * FROM resources WHERE project_id = $project_id AND ($server_id::text IS NULL OR server_id = $server_id)
           AND id > $after
         ORDER BY id LIMIT $limit`,
        { project_id, server_id: server_id ?? null, after: after ?? '', limit },
      ),
    /** Active direct resources (templates: false) or active templates (templates: true), optionally of one server. */
    listActive: (project_id, server_id, templates, after, limit = 1_000_000) =>
      pg.q().all(
        `SELECT * FROM resources WHERE project_id = $project_id AND ($server_id::text IS NULL OR server_id = $server_id)
           AND is_active = 1 AND is_template = $is_template AND id > $after
         ORDER BY id LIMIT $limit`,
        { project_id, server_id: server_id ?? null, is_template: templates ? 1 : 0, after: after ?? '', limit },
      ),
  }
}
