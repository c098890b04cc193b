// Searching one server's tools: the index's matches (its project's and the pre-built tools, best first) kept to the
// tools enabled on that server, so no other project's tool and no tool the server does not carry can come back.
import type { ServerRef } from '../../../lib/request-context'
import type { ToolRow } from '../repository'
import type { ServerTool } from '../server-tools/service'
import type { ToolIndex } from '../tool-index'
import { ftsQuery, searchTerms } from './query'
import type { ToolSearchRepository } from './repository'

export const SEARCH_LIMIT_DEFAULT = 8
export const SEARCH_LIMIT_MAX = 50

export interface FoundTool {
  tool: ToolRow
  /** Higher is better: BM25 with column weights, sign turned, 4 decimals. */
  score: number
}

/** `beforeSearch`: brings the pre-built tools into the index the first time (build.ts), a no-op after. */
export function toolSearch(
  repo: ToolSearchRepository,
  index: Pick<ToolIndex, 'server'>,
  beforeSearch: () => Promise<void>,
) {
  // A server's enabled tools by id, made once per tool set (the read model hands out the same set until a write).
  const byId = new WeakMap<object, Map<string, ServerTool>>()
  const enabledById = async (projectId: string, serverId: string) => {
    const set = await index.server(projectId, serverId)
    let ids = byId.get(set)
    if (!ids) {
      ids = new Map(set.enabled.map((st) => [st.tool.id, st] as const))
      byId.set(set, ids)
    }
    return ids
  }

  return {
    /** The server's tools best matching `text`, at most `limit` (1–50); none when the text has no searchable word. */
    async search(server: ServerRef, text: string, limit = SEARCH_LIMIT_DEFAULT): Promise<FoundTool[]> {
      const terms = searchTerms(text)
      if (!terms.length) return []
      await beforeSearch()
      const n = Math.min(Math.max(1, Math.trunc(limit)), SEARCH_LIMIT_MAX)
      const onServer = await enabledById(server.project_id, server.id)
      const found: FoundTool[] = []
      for (const m of await repo.matches(ftsQuery(terms), server.project_id, onServer, n)) {
        const st = onServer.get(m.tool_id)
        if (st) found.push({ tool: st.tool, score: Math.round(-m.rank * 10_000) / 10_000 })
      }
      return found
    },
  }
}
export type ToolSearch = ReturnType<typeof toolSearch>
