// Builds the users service from its repository (either backend's, src/storage.ts).
import type { UsersRepository } from './repository'
import { usersService } from './service'

export function buildUsers(deps: {
  repo: UsersRepository
  servers: { mustGet(projectId: string, id: string): Promise<unknown> }
  onTokensEnded?: () => void
}) {
  return usersService({
    repo: deps.repo,
    serverExists: (projectId, id) =>
      deps.servers.mustGet(projectId, id).then(
        () => true,
        () => false,
      ),
    ...(deps.onTokensEnded ? { onTokensEnded: deps.onTokensEnded } : {}),
  })
}
