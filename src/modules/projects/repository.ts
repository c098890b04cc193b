// SQL for projects and their API keys.
import { asyncPort, type Store } from '../../db/store'

type ProjectRow = {
  id: string
  name: string
  created_at: string
}

export type ApiKeyRow = {
  id: string
  project_id: string
  name: string
  prefix: string
  hash: string
  created_at: string
  expires_at: string | null
  revoked_at: string | null
  last_used_at: string | null
  role: 'admin' | 'mcp'
  /** JSON array of server ids; null = every server of the project. */
  server_ids: string | null
  /** The end user a user token acts for (src/modules/users); null for the project's own keys. */
  user_id?: string | null
}

/** The storage port its callers use; `projectsRepository` below implements it on SQLite, a PostgreSQL adapter would
 *  implement it too (docs/decisions/0028-repository-interfaces.md). */
export interface ProjectsRepository {
  insertProject: (row: ProjectRow) => Promise<void>
  projectByName: (name: string) => Promise<ProjectRow | null>
  projectById: (id: string) => Promise<ProjectRow | null>
  allProjects: () => Promise<ProjectRow[]>
  countProjects: () => Promise<number>
  insertKey: (row: Omit<ApiKeyRow, 'revoked_at' | 'last_used_at'>) => Promise<void>
  keyByHash: (hash: string) => Promise<ApiKeyRow | null>
  keyById: (id: string) => Promise<ApiKeyRow | null>
  keysOfProject: (project_id: string) => Promise<ApiKeyRow[]>
  revokeKey: (id: string, at: string) => Promise<boolean>
  touchKey: (id: string, at: string) => Promise<void>
}

export function projectsRepository(store: Store): ProjectsRepository {
  const { db } = store
  const insertProject = db.query('INSERT INTO projects (id, name, created_at) VALUES ($id, $name, $created_at)')
  const projectByName = db.query<ProjectRow, { name: string }>('SELECT * FROM projects WHERE name = $name')
  const projectById = db.query<ProjectRow, { id: string }>('SELECT * FROM projects WHERE id = $id')
  const allProjects = db.query<ProjectRow, []>('SELECT * FROM projects ORDER BY created_at, id')
  const countProjects = db.query<{ n: number }, []>('SELECT count(*) AS n FROM projects')
  const insertKey = db.query(
    `INSERT INTO api_keys (id, project_id, name, prefix, hash, created_at, expires_at, role, server_ids)
     VALUES ($id, $project_id, $name, $prefix, $hash, $created_at, $expires_at, $role, $server_ids)`,
  )
  const keyByHash = db.query<ApiKeyRow, { hash: string }>('SELECT * FROM api_keys WHERE hash = $hash')
  const keyById = db.query<ApiKeyRow, { id: string }>('SELECT * FROM api_keys WHERE id = $id')
  const keysOfProject = db.query<ApiKeyRow, { project_id: string }>(
    'SELECT * FROM api_keys WHERE project_id = $project_id ORDER BY created_at, id',
  )
  const revoke = db.query('UPDATE api_keys SET revoked_at = $at WHERE id = $id AND revoked_at IS NULL')
  const touch = db.query('UPDATE api_keys SET last_used_at = $at WHERE id = $id')

  return asyncPort<ProjectsRepository>(store, {
    insertProject: (row: ProjectRow) => insertProject.run(row),
    projectByName: (name: string) => projectByName.get({ name }),
    projectById: (id: string) => projectById.get({ id }),
    allProjects: () => allProjects.all(),
    countProjects: () => countProjects.get()!.n,
    insertKey: (row: Omit<ApiKeyRow, 'revoked_at' | 'last_used_at'>) => insertKey.run(row),
    keyByHash: (hash: string) => keyByHash.get({ hash }),
    keyById: (id: string) => keyById.get({ id }),
    keysOfProject: (project_id: string) => keysOfProject.all({ project_id }),
    revokeKey: (id: string, at: string) => revoke.run({ id, at }).changes > 0,
    touchKey: (id: string, at: string) => touch.run({ id, at }),
  })
}
