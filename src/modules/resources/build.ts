// Builds the resources service from its repository (either backend's, src/storage.ts), its reads cached by slug/uri.
import { cachedResources } from '../../read-model/cached-repositories'
import type { ReadModel } from '../../read-model/read-model'
import type { ResourcesRepository } from './repository'
import { type ResourcesServiceDeps, resourcesService } from './service'

export function buildResources(
  deps: Omit<ResourcesServiceDeps, 'repo'> & { repo: ResourcesRepository; readModel: ReadModel },
) {
  const { readModel, repo, ...rest } = deps
  return resourcesService({ ...rest, repo: cachedResources(readModel, repo) })
}
