// Where call-log batches are written: a worker thread with its own connection (SQLite's file, or one PostgreSQL
// connection) does the inserts, so the thread that answers requests never spends its time on them
// (docs/decisions/0015-hot-path.md, docs/decisions/0381-postgres-call-log-thread.md). If the thread cannot start or
// stops, batches are written inline on the caller's connection.
import type { WriterTarget } from '../../db/writer-store'
import { writerThread } from '../../db/writer-thread'
import type { Logger } from '../../lib/log'
import { type StorageState, storageFault } from '../../lib/storage-errors'
import { insertBatch } from './insert-batch'
import { type CallsRepository, type PendingCall, toRow } from './repository'
import type { Written } from './writer-protocol'

export interface CallWriter {
  /**
   * Resolves once the rows are committed, or those the database refused are dropped (each alone, with an error line
   * and `onDropped`): history must not break serving.
   */
  write(rows: PendingCall[]): Promise<void>
  /** Waits for every write, then releases the connection. */
  close(): Promise<void>
}

/** Told how many rows a write dropped (the call-log metric). */
export type OnDropped = (rows: number) => void

/** The error line and count of a write that dropped rows. */
function reportDropped(log: Logger, onDropped: OnDropped | undefined, rows: number, dropped: number, error?: string) {
  if (!dropped) return
  log.error('call log rows dropped', { rows: dropped, batch: rows, ...(error ? { error } : {}) })
  onDropped?.(dropped)
}

export function inlineWriter(repo: CallsRepository, log: Logger, onDropped?: OnDropped): CallWriter {
  return {
    async write(rows) {
      // Awaited: on PostgreSQL the batch is written asynchronously (src/storage.ts).
      const { dropped, error } = await insertBatch(repo, rows.map(toRow))
      reportDropped(log, onDropped, rows.length, dropped, error)
    },
    async close() {},
  }
}

/** The call log's writer thread (./writer-worker.ts) on `target`; inline writes if it cannot start or stops. */
export function threadWriter(
  target: WriterTarget,
  fallback: CallWriter,
  log: Logger,
  onDropped?: OnDropped,
  /** Told what each batch found (committed, or refused for want of room): the thread's connection is not the store's. */
  state?: StorageState,
): CallWriter {
  return writerThread<PendingCall, Written>({
    entry: 'modules/calls/writer-worker.ts',
    target,
    fallback,
    log,
    name: 'call log',
    onWritten(m) {
      reportDropped(log, onDropped, m.rows, m.dropped, m.error)
      if (m.fault) state?.failed(storageFault(m.fault))
      else if (!m.dropped) state?.committed()
    },
  })
}
