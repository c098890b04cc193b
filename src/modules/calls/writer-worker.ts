// The call log's writer thread: its own connection (a store of its own, SQLite or PostgreSQL), inserting the batches
// the request thread hands over through the calls repository.
import type { SqlStore } from '../../db/queries'
import { openAnotherStore } from '../../db/store'
import { insertBatch } from './insert-batch'
import { type CallsRepository, callsRepository, type PendingCall, toRow } from './repository'
import { CALL_LOG_WRITER, type FromWriter, type ToWriter, type WriterTarget } from './writer-protocol'

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
    const opened = await open(m.target)
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

async function open(target: WriterTarget): Promise<{ store: SqlStore; close(): unknown }> {
  if ('sqlite' in target) return openAnotherStore(target.sqlite)
  // Loaded only in PostgreSQL mode, as the main thread does (src/storage.ts). One connection: batches go one at a time.
  const { openPostgres } = await import('../../db/postgres/sql')
  const { createPgStore } = await import('../../db/postgres/store')
  const db = openPostgres(target.postgres, {
    max: 1,
    timeoutMs: target.timeoutMs,
    applicationName: CALL_LOG_WRITER,
  })
  return { store: createPgStore(db), close: () => db.close() }
}
