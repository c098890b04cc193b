// PostgreSQL dialect of src/modules/tools/search/repository.ts. FTS5's MATCH and BM25 become the `tool_search` table's
// weighted tsvector (migration 014) ranked with ts_rank_cd; the catalog copy is the same SQL (docs/decisions.md,
// "PostgreSQL repositories").
import type { ToolSearchRepository } from '../../../modules/tools/search/repository'
import type { Async } from '../async'
import type { PgStore } from '../store'

/**
 * SQLite's BM25 column weights (src/db/tool-search-index.ts: name 6, title 3, toolkit 2.5, description 2, params 1)
 * scaled into ts_rank_cd's {D, C, B, A} (each at most 1): params D, description C, title and toolkit B, name A.
 */
const WEIGHTS = `'{${[1 / 6, 2 / 6, 3 / 6, 1].map((w) => w.toFixed(4)).join(',')}}'`
/** Rank divided by 1 + log(document length): a long description does not outrank a short exact name by bulk. */
const NORMALIZATION = 1

/**
 * The FTS5 query the service builds (./query.ts `ftsQuery`: quoted terms joined with OR) as tsquery text: each term's
 * letters and digits as quoted lexemes (several words of one term must follow each other, as in an FTS5 phrase), terms
 * joined with `|`. `to_tsquery('english', …)` then stems them and drops stop words, as the index did.
 */
export function tsQueryFromFts(query: string): string {
  const terms = [...query.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replaceAll('""', '"'))
  return terms
    .map((t) => (t.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => `'${w}'`).join(' <-> '))
    .filter((t) => t !== '')
    .join(' | ')
}

export function pgToolSearchRepository(pg: PgStore): Async<ToolSearchRepository> {
  return {
    /** `rank` is the negated ts_rank_cd, so lower is better as with FTS5's BM25. */
    matches: async (query, project_id) => {
      const text = tsQueryFromFts(query)
      if (text === '') return [].values()
      const rows = await pg.q().all<{ tool_id: string; rank: number }>(
        `SELECT tool_id, -ts_rank_cd(${WEIGHTS}, document, q, ${NORMALIZATION}) AS rank
         FROM tool_search, to_tsquery('english', $query) AS q
         WHERE document @@ q AND project_id IN ($project_id, '')
         ORDER BY rank, tool_id COLLATE "C"`,
        { query: text, project_id },
      )
      return rows.values()
    },
    catalog: () => pg.q().all('SELECT * FROM catalog_tools ORDER BY id'),
    insertCatalog: async (row) => {
      await pg.q().run(
        `INSERT INTO catalog_tools (id, toolkit, name, title, description, input_schema)
         VALUES ($id, $toolkit, $name, $title, $description, $input_schema)`,
        row,
      )
    },
    removeCatalog: async (id) => {
      await pg.q().run('DELETE FROM catalog_tools WHERE id = $id', { id })
    },
    /**
     * PostgreSQL keeps no change counter (changes are NOTIFY'd, src/db/postgres/change-feed.ts) and its GIN index
     * needs no merging: a constant, so the merge job runs once and then finds nothing to do.
     */
    toolChanges: async () => 0,
    /** Nothing to merge: the GIN index's pending list is folded in by autovacuum. */
    optimize: async () => {},
  }
}
