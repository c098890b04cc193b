// The call log's writer thread: its own SQLite connection, inserting the batches the request thread hands over.
import type { Database } from 'bun:sqlite'
import { openDatabase } from '../../db/open'
import { createStore } from '../../db/store'
import { type CallsRepository, callsRepository, type PendingCall, toRow } from './repository'
import type { FromWriter, ToWriter } from './writer-protocol'

declare const self: { onmessage: ((event: MessageEvent<ToWriter>) => void) | null; postMessage(m: FromWriter): void }

let db: Database | null = null
let repo: CallsRepository | null = null

self.onmessage = (event) => {
  const m = event.data
  if (m.type === 'open') {
    db = openDatabase(m.path, { another: true })
    repo = callsRepository(createStore(db))
  } else if (m.type === 'write') {
    const rows = (JSON.parse(m.json) as PendingCall[]).map(toRow)
    try {
      repo!.insertAll(rows)
      self.postMessage({ type: 'written', seq: m.seq, rows: rows.length })
    } catch (error) {
      self.postMessage({ type: 'written', seq: m.seq, rows: rows.length, error: String(error) })
    }
  } else {
    db?.close()
    db = null
    self.postMessage({ type: 'closed' })
  }
}
