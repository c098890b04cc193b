// The tools part of the read model: each server's enabled tools with a name index and their listing, and a
// project-wide name index for REST calls without server_id. Built once per server, dropped on a write to its project.
// It sits in the tools feature and uses the generic read model below it, so the two never import each other
// (docs/architecture.md, "Layers").
import type { McpTool } from '../../mcp/backend'
import { MISS, projectOfKey, type ReadModel } from '../../read-model/read-model'
import type { ToolRow, ToolsRepository } from './repository'
import type { HeldBackTool, ServerTool, ServerToolsService } from './server-tools/service'
import { deepFreeze, type SharedSchema, type SharedSchemas } from './shared-schemas'
import type { ToolkitSources } from './sources/registry'
import { mcpTool } from './view'

/** A tool of a cached set: with the shared entry of its input schema (its listing form and its validator). */
type CachedServerTool = ServerTool & { schema: SharedSchema }

/** A server's enabled tools in listing order (by name, then id), found by name through a compact index. */
interface ServerToolSet {
  enabled: CachedServerTool[]
  /** The enabled tool of that name (the first by id should two share it). */
  named(name: string): CachedServerTool | undefined
  /** Tools kept off the list because another tool of the server has their name (none listed or callable). */
  heldBack: HeldBackTool[]
  /** The tools/list items, built on first use and shared by every later page (frozen: callers only serialize). */
  listed(): McpTool[]
}

type Candidate = {
  serverId?: string
  st: Pick<ServerTool, 'tool' | 'own' | 'credentialId' | 'kind' | 'credentialMode'> & { schema?: SharedSchema }
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
 * Bounds: a set weighs its tool count, 150,000 tools held at most (each well under 1 KB with its listing: see
 * docs/decisions/0406-tool-sets-in-memory.md): one server of 100,000 tools stays in memory, and no number of projects
 * can hold more than a few hundred MB.
 */
const MAX_TOOLS_HELD = 150_000

/** The columns whose values repeat from row to row of one set (one project, a few toolkits, one import's stamps). */
const REPEATED = [
  'project_id',
  'toolkit_id',
  'function_name',
  'task_support',
  'created_at',
  'updated_at',
  'credential_provider',
  'output_schema',
  'annotations',
  'required_client_capabilities',
] as const

/**
 * Makes the rows of one set share one copy of each repeated value (each row read from storage brings its own copy
 * of every column: a hundred copies of the project id, the toolkit id, the function name and the stamps per set),
 * and the input schema text with every other set holding it. The values stay equal: only copies go.
 */
function compactRows(rows: ToolRow[], schemaText: (text: string) => string): void {
  const seen = new Map<string, string>()
  const one = (v: string) => {
    const had = seen.get(v)
    if (had !== undefined) return had
    seen.set(v, v)
    return v
  }
  for (const row of rows) {
    if (Object.isFrozen(row)) continue
    const r = row as Record<string, unknown>
    for (const col of REPEATED) {
      const v = r[col]
      if (typeof v === 'string') r[col] = one(v)
    }
    row.input_schema = schemaText(row.input_schema)
  }
}

function toolSet(
  { listed: all, heldBack }: { listed: ServerTool[]; heldBack: HeldBackTool[] },
  schemas: SharedSchemas,
): ServerToolSet {
  const enabled: CachedServerTool[] = []
  const rows: ToolRow[] = []
  for (const st of all) {
    if (!st.enabled) continue
    const cached = st as CachedServerTool
    cached.schema = schemas.acquire(st.tool.input_schema)
    enabled.push(cached)
    rows.push(st.tool)
    if (st.own) rows.push(st.own)
  }
  for (const h of heldBack) rows.push(h.tool, h.heldBy)
  compactRows(rows, (text) => schemas.peek(text)?.text ?? text)
  let listed: McpTool[] | undefined
  return {
    enabled,
    named: nameIndex(enabled),
    heldBack,
    listed: () => {
      listed ??= deepFreeze(enabled.map((s) => mcpTool(s.tool, s.schema.parsed())))
      return listed
    },
  }
}

/** FNV-1a over a name's UTF-16 code units (the name index below). */
const hashName = (s: string): number => {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h
}

/**
 * Finds a tool of `tools` by name: an open-addressing table of indexes into the array (4 bytes a slot, two to four
 * slots a tool), about a tenth of a `Map`'s ~100 bytes an entry in JavaScriptCore, and a lookup within tens of
 * nanoseconds of one. Of two tools with one name the first in the array answers.
 */
function nameIndex<T extends { tool: { name: string } }>(tools: readonly T[]): (name: string) => T | undefined {
  let size = 8
  while (size < tools.length * 2) size <<= 1
  const mask = size - 1
  const slots = new Int32Array(size).fill(-1)
  for (let i = 0; i < tools.length; i++) {
    const { name } = tools[i]!.tool
    let h = hashName(name) & mask
    while (slots[h] !== -1 && tools[slots[h]!]!.tool.name !== name) h = (h + 1) & mask
    if (slots[h] === -1) slots[h] = i
  }
  return (name) => {
    for (let h = hashName(name) & mask, i = slots[h]!; i !== -1; h = (h + 1) & mask, i = slots[h]!) {
      const st = tools[i]!
      if (st.tool.name === name) return st
    }
    return undefined
  }
}

/** Gives back what a set holds in the shared schemas (it leaves memory). */
const releaseSet = (set: ServerToolSet, schemas: SharedSchemas) => {
  for (const st of set.enabled) schemas.release(st.schema)
}

export function toolIndex(
  rm: ReadModel,
  serverTools: ServerToolsService,
  tools: ToolsRepository,
  sources: Pick<ToolkitSources, 'find'>,
  schemas: SharedSchemas,
): ToolIndex {
  const serverSets = rm.view(
    async (projectId: string, serverId: string) => toolSet(await serverTools.resolve(projectId, serverId), schemas),
    (projectId, serverId) => `${projectId}\u0000${serverId}`,
    {
      maxEntries: 10_000,
      maxWeight: MAX_TOOLS_HELD,
      weigh: (s) => 1 + s.enabled.length + s.heldBack.length,
      dispose: (s) => releaseSet(s, schemas),
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
        for (const st of (await server(projectId, serverId)).enabled) {
          const { name } = st.tool
          const list = names.get(name)
          // Two enabled tools of one name: the first (by id) answers, as on the server itself.
          if (list?.at(-1)?.serverId === serverId) continue
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
