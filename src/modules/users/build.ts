// Builds the users service from its repository (either backend's, src/storage.ts).
import type { StoragePort } from '../../db/store'
import type { UsersRepository } from './repository'
import { usersService } from './service'

export function buildUsers(deps: {
  store: StoragePort
  repo: UsersRepository
  servers: { mustGet(projectId: string, id: string): Promise<unknown> }
  onTokensEnded?: () => void
}) {
  return usersService({
    store: deps.store,
    repo: deps.repo,
    serverExists: (projectId, id) =>
      deps.servers.mustGet(projectId, id).then(
        () => true,
        () => false,
      ),
    ...(deps.onTokensEnded ? { onTokensEnded: deps.onTokensEnded } : {}),
  })
}
