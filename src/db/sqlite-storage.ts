// The SQLite adapter, opened as one piece: the connection (migrated, with its change counters and search index), the
// store features write through, and what the read model watches. The composition root takes this, not the connection
// (docs/decisions/0040-asynchronous-storage-ports.md); a PostgreSQL adapter would offer the same three parts.
import { createStorageState } from '../lib/storage-errors'
import { ensureChangeCounters, readChangeCounters, readProjectsChanged } from './change-counters'
import { mapWalIndex, sqliteChangeSignal } from './change-signal'
import { migrate } from './migrate'
import { type Db, openDatabase } from './open'
import { checkDatabaseFile, checkIntegrity, checkSealedData, unreadableDatabase } from './start-checks'
import { createStore } from './store'

export interface SqliteStorageOptions {
  /** How long a statement waits for another connection's lock before it is a 503 (TOOLYARD_DATABASE_TIMEOUT_MS). */
  busyTimeoutMs?: number
  /** Where the master key comes from: sealed credentials in the database must open with it, or the start is refused. */
  keys?: { dataDir: string; masterKey?: string }
}

/**
 * Opens, checks and migrates the database file. A file that is empty, malformed or fails `PRAGMA quick_check`, or whose
 * sealed credentials the master key cannot open, is refused with a ConfigError naming it (src/db/start-checks.ts).
 */
export function openSqliteStorage(path: string, { busyTimeoutMs, keys }: SqliteStorageOptions = {}) {
  checkDatabaseFile(path)
  // Before the database is opened: see mapWalIndex.
  const walIndex = mapWalIndex(path)
  let db: Db | undefined
  try {
    db = openDatabase(path, { busyTimeoutMs })
    checkIntegrity(db, path)
  } catch (e) {
    db?.close()
    throw unreadableDatabase(path, e) ?? e
  }
  migrate(db)
  try {
    if (keys) checkSealedData(db, path, keys)
  } catch (e) {
    db.close()
    throw e
  }
  ensureChangeCounters(db)
  const state = createStorageState()
  const store = createStore(db, state)
  return {
    store,
    /** Whether the last write found the storage full (the health check reads it). */
    state,
    /** What the read model (src/read-model) watches: a commit by any connection, and which areas it touched. */
    changes: {
      signal: sqliteChangeSignal(db, walIndex),
      counters: readChangeCounters(db),
      projectsChanged: readProjectsChanged(db),
      // Only the caller's own open transaction bypasses the caches.
      inTransaction: store.inTransaction,
    },
    close: () => db.close(),
  }
}
