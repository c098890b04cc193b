// Builds the prompts service from its repository (either backend's, src/storage.ts).
import { type PromptsServiceDeps, promptsService } from './service'

export const buildPrompts = (deps: PromptsServiceDeps) => promptsService(deps)
