// The call log's writer thread: its own connection (a store of its own, SQLite or PostgreSQL), inserting the batches
// the request thread hands over through the calls repository.
import { openWriterStore } from '../../db/writer-store'
import { insertBatch } from './insert-batch'
import { type CallsRepository, callsRepository, type PendingCall, toRow } from './repository'
import { CALL_LOG_WRITER, type FromWriter, type ToWriter } from './writer-protocol'

declare const self: { onmessage: ((event: MessageEvent<ToWriter>) => void) | null; postMessage(m: FromWriter): void }

let connection: { close(): unknown } | null = null
let repo: CallsRepository | null = null

// Handled one after another: a write's commit (awaited) is reported before a later close releases the connection.
let handled: Promise<void> = Promise.resolve()
self.onmessage = (event) => {
  const m = event.data
  handled = handled.then(() => handle(m))
}

async function handle(m: ToWriter): Promise<void> {
  if (m.type === 'open') {
    // The rows waited in memory anyway: their commits need not wait for the WAL flush (src/modules/calls/repository.ts).
    const opened = await openWriterStore(m.target, CALL_LOG_WRITER, { asynchronousCommit: true })
    connection = opened
    repo = callsRepository(opened.store)
  } else if (m.type === 'write') {
    const rows = (JSON.parse(m.json) as PendingCall[]).map(toRow)
    const { dropped, error, fault } = await insertBatch(repo!, rows)
    self.postMessage({
      type: 'written',
      seq: m.seq,
      rows: rows.length,
      dropped,
      ...(error ? { error } : {}),
      ...(fault ? { fault } : {}),
    })
  } else {
    await connection?.close()
    connection = null
    self.postMessage({ type: 'closed' })
  }
}
