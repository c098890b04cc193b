// SQL for the health check: one trivial query that proves the database answers.
import type { Db } from '../../db/open'

/** The storage port its callers use; `healthRepository` below implements it on SQLite, a PostgreSQL adapter would
 *  implement it too (docs/decisions.md, "Repository interfaces"). */
export interface HealthRepository {
  /** Throws when the database does not answer (closed, unreadable). */
  ping: () => void
}

export function healthRepository(db: Db): HealthRepository {
  const ping = db.query('SELECT 1')
  return {
    /** Throws when the database does not answer (closed, unreadable). */
    ping: (): void => {
      ping.get()
    },
  }
}
