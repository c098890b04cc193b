// Health: status, version, uptime, whether the database answers and whether it has room for writes.
import type { StorageState } from '../../lib/storage-errors'
import type { HealthBody } from './model'
import type { HealthRepository } from './repository'

/**
 * `storage` is what the last writes found: a full disk still answers `SELECT 1`, so only a refused write shows it
 * (docs/reliability.md, "Faults").
 */
export function healthService(repo: HealthRepository, version: string, storage: Pick<StorageState, 'full'>) {
  const started = Date.now()
  return {
    async check(): Promise<HealthBody> {
      let database: HealthBody['database'] = 'ok'
      try {
        await repo.ping()
      } catch {
        database = 'unreachable'
      }
      const room: HealthBody['storage'] = storage.full ? 'full' : 'ok'
      return {
        status: database === 'ok' && room === 'ok' ? 'ok' : 'degraded',
        version,
        database,
        storage: room,
        uptime_s: Math.round((Date.now() - started) / 1000),
      }
    },
  }
}
export type HealthService = ReturnType<typeof healthService>
