// SQL for the health check: one trivial query that proves the database answers.
import type { Db } from '../../db/open'

export function healthRepository(db: Db) {
  const ping = db.query('SELECT 1')
  return {
    /** Throws when the database does not answer (closed, unreadable). */
    ping: (): void => {
      ping.get()
    },
  }
}
export type HealthRepository = ReturnType<typeof healthRepository>
