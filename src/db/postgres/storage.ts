// The PostgreSQL adapter, opened as one piece for serve (docs/decisions/0043-postgresql-in-serve.md): the pool, migrated
// under the advisory lock; the master key checked against the database's sealed data; the change feed the read model
// watches; the store services and repositories write through; the shared rate windows. The counterpart of
// src/db/sqlite-storage.ts.
import { ConfigError, redactedDatabaseUrl } from '../../config'
import type { Keyring } from '../../crypto/master-key'
import { createStorageState } from '../../lib/storage-errors'
import { ensureEventOverflow, listenForChanges, pgPeerChannel } from './change-feed'
import { checkMasterKey } from './master-key-check'
import { migratePostgres } from './migrate'
import { ensureRateWindows, sharedRateWindows } from './shared/rate-windows'
import { pgSessionDirectory } from './shared/session-directory'
import { pgTaskDirectory } from './shared/task-directory'
import { openPostgres } from './sql'
import { createPgStore } from './store'

/** A start-up failure naming the server (never its password) and TOOLYARD_DATABASE_URL. */
function startError(url: string, e: unknown): unknown {
  if (e instanceof ConfigError) return e
  const parsed = new URL(url)
  const password = decodeURIComponent(parsed.password)
  const message = e instanceof Error ? e.message : String(e)
  return new ConfigError(
    `TOOLYARD_DATABASE_URL: cannot use PostgreSQL database ${redactedDatabaseUrl(parsed)}: ${password ? message.replaceAll(password, '***') : message}`,
  )
}

export async function openPostgresStorage(
  url: string,
  keyring: Keyring,
  { max = 10, timeoutMs = 0 }: { max?: number; timeoutMs?: number } = {},
) {
  // Whether the last write found the disk full: every statement of the pool tells it (the health check reads it).
  const state = createStorageState()
  const db = openPostgres(url, { max, timeoutMs, state })
  try {
    await migratePostgres(db.sql)
    await checkMasterKey(db, keyring)
    await ensureRateWindows(db)
    await ensureEventOverflow(db)
    const feed = await listenForChanges(db.sql)
    // Read your own writes: a write returns once this instance's feed heard it, so its read model is already dropped.
    const store = createPgStore(db, { afterWrite: () => feed.sync() })
    // This process among the instances: its own announcements are skipped when heard back.
    const origin = crypto.randomUUID()
    return {
      db,
      store,
      state,
      /** Exact: one statement per counted request (no local batching, so no slack; docs/decisions/README.md). */
      rateWindows: sharedRateWindows(db),
      /** MCP sessions' mutable part, shared (docs/decisions/0042-mcp-sessions-across-instances.md). */
      sessionDirectory: pgSessionDirectory(db, origin),
      /** 2026-07-28 tasks, readable and cancellable from every instance (docs/decisions/0047-tasks-across-instances.md). */
      taskDirectory: pgTaskDirectory(db, origin),
      /** The channel protocol events travel between instances on (src/mcp/instance-bridge.ts). */
      peers: pgPeerChannel(db, origin),
      changes: {
        signal: feed.signal,
        counters: feed.counters,
        projectsChanged: feed.projectsChanged,
        // Another request's open transaction is on another connection: only the caller's own bypasses the caches.
        inTransaction: store.inTransaction,
      },
      async close() {
        await feed.stop().catch(() => {})
        await db.close()
      },
    }
  } catch (e) {
    await db.close().catch(() => {})
    throw startError(url, e)
  }
}
