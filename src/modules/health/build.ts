// Builds the health check from its repository (either backend's, src/storage.ts).
import type { HealthRepository } from './repository'
import { healthService } from './service'

export const buildHealth = (repo: HealthRepository, version: string) => healthService(repo, version)
