// The toolkit sources by kind, and the lookups every feature uses: which toolkits a project sees, a toolkit's tools,
// one tool, and the kind a tool belongs to (docs/decisions/0027-open-kinds.md).
import type { ToolRow, ToolsRepository } from '../repository'
import type { ToolkitRow, ToolkitsRepository } from '../toolkits/repository'
import type { ToolkitRecord, ToolkitSource } from './source'

/** A toolkit and the source of its kind. */
export interface FoundToolkit {
  source: ToolkitSource
  toolkit: ToolkitRecord
}

export const rowRecord = (k: ToolkitRow): ToolkitRecord => ({
  id: k.id,
  name: k.name,
  ...(k.display_name !== null ? { display_name: k.display_name } : {}),
  ...(k.description !== null ? { description: k.description } : {}),
  toolkit_type: k.toolkit_type,
  status: k.status,
  created_at: k.created_at,
  updated_at: k.updated_at,
})

export function toolkitSources(
  sources: readonly ToolkitSource[],
  rows: { toolkits: Pick<ToolkitsRepository, 'byId' | 'all'>; tools: Pick<ToolsRepository, 'byId'> },
) {
  const byKind = new Map(sources.map((s) => [s.kind, s] as const))
  if (byKind.size !== sources.length) throw new Error('two toolkit sources share a kind')
  const builtIn = sources.filter((s) => s.builtIn)

  /** A row of a kind no source serves (written by a newer Toolyard) is not shown rather than misread. */
  const fromRow = (row: ToolkitRow | null): FoundToolkit | undefined => {
    const source = row ? byKind.get(row.toolkit_type) : undefined
    return row && source && !source.builtIn ? { source, toolkit: rowRecord(row) } : undefined
  }

  /** A pre-built toolkit of that id (no storage read), else undefined. */
  const builtInToolkit = (id: string): FoundToolkit | undefined => {
    for (const source of builtIn) {
      const toolkit = source.builtIn!.toolkit(id)
      if (toolkit) return { source, toolkit }
    }
    return undefined
  }

  const find = async (projectId: string, id: string): Promise<FoundToolkit | undefined> =>
    builtInToolkit(id) ?? fromRow(await rows.toolkits.byId(projectId, id))

  return {
    kinds: [...byKind.keys()],
    source: (kind: string) => byKind.get(kind),
    find,
    /** Pre-built toolkits first (source order, then theirs), then the project's rows by creation. */
    async all(projectId: string): Promise<FoundToolkit[]> {
      const own = builtIn.flatMap((source) => source.builtIn!.toolkits.map((toolkit) => ({ source, toolkit })))
      const rowKits = (await rows.toolkits.all(projectId)).flatMap((r) => fromRow(r) ?? [])
      return [...own, ...rowKits]
    },
    /** A toolkit's tools with their kind; none when the toolkit is unknown. */
    async tools(projectId: string, toolkitId: string): Promise<{ kind?: string; tools: ToolRow[] }> {
      const found = await find(projectId, toolkitId)
      return found ? { kind: found.source.kind, tools: await found.source.listTools(toolkitId) } : { tools: [] }
    },
    /** One tool the project may use (its own or a built-in one) with its kind. */
    async tool(projectId: string, toolId: string): Promise<{ source: ToolkitSource; tool: ToolRow } | undefined> {
      for (const source of builtIn) {
        const tool = source.builtIn!.tool(toolId)
        if (tool) return { source, tool }
      }
      const tool = await rows.tools.byId(projectId, toolId)
      const found = tool ? await find(projectId, tool.toolkit_id) : undefined
      return tool && found ? { source: found.source, tool } : undefined
    },
  }
}
export type ToolkitSources = ReturnType<typeof toolkitSources>
