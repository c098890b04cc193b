// The one seam through which the read model learns that stored data may have changed (docs/decisions.md, "Hot path").
import { existsSync } from 'node:fs'
import type { Db } from '../db/open'

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
 * SQLite only truncates the -shm file when a connection opens it while no other is open; this process keeps its
 * connection open as long as it reads the mapping, so the header is always there.
 */
function walIndexSignal(shmPath: string): ChangeSignal {
  const shm = Bun.mmap(shmPath, { shared: true })
  const header = new Int32Array(shm.buffer, shm.byteOffset, HEADER_WORDS)
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

/** The WAL-index signal when the database file has one (WAL mode on disk), the pragma signal otherwise. */
export function sqliteChangeSignal(db: Db, path: string): ChangeSignal {
  const shm = `${path}-shm`
  const wal = (db.query('PRAGMA journal_mode').get() as { journal_mode?: string } | null)?.journal_mode === 'wal'
  return wal && existsSync(shm) ? walIndexSignal(shm) : pragmaSignal(db)
}
