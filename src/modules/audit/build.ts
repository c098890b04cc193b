// Builds the audit trail from its repository (either backend's, src/storage.ts) and chooses its writer: a thread of
// its own on the SQLite file, inline on PostgreSQL.
import type { StoragePort } from '../../db/store'
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
  /** SQLite's database file: the writer thread opens its own connection to it. Absent (PostgreSQL): inline. */
  dbPath?: string
}) {
  const ports = { store: deps.store, repo: deps.repo, ...(deps.deliveries ? { deliveries: deps.deliveries } : {}) }
  const writerDeps = { log: deps.log, ...(deps.enqueue ? { enqueue: deps.enqueue } : {}) }
  const inline = inlineAuditWriter(ports, writerDeps)
  const writer = deps.dbPath ? threadAuditWriter(deps.dbPath, inline, writerDeps) : inline
  return createAuditLog({ ...ports, writer, ...(deps.enqueue ? { enqueue: deps.enqueue } : {}) })
}
