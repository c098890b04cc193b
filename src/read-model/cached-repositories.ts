// Read-model views of the two lookups every protocol request makes before any tool: the key by its hash and the
// server by its slug. The services keep their checks (expiry against the clock, revocation), so those stay exact.
import type { ProjectsRepository } from '../modules/projects/repository'
import type { ServersRepository } from '../modules/servers/repository'
import type { ReadModel } from './read-model'

/** The key row by SHA-256 hash (unknown hashes too, bounded): expiry is still checked per request by the service. */
export const cachedKeys = <R extends Pick<ProjectsRepository, 'keyByHash'>>(rm: ReadModel, repo: R): R => ({
  ...repo,
  keyByHash: rm.memo(repo.keyByHash, (hash) => hash, { maxEntries: 50_000, areas: ['keys'] }),
})

/** Any project's server by slug (unknown slugs too, bounded). */
export const cachedSlugs = <R extends Pick<ServersRepository, 'bySlug'>>(rm: ReadModel, repo: R): R => ({
  ...repo,
  bySlug: rm.memo(repo.bySlug, (slug) => slug, { maxEntries: 50_000, areas: ['servers'] }),
})
