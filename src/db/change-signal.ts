// The one seam through which the read model learns that stored data may have changed (docs/decisions/0015-hot-path.md).
import { existsSync, statSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import { ensureDataDir } from './data-dir'
import type { Db } from './open'

/**
 * A generation that moves whenever stored data may have changed, by this process or any other. The read model compares
 * it before answering from memory; a shared database later plugs in its own signal (e.g. a change feed).
 */
export interface ChangeSignal {
  /** Cheap (called before every cached read); equal values mean nothing was committed in between. */
  version(): number
}

/** The first 48 bytes of the -shm file: the WAL-index header (https://www.sqlite.org/walformat.html). */
const HEADER_WORDS = 12

/**
 * SQLite in WAL mode: every commit, by any connection of any process, rewrites the WAL-index header in the shared
 * memory file (its change counter, frame count, salts and checksums). Comparing those 48 bytes through a shared
 * mapping costs nanoseconds and reads nothing from the database. A checkpoint also changes them: one extra refill.
 */
function walIndexSignal(header: Int32Array): ChangeSignal {
  const seen = Int32Array.from(header)
  let generation = 0
  return {
    version() {
      for (let i = 0; i < HEADER_WORDS; i++)
        if (header[i] !== seen[i]) {
          seen.set(header)
          return ++generation
        }
      return generation
    },
  }
}

/** One wal-index region: SQLite grows the file to at least this once the database is used in WAL mode. */
const SHM_REGION = 32 * 1024

/**
 * Maps the WAL-index header of the database at `path`. It must run before this process opens the database: mapping
 * opens and closes the -shm file, and closing any descriptor of a file drops every POSIX lock the process holds on it,
 * SQLite's shared lock on the -shm's "dead man switch" among them. Without that lock, the next process to open the
 * database takes it for unused and initializes the -shm again under this one (stale snapshots, or SIGBUS on the
 * mapping while the file is truncated). Mapped first, the lock SQLite takes afterwards is never dropped; SQLite
 * initializes the file in place (same inode, so the mapping stays valid) and never truncates it while this process
 * holds the lock, that is while its connection is open.
 */
export function mapWalIndex(path: string): Int32Array | null {
  if (path === ':memory:') return null
  const shm = `${path}-shm`
  try {
    ensureDataDir(dirname(path))
    // Created here only when absent (owner-only, as SQLite would make it from the database file's mode).
    if (!existsSync(shm)) writeFileSync(shm, new Uint8Array(SHM_REGION), { mode: 0o600, flag: 'wx' })
    if (statSync(shm).size < SHM_REGION) return null
    const map = Bun.mmap(shm, { shared: true })
    return new Int32Array(map.buffer, map.byteOffset, HEADER_WORDS)
  } catch {
    return null
  }
}

/**
 * Any SQLite connection: `data_version` moves when another connection commits, `total_changes()` when this one
 * writes. One statement, no table read (~2 µs).
 */
function pragmaSignal(db: Db): ChangeSignal {
  const q = db.query<{ dv: number; tc: number }, []>(
    'SELECT data_version AS dv, total_changes() AS tc FROM pragma_data_version',
  )
  let dv = -1
  let tc = -1
  let generation = 0
  return {
    version() {
      const row = q.get()!
      if (row.dv !== dv || row.tc !== tc) {
        dv = row.dv
        tc = row.tc
        generation++
      }
      return generation
    },
  }
}

/** The WAL-index signal when the database runs in WAL mode and its header was mapped first, the pragma signal otherwise. */
export function sqliteChangeSignal(db: Db, walIndex: Int32Array | null): ChangeSignal {
  const wal = (db.query('PRAGMA journal_mode').get() as { journal_mode?: string } | null)?.journal_mode === 'wal'
  return wal && walIndex ? walIndexSignal(walIndex) : pragmaSignal(db)
}
