// SQL for tool search: matching the index and the catalog copy of the pre-built tools the index reads. The index is
// each engine's own: FTS5 on SQLite (kept by triggers, src/db/tool-search-index.ts), a weighted tsvector on PostgreSQL
// (./tsvector-matches.ts); the catalog copy is one SQL.
import type { SqlStore } from '../../../db/queries'
import { isSqliteStore, type Store } from '../../../db/store'
import { tsvectorMatches } from './tsvector-matches'

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

/** The storage port its callers use (docs/decisions/0028-repository-interfaces.md). */
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

export function toolSearchRepository(store: SqlStore): ToolSearchRepository {
  const common = {
    catalog: () => store.q().all<CatalogToolRow>('SELECT * FROM catalog_tools ORDER BY id'),
    insertCatalog: async (row: CatalogToolRow) => {
      await store.q().run(
        `INSERT INTO catalog_tools (id, toolkit, name, title, description, input_schema, first_seen_at)
         VALUES ($id, $toolkit, $name, $title, $description, $input_schema, $first_seen_at)`,
        row,
      )
    },
    removeCatalog: async (id: string) => {
      await store.q().run('DELETE FROM catalog_tools WHERE id = $id', { id })
    },
  }
  if (isSqliteStore(store)) return { ...common, ...fts5(store) }
  return {
    ...common,
    matches: tsvectorMatches(store),
    /**
     * PostgreSQL keeps no change counter (changes are NOTIFY'd, src/db/postgres/change-feed.ts) and its GIN index
     * needs no merging: a constant, so the merge job runs once and then finds nothing to do.
     */
    toolChanges: async () => 0,
    /** Nothing to merge: the GIN index's pending list is folded in by autovacuum. */
    optimize: async () => {},
  }
}

/** SQLite's FTS5 side: matching, the change counter the merge job reads, and the merge itself. */
function fts5(store: Store): Pick<ToolSearchRepository, 'matches' | 'toolChanges' | 'optimize'> {
  const { db } = store
  const matches = db.query<MatchRow, { query: string; project_id: string }>(
    // `rank` is BM25 with the column weights set on the table (src/db/tool-search-index.ts): FTS5 sorts by it faster
    // than by a bm25() call of its own.
    `SELECT tool_id, rank FROM tool_search
     WHERE tool_search MATCH $query AND project_id IN ($project_id, '') ORDER BY rank`,
  )
  return {
    // Read inside `store.run` (an iterator read later could see another request's transaction begun in between), and
    // only as far as the search needs: a broad word matches most of a big project, and each row read costs.
    matches: (query, project_id, keep, limit = Number.POSITIVE_INFINITY) =>
      store.run(() => {
        const out: MatchRow[] = []
        if (limit <= 0) return out.values()
        for (const m of matches.iterate({ query, project_id })) {
          if (keep && !keep.has(m.tool_id)) continue
          out.push(m)
          if (out.length >= limit) break
        }
        return out.values()
      }),
    toolChanges: async () =>
      (await store.q().get<{ n: number }>("SELECT n FROM change_counters WHERE area = 'tools'"))?.n ?? 0,
    optimize: async () => {
      await store.q().run("INSERT INTO tool_search (tool_search) VALUES ('optimize')")
    },
  }
}
