// Builds the audit trail from its repository (either backend's, src/storage.ts) and chooses its writer: a thread with
// a connection of its own on either engine.
import type { StoragePort } from '../../db/store'
import type { WriterTarget } from '../../db/writer-store'
import type { Logger } from '../../lib/log'
import type { QueuedDelivery, WebhooksRepository } from '../webhooks/repository'
import type { AuditRepository } from './repository'
import { createAuditLog } from './service'
import { inlineAuditWriter, threadAuditWriter } from './writer'

export function buildAuditLog(deps: {
  store: StoragePort
  repo: AuditRepository
  log: Logger
  /** The webhook outbox (`audit.batch`). */
  deliveries?: WebhooksRepository
  /** Late-bound: the webhook queue may be built after the audit trail. */
  enqueue?: () => ((rows: QueuedDelivery[]) => void) | undefined
  /** What the writer thread connects to (SQLite's file, PostgreSQL's URL). Absent: appended inline on `store`. */
  target?: WriterTarget
}) {
  const ports = { store: deps.store, repo: deps.repo, ...(deps.deliveries ? { deliveries: deps.deliveries } : {}) }
  const writerDeps = { log: deps.log, ...(deps.enqueue ? { enqueue: deps.enqueue } : {}) }
  const inline = inlineAuditWriter(ports, writerDeps)
  const writer = deps.target ? threadAuditWriter(deps.target, inline, writerDeps) : inline
  return createAuditLog({ ...ports, writer, ...(deps.enqueue ? { enqueue: deps.enqueue } : {}) })
}
