// SQL for functions: the code (javascript) or HTTP call (http) that tools and resources run.
import { bytewise, type SqlStore } from '../../../db/queries'
import type { FunctionIsolation } from '../../../runtime/run-function'
import type { Runtime } from '../../../runtime/runtimes'

export type FunctionRow = {
  id: string
  project_id: string
  name: string
  runtime: Runtime
  code: string | null
  /** JSON text of {url, method?, headers?, query?, body?}. */
  http: string | null
  memory_mb: number
  timeout_ms: number
  isolation: FunctionIsolation
  description: string | null
  created_at: string
  updated_at: string
}

/** The storage port its callers use; `functionsRepository` below implements it once, on either engine
 *  (docs/decisions/0028-repository-interfaces.md, docs/decisions/0056-one-query-interface.md). */
export interface FunctionsRepository {
  insert: (row: FunctionRow) => Promise<void>
  update: (row: FunctionRow) => Promise<void>
  byId: (project_id: string, id: string) => Promise<FunctionRow | null>
  byName: (project_id: string, name: string) => Promise<FunctionRow | null>
  list: (project_id: string, after: string | undefined, limit: number) => Promise<FunctionRow[]>
  remove: (project_id: string, id: string) => Promise<boolean>
  /** The project's tools and resources (by uri) that run the function of this name. */
  usedBy: (
    project_id: string,
    name: string,
  ) => Promise<
    {
      kind: 'tool' | 'resource'
      id: string
      name: string
    }[]
  >
}

export function functionsRepository(store: SqlStore): FunctionsRepository {
  // Byte order, as SQLite sorts text, whatever PostgreSQL's database collation.
  const b = bytewise(store.dialect)
  const usedBy = `SELECT kind, id, name FROM (
      SELECT 'tool' AS kind, id, name FROM tools WHERE project_id = $project_id AND function_name = $name
      UNION ALL
      SELECT 'resource' AS kind, id, uri AS name FROM resources WHERE project_id = $project_id AND function_name = $name
    ) AS users
    ORDER BY kind${b} DESC, name${b}`
  return {
    // A taken name surfaces as UniqueViolation (typed by either engine's adapter; docs/decisions/0025-the-storage-seam.md).
    insert: async (row) => {
      await store.q().run(
        `INSERT INTO functions (id, project_id, name, runtime, code, http, memory_mb, timeout_ms, isolation, description, created_at, updated_at)
         VALUES ($id, $project_id, $name, $runtime, $code, $http, $memory_mb, $timeout_ms, $isolation, $description, $created_at, $updated_at)`,
        row,
      )
    },
    update: async (row) => {
      await store.q().run(
        `UPDATE functions SET name = $name, runtime = $runtime, code = $code, http = $http, memory_mb = $memory_mb,
           timeout_ms = $timeout_ms, isolation = $isolation, description = $description, updated_at = $updated_at
         WHERE id = $id AND project_id = $project_id`,
        row,
      )
    },
    byId: (project_id, id) =>
      store.q().get('SELECT * FROM functions WHERE id = $id AND project_id = $project_id', { id, project_id }),
    byName: (project_id, name) =>
      store.q().get('SELECT * FROM functions WHERE name = $name AND project_id = $project_id', { name, project_id }),
    list: (project_id, after, limit) =>
      store.q().all('SELECT * FROM functions WHERE project_id = $project_id AND id > $after ORDER BY id LIMIT $limit', {
        project_id,
        after: after ?? '',
        limit,
      }),
    remove: async (project_id, id) =>
      (await store.q().run('DELETE FROM functions WHERE id = $id AND project_id = $project_id', { id, project_id }))
        .changes > 0,
    /** The project's tools and resources (by uri) that run the function of this name. */
    usedBy: (project_id, name) => store.q().all(usedBy, { name, project_id }),
  }
}
