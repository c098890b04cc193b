// Health: status, version, uptime, and whether the database answers.
import type { HealthBody } from './model'
import type { HealthRepository } from './repository'

export function healthService(repo: HealthRepository, version: string) {
  const started = Date.now()
  return {
    async check(): Promise<HealthBody> {
      let database: HealthBody['database'] = 'ok'
      try {
        await repo.ping()
      } catch {
        database = 'unreachable'
      }
      return {
        status: database === 'ok' ? 'ok' : 'degraded',
        version,
        database,
        uptime_s: Math.round((Date.now() - started) / 1000),
      }
    },
  }
}
export type HealthService = ReturnType<typeof healthService>
