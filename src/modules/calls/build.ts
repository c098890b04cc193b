// Builds the call log from its repository (either backend's, src/storage.ts) and chooses its writer
// (docs/decisions/0028-repository-interfaces.md).

import type { WriterTarget } from '../../db/writer-store'
import type { Logger } from '../../lib/log'
import type { StorageState } from '../../lib/storage-errors'
import type { CallsRepository } from './repository'
import { type CallLogOptions, createCallLog } from './service'
import { inlineWriter, threadWriter } from './writer'

export function buildCallLog(deps: {
  repo: CallsRepository
  /**
   * The database the writer thread opens its own connection to (SQLite's file, or PostgreSQL's URL). Absent: written
   * inline on `repo`'s connection.
   */
  target?: WriterTarget
  log: Logger
  onCall?: CallLogOptions['onCall']
  /** Rows the database refused (each dropped alone, src/modules/calls/insert-batch.ts). */
  onDropped?: (rows: number) => void
  /** The storage's state, told what the writer thread's batches found (the health check reads it). */
  state?: StorageState
}) {
  const { repo } = deps
  const inline = inlineWriter(repo, deps.log, deps.onDropped)
  const writer = deps.target ? threadWriter(deps.target, inline, deps.log, deps.onDropped, deps.state) : inline
  return createCallLog({
    repo,
    writer,
    log: deps.log,
    ...(deps.onCall ? { onCall: deps.onCall } : {}),
    ...(deps.onDropped ? { onDropped: deps.onDropped } : {}),
  })
}
