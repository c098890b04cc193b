// The tool search index's triggers (docs/decisions/0034-tool-search.md): every change to a tool row, a toolkit's name or
// a catalog tool updates `tool_search` inside the same transaction, whoever writes it (REST, apply, a remote or
// OpenAPI toolkit's refresh, a second process). Put in place at every start, like the change counters: a later
// migration that rebuilds `tools` or `toolkits` drops their triggers, and this puts them back and rebuilds the index.
import type { Db } from './open'

/** camelCase → "camel Case": a space before every capital A–Z (SQLite has no regex; 26 nested replace calls). */
function camelSplit(expr: string): string {
  let out = expr
  for (let c = 65; c <= 90; c++) {
    const upper = String.fromCharCode(c)
    out = `replace(${out}, '${upper}', ' ${upper}')`
  }
  return out
}

/** Every parameter name and description, at any depth (`properties` of the schema, its `$defs`, nested bodies). */
const paramsText = (schema: string) =>
  camelSplit(`coalesce((SELECT group_concat(key || ' ' || coalesce(json_extract(value, '$.description'), ''), ' ')
     FROM json_tree(CASE WHEN json_valid(${schema}) THEN ${schema} ELSE '{}' END)
     WHERE path LIKE '%.properties' AND type = 'object'), '')`)

/** The indexed text of one tool row `r`: the name twice (as written, and split at camelCase), then the rest. */
const indexedColumns = (r: string, toolkit: string) =>
  `${r}.name || ' ' || ${camelSplit(`${r}.name`)}, coalesce(${r}.title, ''), coalesce(${r}.description, ''),
   ${paramsText(`${r}.input_schema`)}, ${toolkit}`

const toolkitText = (r: string) =>
  `coalesce((SELECT name || ' ' || coalesce(display_name, '') FROM toolkits WHERE id = ${r}.toolkit_id), '')`

const insertTool = (r: string) =>
  `INSERT INTO tool_search (rowid, tool_id, project_id, name, title, description, params, toolkit)
   VALUES (${r}.rowid, ${r}.id, ${r}.project_id, ${indexedColumns(r, toolkitText(r))})`

const insertCatalogTool = (r: string) =>
  `INSERT INTO tool_search (rowid, tool_id, project_id, name, title, description, params, toolkit)
   VALUES (-${r}.rowid, ${r}.id, '', ${indexedColumns(r, `${r}.toolkit`)})`

// The version in the names: a change of any definition here gets new names, so old triggers are dropped at start.
const TRIGGERS: Record<string, string> = {
  tool_search_v1_tools_insert: `AFTER INSERT ON tools BEGIN ${insertTool('new')}; END`,
  tool_search_v1_tools_delete: 'AFTER DELETE ON tools BEGIN DELETE FROM tool_search WHERE rowid = old.rowid; END',
  tool_search_v1_tools_update: `AFTER UPDATE OF name, title, description, input_schema, toolkit_id, project_id ON tools BEGIN
    DELETE FROM tool_search WHERE rowid = old.rowid; ${insertTool('new')}; END`,
  tool_search_v1_toolkits_rename: `AFTER UPDATE OF name, display_name ON toolkits BEGIN
    UPDATE tool_search SET toolkit = new.name || ' ' || coalesce(new.display_name, '')
    WHERE rowid IN (SELECT rowid FROM tools WHERE toolkit_id = new.id); END`,
  tool_search_v1_catalog_insert: `AFTER INSERT ON catalog_tools BEGIN ${insertCatalogTool('new')}; END`,
  tool_search_v1_catalog_delete:
    'AFTER DELETE ON catalog_tools BEGIN DELETE FROM tool_search WHERE rowid = -old.rowid; END',
}

/**
 * The ranking: BM25 with column weights in the table's column order (tool_id and project_id are not indexed). A word
 * in the name counts most, then title and toolkit, then description, then parameters.
 */
const RANK = 'bm25(0, 0, 6, 3, 2, 1, 2.5)'

/** Sets the table's `rank` when it differs (kept by FTS5 in its config table, so a start usually writes nothing). */
function ensureRank(db: Db): void {
  const current = db.query<{ v: string }, []>("SELECT v FROM tool_search_config WHERE k = 'rank'").get()?.v
  if (current !== RANK)
    db.query("INSERT INTO tool_search (tool_search, rank) VALUES ('rank', $rank)").run({ rank: RANK })
}

/** Creates the triggers when any is missing or stale, and then rebuilds the index from the tables (one transaction). */
export function ensureToolSearchIndex(db: Db): void {
  ensureRank(db)
  const present = () =>
    db
      .query<{ name: string }, []>(
        "SELECT name FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'tool_search_%'",
      )
      .all()
      .map((r) => r.name)
  const wanted = Object.keys(TRIGGERS)
  const complete = (names: string[]) => names.length === wanted.length && wanted.every((n) => names.includes(n))
  // Usually all there: a start then writes nothing.
  if (complete(present())) return
  db.transaction(() => {
    // Asked again inside the write lock: a second process starting at the same time may have just done it.
    const now = present()
    if (complete(now)) return
    for (const name of now) db.exec(`DROP TRIGGER IF EXISTS ${name}`)
    for (const [name, body] of Object.entries(TRIGGERS)) db.exec(`CREATE TRIGGER ${name} ${body}`)
    db.exec('DELETE FROM tool_search')
    db.exec(`INSERT INTO tool_search (rowid, tool_id, project_id, name, title, description, params, toolkit)
      SELECT t.rowid, t.id, t.project_id, ${indexedColumns('t', toolkitText('t'))} FROM tools t`)
    db.exec(`INSERT INTO tool_search (rowid, tool_id, project_id, name, title, description, params, toolkit)
      SELECT -c.rowid, c.id, '', ${indexedColumns('c', 'c.toolkit')} FROM catalog_tools c`)
  })()
}
