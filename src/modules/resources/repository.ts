// SQL for resources.
import type { SqlStore } from '../../db/queries'
import type { ResourceType } from './model'

export type ResourceRow = {
  id: string
  project_id: string
  server_id: string
  name: string
  uri: string
  is_template: number
  description: string | null
  mime_type: string
  resource_type: ResourceType
  requires_credentials: number
  credential_id: string | null
  cache_ttl_seconds: number
  is_active: number
  content: string | null
  blob: string | null
  path: string | null
  url: string | null
  method: string | null
  /** JSON object of header templates. */
  headers: string | null
  database: string | null
  query: string | null
  function_name: string | null
  /** JSON object {name: {description?, enum?}}. */
  variables: string | null
  created_at: string
  updated_at: string
}

const COLUMNS = `id, project_id, server_id, name, uri, is_template, description, mime_type, resource_type, requires_credentials,
  credential_id, cache_ttl_seconds, is_active, content, blob, path, url, method, headers, database, query, function_name,
  variables, created_at, updated_at`
const NAMES = COLUMNS.split(',').map((c) => c.trim())
const INSERT = `INSERT INTO resources (${COLUMNS}) VALUES (${NAMES.map((c) => `$${c}`).join(', ')})`
const UPDATE = `UPDATE resources SET ${NAMES.filter((c) => c !== 'id' && c !== 'project_id' && c !== 'created_at')
  .map((c) => `${c} = $${c}`)
  .join(', ')}
  WHERE id = $id AND project_id = $project_id`

/** The storage port its callers use; `resourcesRepository` below implements it once, on either engine
 *  (docs/decisions/0028-repository-interfaces.md, docs/decisions/0056-one-query-interface.md). */
export interface ResourcesRepository {
  insert: (row: ResourceRow) => Promise<void>
  update: (row: ResourceRow) => Promise<void>
  byId: (project_id: string, id: string) => Promise<ResourceRow | null>
  byUri: (project_id: string, uri: string) => Promise<ResourceRow | null>
  uriOwner: (project_id: string, uri: string) => Promise<string | undefined>
  remove: (project_id: string, id: string) => Promise<boolean>
  /** Every record (active or not, templates too), for management listings. */
  listAll: (
    project_id: string,
    server_id: string | undefined,
    after: string | undefined,
    limit: number,
  ) => Promise<ResourceRow[]>
  /** Active direct resources (templates: false) or active templates (templates: true), optionally of one server. */
  listActive: (
    project_id: string,
    server_id: string | undefined,
    templates: boolean,
    after?: string,
    limit?: number,
  ) => Promise<ResourceRow[]>
}

export function resourcesRepository(store: SqlStore): ResourcesRepository {
  return {
    insert: async (row) => {
      await store.q().run(INSERT, row)
    },
    update: async (row) => {
      await store.q().run(UPDATE, row)
    },
    byId: (project_id, id) =>
      store.q().get('SELECT * FROM resources WHERE id = $id AND project_id = $project_id', { id, project_id }),
    byUri: (project_id, uri) =>
      store.q().get('SELECT * FROM resources WHERE uri = $uri AND project_id = $project_id', { uri, project_id }),
    uriOwner: async (project_id, uri) =>
      (
        await store.q().get<{ id: string }>('SELECT id FROM resources WHERE uri = $uri AND project_id = $project_id', {
          uri,
          project_id,
        })
      )?.id,
    remove: async (project_id, id) =>
      (await store.q().run('DELETE FROM resources WHERE id = $id AND project_id = $project_id', { id, project_id }))
        .changes > 0,
    /** Every record (active or not, templates too), for management listings. */
    listAll: (project_id, server_id, after, limit) =>
      store.q().all(
        `SELECT * FROM resources WHERE project_id = $project_id AND (CAST($server_id AS TEXT) IS NULL OR server_id = $server_id)
           AND id > $after
         ORDER BY id LIMIT $limit`,
        { project_id, server_id: server_id ?? null, after: after ?? '', limit },
      ),
    /** Active direct resources (templates: false) or active templates (templates: true), optionally of one server. */
    listActive: (project_id, server_id, templates, after, limit = 1_000_000) =>
      store.q().all(
        `SELECT * FROM resources WHERE project_id = $project_id AND (CAST($server_id AS TEXT) IS NULL OR server_id = $server_id)
           AND is_active = 1 AND is_template = $is_template AND id > $after
         ORDER BY id LIMIT $limit`,
        { project_id, server_id: server_id ?? null, is_template: templates ? 1 : 0, after: after ?? '', limit },
      ),
  }
}
