// The audit trail's writer thread: its own connection (SQLite's file, or one PostgreSQL connection), appending the
// batches the request thread hands over (src/modules/audit/batch.ts), so hashing and inserting never take the request
// thread's time.
import { openWriterStore } from '../../db/writer-store'
import type { FromWriterThread, ToWriterThread } from '../../db/writer-thread'
import { webhooksRepository } from '../webhooks/repository'
import { type AppendOutcome, appendBatch, type BatchPorts, type PendingAudit } from './batch'
import { auditRepository } from './repository'

/** The PostgreSQL application_name of the thread's connection. */
export const AUDIT_WRITER = 'toolyard audit writer'

declare const self: {
  onmessage: ((event: MessageEvent<ToWriterThread>) => void) | null
  postMessage(m: FromWriterThread<AppendOutcome>): void
}

let connection: { close(): unknown } | null = null
let ports: BatchPorts | null = null

// One after another: a batch's commit is reported before a later close releases the connection.
let handled: Promise<void> = Promise.resolve()
self.onmessage = (event) => {
  const m = event.data
  handled = handled.then(() => handle(m))
}

async function handle(m: ToWriterThread): Promise<void> {
  if (m.type === 'open') {
    const opened = await openWriterStore(m.target, AUDIT_WRITER)
    connection = opened
    ports = { store: opened.store, repo: auditRepository(opened.store), deliveries: webhooksRepository(opened.store) }
  } else if (m.type === 'write') {
    const outcome = await appendBatch(ports!, JSON.parse(m.json) as PendingAudit[])
    self.postMessage({ type: 'written', seq: m.seq, ...outcome })
  } else {
    await connection?.close()
    connection = null
    self.postMessage({ type: 'closed' })
  }
}
