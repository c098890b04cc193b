// SQL for the health check: one trivial query that proves the database answers.
import { asyncPort, type Store } from '../../db/store'

/** The storage port its callers use; `healthRepository` below implements it on SQLite, a PostgreSQL adapter would
 *  implement it too (docs/decisions/0028-repository-interfaces.md). */
export interface HealthRepository {
  /** Throws when the database does not answer (closed, unreadable). */
  ping: () => Promise<void>
}

export function healthRepository(store: Store): HealthRepository {
  const ping = store.db.query('SELECT 1')
  return asyncPort<HealthRepository>(store, {
    /** Throws when the database does not answer (closed, unreadable). */
    ping: (): void => {
      ping.get()
    },
  })
}
