// Where audit batches are appended: a writer thread with its own connection on either engine (started by the first
// batch, as the call log's is: docs/decisions/0015-hot-path.md, docs/decisions/0381-postgres-call-log-thread.md), or
// inline on the store once the thread failed.
// Either way the webhook queue hears of `audit.batch` deliveries only after they committed.
import type { WriterTarget } from '../../db/writer-store'
import type { Logger } from '../../lib/log'
import { workerEntry } from '../../lib/worker-entry'
import type { QueuedDelivery } from '../webhooks/repository'
import { type AppendOutcome, appendBatch, type BatchPorts, type PendingAudit } from './batch'
import type { FromAuditWriter, ToAuditWriter } from './writer-worker'

export interface AuditWriter {
  /** Resolves once the batch is committed (or its entries dropped, with an error line). */
  write(batch: PendingAudit[]): Promise<void>
  close(): Promise<void>
}

interface WriterDeps {
  log: Logger
  /** The webhook queue: deliveries written with the entries, told after commit. */
  enqueue?: () => ((rows: QueuedDelivery[]) => void) | undefined
}

function settle(deps: WriterDeps, batch: number, outcome: AppendOutcome) {
  if (outcome.dropped)
    deps.log.error('audit entries dropped', { entries: outcome.dropped, batch, error: outcome.error })
  if (outcome.queued.length) deps.enqueue?.()?.(outcome.queued)
}

export function inlineAuditWriter(ports: BatchPorts, deps: WriterDeps): AuditWriter {
  return {
    async write(batch) {
      settle(deps, batch.length, await appendBatch(ports, batch))
    },
    async close() {},
  }
}

export function threadAuditWriter(target: WriterTarget, fallback: AuditWriter, deps: WriterDeps): AuditWriter {
  let worker: (Worker & { ref?: () => void; unref?: () => void }) | null = null
  let broken = false
  let closing = false
  let closed: (() => void) | null = null
  let seq = 0
  const pending = new Map<number, { batch: PendingAudit[]; done: () => void }>()
  // An idle writer must not keep the process alive; one with batches in flight must.
  const keepAlive = () => (pending.size ? worker?.ref?.() : worker?.unref?.())
  const post = (m: ToAuditWriter) => worker?.postMessage(m)
  const fail = (reason: string) => {
    if (broken) return
    broken = true
    deps.log.error('audit writer thread stopped; writing inline', { reason })
    worker?.terminate()
    worker = null
    for (const { batch, done } of pending.values()) void fallback.write(batch).then(done)
    pending.clear()
    closed?.()
  }
  const start = () => {
    try {
      worker = new Worker(workerEntry('modules/audit/writer-worker.ts'))
    } catch (error) {
      deps.log.warn('audit writer thread did not start; writing inline', { error: String(error) })
      broken = true
      return
    }
    const thread = worker
    thread.onmessage = (event: MessageEvent<FromAuditWriter>) => {
      const m = event.data
      if (m.type === 'closed') {
        thread.terminate()
        closed?.()
        return
      }
      const p = pending.get(m.seq)
      settle(deps, p?.batch.length ?? 0, m)
      pending.delete(m.seq)
      p?.done()
      keepAlive()
    }
    thread.onerror = (event) => {
      event.preventDefault()
      fail(String(event.message ?? 'error'))
    }
    thread.addEventListener('close', () => {
      if (closing) closed?.()
      else fail('the writer thread ended')
    })
    post({ type: 'open', target })
  }
  return {
    write(batch) {
      if (!worker && !broken) start()
      if (broken || closing) return fallback.write(batch)
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
      const p = new Promise<void>((resolve) => (closed = resolve))
      worker.ref?.()
      post({ type: 'close' })
      return p
    },
  }
}
