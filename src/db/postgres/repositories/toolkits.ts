// PostgreSQL dialect of src/modules/tools/toolkits/repository.ts (the project's own toolkits): the same SQL.
import type { ToolkitsRepository } from '../../../modules/tools/toolkits/repository'
import type { PgStore } from '../store'

export function pgToolkitsRepository(pg: PgStore): ToolkitsRepository {
  return {
    insert: async (row) => {
      await pg.q().run(
        `INSERT INTO toolkits (id, project_id, name, display_name, description, toolkit_type, status, created_at, updated_at)
         VALUES ($id, $project_id, $name, $display_name, $description, $toolkit_type, $status, $created_at, $updated_at)`,
        row,
      )
    },
    byId: (project_id, id) =>
      pg.q().get('SELECT * FROM toolkits WHERE id = $id AND project_id = $project_id', { id, project_id }),
    byName: (project_id, name) =>
      pg.q().get('SELECT * FROM toolkits WHERE name = $name AND project_id = $project_id', { name, project_id }),
    all: (project_id) =>
      pg.q().all('SELECT * FROM toolkits WHERE project_id = $project_id ORDER BY id', { project_id }),
    update: async (row) => {
      await pg
        .q()
        .run(
          'UPDATE toolkits SET display_name = $display_name, description = $description, updated_at = $updated_at WHERE id = $id AND project_id = $project_id',
          row,
        )
    },
    remove: async (project_id, id) =>
      (await pg.q().run('DELETE FROM toolkits WHERE id = $id AND project_id = $project_id', { id, project_id }))
        .changes > 0,
  }
}
