// PostgreSQL dialect of src/modules/tools/functions/repository.ts: the same SQL (a taken name surfaces as
// UniqueViolation from the query adapter).
import type { FunctionsRepository } from '../../../modules/tools/functions/repository'
import type { PgStore } from '../store'

export function pgFunctionsRepository(pg: PgStore): FunctionsRepository {
  return {
    insert: async (row) => {
      await pg.q().run(
        `INSERT INTO functions (id, project_id, name, runtime, code, http, memory_mb, timeout_ms, isolation, description, created_at, updated_at)
         VALUES ($id, $project_id, $name, $runtime, $code, $http, $memory_mb, $timeout_ms, $isolation, $description, $created_at, $updated_at)`,
        row,
      )
    },
    update: async (row) => {
      await pg.q().run(
        `UPDATE functions SET name = $name, runtime = $runtime, code = $code, http = $http, memory_mb = $memory_mb,
           timeout_ms = $timeout_ms, isolation = $isolation, description = $description, updated_at = $updated_at
         WHERE id = $id AND project_id = $project_id`,
        row,
      )
    },
    byId: (project_id, id) =>
      pg.q().get('SELECT * FROM functions WHERE id = $id AND project_id = $project_id', { id, project_id }),
    byName: (project_id, name) =>
      pg.q().get('SELECT * FROM functions WHERE name = $name AND project_id = $project_id', { name, project_id }),
    list: (project_id, after, limit) =>
      pg.q().all('SELECT * FROM functions WHERE project_id = $project_id AND id > $after ORDER BY id LIMIT $limit', {
        project_id,
        after: after ?? '',
        limit,
      }),
    remove: async (project_id, id) =>
      (await pg.q().run('DELETE FROM functions WHERE id = $id AND project_id = $project_id', { id, project_id }))
        .changes > 0,
    /** The project's tools and resources (by uri) that run the function of this name. */
    usedBy: (project_id, name) =>
      pg.q().all(
        // COLLATE "C": the byte order SQLite sorts text in, whatever the database's collation.
        `SELECT kind, id, name FROM (
           SELECT 'tool' AS kind, id, name FROM tools WHERE project_id = $project_id AND function_name = $name
           UNION ALL
           SELECT 'resource' AS kind, id, uri AS name FROM resources WHERE project_id = $project_id AND function_name = $name
         ) AS users
         ORDER BY kind COLLATE "C" DESC, name COLLATE "C"`,
        { name, project_id },
      ),
  }
}
