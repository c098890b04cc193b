// Per-area change counters kept by SQLite triggers, so the read model drops only what a commit touched — whoever
// committed it (this process, the CLI, `toolyard apply`, a second server) — docs/decisions/0015-hot-path.md.
import type { Db } from './open'

/** What the read model holds, by the tables it is read from. */
const AREAS = {
  keys: ['api_keys'],
  servers: ['servers'],
  tools: ['toolkits', 'tools', 'server_toolkits', 'server_tools'],
  functions: ['functions'],
  resources: ['resources'],
  policies: ['policies'],
} as const
export type Area = keyof typeof AREAS

/**
 * Creates the counters table and its triggers when missing. Run at every start after the migrations (not as one):
 * a later migration that rebuilds a table drops that table's triggers, and this puts them back.
 */
export function ensureChangeCounters(db: Db): void {
  const triggers = Object.values(AREAS).flat().length * 3
  const present = db
    .query<{ n: number }, []>(
      "SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'change_counter_%'",
    )
    .get()!.n
  const areas = db.query<{ n: number }, []>(
    "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'change_counters'",
  )
  // Usually all there: a start then writes nothing.
  if (present === triggers && areas.get()!.n === 1 && countAreas(db) === Object.keys(AREAS).length) return
  db.transaction(() => {
    db.exec('CREATE TABLE IF NOT EXISTS change_counters (area TEXT PRIMARY KEY, n INTEGER NOT NULL) STRICT')
    for (const [area, tables] of Object.entries(AREAS)) {
      db.query('INSERT OR IGNORE INTO change_counters (area, n) VALUES ($area, 0)').run({ area })
      for (const table of tables)
        for (const op of ['INSERT', 'UPDATE', 'DELETE'])
          db.exec(
            `CREATE TRIGGER IF NOT EXISTS change_counter_${table}_${op.toLowerCase()} AFTER ${op} ON ${table}
             BEGIN UPDATE change_counters SET n = n + 1 WHERE area = '${area}'; END`,
          )
    }
  })()
}

/** Reads every area's counter (a handful of rows; only after the change signal moved). */
export function readChangeCounters(db: Db): () => Map<string, number> {
  const q = db.query<{ area: string; n: number }, []>('SELECT area, n FROM change_counters')
  return () => new Map(q.all().map((r) => [r.area, r.n]))
}

const countAreas = (db: Db): number => db.query<{ n: number }, []>('SELECT count(*) AS n FROM change_counters').get()!.n
