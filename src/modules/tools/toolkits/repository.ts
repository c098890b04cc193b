// SQL for the project's own (hosted) toolkits; pre-built toolkits are catalog data, not rows.
import type { SqlStore } from '../../../db/queries'
import { nowIso } from '../../../lib/ids'

export type ToolkitRow = {
  id: string
  project_id: string
  name: string
  display_name: string | null
  description: string | null
  /** A kind the toolkit sources know (src/modules/tools/sources); no CHECK in the schema. */
  toolkit_type: string
  status: string
  created_at: string
  updated_at: string
}

/** A new active toolkit row of `kind` (every kind's creation: hosted, remote, openapi), stamped now. */
export function newToolkitRow(
  id: string,
  projectId: string,
  kind: string,
  fields: { name: string; display_name?: string | undefined; description?: string | null | undefined },
): ToolkitRow {
  const at = nowIso()
  return {
    id,
    project_id: projectId,
    name: fields.name,
    display_name: fields.display_name ?? null,
    description: fields.description ?? null,
    toolkit_type: kind,
    status: 'active',
    created_at: at,
    updated_at: at,
  }
}

/** The storage port its callers use; `toolkitsRepository` below implements it once, on either engine
 *  (docs/decisions/0028-repository-interfaces.md, docs/decisions/0056-one-query-interface.md). */
export interface ToolkitsRepository {
  insert: (row: ToolkitRow) => Promise<void>
  byId: (project_id: string, id: string) => Promise<ToolkitRow | null>
  byName: (project_id: string, name: string) => Promise<ToolkitRow | null>
  all: (project_id: string) => Promise<ToolkitRow[]>
  update: (row: ToolkitRow) => Promise<void>
  remove: (project_id: string, id: string) => Promise<boolean>
}

export function toolkitsRepository(store: SqlStore): ToolkitsRepository {
  return {
    insert: async (row) => {
      await store.q().run(
        `INSERT INTO toolkits (id, project_id, name, display_name, description, toolkit_type, status, created_at, updated_at)
         VALUES ($id, $project_id, $name, $display_name, $description, $toolkit_type, $status, $created_at, $updated_at)`,
        row,
      )
    },
    byId: (project_id, id) =>
      store.q().get('SELECT * FROM toolkits WHERE id = $id AND project_id = $project_id', { id, project_id }),
    byName: (project_id, name) =>
      store.q().get('SELECT * FROM toolkits WHERE name = $name AND project_id = $project_id', { name, project_id }),
    all: (project_id) =>
      store.q().all('SELECT * FROM toolkits WHERE project_id = $project_id ORDER BY id', { project_id }),
    update: async (row) => {
      await store
        .q()
        .run(
          'UPDATE toolkits SET display_name = $display_name, description = $description, updated_at = $updated_at WHERE id = $id AND project_id = $project_id',
          row,
        )
    },
    remove: async (project_id, id) =>
      (await store.q().run('DELETE FROM toolkits WHERE id = $id AND project_id = $project_id', { id, project_id }))
        .changes > 0,
  }
}
