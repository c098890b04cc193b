// Tool search's matching on PostgreSQL (./repository.ts takes it there). FTS5's MATCH becomes the `tool_search` table's
// weighted tsvector (migration 014) under its GIN index; the candidates it finds are ranked here with FTS5's BM25 and
// SQLite's column weights (docs/decisions/0039-postgresql-repositories.md).
import type { SqlStore } from '../../../db/queries'
import type { ToolSearchRepository } from './repository'

/**
 * SQLite's BM25 column weights (src/db/tool-search-index.ts: name 6, title 3, toolkit 2.5, description 2, params 1) by
 * the weight class each column has in the tsvector (migration 014: name A, title and toolkit B, description C, params
 * D). Toolkit words are class B too: their hits are counted apart and weighed 2.5.
 */
const CLASS_WEIGHT: Record<string, number> = { A: 6, B: 3, C: 2, D: 1 }
const TOOLKIT_WEIGHT = 2.5
/** FTS5's BM25 constants. */
const K1 = 1.2
const B = 0.75
/** The index's row count and mean row length (tokens) move slowly: read at most this often. */
const STATS_TTL_MS = 30_000

/** One candidate row: its length in tokens, and per query lexeme its positions' weight classes and toolkit hits. */
type Candidate = { tool_id: string; len: number; hits: [string, string[]][] | null; kit: [string, number][] | null }

/** A word's Latin letters without their accents (`ÍSSUÉ` → `ISSUE`), as FTS5's `remove_diacritics 2` folds them. */
const foldLatin = (word: string) => word.replace(/\p{Script=Latin}/gu, (c) => c.normalize('NFD').replace(/\p{M}/gu, ''))

/** One word as a lexeme; a word with accents also as its folded form, since the 'english' configuration keeps them. */
function lexeme(word: string): string {
  const folded = foldLatin(word)
  return folded === word ? `'${word}'` : `('${word}' | '${folded}')`
}

/**
 * The FTS5 query the service builds (./query.ts `ftsQuery`: quoted terms joined with OR) as tsquery text: each term's
 * letters and digits as quoted lexemes (several words of one term must follow each other, as in an FTS5 phrase), terms
 * joined with `|`. `to_tsquery('english', …)` then stems them and drops stop words, as the index did. The index keeps
 * accents (no `unaccent` extension, docs/decisions/README.md), so an accented query word also searches its unaccented form:
 * `ÍSSUÉ` finds `issue`, as on SQLite (an unaccented word still does not find an accented one).
 */
export function tsQueryFromFts(query: string): string {
  const terms = [...query.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replaceAll('""', '"'))
  return terms
    .map((t) => (t.match(/[\p{L}\p{N}]+/gu) ?? []).map(lexeme).join(' <-> '))
    .filter((t) => t !== '')
    .join(' | ')
}

/**
 * BM25 as FTS5 computes it (fts5_aux.c, bm25()): for each query term, IDF × weighted frequency saturated by k1 and
 * normalized by the row's length against the mean; negative, lower is better. `n` rows in the index, `df` rows per term.
 */
function bm25(c: Candidate, df: Map<string, number>, n: number, avgdl: number): number {
  const freq = new Map<string, number>()
  for (const [lexeme, classes] of c.hits ?? [])
    freq.set(
      lexeme,
      classes.reduce((sum, k) => sum + (CLASS_WEIGHT[k] ?? 1), 0),
    )
  // Toolkit words were counted as class B (3): each weighs 2.5.
  for (const [lexeme, count] of c.kit ?? [])
    freq.set(lexeme, (freq.get(lexeme) ?? 0) - count * (CLASS_WEIGHT.B! - TOOLKIT_WEIGHT))
  let score = 0
  for (const [lexeme, f] of freq) {
    const hits = df.get(lexeme) ?? 0
    const idf = Math.max(Math.log((n - hits + 0.5) / (hits + 0.5)), 1e-6)
    score += (idf * (f * (K1 + 1))) / (f + K1 * (1 - B + (B * c.len) / avgdl))
  }
  return -score
}

/** `matches` on PostgreSQL's tsvector, ranked as FTS5 ranks. */
export function tsvectorMatches(store: SqlStore): ToolSearchRepository['matches'] {
  let stats: { at: number; n: number; avgdl: number } | null = null
  const indexStats = async () => {
    if (stats && Date.now() - stats.at < STATS_TTL_MS) return stats
    const row = await store
      .q()
      .get<{ n: number; avgdl: number | null }>(
        `SELECT count(*) AS n, avg((SELECT sum(cardinality(positions)) FROM unnest(document))) AS avgdl FROM tool_search`,
      )
    stats = { at: Date.now(), n: row?.n ?? 0, avgdl: row?.avgdl || 1 }
    return stats
  }
  /**
   * Candidates are the rows whose tsvector matches any term (GIN); they are ranked here with FTS5's BM25 and the
   * same column weights, since ts_rank_cd ranks differently enough to miss labelled queries (docs/decisions/README.md,
   * "PostgreSQL repositories").
   */
  return async (query, project_id, keep, limit = Number.POSITIVE_INFINITY) => {
    const text = tsQueryFromFts(query)
    if (text === '') return [].values()
    const { n, avgdl } = await indexStats()
    const rows = await store.q().all<Candidate & { terms: [string, number][] | null }>(
      `WITH q AS MATERIALIZED (SELECT to_tsquery('english', $query) AS q),
         terms AS MATERIALIZED (
           SELECT array_agg(lexeme) AS lexemes FROM unnest(to_tsvector('english', $words))
         ),
         -- Computed once (not once per candidate row, as an inlined subquery in FROM can be).
         df AS MATERIALIZED (
           SELECT json_agg(json_build_array(l, (SELECT count(*) FROM tool_search WHERE document @@ quote_literal(l)::tsquery))) AS terms
           FROM terms, unnest(terms.lexemes) AS l
         )
         SELECT s.tool_id,
           (SELECT coalesce(sum(cardinality(u.positions)), 0) FROM unnest(s.document) u)::integer AS len,
           (SELECT json_agg(json_build_array(u.lexeme, u.weights)) FROM unnest(s.document) u
             WHERE u.lexeme = ANY(terms.lexemes)) AS hits,
           (SELECT json_agg(json_build_array(u.lexeme, cardinality(u.positions))) FROM unnest(to_tsvector('english', s.toolkit)) u
             WHERE u.lexeme = ANY(terms.lexemes)) AS kit,
           df.terms
         FROM tool_search s, q, terms, df
         WHERE s.document @@ q.q AND s.project_id IN ($project_id, '')`,
      { query: text, words: text.replace(/[^\p{L}\p{N}]+/gu, ' '), project_id },
    )
    const df = new Map<string, number>(rows[0]?.terms ?? [])
    return rows
      .filter((c) => !keep || keep.has(c.tool_id))
      .map((c) => ({ tool_id: c.tool_id, rank: bm25(c, df, n, avgdl) }))
      .sort((a, b) => a.rank - b.rank || (a.tool_id < b.tool_id ? -1 : a.tool_id > b.tool_id ? 1 : 0))
      .slice(0, limit)
      .values()
  }
}
