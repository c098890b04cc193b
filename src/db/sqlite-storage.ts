// The SQLite adapter, opened as one piece: the connection (migrated, with its change counters and search index), the
// store features write through, and what the read model watches. The composition root takes this, not the connection
// (docs/decisions.md, "Asynchronous storage ports"); a PostgreSQL adapter would offer the same three parts.
import { ensureChangeCounters, readChangeCounters } from './change-counters'
import { mapWalIndex, sqliteChangeSignal } from './change-signal'
import { migrate } from './migrate'
import { openDatabase } from './open'
import { createStore } from './store'
import { ensureToolSearchIndex } from './tool-search-index'

export function openSqliteStorage(path: string) {
  // Before the database is opened: see mapWalIndex.
  const walIndex = mapWalIndex(path)
  const db = openDatabase(path)
  migrate(db)
  ensureChangeCounters(db)
  ensureToolSearchIndex(db)
  const store = createStore(db)
  return {
    store,
    /** What the read model (src/read-model) watches: a commit by any connection, and which areas it touched. */
    changes: {
      signal: sqliteChangeSignal(db, walIndex),
      counters: readChangeCounters(db),
      // Only the caller's own open transaction bypasses the caches.
      inTransaction: store.inTransaction,
    },
    close: () => db.close(),
  }
}
