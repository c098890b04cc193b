// SQL for tool search: matching the FTS5 index (kept by triggers, src/db/tool-search-index.ts) and the catalog copy
// of the pre-built tools the index reads.
import { asyncPort, type Store } from '../../../db/store'

/** A pre-built tool as the index reads it (migration 014's `catalog_tools`). */
export type CatalogToolRow = {
  id: string
  toolkit: string
  name: string
  title: string | null
  description: string | null
  input_schema: string
  /** When this installation first carried the tool (migration 018; '1970-…' for tools known before it). */
  first_seen_at: string
}

/** One match, best first; `rank` is FTS5's BM25 (negative: lower is better). */
type MatchRow = { tool_id: string; rank: number }

/** The storage port its callers use; a PostgreSQL adapter would implement it too (docs/decisions/0028-repository-interfaces.md). */
export interface ToolSearchRepository {
  /**
   * Matches of `query` (FTS5 syntax, built by ./query.ts) among the project's and the pre-built tools, best first;
   * only those whose tool id `keep` has (a server's tools), at most `limit` of them, when given.
   */
  matches: (
    query: string,
    project_id: string,
    keep?: { has(toolId: string): boolean },
    limit?: number,
  ) => Promise<IterableIterator<MatchRow>>
  catalog: () => Promise<CatalogToolRow[]>
  insertCatalog: (row: CatalogToolRow) => Promise<void>
  removeCatalog: (id: string) => Promise<void>
  /** How many tool changes were ever committed (the read model's counter): tells the merge job whether to work. */
  toolChanges: () => Promise<number>
  /** Merges the index's segments into one (FTS5 'optimize'): every write adds a segment, and queries read them all. */
  optimize: () => Promise<void>
}

export function toolSearchRepository(store: Store): ToolSearchRepository {
  const { db } = store
  const matches = db.query<MatchRow, { query: string; project_id: string }>(
    // `rank` is BM25 with the column weights set on the table (src/db/tool-search-index.ts): FTS5 sorts by it faster
    // than by a bm25() call of its own.
    `SELECT tool_id, rank FROM tool_search
     WHERE tool_search MATCH $query AND project_id IN ($project_id, '') ORDER BY rank`,
  )
  const catalog = db.query<CatalogToolRow, []>('SELECT * FROM catalog_tools ORDER BY id')
  const insertCatalog = db.query(
    `INSERT INTO catalog_tools (id, toolkit, name, title, description, input_schema, first_seen_at)
     VALUES ($id, $toolkit, $name, $title, $description, $input_schema, $first_seen_at)`,
  )
  const removeCatalog = db.query('DELETE FROM catalog_tools WHERE id = $id')
  const toolChanges = db.query<{ n: number }, []>("SELECT n FROM change_counters WHERE area = 'tools'")
  const optimize = db.query("INSERT INTO tool_search (tool_search) VALUES ('optimize')")
  return asyncPort<ToolSearchRepository>(store, {
    // Read inside `store.run` (an iterator read later could see another request's transaction begun in between), and
    // only as far as the search needs: a broad word matches most of a big project, and each row read costs.
    matches: (query, project_id, keep, limit = Number.POSITIVE_INFINITY) => {
      const out: MatchRow[] = []
      if (limit <= 0) return out.values()
      for (const m of matches.iterate({ query, project_id })) {
        if (keep && !keep.has(m.tool_id)) continue
        out.push(m)
        if (out.length >= limit) break
      }
      return out.values()
    },
    catalog: () => catalog.all(),
    insertCatalog: (row) => insertCatalog.run(row),
    removeCatalog: (id) => removeCatalog.run({ id }),
    toolChanges: () => toolChanges.get()?.n ?? 0,
    optimize: () => {
      optimize.run()
    },
  })
}
