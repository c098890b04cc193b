// Builds the projects and keys service from its repository (either backend's, src/storage.ts).
import { cachedKeys } from '../../read-model/cached-repositories'
import type { ReadModel } from '../../read-model/read-model'
import type { ProjectsRepository } from './repository'
import { projectsService } from './service'

export function buildProjects(deps: {
  repo: ProjectsRepository
  /** The server answers key checks from memory (src/read-model); one-shot commands read SQLite directly. */
  readModel?: ReadModel
  /** Told after a key is revoked, so its open MCP streams end at once. */
  onKeyRevoked?: () => void
}) {
  const rows = deps.repo
  return projectsService(deps.readModel ? cachedKeys(deps.readModel, rows) : rows, {
    ...(deps.onKeyRevoked ? { onKeyRevoked: deps.onKeyRevoked } : {}),
  })
}
