// SQL for the project's tools. Pre-built tools (catalog data) use the same row shape with project_id ''.
import type { SqlStore } from '../../db/queries'

export type ToolRow = {
  id: string
  /** '' for a pre-built tool (catalog data shared by every project). */
  project_id: string
  toolkit_id: string
  name: string
  title: string | null
  description: string | null
  function_name: string
  /** The JSON Schema exactly as registered (JSON text). */
  input_schema: string
  output_schema: string | null
  annotations: string | null
  credential_provider: string | null
  /** Client capabilities a call needs (JSON text), e.g. `{"sampling":{}}`. */
  required_client_capabilities: string | null
  task_support: TaskSupport
  /** An upstream's `_meta` and `icons` for the tool, as JSON text {_meta?, icons?}; null (or absent) without either. */
  meta?: string | null
  created_at: string
  updated_at: string
}

/** A tool definition as registered (REST body or catalog data), before it becomes a row. */
export interface ToolDefinition {
  name: string
  title?: string
  description?: string
  function_name: string
  input_schema: Record<string, unknown>
  output_schema?: Record<string, unknown> | null
  annotations?: Record<string, unknown>
  credential_provider?: string
  required_client_capabilities?: Record<string, unknown> | null
  task_support?: TaskSupport
  /** An upstream's `_meta` and `icons`, listed as they came (docs/decisions/0362-mcp-apps-pass-through.md). */
  meta?: { _meta?: Record<string, unknown>; icons?: unknown[] }
}

export type TaskSupport = 'forbidden' | 'optional' | 'required'

/** The one mapping from a definition to its stored row (schemas kept verbatim as JSON text). */
export function toolRowFrom(
  def: ToolDefinition,
  at: Pick<ToolRow, 'id' | 'project_id' | 'toolkit_id' | 'created_at' | 'updated_at'>,
): ToolRow {
  return {
    ...at,
    name: def.name,
    title: def.title ?? null,
    description: def.description ?? null,
    function_name: def.function_name,
    input_schema: JSON.stringify(def.input_schema),
    output_schema: def.output_schema ? JSON.stringify(def.output_schema) : null,
    annotations: def.annotations ? JSON.stringify(def.annotations) : null,
    credential_provider: def.credential_provider ?? null,
    required_client_capabilities: def.required_client_capabilities
      ? JSON.stringify(def.required_client_capabilities)
      : null,
    task_support: def.task_support ?? 'forbidden',
    meta:
      def.meta?._meta || def.meta?.icons
        ? JSON.stringify({
            ...(def.meta._meta ? { _meta: def.meta._meta } : {}),
            ...(def.meta.icons ? { icons: def.meta.icons } : {}),
          })
        : null,
  }
}

/** The storage port its callers use; `toolsRepository` below implements it once, on either engine
 *  (docs/decisions/0028-repository-interfaces.md, docs/decisions/0056-one-query-interface.md). */
export interface ToolsRepository {
  insert: (row: ToolRow) => Promise<void>
  update: (row: ToolRow) => Promise<void>
  byId: (project_id: string, id: string) => Promise<ToolRow | null>
  byToolkit: (toolkit_id: string) => Promise<ToolRow[]>
  byToolkitAndName: (toolkit_id: string, name: string) => Promise<ToolRow | null>
  list: (
    project_id: string,
    toolkit_id: string | undefined,
    after: string | undefined,
    limit: number,
  ) => Promise<ToolRow[]>
  byName: (project_id: string, name: string) => Promise<ToolRow[]>
  remove: (project_id: string, id: string) => Promise<boolean>
}

export function toolsRepository(store: SqlStore): ToolsRepository {
  return {
    insert: async (row) => {
      await store.q().run(
        `INSERT INTO tools (id, project_id, toolkit_id, name, title, description, function_name, input_schema, output_schema, annotations,
           credential_provider, required_client_capabilities, task_support, meta, created_at, updated_at)
         VALUES ($id, $project_id, $toolkit_id, $name, $title, $description, $function_name, $input_schema, $output_schema, $annotations,
           $credential_provider, $required_client_capabilities, $task_support, $meta, $created_at, $updated_at)`,
        { ...row, meta: row.meta ?? null },
      )
    },
    update: async (row) => {
      await store.q().run(
        `UPDATE tools SET name = $name, title = $title, description = $description, function_name = $function_name,
           input_schema = $input_schema, output_schema = $output_schema, annotations = $annotations,
           credential_provider = $credential_provider, required_client_capabilities = $required_client_capabilities,
           task_support = $task_support, meta = $meta, updated_at = $updated_at
         WHERE id = $id AND project_id = $project_id`,
        { ...row, meta: row.meta ?? null },
      )
    },
    byId: (project_id, id) =>
      store.q().get('SELECT * FROM tools WHERE id = $id AND project_id = $project_id', { id, project_id }),
    byToolkit: (toolkit_id) =>
      store.q().all('SELECT * FROM tools WHERE toolkit_id = $toolkit_id ORDER BY id', { toolkit_id }),
    byToolkitAndName: (toolkit_id, name) =>
      store.q().get('SELECT * FROM tools WHERE toolkit_id = $toolkit_id AND name = $name', { toolkit_id, name }),
    list: (project_id, toolkit_id, after, limit) =>
      toolkit_id
        ? store
            .q()
            .all(
              'SELECT * FROM tools WHERE project_id = $project_id AND toolkit_id = $toolkit_id AND id > $after ORDER BY id LIMIT $limit',
              { project_id, toolkit_id, after: after ?? '', limit },
            )
        : store.q().all('SELECT * FROM tools WHERE project_id = $project_id AND id > $after ORDER BY id LIMIT $limit', {
            project_id,
            after: after ?? '',
            limit,
          }),
    byName: (project_id, name) =>
      store
        .q()
        .all('SELECT * FROM tools WHERE project_id = $project_id AND name = $name ORDER BY id', { project_id, name }),
    remove: async (project_id, id) =>
      (await store.q().run('DELETE FROM tools WHERE id = $id AND project_id = $project_id', { id, project_id }))
        .changes > 0,
  }
}
