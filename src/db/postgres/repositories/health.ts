// PostgreSQL dialect of src/modules/health/repository.ts: one trivial query that proves the server answers.
import type { HealthRepository } from '../../../modules/health/repository'
import type { PgStore } from '../store'

export function pgHealthRepository(pg: PgStore): HealthRepository {
  return {
    /** Rejects when the server does not answer (pool closed, server down). */
    ping: async () => {
      await pg.q().get('SELECT 1')
    },
  }
}
