// Messages between the call log (writer.ts) and its writer thread (writer-worker.ts).
import type { CallRow } from './repository'

export type ToWriter =
  | { type: 'open'; path: string }
  | { type: 'write'; seq: number; rows: CallRow[] }
  | { type: 'close' }

export type FromWriter = { type: 'written'; seq: number; rows: number; error?: string } | { type: 'closed' }
