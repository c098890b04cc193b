// Read-model views of the lookups every protocol request makes before any tool — the key by its hash and the
// server by its slug — and of the resource lookups behind resources/read. The services keep their checks (expiry against the clock, revocation), so those stay exact.

import type { ServerRow } from '../lib/server'
import type { ApiKeyRow, ProjectsRepository } from '../modules/projects/repository'
import type { ResourcesRepository } from '../modules/resources/repository'
import type { ServersRepository } from '../modules/servers/repository'
import { type MISS, projectOfKey, type ReadModel } from './read-model'

/**
 * The key row by SHA-256 hash (unknown hashes too, bounded): `peekKeyByHash` answers a hit synchronously (the request
 * path's key check). Expiry is still checked per request by the service.
 */
export const cachedKeys = <R extends Pick<ProjectsRepository, 'keyByHash'>>(
  rm: ReadModel,
  repo: R,
): R & { peekKeyByHash(hash: string): ApiKeyRow | null | typeof MISS } => {
  const view = rm.view(repo.keyByHash, (hash) => hash, {
    maxEntries: 50_000,
    areas: ['keys'],
    projectOf: (_hash, key) => key?.project_id,
  })
  return { ...repo, keyByHash: view.get, peekKeyByHash: view.peek }
}

/** Any project's server by slug (unknown slugs too, bounded): `peekBySlug` answers a hit synchronously (admission). */
export const cachedSlugs = <R extends Pick<ServersRepository, 'bySlug'>>(
  rm: ReadModel,
  repo: R,
): R & { peekBySlug(slug: string): ServerRow | null | typeof MISS } => {
  const view = rm.view(repo.bySlug, (slug) => slug, {
    maxEntries: 50_000,
    areas: ['servers'],
    projectOf: (_slug, server) => server?.project_id,
  })
  return { ...repo, bySlug: view.get, peekBySlug: view.peek }
}

/** A project's resource by exact uri, and its active resources or templates (by server): what resources/read resolves. */
export const cachedResources = <R extends Pick<ResourcesRepository, 'byUri' | 'listActive'>>(
  rm: ReadModel,
  repo: R,
): R => {
  const active = rm.view(
    (projectId: string, serverId: string | undefined, templates: boolean) =>
      repo.listActive(projectId, serverId, templates),
    (projectId, serverId, templates) => `${projectId}\u0000${serverId ?? ''}\u0000${templates ? 1 : 0}`,
    {
      maxEntries: 10_000,
      maxWeight: 200_000,
      weigh: (rows) => 1 + rows.length,
      areas: ['resources'],
      projectOf: projectOfKey,
    },
  )
  const byUri = rm.view(repo.byUri, (projectId, uri) => `${projectId}\u0000${uri}`, {
    maxEntries: 50_000,
    areas: ['resources'],
    projectOf: projectOfKey,
  })
  return {
    ...repo,
    byUri: byUri.get,
    // Pages (after/limit) are management listings: read through.
    listActive: ((projectId, serverId, templates, after, limit) =>
      after === undefined && limit === undefined
        ? active.get(projectId, serverId, templates)
        : repo.listActive(projectId, serverId, templates, after, limit)) as ResourcesRepository['listActive'],
  }
}
