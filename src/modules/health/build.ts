// Builds the health check on the store: the one place its repository is made from the connection
// (docs/decisions.md, "Repository interfaces").
import type { Store } from '../../db/store'
import { healthRepository } from './repository'
import { healthService } from './service'

export const buildHealth = (store: Store, version: string) => healthService(healthRepository(store), version)
