// Per-area change counters kept by SQLite triggers, so the read model drops only what a commit touched — whoever
// committed it (this process, the CLI, `toolyard apply`, a second server) — docs/decisions/0015-hot-path.md. Beside
// each area's counter, `change_marks` keeps the counter value at which each project's rows of the area last changed:
// the read model then drops the entries of the projects a commit touched, not every tenant's
// (docs/decisions/0057-invalidation-per-project.md).
import type { Db } from './open'

/** The project of a changed row of a table without a `project_id` column: its server's. */
const viaServer = (row: string) => `(SELECT project_id FROM servers WHERE id = ${row}.server_id)`
const own = (row: string) => `${row}.project_id`

/** What the read model holds, by the tables it is read from, each with how a changed row names its project. */
const AREAS: Record<string, Record<string, (row: string) => string>> = {
  keys: { api_keys: own },
  servers: { servers: own },
  tools: { toolkits: own, tools: own, server_toolkits: viaServer, server_tools: viaServer },
  functions: { functions: own },
  resources: { resources: own },
  policies: { policies: own },
}
export type Area = 'keys' | 'servers' | 'tools' | 'functions' | 'resources' | 'policies'

/** The version in the trigger names: a change of their bodies gets new names, and the old ones are dropped. */
const PREFIX = 'change_counter_v2_'

/** One trigger body: the area's counter moves, and the row's project is marked at the counter's new value. */
function body(area: string, project: string): string {
  return `UPDATE change_counters SET n = n + 1 WHERE area = '${area}';
    INSERT INTO change_marks (area, project_id, n)
      VALUES ('${area}', coalesce(${project}, ''), (SELECT n FROM change_counters WHERE area = '${area}'))
      ON CONFLICT (area, project_id) DO UPDATE SET n = excluded.n;`
}

/**
 * Creates the counters, the marks and their triggers when missing. Run at every start after the migrations (not as
 * one): a later migration that rebuilds a table drops that table's triggers, and this puts them back.
 */
export function ensureChangeCounters(db: Db): void {
  const triggers = Object.values(AREAS).flatMap(Object.keys).length * 3
  const present = (like: string) =>
    db
      .query<{ n: number }, { like: string }>(
        "SELECT count(*) AS n FROM sqlite_master WHERE type = 'trigger' AND name LIKE $like",
      )
      .get({ like })!.n
  const tables = db.query<{ n: number }, []>(
    "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('change_counters', 'change_marks')",
  )
  // Usually all there: a start then writes nothing.
  if (
    present(`${PREFIX}%`) === triggers &&
    present('change_counter_%') === triggers &&
    tables.get()!.n === 2 &&
    countAreas(db) === Object.keys(AREAS).length
  )
    return
  db.transaction(() => {
    db.exec('CREATE TABLE IF NOT EXISTS change_counters (area TEXT PRIMARY KEY, n INTEGER NOT NULL) STRICT')
    db.exec(`CREATE TABLE IF NOT EXISTS change_marks (
      area TEXT NOT NULL, project_id TEXT NOT NULL, n INTEGER NOT NULL, PRIMARY KEY (area, project_id)) STRICT`)
    db.exec('CREATE INDEX IF NOT EXISTS change_marks_since ON change_marks(area, n)')
    // Triggers of an earlier version (they only counted): replaced by this version's.
    const old = db
      .query<{ name: string }, { like: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'change_counter_%' AND name NOT LIKE $like",
      )
      .all({ like: `${PREFIX}%` })
    for (const { name } of old) db.exec(`DROP TRIGGER "${name}"`)
    for (const [area, tablesOfArea] of Object.entries(AREAS)) {
      db.query('INSERT OR IGNORE INTO change_counters (area, n) VALUES ($area, 0)').run({ area })
      for (const [table, project] of Object.entries(tablesOfArea))
        for (const [op, row] of [
          ['INSERT', 'new'],
          ['UPDATE', 'new'],
          ['DELETE', 'old'],
        ] as const)
          db.exec(
            `CREATE TRIGGER IF NOT EXISTS ${PREFIX}${table}_${op.toLowerCase()} AFTER ${op} ON ${table}
             BEGIN ${body(area, project(row))} END`,
          )
    }
  })()
}

/** Reads every area's counter (a handful of rows; only after the change signal moved). */
export function readChangeCounters(db: Db): () => Map<string, number> {
  const q = db.query<{ area: string; n: number }, []>('SELECT area, n FROM change_counters')
  return () => new Map(q.all().map((r) => [r.area, r.n]))
}

/**
 * The projects whose rows of an area changed after its counter stood at `after`; null when a changed row's project
 * was not known (a row whose server was deleted with it): then the whole area counts as changed.
 */
export function readProjectsChanged(db: Db): (area: string, after: number) => ReadonlySet<string> | null {
  const q = db.query<{ project_id: string }, { area: string; after: number }>(
    'SELECT project_id FROM change_marks WHERE area = $area AND n > $after',
  )
  return (area, after) => {
    const projects = new Set<string>()
    for (const { project_id } of q.all({ area, after })) {
      if (project_id === '') return null
      projects.add(project_id)
    }
    return projects
  }
}

const countAreas = (db: Db): number => db.query<{ n: number }, []>('SELECT count(*) AS n FROM change_counters').get()!.n
