// The one seam through which the read model learns that stored data may have changed (docs/decisions.md, "Hot path").
import type { Db } from '../db/open'

/**
 * A value that changes whenever stored data may have changed, by this process or any other. The read model compares
 * it before answering from memory; a shared database later plugs in its own signal (e.g. a change feed).
 */
export interface ChangeSignal {
  /** Cheap: called before every cached read. Equal values mean nothing was written in between. */
  version(): string
}

/**
 * SQLite: `data_version` moves when another connection (the CLI, `toolyard apply`, a second process) commits;
 * `total_changes()` moves when this connection writes. One statement, no table read (~2 µs).
 */
export function sqliteChangeSignal(db: Db): ChangeSignal {
  const q = db.query<{ dv: number; tc: number }, []>(
    'SELECT data_version AS dv, total_changes() AS tc FROM pragma_data_version',
  )
  return {
    version() {
      const row = q.get()!
      return `${row.dv}:${row.tc}`
    },
  }
}
