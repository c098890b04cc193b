// PostgreSQL dialect of src/modules/projects/repository.ts (projects and their API keys): the same SQL.
import type { ProjectsRepository } from '../../../modules/projects/repository'
import type { PgStore } from '../store'

export function pgProjectsRepository(pg: PgStore): ProjectsRepository {
  return {
    insertProject: async (row) => {
      await pg.q().run('INSERT INTO projects (id, name, created_at) VALUES ($id, $name, $created_at)', row)
    },
    projectByName: (name) => pg.q().get('SELECT * FROM projects WHERE name = $name', { name }),
    projectById: (id) => pg.q().get('SELECT * FROM projects WHERE id = $id', { id }),
    allProjects: () => pg.q().all('SELECT * FROM projects ORDER BY created_at, id'),
    countProjects: async () => (await pg.q().get<{ n: number }>('SELECT count(*) AS n FROM projects'))!.n,
    insertKey: async (row) => {
      await pg.q().run(
        `INSERT INTO api_keys (id, project_id, name, prefix, hash, created_at, expires_at, role, server_ids)
         VALUES ($id, $project_id, $name, $prefix, $hash, $created_at, $expires_at, $role, $server_ids)`,
        row,
      )
    },
    keyByHash: (hash) => pg.q().get('SELECT * FROM api_keys WHERE hash = $hash', { hash }),
    keyById: (id) => pg.q().get('SELECT * FROM api_keys WHERE id = $id', { id }),
    keysOfProject: (project_id) =>
      pg.q().all('SELECT * FROM api_keys WHERE project_id = $project_id ORDER BY created_at, id', { project_id }),
    revokeKey: async (id, at) =>
      (await pg.q().run('UPDATE api_keys SET revoked_at = $at WHERE id = $id AND revoked_at IS NULL', { id, at }))
        .changes > 0,
    touchKey: async (id, at) => {
      await pg.q().run('UPDATE api_keys SET last_used_at = $at WHERE id = $id', { id, at })
    },
  }
}
