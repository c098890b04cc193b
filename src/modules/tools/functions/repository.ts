// SQL for functions: the code (javascript) or HTTP call (http) that tools and resources run.
import { asyncPort, type Store } from '../../../db/store'
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

/** The storage port its callers use; `functionsRepository` below implements it on SQLite, a PostgreSQL adapter would
 *  implement it too (docs/decisions/0028-repository-interfaces.md). */
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

export function functionsRepository(store: Store): FunctionsRepository {
  const { db } = store
  const insert = db.query(
    `INSERT INTO functions (id, project_id, name, runtime, code, http, memory_mb, timeout_ms, isolation, description, created_at, updated_at)
     VALUES ($id, $project_id, $name, $runtime, $code, $http, $memory_mb, $timeout_ms, $isolation, $description, $created_at, $updated_at)`,
  )
  const update = db.query(
    `UPDATE functions SET name = $name, runtime = $runtime, code = $code, http = $http, memory_mb = $memory_mb,
       timeout_ms = $timeout_ms, isolation = $isolation, description = $description, updated_at = $updated_at
     WHERE id = $id AND project_id = $project_id`,
  )
  const byId = db.query<FunctionRow, { id: string; project_id: string }>(
    'SELECT * FROM functions WHERE id = $id AND project_id = $project_id',
  )
  const byName = db.query<FunctionRow, { name: string; project_id: string }>(
    'SELECT * FROM functions WHERE name = $name AND project_id = $project_id',
  )
  const list = db.query<FunctionRow, { project_id: string; after: string; limit: number }>(
    'SELECT * FROM functions WHERE project_id = $project_id AND id > $after ORDER BY id LIMIT $limit',
  )
  const remove = db.query('DELETE FROM functions WHERE id = $id AND project_id = $project_id')
  const users = db.query<{ kind: 'tool' | 'resource'; id: string; name: string }, { name: string; project_id: string }>(
    `SELECT 'tool' AS kind, id, name FROM tools WHERE project_id = $project_id AND function_name = $name
     UNION ALL
     SELECT 'resource' AS kind, id, uri AS name FROM resources WHERE project_id = $project_id AND function_name = $name
     ORDER BY kind DESC, name`,
  )

  return asyncPort<FunctionsRepository>(store, {
    // A taken name surfaces as UniqueViolation (store.run maps it; docs/decisions/0025-the-storage-seam.md).
    insert: (row: FunctionRow) => insert.run(row),
    update: (row: FunctionRow) => {
      const { created_at: _created, ...rest } = row
      return update.run(rest)
    },
    byId: (project_id: string, id: string) => byId.get({ id, project_id }),
    byName: (project_id: string, name: string) => byName.get({ name, project_id }),
    list: (project_id: string, after: string | undefined, limit: number) =>
      list.all({ project_id, after: after ?? '', limit }),
    remove: (project_id: string, id: string) => remove.run({ id, project_id }).changes > 0,
    /** The project's tools and resources (by uri) that run the function of this name. */
    usedBy: (project_id: string, name: string) => users.all({ name, project_id }),
  })
}
