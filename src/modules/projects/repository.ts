// SQL for projects and their API keys.
import type { SqlStore } from '../../db/queries'

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

/** The storage port its callers use; `projectsRepository` below implements it once, on either engine
 *  (docs/decisions/0028-repository-interfaces.md, docs/decisions/0056-one-query-interface.md). */
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

export function projectsRepository(store: SqlStore): ProjectsRepository {
  return {
    insertProject: async (row) => {
      await store.q().run('INSERT INTO projects (id, name, created_at) VALUES ($id, $name, $created_at)', row)
    },
    projectByName: (name) => store.q().get('SELECT * FROM projects WHERE name = $name', { name }),
    projectById: (id) => store.q().get('SELECT * FROM projects WHERE id = $id', { id }),
    allProjects: () => store.q().all('SELECT * FROM projects ORDER BY created_at, id'),
    countProjects: async () => (await store.q().get<{ n: number }>('SELECT count(*) AS n FROM projects'))!.n,
    insertKey: async (row) => {
      await store.q().run(
        `INSERT INTO api_keys (id, project_id, name, prefix, hash, created_at, expires_at, role, server_ids)
         VALUES ($id, $project_id, $name, $prefix, $hash, $created_at, $expires_at, $role, $server_ids)`,
        row,
      )
    },
    keyByHash: (hash) => store.q().get('SELECT * FROM api_keys WHERE hash = $hash', { hash }),
    keyById: (id) => store.q().get('SELECT * FROM api_keys WHERE id = $id', { id }),
    keysOfProject: (project_id) =>
      store.q().all('SELECT * FROM api_keys WHERE project_id = $project_id ORDER BY created_at, id', { project_id }),
    revokeKey: async (id, at) =>
      (await store.q().run('UPDATE api_keys SET revoked_at = $at WHERE id = $id AND revoked_at IS NULL', { id, at }))
        .changes > 0,
    touchKey: async (id, at) => {
      await store.q().run('UPDATE api_keys SET last_used_at = $at WHERE id = $id', { id, at })
    },
  }
}
