// SQL for prompts.
import type { SqlStore } from '../../db/queries'

export type PromptRow = {
  id: string
  project_id: string
  /** NULL: on every server of the project. */
  server_id: string | null
  name: string
  description: string | null
  template: string | null
  /** JSON array of {role, content}. */
  messages: string | null
  /** JSON array of {name, description?, required?, enum?}. */
  arguments: string
  /** A function that renders the prompt (input `{name, arguments}`), instead of template/messages. */
  function_name: string | null
  created_at: string
  updated_at: string
}

/** The storage port its callers use; `promptsRepository` below implements it once, on either engine
 *  (docs/decisions/0028-repository-interfaces.md, docs/decisions/0056-one-query-interface.md). */
export interface PromptsRepository {
  insert: (row: PromptRow) => Promise<void>
  update: (row: PromptRow) => Promise<void>
  byId: (project_id: string, id: string) => Promise<PromptRow | null>
  byName: (project_id: string, name: string) => Promise<PromptRow | null>
  remove: (project_id: string, id: string) => Promise<boolean>
  /** The project's prompts; with a server id, those on that server (its own and the project-wide ones). */
  list: (project_id: string, server_id: string | undefined, after?: string, limit?: number) => Promise<PromptRow[]>
}

export function promptsRepository(store: SqlStore): PromptsRepository {
  return {
    insert: async (row) => {
      await store.q().run(
        `INSERT INTO prompts (id, project_id, server_id, name, description, template, messages, arguments, function_name,
           created_at, updated_at)
         VALUES ($id, $project_id, $server_id, $name, $description, $template, $messages, $arguments, $function_name,
           $created_at, $updated_at)`,
        row,
      )
    },
    update: async (row) => {
      await store.q().run(
        `UPDATE prompts SET server_id = $server_id, name = $name, description = $description, template = $template, messages = $messages,
           arguments = $arguments, function_name = $function_name, updated_at = $updated_at
         WHERE id = $id AND project_id = $project_id`,
        row,
      )
    },
    byId: (project_id, id) =>
      store.q().get('SELECT * FROM prompts WHERE id = $id AND project_id = $project_id', { id, project_id }),
    byName: (project_id, name) =>
      store.q().get('SELECT * FROM prompts WHERE name = $name AND project_id = $project_id', { name, project_id }),
    remove: async (project_id, id) =>
      (await store.q().run('DELETE FROM prompts WHERE id = $id AND project_id = $project_id', { id, project_id }))
        .changes > 0,
    /** The project's prompts; with a server id, those on that server (its own and the project-wide ones). */
    list: (project_id, server_id, after, limit = 1_000_000) =>
      store.q().all(
        `SELECT * FROM prompts WHERE project_id = $project_id
           AND (CAST($server_id AS TEXT) IS NULL OR server_id IS NULL OR server_id = $server_id) AND id > $after
         ORDER BY id LIMIT $limit`,
        { project_id, server_id: server_id ?? null, after: after ?? '', limit },
      ),
  }
}
