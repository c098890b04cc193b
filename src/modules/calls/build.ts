// Builds the call log on the store: the one place its repository is made, and its writer chosen
// (docs/decisions.md, "Repository interfaces").
import type { Store } from '../../db/store'
import type { Logger } from '../../lib/log'
import { callsRepository } from './repository'
import { type CallLogOptions, createCallLog } from './service'
import { inlineWriter, threadWriter } from './writer'

export function buildCallLog(deps: {
  store: Store
  /** The database file: the writer thread opens its own connection to it (src/db/store.ts, `openAnotherStore`). */
  dbPath: string
  log: Logger
  onCall?: CallLogOptions['onCall']
}) {
  const repo = callsRepository(deps.store)
  const writer = threadWriter(deps.dbPath, inlineWriter(repo, deps.log), deps.log)
  return createCallLog({ repo, writer, log: deps.log, ...(deps.onCall ? { onCall: deps.onCall } : {}) })
}
