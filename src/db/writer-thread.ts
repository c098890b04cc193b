// The main thread's side of a writer thread (the call log's, the audit trail's): started by the first batch (not at
// start: a thread's start-up is CPU the server's own start competes with on a small machine,
// docs/decisions/0036-hot-path-at-the-limit.md), each batch posted as one JSON string, its reply handed to the
// feature; if the thread cannot start or stops, the batches still pending and all later ones go to `fallback` (inline
// on the store). Each feature's thread speaks the messages below (src/modules/calls/writer-worker.ts,
// src/modules/audit/writer-worker.ts).
import type { Logger } from '../lib/log'
import { workerEntry } from '../lib/worker-entry'
import type { WriterTarget } from './writer-store'

export type ToWriterThread =
  | { type: 'open'; target: WriterTarget }
  /** `json`: the batch as JSON text. */
  | { type: 'write'; seq: number; json: string }
  | { type: 'close' }

/** `R`: what the feature's thread says of one batch. */
export type FromWriterThread<R> = ({ type: 'written'; seq: number } & R) | { type: 'closed' }

export interface BatchWriter<B> {
  /** Resolves once the batch is committed (or what the database refused of it is dropped, with an error line). */
  write(batch: B[]): Promise<void>
  /** Waits for every write, then releases the connection. */
  close(): Promise<void>
}

export function writerThread<B, R>(o: {
  /** The thread's module, relative to src/ (src/lib/worker-entry.ts). */
  entry: string
  target: WriterTarget
  fallback: BatchWriter<B>
  log: Logger
  /** How its log lines name it: "call log", "audit". */
  name: string
  /** The thread's reply for one batch, with that batch. */
  onWritten(reply: R, batch: B[] | undefined): void
}): BatchWriter<B> {
  let worker: (Worker & { ref?: () => void; unref?: () => void }) | null = null
  let started = false
  let broken = false
  let closing = false
  let closed: (() => void) | null = null
  let seq = 0
  const pending = new Map<number, { batch: B[]; done: () => void }>()
  // An idle writer must not keep the process alive (CLI commands, tests); one with batches in flight must.
  const keepAlive = () => (pending.size ? worker?.ref?.() : worker?.unref?.())
  const post = (message: ToWriterThread) => worker?.postMessage(message)
  const fail = (reason: string) => {
    if (broken) return
    broken = true
    o.log.error(`${o.name} writer thread stopped; writing inline`, { reason })
    worker?.terminate()
    worker = null
    for (const { batch, done } of pending.values()) void o.fallback.write(batch).then(done)
    pending.clear()
    closed?.()
  }
  const start = () => {
    started = true
    try {
      worker = new Worker(workerEntry(o.entry))
    } catch (error) {
      o.log.warn(`${o.name} writer thread did not start; writing inline`, { error: String(error) })
      broken = true
      return
    }
    const thread = worker
    thread.onmessage = (event: MessageEvent<FromWriterThread<R>>) => {
      const m = event.data
      if (m.type === 'closed') {
        thread.terminate()
        closed?.()
        return
      }
      const p = pending.get(m.seq)
      o.onWritten(m, p?.batch)
      pending.delete(m.seq)
      p?.done()
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
    post({ type: 'open', target: o.target })
  }
  return {
    write(batch) {
      if (!started) start()
      if (broken || closing) return o.fallback.write(batch)
      return new Promise<void>((done) => {
        const id = ++seq
        pending.set(id, { batch, done })
        keepAlive()
        // One JSON string crosses to the thread several times cheaper than the objects' structured clone.
        post({ type: 'write', seq: id, json: JSON.stringify(batch) })
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
