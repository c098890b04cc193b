// Writes one call-log batch so that a bad row costs only itself: the batch is one statement (or a few) in one
// transaction, and when that fails the rows are written one by one, so a row the database refuses is the only one
// lost and the other calls of the flush — other tenants' among them — are kept (docs/reliability.md).
// A database that refuses every row (down, full) is not tried row by row: after GIVE_UP_AFTER rows refused and none
// written, the rest of the batch is dropped with them.
import type { StorageFault } from '../../lib/errors'
import { storageFaultOf } from '../../lib/storage-errors'
import type { CallRow, CallsRepository } from './repository'

const GIVE_UP_AFTER = 3

export interface BatchOutcome {
  /** Rows the database refused, each lost alone. */
  dropped: number
  /** Why the first of them was refused. */
  error?: string
  /** The first refusal was a storage fault (disk full, database away): the health check learns it. */
  fault?: StorageFault['code']
}

export async function insertBatch(repo: CallsRepository, rows: CallRow[]): Promise<BatchOutcome> {
  try {
    await repo.insertAll(rows)
    return { dropped: 0 }
  } catch (error) {
    const fault = storageFaultOf(error)?.code
    // A full or absent database refuses every row alike: no row-by-row retry.
    if (rows.length === 1 || fault) return { dropped: rows.length, error: String(error), ...(fault ? { fault } : {}) }
    let dropped = 0
    let written = 0
    let first: string | undefined
    for (const row of rows) {
      if (written === 0 && dropped >= GIVE_UP_AFTER) {
        dropped++
        continue
      }
      try {
        await repo.insertAll([row])
        written++
      } catch (rowError) {
        dropped++
        first ??= String(rowError)
      }
    }
    return first === undefined ? { dropped } : { dropped, error: first }
  }
}
