// Messages between the call log (writer.ts) and its writer thread (writer-worker.ts).
import type { WriterTarget } from '../../db/writer-store'
import type { StorageFault } from '../../lib/errors'

export type { WriterTarget }

export type ToWriter =
  | { type: 'open'; target: WriterTarget }
  /** `json`: the PendingCall[] batch (repository.ts) as JSON text. */
  | { type: 'write'; seq: number; json: string }
  | { type: 'close' }

/**
 * `dropped`: rows of the batch the database refused (src/modules/calls/insert-batch.ts); `error`: why the first was;
 * `fault`: that refusal was a storage fault (disk full, database locked), which the main thread's health learns.
 */
export type FromWriter =
  | { type: 'written'; seq: number; rows: number; dropped: number; error?: string; fault?: StorageFault['code'] }
  | { type: 'closed' }

/** The PostgreSQL application_name of the writer thread's connection: operators see it in pg_stat_activity. */
export const CALL_LOG_WRITER = 'toolyard call log writer'
