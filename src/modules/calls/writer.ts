// Where call-log batches are written: a worker thread with its own connection (SQLite's file, or one PostgreSQL
// connection) does the inserts, so the thread that answers requests never spends its time on them
// (docs/decisions/0015-hot-path.md, docs/decisions/0381-postgres-call-log-thread.md). If the thread cannot start or
// stops, batches are written inline on the caller's connection.
import type { Logger } from '../../lib/log'
import { type StorageState, storageFault } from '../../lib/storage-errors'
import { workerEntry } from '../../lib/worker-entry'
import { insertBatch } from './insert-batch'
import { type CallsRepository, type PendingCall, toRow } from './repository'
import type { FromWriter, ToWriter, WriterTarget } from './writer-protocol'

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

/**
 * A writer thread on `target`, started by the first batch (not at start: a thread's start-up is CPU the server's own
 * start competes with on a small machine, docs/decisions/0036-hot-path-at-the-limit.md); if the thread fails, the writes
 * still pending and all later ones go inline.
 */
export function threadWriter(
  target: WriterTarget,
  fallback: CallWriter,
  log: Logger,
  onDropped?: OnDropped,
  /** Told what each batch found (committed, or refused for want of room): the thread's connection is not the store's. */
  state?: StorageState,
): CallWriter {
  let worker: (Worker & { ref?: () => void; unref?: () => void }) | null = null
  let started = false
  const pending = new Map<number, { rows: PendingCall[]; done: () => void }>()
  let seq = 0
  let broken = false
  let closed: (() => void) | null = null
  let closing = false
  // An idle writer must not keep the process alive (CLI commands, tests); one with rows in flight must.
  const keepAlive = () => (pending.size ? worker?.ref?.() : worker?.unref?.())
  const post = (message: ToWriter) => worker?.postMessage(message)
  const fail = (reason: string) => {
    if (broken) return
    broken = true
    log.error('call log writer thread stopped; writing inline', { reason })
    worker?.terminate()
    worker = null
    for (const { rows, done } of pending.values()) void fallback.write(rows).then(done)
    pending.clear()
    closed?.()
  }
  const start = () => {
    started = true
    try {
      worker = new Worker(workerEntry('modules/calls/writer-worker.ts'))
    } catch (error) {
      log.warn('call log writer thread did not start; writing inline', { error: String(error) })
      broken = true
      return
    }
    listen(worker)
    post({ type: 'open', target })
    keepAlive()
  }
  const listen = (thread: Worker) => {
    thread.onmessage = (event: MessageEvent<FromWriter>) => {
      const m = event.data
      if (m.type === 'closed') {
        thread.terminate()
        closed?.()
        return
      }
      reportDropped(log, onDropped, m.rows, m.dropped, m.error)
      if (m.fault) state?.failed(storageFault(m.fault))
      else if (!m.dropped) state?.committed()
      pending.get(m.seq)?.done()
      pending.delete(m.seq)
      keepAlive()
    }
    thread.onerror = (event) => {
      event.preventDefault()
      fail(String(event.message ?? 'error'))
    }
    // A thread that ends without an error event (terminated, out of memory) must not leave writes waiting forever.
    thread.addEventListener('close', () => {
      if (closing) closed?.()
      else fail('the writer thread ended')
    })
  }
  return {
    write(rows) {
      if (!started) start()
      if (broken || closing) return fallback.write(rows)
      return new Promise<void>((done) => {
        const id = ++seq
        pending.set(id, { rows, done })
        keepAlive()
        // One JSON string crosses to the thread several times cheaper than the objects' structured clone.
        post({ type: 'write', seq: id, json: JSON.stringify(rows) })
      })
    },
    close() {
      if (broken || !worker || closing) return Promise.resolve()
      closing = true
      // Messages are handled in order: the close comes after every write posted before it.
      const p = new Promise<void>((resolve) => (closed = resolve))
      worker.ref?.()
      post({ type: 'close' })
      return p
    },
  }
}
