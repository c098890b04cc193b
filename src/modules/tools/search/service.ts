// Searching one server's tools: the index's matches (its project's and the pre-built tools, best first) kept to the
// tools enabled on that server, so no other project's tool and no tool the server does not carry can come back.
import type { ServerRef } from '../../../lib/request-context'
import type { ToolRow } from '../repository'
import type { ToolIndex } from '../tool-index'
import { weightedTerms } from './query'
import { buildToolSetIndex, type Ranked, type ToolSetIndex } from './rank'
import type { SemanticRanking } from './semantic'

export const SEARCH_LIMIT_DEFAULT = 8
export const SEARCH_LIMIT_MAX = 50

export interface FoundTool {
  tool: ToolRow
  /**
   * Higher is better, 4 decimals: BM25F over name, title, description and parameters; with embeddings on and ready,
   * the reciprocal-rank fusion of that order and the semantic one (docs/decisions/0371-semantic-tool-search.md).
   */
  score: number
}

/** `beforeSearch`: brings the catalog copy up to date the first time (build.ts), a no-op after. */
export function toolSearch(
  index: Pick<ToolIndex, 'server'>,
  beforeSearch: () => Promise<void>,
  /** A toolkit's name and display name (searchable: "weather" finds the weather toolkit's tools); '' when unknown. */
  toolkitText: (projectId: string, toolkitId: string) => Promise<string>,
  /** TOOLYARD_EMBEDDINGS_URL's ranking, fused with BM25F when ready; absent: BM25F alone. */
  semantic?: SemanticRanking,
) {
  // A server's search index, made on its first search per tool set (the read model hands out the same set until a
  // write touches it, and the index goes with the set).
  const indexes = new WeakMap<object, ToolSetIndex>()
  const indexOf = async (projectId: string, serverId: string) => {
    const set = await index.server(projectId, serverId)
    let built = indexes.get(set)
    if (!built) {
      const kits = new Map<string, string>()
      for (const st of set.enabled)
        if (!kits.has(st.tool.toolkit_id))
          kits.set(st.tool.toolkit_id, await toolkitText(projectId, st.tool.toolkit_id))
      built = buildToolSetIndex(set.enabled, (toolkitId) => kits.get(toolkitId) ?? '')
      indexes.set(set, built)
    }
    return { built, tools: set.enabled }
  }

  return {
    /** The server's tools best matching `text`, at most `limit` (1–50); none when the text has no searchable word. */
    async search(server: ServerRef, text: string, limit = SEARCH_LIMIT_DEFAULT): Promise<FoundTool[]> {
      const terms = weightedTerms(text)
      if (!terms.length) return []
      await beforeSearch()
      const n = Math.min(Math.max(1, Math.trunc(limit)), SEARCH_LIMIT_MAX)
      const { built, tools } = await indexOf(server.project_id, server.id)
      if (!semantic) return rounded(built.rank(terms, n))
      const bm25 = built.rank(terms, SEARCH_LIMIT_MAX)
      return rounded((await semantic.fuse(tools, text, bm25, n)) ?? bm25.slice(0, n))
    },
  }
}

const rounded = (ranked: readonly Ranked[]): FoundTool[] =>
  ranked.map((r) => ({ tool: r.st.tool, score: Math.round(r.score * 10_000) / 10_000 }))
export type ToolSearch = ReturnType<typeof toolSearch>
