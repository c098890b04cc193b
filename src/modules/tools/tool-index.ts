// The tools part of the read model: each server's enabled tools with a name index and their listing, and a
// project-wide name index for REST calls without server_id. Built once per server, dropped on any write. It sits in
// the tools feature and uses the generic read model below it, so the two never import each other
// (docs/architecture.md, "Layers").
import type { McpTool } from '../../mcp/backend'
import { MISS, projectOfKey, type ReadModel } from '../../read-model/read-model'
import type { ToolRow, ToolsRepository } from './repository'
import type { HeldBackTool, ServerTool, ServerToolsService } from './server-tools/service'
import type { ToolkitSources } from './sources/registry'
import { mcpTool } from './view'

/** A server's enabled tools in listing order (by name), found by name in O(1). */
interface ServerToolSet {
  enabled: ServerTool[]
  byName: Map<string, ServerTool>
  /** Tools kept off the list because another tool of the server has their name (none listed or callable). */
  heldBack: HeldBackTool[]
  /** The tools/list items, built on first use and shared by every later page (frozen: callers only serialize). */
  listed(): McpTool[]
}

type Candidate = {
  serverId?: string
  st: Pick<ServerTool, 'tool' | 'own' | 'credentialId' | 'kind' | 'credentialMode'>
}

export interface ToolIndex {
  /**
   * The server's tool set: from memory with no promise made when it is there (the request path's hit), else a
   * promise of it, loaded through the storage ports.
   */
  server(projectId: string, serverId: string): ServerToolSet | Promise<ServerToolSet>
  /** Every server of the project carrying an enabled tool of that name; the project's unattached tools otherwise. */
  named(projectId: string, name: string): Promise<Candidate[]>
  /** The union over the project's servers (deduplicated by tool id), by name. */
  inProject(projectId: string): Promise<ToolRow[]>
}

/**
 * Bounds: a set weighs its tool count, 150,000 tools held at most (each ~1–2 KB with its listing): one server of
 * 100,000 tools stays in memory, and no number of projects can hold more than a few hundred MB.
 */
const MAX_TOOLS_HELD = 150_000

const deepFreeze = <T>(v: T): T => {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v)
    for (const x of Object.values(v)) deepFreeze(x)
  }
  return v
}

function toolSet({ listed: all, heldBack }: { listed: ServerTool[]; heldBack: HeldBackTool[] }): ServerToolSet {
  const enabled = all.filter((s) => s.enabled)
  const byName = new Map<string, ServerTool>()
  for (const st of enabled) if (!byName.has(st.tool.name)) byName.set(st.tool.name, st)
  let listed: McpTool[] | undefined
  return {
    enabled,
    byName,
    heldBack,
    listed: () => {
      listed ??= deepFreeze(enabled.map((s) => mcpTool(s.tool)))
      return listed
    },
  }
}

export function toolIndex(
  rm: ReadModel,
  serverTools: ServerToolsService,
  tools: ToolsRepository,
  sources: Pick<ToolkitSources, 'find'>,
): ToolIndex {
  const serverSets = rm.view(
    async (projectId: string, serverId: string) => toolSet(await serverTools.resolve(projectId, serverId)),
    (projectId, serverId) => `${projectId}\u0000${serverId}`,
    {
      maxEntries: 10_000,
      maxWeight: MAX_TOOLS_HELD,
      weigh: (s) => 1 + s.enabled.length + s.heldBack.length,
      areas: ['servers', 'tools'],
      projectOf: projectOfKey,
    },
  )
  const server = (projectId: string, serverId: string): ServerToolSet | Promise<ServerToolSet> => {
    const hit = serverSets.peek(projectId, serverId)
    return hit === MISS ? serverSets.get(projectId, serverId) : hit
  }
  const projectServers = rm.view(
    (projectId: string) => serverTools.projectServers(projectId),
    (projectId) => projectId,
    {
      maxEntries: 10_000,
      maxWeight: 1_000_000,
      weigh: (ids) => 1 + ids.length,
      areas: ['servers'],
      projectOf: projectOfKey,
    },
  )
  type ProjectNames = Map<string, { serverId: string; st: ServerTool }[]>
  const projectNames = rm.view(
    async (projectId: string): Promise<ProjectNames> => {
      const names: ProjectNames = new Map()
      for (const serverId of await projectServers.get(projectId))
        for (const [name, st] of (await server(projectId, serverId)).byName) {
          const list = names.get(name)
          if (list) list.push({ serverId, st })
          else names.set(name, [{ serverId, st }])
        }
      return names
    },
    (projectId) => projectId,
    {
      maxEntries: 1_000,
      maxWeight: MAX_TOOLS_HELD,
      weigh: (m) => 1 + m.size,
      areas: ['servers', 'tools'],
      projectOf: projectOfKey,
    },
  )
  const unattached = rm.view(
    // A tool of a kind no source serves is left out, as everywhere else.
    async (projectId: string, name: string) => {
      const found: Candidate[] = []
      for (const tool of await tools.byName(projectId, name)) {
        const kind = (await sources.find(projectId, tool.toolkit_id))?.source.kind
        if (kind) found.push({ st: { tool, kind } })
      }
      return found
    },
    (projectId, name) => `${projectId}\u0000${name}`,
    { maxEntries: 10_000, areas: ['tools'], projectOf: projectOfKey },
  )

  return {
    server,
    async named(projectId, name) {
      const found = (await projectNames.get(projectId)).get(name)
      if (found?.length) return found
      return unattached.get(projectId, name)
    },
    async inProject(projectId) {
      // By id and name: one tool attached under two prefixes on two servers is listed (and callable) under both.
      const seen = new Map<string, ToolRow>()
      for (const serverId of await projectServers.get(projectId))
        for (const s of (await server(projectId, serverId)).enabled) {
          const key = `${s.tool.id}\u0000${s.tool.name}`
          if (!seen.has(key)) seen.set(key, s.tool)
        }
      return [...seen.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    },
  }
}
