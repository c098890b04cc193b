// Semantic ranking fused with BM25F (docs/decisions/0371-semantic-tool-search.md): when TOOLYARD_EMBEDDINGS_URL is set,
// each tool set's texts are embedded in the background, and a search whose set is fully embedded ranks by reciprocal-
// rank fusion of the BM25F order and the cosine order. A set not ready yet, or an endpoint failing, leaves BM25F alone.
import type { ServerTool } from '../server-tools/service'
import { dot, type EmbeddingsClient } from './embeddings'
import type { Ranked } from './rank'

/** RRF's constant: a document's share is 1 / (K + its rank), as in Cormack et al. (2009). */
const RRF_K = 60
/** How deep each ranking is read before fusing. */
const DEPTH = 50

/** What is embedded for a tool: its name as words, its title and its description. */
const toolText = (st: ServerTool) =>
  [st.tool.name.replace(/[_\-.]+/g, ' '), st.tool.title ?? '', st.tool.description ?? ''].filter(Boolean).join('. ')

interface SetVectors {
  vectors: (Float32Array | undefined)[]
  missing: number
}

export function semanticRanking(client: EmbeddingsClient) {
  const sets = new WeakMap<readonly ServerTool[], SetVectors>()

  /** The set's vectors when every tool has one; otherwise undefined, and the missing ones are asked for in the background. */
  function vectorsOf(tools: readonly ServerTool[]): (Float32Array | undefined)[] | undefined {
    let state = sets.get(tools)
    if (!state) {
      state = { vectors: new Array(tools.length), missing: tools.length }
      sets.set(tools, state)
    }
    if (state.missing) {
      let missing = 0
      tools.forEach((st, i) => {
        if (state.vectors[i]) return
        const v = client.vectorOf(toolText(st))
        if (v) state.vectors[i] = v
        else missing++
      })
      state.missing = missing
      if (missing) client.fill()
    }
    return state.missing ? undefined : state.vectors
  }

  return {
    /**
     * BM25F's best (`bm25`, ranked at depth) fused with the cosine order, the best `limit` first; undefined when the
     * set is not fully embedded or the query could not be embedded (the caller keeps BM25F's order).
     */
    async fuse(
      tools: readonly ServerTool[],
      text: string,
      bm25: readonly Ranked[],
      limit: number,
    ): Promise<Ranked[] | undefined> {
      const vectors = vectorsOf(tools)
      if (!vectors) return undefined
      const query = await client.queryVector(text)
      if (!query) return undefined
      const cosine = tools
        .map((st, i) => ({ st, score: dot(query, vectors[i] as Float32Array) }))
        .sort((a, b) => b.score - a.score || (a.st.tool.name < b.st.tool.name ? -1 : 1))
        .slice(0, DEPTH)
      const fused = new Map<ServerTool, number>()
      for (const list of [bm25.slice(0, DEPTH), cosine])
        list.forEach(({ st }, rank) => {
          fused.set(st, (fused.get(st) ?? 0) + 1 / (RRF_K + rank + 1))
        })
      return [...fused]
        .map(([st, score]) => ({ st, score }))
        .sort((a, b) => b.score - a.score || (a.st.tool.name < b.st.tool.name ? -1 : 1))
        .slice(0, limit)
    },
  }
}
export type SemanticRanking = ReturnType<typeof semanticRanking>
