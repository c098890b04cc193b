// Typed storage errors: the storage adapter (src/db/store.ts) turns its driver's constraint failures into these, so
// features catch a type instead of matching one database's message text (docs/decisions/0025-the-storage-seam.md); and
// the faults of the storage itself (disk full, a database that does not answer) into the StorageFault clients see as
// 507 or 503 with Retry-After (docs/reliability.md, "Faults").
import { StorageFault } from './errors'

/** A write would have duplicated a unique key (a name already taken). */
export class UniqueViolation extends Error {
  readonly name = 'UniqueViolation'
}

/** A write referred to a row that does not exist, or a delete would have left rows referring to it. */
export class ForeignKeyViolation extends Error {
  readonly name = 'ForeignKeyViolation'
}

/** How long a client is asked to wait after each fault (the `Retry-After` header, in seconds). */
export const RETRY_AFTER_S = { database_unavailable: 5, insufficient_storage: 60 } as const

/** SQLite's extended codes for a write the disk refused (ENOSPC is SQLITE_FULL; a quota or I/O failure is IOERR_*). */
const SQLITE_NO_ROOM = new Set([
  'SQLITE_FULL',
  'SQLITE_IOERR_WRITE',
  'SQLITE_IOERR_FSYNC',
  'SQLITE_IOERR_DIR_FSYNC',
  'SQLITE_IOERR_TRUNCATE',
  'SQLITE_IOERR_SHMSIZE',
])

/** PostgreSQL's SQLSTATE for disk full (appendix A, class 53). */
const PG_DISK_FULL = '53100'

/**
 * SQLSTATEs of a server that cannot serve now: out of memory or connections (53200, 53300), shutting down or starting
 * (57P01–57P03), a statement cancelled by statement_timeout (57014), and the whole connection-exception class 08.
 */
const PG_UNAVAILABLE = /^(08...|53200|53300|57P0[1-3]|57014)$/

/** Bun's own codes for a connection it could not make or lost, or a query it gave up on. */
const BUN_PG_UNAVAILABLE = /^ERR_POSTGRES_(CONNECTION_|IDLE_TIMEOUT|LIFETIME_TIMEOUT|QUERY_CANCELLED)/

const noRoom = () =>
  new StorageFault(
    'insufficient_storage',
    'insufficient storage: the database has no room for this change, nothing was written; retry later',
    RETRY_AFTER_S.insufficient_storage,
  )

/** The database did not answer in time or is away; `what` says which, for the message (never a driver's text). */
export const databaseUnavailable = (what = 'the database does not answer') =>
  new StorageFault(
    'database_unavailable',
    `database unavailable: ${what}; retry later`,
    RETRY_AFTER_S.database_unavailable,
  )

/** A fault by its code, as another thread reports it (the call log's writer thread posts the code, not the error). */
export const storageFault = (code: StorageFault['code']): StorageFault =>
  code === 'insufficient_storage' ? noRoom() : databaseUnavailable()

/**
 * The storage fault a driver error stands for (looked for along its `cause` chain), or null when it is something else.
 * Duck-typed on `code`/`errno` so this floor imports neither driver: bun:sqlite's SQLiteError and Bun.SQL's
 * PostgresError both carry them.
 */
export function storageFaultOf(error: unknown): StorageFault | null {
  for (
    let e = error, depth = 0;
    e && typeof e === 'object' && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if (e instanceof StorageFault) return e
    const { code, errno } = e as { code?: unknown; errno?: unknown }
    if (typeof code === 'string' && code.startsWith('SQLITE_')) {
      if (SQLITE_NO_ROOM.has(code)) return noRoom()
      if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
        return databaseUnavailable('the database stayed locked by another connection')
      if (code.startsWith('SQLITE_IOERR')) return databaseUnavailable('the database file cannot be read')
      return null
    }
    if (typeof errno === 'string') {
      if (errno === PG_DISK_FULL) return noRoom()
      if (PG_UNAVAILABLE.test(errno)) return databaseUnavailable()
    }
    if (typeof code === 'string' && BUN_PG_UNAVAILABLE.test(code)) return databaseUnavailable()
  }
  return null
}

/**
 * Whether the storage is full, as the last writes found it: set by a write refused for want of room, cleared by the
 * next write that commits. `/mcp/health` reports it (a `SELECT 1` still answers on a full disk).
 */
export interface StorageState {
  readonly full: boolean
  /** Looks at a failed write's error: a storage-full fault marks the storage full. */
  failed(error: unknown): void
  /** A write committed: there was room for it. */
  committed(): void
}

export function createStorageState(): StorageState {
  let full = false
  return {
    get full() {
      return full
    },
    failed(error) {
      if (storageFaultOf(error)?.code === 'insufficient_storage') full = true
    },
    committed() {
      full = false
    },
  }
}
