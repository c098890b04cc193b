// Builds the servers service from its repository (either backend's, src/storage.ts) and the store's service port.
import type { StoragePort } from '../../db/store'
import { cachedSlugs } from '../../read-model/cached-repositories'
import type { ReadModel } from '../../read-model/read-model'
import type { ServersRepository } from './repository'
import { type ServerToolsPort, serversService } from './service'

export function buildServers(deps: {
  store: StoragePort
  repo: ServersRepository
  /** Servers by slug are read on every request: from memory until a write (src/read-model). */
  readModel: ReadModel
  publicUrl: () => string
  tools: ServerToolsPort
}) {
  const rows = cachedSlugs(deps.readModel, deps.repo)
  return serversService(deps.store, rows, deps.publicUrl, deps.tools)
}
