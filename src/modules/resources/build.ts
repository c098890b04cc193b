// Builds the resources service on the store: the one place its repository is made from the connection
// (docs/decisions.md, "Repository interfaces").
import { cachedResources } from '../../read-model/cached-repositories'
import type { ReadModel } from '../../read-model/read-model'
import { resourcesRepository } from './repository'
import { type ResourcesServiceDeps, resourcesService } from './service'

export function buildResources(deps: Omit<ResourcesServiceDeps, 'repo'> & { readModel: ReadModel }) {
  const { readModel, ...rest } = deps
  return resourcesService({ ...rest, repo: cachedResources(readModel, resourcesRepository(deps.store)) })
}
