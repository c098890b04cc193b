// Messages between the call log (writer.ts) and its writer thread (writer-worker.ts).
export type ToWriter =
  | { type: 'open'; path: string }
  /** `json`: the PendingCall[] batch (repository.ts) as JSON text. */
  | { type: 'write'; seq: number; json: string }
  | { type: 'close' }

export type FromWriter = { type: 'written'; seq: number; rows: number; error?: string } | { type: 'closed' }
