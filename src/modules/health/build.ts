// Builds the health check from its repository (either backend's, src/storage.ts).
import type { StorageState } from '../../lib/storage-errors'
import type { HealthRepository } from './repository'
import { healthService } from './service'

export const buildHealth = (repo: HealthRepository, version: string, storage: Pick<StorageState, 'full'>) =>
  healthService(repo, version, storage)
