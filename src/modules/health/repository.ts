// SQL for the health check: one trivial query that proves the database answers.
import type { SqlStore } from '../../db/queries'

/** The storage port its callers use; `healthRepository` below implements it once, on either engine
 *  (docs/decisions/0028-repository-interfaces.md, docs/decisions/0056-one-query-interface.md). */
export interface HealthRepository {
  /** Throws when the database does not answer (closed, unreadable). */
  ping: () => Promise<void>
}

export function healthRepository(store: SqlStore): HealthRepository {
  return {
    /** Rejects when the server does not answer (pool closed, server down). */
    ping: async () => {
      await store.q().get('SELECT 1')
    },
  }
}
