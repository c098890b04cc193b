// Servers: create (with a unique slug), read, list, update, delete — always within one project.
import type { Store } from '../../db/store'
import { notFound } from '../../lib/errors'
import { newId, nowIso } from '../../lib/ids'
import { decodeCursor, page } from '../../lib/pagination'
import type { ServerRow } from '../../lib/server'
import { type DiscoverySettings, discoveryOf, mergedDiscovery } from './discovery'
import type { ServersRepository } from './repository'
import { uniqueSlug } from './slug'

export interface ToolkitAttachment {
  toolkit_id: string
  credentials?: Record<string, string>
}

/** What the toolkits/tools feature contributes to servers: attaching toolkits and describing a server's tools. */
export interface ServerToolsPort {
  /** Runs inside the server's write transaction; throws AppError (404 unknown toolkit, 409 duplicate tool name). */
  attachToolkits(projectId: string, serverId: string, toolkits: ToolkitAttachment[], mode: 'add' | 'replace'): void
  describe(projectId: string, serverId: string): { toolkits: unknown[]; tools: unknown[] }
  /** Runs inside the server's write transaction after its discovery settings changed: 409 for a reserved tool name. */
  discoveryChanged(projectId: string, serverId: string): void
}

export interface ServerView {
  id: string
  slug: string
  name: string
  display_name?: string
  description?: string
  auth: 'api_key' | 'none'
  tool_discovery: DiscoverySettings
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
}

export type UpdateServerInput = Partial<Omit<CreateServerInput, 'toolkits'>> & { toolkits?: ToolkitAttachment[] }

export function serversService(store: Store, repo: ServersRepository, publicUrl: () => string, tools: ServerToolsPort) {
  const view = (s: ServerRow): ServerView => ({
    id: s.id,
    slug: s.slug,
    name: s.name,
    ...(s.display_name !== null ? { display_name: s.display_name } : {}),
    ...(s.description !== null ? { description: s.description } : {}),
    auth: s.auth,
    tool_discovery: discoveryOf(s.tool_discovery),
    url: `${publicUrl()}/mcp/${s.slug}`,
    created_at: s.created_at,
    updated_at: s.updated_at,
  })

  const mustGet = (projectId: string, id: string): ServerRow => {
    const row = repo.byId(projectId, id)
    if (!row) throw notFound('server')
    return row
  }

  return {
    view,
    mustGet,
    create(projectId: string, input: CreateServerInput): ServerView {
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
        created_at: at,
        updated_at: at,
      }
      // Slug choice and insert share one transaction so two concurrent creates cannot take the same slug.
      store.txSync(() => {
        row.slug = uniqueSlug(input.name, repo.slugTaken)
        repo.insert(row)
        if (input.toolkits?.length) tools.attachToolkits(projectId, row.id, input.toolkits, 'add')
      })
      return view(row)
    },
    get: (projectId: string, id: string) => view(mustGet(projectId, id)),
    detail(projectId: string, id: string) {
      const server = view(mustGet(projectId, id))
      return { ...server, ...tools.describe(projectId, id) }
    },
    list(projectId: string, limit: number, cursor?: string) {
      const rows = repo.list(projectId, decodeCursor(cursor), limit + 1)
      const { items, next_cursor } = page(rows, limit)
      return { servers: items.map(view), ...(next_cursor ? { next_cursor } : {}) }
    },
    update(projectId: string, id: string, input: UpdateServerInput): ServerView {
      const current = mustGet(projectId, id)
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
        updated_at: nowIso(),
      }
      store.txSync(() => {
        repo.update(next)
        if (input.toolkits) tools.attachToolkits(projectId, id, input.toolkits, 'replace')
        else if (input.tool_discovery) tools.discoveryChanged(projectId, id)
      })
      return view(next)
    },
    remove(projectId: string, id: string): void {
      if (!repo.remove(projectId, id)) throw notFound('server')
    },
    /** For the protocol endpoint: any project's server by its slug. */
    bySlug: (slug: string) => repo.bySlug(slug),
  }
}
export type ServersService = ReturnType<typeof serversService>
