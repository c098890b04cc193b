// PostgreSQL dialect of src/modules/prompts/repository.ts: the same SQL.
import type { PromptsRepository } from '../../../modules/prompts/repository'
import type { PgStore } from '../store'

export function pgPromptsRepository(pg: PgStore): PromptsRepository {
  return {
    insert: async (row) => {
      await pg.q().run(
        `INSERT INTO prompts (id, project_id, server_id, name, description, template, messages, arguments, function_name,
           created_at, updated_at)
         VALUES ($id, $project_id, $server_id, $name, $description, $template, $messages, $arguments, $function_name,
           $created_at, $updated_at)`,
        row,
      )
    },
    update: async (row) => {
      await pg.q().run(
        `UPDATE prompts SET server_id = $server_id, name = $name, description = $description, template = $template, messages = $messages,
           arguments = $arguments, function_name = $function_name, updated_at = $updated_at
         WHERE id = $id AND project_id = $project_id`,
        row,
      )
    },
    byId: (project_id, id) =>
      pg.q().get('SELECT * FROM prompts WHERE id = $id AND project_id = $project_id', { id, project_id }),
    byName: (project_id, name) =>
      pg.q().get('SELECT * FROM prompts WHERE name = $name AND project_id = $project_id', { name, project_id }),
    remove: async (project_id, id) =>
      (await pg.q().run('DELETE FROM prompts WHERE id = $id AND project_id = $project_id', { id, project_id }))
        .changes > 0,
    /** The project's prompts; with a server id, those on that server (its own and the project-wide ones). */
    list: (project_id, server_id, after, limit = 1_000_000) =>
      pg.q().all(
        `SELECT * FROM prompts WHERE project_id = $project_id
           AND ($server_id::text IS NULL OR server_id IS NULL OR server_id = $server_id) AND id > $after
         ORDER BY id LIMIT $limit`,
        { project_id, server_id: server_id ?? null, after: after ?? '', limit },
      ),
  }
}
