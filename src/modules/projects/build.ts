// Builds the projects and keys service on the store: the one place its repository is made from the connection
// (docs/decisions.md, "Repository interfaces").
import type { Store } from '../../db/store'
import { cachedKeys } from '../../read-model/cached-repositories'
import type { ReadModel } from '../../read-model/read-model'
import { projectsRepository } from './repository'
import { projectsService } from './service'

export function buildProjects(deps: {
  store: Store
  /** The server answers key checks from memory (src/read-model); one-shot commands read SQLite directly. */
  readModel?: ReadModel
  /** Told after a key is revoked, so its open MCP streams end at once. */
  onKeyRevoked?: () => void
}) {
  const rows = projectsRepository(deps.store)
  return projectsService(deps.readModel ? cachedKeys(deps.readModel, rows) : rows, {
    ...(deps.onKeyRevoked ? { onKeyRevoked: deps.onKeyRevoked } : {}),
  })
}
