// PostgreSQL dialect of src/modules/tools/repository.ts (the project's tools; pre-built ones with project_id ''):
// the same SQL.
import type { ToolsRepository } from '../../../modules/tools/repository'
import type { PgStore } from '../store'

export function pgToolsRepository(pg: PgStore): ToolsRepository {
  return {
    insert: async (row) => {
      await pg.q().run(
        `INSERT INTO tools (id, project_id, toolkit_id, name, title, description, function_name, input_schema, output_schema, annotations,
           credential_provider, required_client_capabilities, task_support, created_at, updated_at)
         VALUES ($id, $project_id, $toolkit_id, $name, $title, $description, $function_name, $input_schema, $output_schema, $annotations,
           $credential_provider, $required_client_capabilities, $task_support, $created_at, $updated_at)`,
        row,
      )
    },
    update: async (row) => {
      await pg.q().run(
        `UPDATE tools SET name = $name, title = $title, description = $description, function_name = $function_name,
           input_schema = $input_schema, output_schema = $output_schema, annotations = $annotations,
           credential_provider = $credential_provider, required_client_capabilities = $required_client_capabilities,
           task_support = $task_support, updated_at = $updated_at
         WHERE id = $id AND project_id = $project_id`,
        row,
      )
    },
    byId: (project_id, id) =>
      pg.q().get('SELECT * FROM tools WHERE id = $id AND project_id = $project_id', { id, project_id }),
    byToolkit: (toolkit_id) =>
      pg.q().all('SELECT * FROM tools WHERE toolkit_id = $toolkit_id ORDER BY id', { toolkit_id }),
    byToolkitAndName: (toolkit_id, name) =>
      pg.q().get('SELECT * FROM tools WHERE toolkit_id = $toolkit_id AND name = $name', { toolkit_id, name }),
    list: (project_id, toolkit_id, after, limit) =>
      toolkit_id
        ? pg
            .q()
            .all(
              'SELECT * FROM tools WHERE project_id = $project_id AND toolkit_id = $toolkit_id AND id > $after ORDER BY id LIMIT $limit',
              { project_id, toolkit_id, after: after ?? '', limit },
            )
        : pg.q().all('SELECT * FROM tools WHERE project_id = $project_id AND id > $after ORDER BY id LIMIT $limit', {
            project_id,
            after: after ?? '',
            limit,
          }),
    byName: (project_id, name) =>
      pg
        .q()
        .all('SELECT * FROM tools WHERE project_id = $project_id AND name = $name ORDER BY id', { project_id, name }),
    remove: async (project_id, id) =>
      (await pg.q().run('DELETE FROM tools WHERE id = $id AND project_id = $project_id', { id, project_id })).changes >
      0,
  }
}
