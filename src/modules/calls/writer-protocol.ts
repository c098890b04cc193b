// Messages between the call log (writer.ts) and its writer thread (writer-worker.ts).
import type { StorageFault } from '../../lib/errors'

export type ToWriter =
  | { type: 'open'; path: string }
  /** `json`: the PendingCall[] batch (repository.ts) as JSON text. */
  | { type: 'write'; seq: number; json: string }
  | { type: 'close' }

/** `fault`: the write failed for a storage fault (disk full, database locked), which the main thread's health learns. */
export type FromWriter =
  | { type: 'written'; seq: number; rows: number; error?: string; fault?: StorageFault['code'] }
  | { type: 'closed' }
