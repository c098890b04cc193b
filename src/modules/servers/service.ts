// Servers: create (with a unique slug), read, list, update, delete — always within one project.
import type { StoragePort } from '../../db/store'
import { notFound } from '../../lib/errors'
import { newId, nowIso } from '../../lib/ids'
import { decodeCursor, page } from '../../lib/pagination'
import type { ServerRow } from '../../lib/server'
import type { MISS } from '../../read-model/read-model'
import { type DiscoverySettings, discoveryOf, mergedDiscovery } from './discovery'
import type { ServersRepository } from './repository'
import { firstFreeSlug } from './slug'

export interface ToolkitAttachment {
  toolkit_id: string
  credentials?: Record<string, string>
  /**
   * The toolkit's tools are listed as `<prefix>_<name>`; '' lists them under their own names. Not given: the prefix
   * the attachment already has, else the toolkit's default (docs/decisions/0211-attachment-prefix.md).
   */
  prefix?: string
  /** Not given: the attachment's mode, else `shared` (docs/decisions/0333-credential-mode.md). */
  credential_mode?: 'shared' | 'per_user' | 'per_user_then_shared'
}

/** A server's toolkits and tools as GET /servers/{id} shows them; `held_back`: tools another tool's name keeps off. */
type ServerToolsShown = { toolkits: unknown[]; tools: unknown[]; held_back?: unknown[] }

/** What the toolkits/tools feature contributes to servers: attaching toolkits and describing a server's tools. */
export interface ServerToolsPort {
  /** Runs inside the server's write transaction; throws AppError (404 unknown toolkit, 409 a second tool of a name). */
  attachToolkits(
    projectId: string,
    serverId: string,
    toolkits: ToolkitAttachment[],
    mode: 'add' | 'replace',
  ): void | Promise<void>
  describe(projectId: string, serverId: string): ServerToolsShown | Promise<ServerToolsShown>
  /** Runs inside the server's write transaction after its discovery settings changed: 409 for a reserved tool name. */
  discoveryChanged(projectId: string, serverId: string): void | Promise<void>
}

export interface ServerView {
  id: string
  slug: string
  name: string
  display_name?: string
  description?: string
  auth: 'api_key' | 'none'
  tool_discovery: DiscoverySettings
  log_arguments: 'none' | 'redacted' | 'full'
  url: string
  created_at: string
  updated_at: string
}

export interface CreateServerInput {
  name: string
  display_name?: string
  description?: string
  auth?: 'api_key' | 'none'
  toolkits?: ToolkitAttachment[]
  tool_discovery?: Partial<DiscoverySettings>
  log_arguments?: 'none' | 'redacted' | 'full'
}

export type UpdateServerInput = Partial<Omit<CreateServerInput, 'toolkits'>> & { toolkits?: ToolkitAttachment[] }

/** The servers port plus the request path's synchronous hit (src/read-model/cached-repositories.ts). */
type CachedServers = ServersRepository & { peekBySlug(slug: string): ServerRow | null | typeof MISS }

export function serversService(
  store: StoragePort,
  repo: CachedServers,
  publicUrl: () => string,
  tools: ServerToolsPort,
) {
  const view = (s: ServerRow): ServerView => ({
    id: s.id,
    slug: s.slug,
    name: s.name,
    ...(s.display_name !== null ? { display_name: s.display_name } : {}),
    ...(s.description !== null ? { description: s.description } : {}),
    auth: s.auth,
    tool_discovery: discoveryOf(s.tool_discovery),
    log_arguments: s.log_arguments ?? 'none',
    url: `${publicUrl()}/mcp/${s.slug}`,
    created_at: s.created_at,
    updated_at: s.updated_at,
  })

  const mustGet = async (projectId: string, id: string): Promise<ServerRow> => {
    const row = await repo.byId(projectId, id)
    if (!row) throw notFound('server')
    return row
  }

  return {
    view,
    mustGet,
    async create(projectId: string, input: CreateServerInput): Promise<ServerView> {
      const at = nowIso()
      const row: ServerRow = {
        id: newId(),
        project_id: projectId,
        slug: '',
        name: input.name,
        display_name: input.display_name ?? null,
        description: input.description ?? null,
        auth: input.auth ?? 'api_key',
        tool_discovery: input.tool_discovery ? JSON.stringify(mergedDiscovery(null, input.tool_discovery)) : null,
        log_arguments: input.log_arguments ?? 'none',
        created_at: at,
        updated_at: at,
      }
      // Slug choice and insert share one transaction so two concurrent creates cannot take the same slug.
      await store.tx(async () => {
        row.slug = await firstFreeSlug(input.name, repo.slugTaken)
        await repo.insert(row)
        if (input.toolkits?.length) await tools.attachToolkits(projectId, row.id, input.toolkits, 'add')
      })
      return view(row)
    },
    get: async (projectId: string, id: string) => view(await mustGet(projectId, id)),
    async detail(projectId: string, id: string) {
      const server = view(await mustGet(projectId, id))
      return { ...server, ...(await tools.describe(projectId, id)) }
    },
    async list(projectId: string, limit: number, cursor?: string) {
      const rows = await repo.list(projectId, decodeCursor(cursor), limit + 1)
      const { items, next_cursor } = page(rows, limit)
      return { servers: items.map(view), ...(next_cursor ? { next_cursor } : {}) }
    },
    async update(projectId: string, id: string, input: UpdateServerInput): Promise<ServerView> {
      const current = await mustGet(projectId, id)
      // The slug stays: agents already have the server's URL configured.
      const next: ServerRow = {
        ...current,
        name: input.name ?? current.name,
        display_name: input.display_name !== undefined ? input.display_name : current.display_name,
        description: input.description !== undefined ? input.description : current.description,
        auth: input.auth ?? current.auth,
        tool_discovery: input.tool_discovery
          ? JSON.stringify(mergedDiscovery(current.tool_discovery, input.tool_discovery))
          : current.tool_discovery,
        log_arguments: input.log_arguments ?? current.log_arguments ?? 'none',
        updated_at: nowIso(),
      }
      await store.tx(async () => {
        await repo.update(next)
        if (input.toolkits) await tools.attachToolkits(projectId, id, input.toolkits, 'replace')
        else if (input.tool_discovery) await tools.discoveryChanged(projectId, id)
      })
      return view(next)
    },
    async remove(projectId: string, id: string): Promise<void> {
      if (!(await repo.remove(projectId, id))) throw notFound('server')
    },
    /** Any project's server by its slug. */
    bySlug: (slug: string) => repo.bySlug(slug),
    /**
     * For the protocol endpoint's admission: the server by slug when the read model holds it (no promise made on the
     * request path), else `MISS` — then `bySlug` loads it.
     */
    peekBySlug: (slug: string) => repo.peekBySlug(slug),
  }
}
export type ServersService = ReturnType<typeof serversService>
