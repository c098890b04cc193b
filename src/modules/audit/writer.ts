// Where audit batches are appended: a writer thread with its own connection on either engine (started by the first
// batch, as the call log's is: docs/decisions/0015-hot-path.md, docs/decisions/0381-postgres-call-log-thread.md), or
// inline on the store once the thread failed.
// Either way the webhook queue hears of `audit.batch` deliveries only after they committed.
import type { WriterTarget } from '../../db/writer-store'
import { writerThread } from '../../db/writer-thread'
import type { Logger } from '../../lib/log'
import type { QueuedDelivery } from '../webhooks/repository'
import { type AppendOutcome, appendBatch, type BatchPorts, type PendingAudit } from './batch'

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

/** The audit trail's writer thread (./writer-worker.ts) on `target`; inline appends if it cannot start or stops. */
export function threadAuditWriter(target: WriterTarget, fallback: AuditWriter, deps: WriterDeps): AuditWriter {
  return writerThread<PendingAudit, AppendOutcome>({
    entry: 'modules/audit/writer-worker.ts',
    target,
    fallback,
    log: deps.log,
    name: 'audit',
    onWritten: (outcome, batch) => settle(deps, batch?.length ?? 0, outcome),
  })
}
