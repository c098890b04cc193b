// The connection a writer thread (the call log's, the audit trail's) opens for itself, on either engine: SQLite's
// file, or one PostgreSQL connection named for pg_stat_activity (docs/decisions/0381-postgres-call-log-thread.md).
import type { SqlStore } from './queries'
import { openAnotherStore } from './store'

/** What the thread connects to: SQLite's file, or PostgreSQL's URL with the pool's statement timeout. */
export type WriterTarget = { sqlite: string } | { postgres: string; timeoutMs: number }

export async function openWriterStore(
  target: WriterTarget,
  applicationName: string,
  /** PostgreSQL: commits that do not wait for the WAL flush (src/db/postgres/sql.ts), for history only. */
  { asynchronousCommit = false }: { asynchronousCommit?: boolean } = {},
): Promise<{ store: SqlStore; close(): unknown }> {
  if ('sqlite' in target) return openAnotherStore(target.sqlite)
  // Loaded only in PostgreSQL mode, as the main thread does (src/storage.ts). One connection: batches go one at a time.
  const { openPostgres } = await import('./postgres/sql')
  const { createPgStore } = await import('./postgres/store')
  const db = openPostgres(target.postgres, { max: 1, timeoutMs: target.timeoutMs, applicationName, asynchronousCommit })
  return { store: createPgStore(db), close: () => db.close() }
}
