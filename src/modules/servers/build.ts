// Builds the servers service on the store: the one place its repository is made from the connection
// (docs/decisions.md, "Repository interfaces").
import type { Store } from '../../db/store'
import { cachedSlugs } from '../../read-model/cached-repositories'
import type { ReadModel } from '../../read-model/read-model'
import { serversRepository } from './repository'
import { type ServerToolsPort, serversService } from './service'

export function buildServers(deps: {
  store: Store
  /** Servers by slug are read on every request: from memory until a write (src/read-model). */
  readModel: ReadModel
  publicUrl: () => string
  tools: ServerToolsPort
}) {
  const rows = cachedSlugs(deps.readModel, serversRepository(deps.store))
  return serversService(deps.store, rows, deps.publicUrl, deps.tools)
}
