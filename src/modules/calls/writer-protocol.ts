// Messages between the call log (writer.ts) and its writer thread (writer-worker.ts).
// The envelope is every writer thread's (src/db/writer-thread.ts); a write's batch is PendingCall[] (repository.ts).
import type { FromWriterThread, ToWriterThread } from '../../db/writer-thread'
import type { StorageFault } from '../../lib/errors'

export type ToWriter = ToWriterThread

/**
 * `dropped`: rows of the batch the database refused (src/modules/calls/insert-batch.ts); `error`: why the first was;
 * `fault`: that refusal was a storage fault (disk full, database locked), which the main thread's health learns.
 */
export interface Written {
  rows: number
  dropped: number
  error?: string
  fault?: StorageFault['code']
}
export type FromWriter = FromWriterThread<Written>

/** The PostgreSQL application_name of the writer thread's connection: operators see it in pg_stat_activity. */
export const CALL_LOG_WRITER = 'toolyard call log writer'
