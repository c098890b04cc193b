// Builds the prompts service on the store: the one place its repository is made from the connection
// (docs/decisions.md, "Repository interfaces").
import { promptsRepository } from './repository'
import { type PromptsServiceDeps, promptsService } from './service'

export const buildPrompts = (deps: Omit<PromptsServiceDeps, 'repo'>) =>
  promptsService({ ...deps, repo: promptsRepository(deps.store) })
