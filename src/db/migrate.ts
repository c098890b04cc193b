// Forward-only migrations tracked in PRAGMA user_version; each runs in its own transaction.

import { migrations } from './migrations'
import type { Db } from './open'

export function migrate(db: Db): { from: number; to: number } {
  const from = (db.query('PRAGMA user_version').get() as { user_version: number }).user_version
  for (let i = from; i < migrations.length; i++) {
    db.transaction(() => {
      db.exec(migrations[i]!)
      db.exec(`PRAGMA user_version = ${i + 1}`)
    })()
  }
  return { from, to: Math.max(from, migrations.length) }
}
