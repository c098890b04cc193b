// Toolkits: the project's hosted toolkits plus the pre-built ones every project sees (read-only).
import { badRequest, conflict, notFound } from '../../../lib/errors'
import type { EventBus } from '../../../lib/events'
import { newId, nowIso } from '../../../lib/ids'
import { pageAfterId } from '../../../lib/pagination'
import type { ToolsRepository } from '../repository'
import { toolView } from '../view'
import type { PrebuiltCatalog, PrebuiltToolkit } from './prebuilt'
import type { ToolkitRow, ToolkitsRepository } from './repository'

export interface ToolkitView {
  id: string
  name: string
  display_name?: string
  description?: string
  toolkit_type: 'hosted' | 'prebuilt'
  status: string
  provider?: string
  created_at?: string
  updated_at?: string
}

const hostedView = (k: ToolkitRow): ToolkitView => ({
  id: k.id,
  name: k.name,
  ...(k.display_name !== null ? { display_name: k.display_name } : {}),
  ...(k.description !== null ? { description: k.description } : {}),
  toolkit_type: 'hosted',
  status: k.status,
  created_at: k.created_at,
  updated_at: k.updated_at,
})

const prebuiltView = (k: PrebuiltToolkit): ToolkitView => ({
  id: k.id,
  name: k.name,
  ...(k.display_name ? { display_name: k.display_name } : {}),
  ...(k.description ? { description: k.description } : {}),
  toolkit_type: 'prebuilt',
  status: 'active',
  ...(k.provider ? { provider: k.provider } : {}),
})

const immutable = () =>
  badRequest('pre-built toolkits cannot be changed or deleted; create your own toolkit with POST /toolkits')

export function toolkitsService(
  repo: ToolkitsRepository,
  tools: ToolsRepository,
  catalog: PrebuiltCatalog,
  events: EventBus,
) {
  const mustGetHosted = (projectId: string, id: string): ToolkitRow => {
    if (catalog.toolkit(id)) throw immutable()
    const row = repo.byId(projectId, id)
    if (!row) throw notFound('toolkit')
    return row
  }

  return {
    create(projectId: string, input: { name: string; display_name?: string; description?: string }): ToolkitView {
      const at = nowIso()
      const row: ToolkitRow = {
        id: newId(),
        project_id: projectId,
        name: input.name,
        display_name: input.display_name ?? null,
        description: input.description ?? null,
        toolkit_type: 'hosted',
        status: 'active',
        created_at: at,
        updated_at: at,
      }
      try {
        repo.insert(row)
      } catch (e) {
        if (String((e as Error).message).includes('UNIQUE'))
          throw conflict(`a toolkit named "${input.name}" already exists in this project`)
        throw e
      }
      return hostedView(row)
    },
    /** Pre-built toolkits first (catalog order), then the project's own by creation. */
    list(projectId: string, limit: number, cursor?: string) {
      // Pre-built ids are not UUIDs, so the cursor names the last toolkit id seen in this combined list.
      const all = [...catalog.toolkits.map(prebuiltView), ...repo.all(projectId).map(hostedView)]
      const { items, next_cursor } = pageAfterId(all, limit, cursor)
      return { toolkits: items, ...(next_cursor ? { next_cursor } : {}) }
    },
    /** A toolkit with its tools; pre-built ones are visible to every project. */
    get(projectId: string, id: string) {
      const prebuilt = catalog.toolkit(id)
      if (prebuilt) return { ...prebuiltView(prebuilt), tools: prebuilt.tools.map(toolView) }
      const row = repo.byId(projectId, id)
      if (!row) throw notFound('toolkit')
      return { ...hostedView(row), tools: tools.byToolkit(id).map(toolView) }
    },
    update(
      projectId: string,
      id: string,
      input: { display_name?: string | null; description?: string | null },
    ): ToolkitView {
      const current = mustGetHosted(projectId, id)
      const next: ToolkitRow = {
        ...current,
        display_name: input.display_name !== undefined ? input.display_name : current.display_name,
        description: input.description !== undefined ? input.description : current.description,
        updated_at: nowIso(),
      }
      repo.update(next)
      return hostedView(next)
    },
    /** Deletes the toolkit and its tools; triggers detach it from every server (migration 002). */
    remove(projectId: string, id: string): void {
      mustGetHosted(projectId, id)
      repo.remove(projectId, id)
      events.publish({ type: 'list_changed', list: 'tools', projectId })
    },
    /** Any toolkit the project may attach: its own or a pre-built one. */
    find(projectId: string, id: string): { id: string; name: string; prebuilt: boolean } | undefined {
      const prebuilt = catalog.toolkit(id)
      if (prebuilt) return { id, name: prebuilt.name, prebuilt: true }
      const row = repo.byId(projectId, id)
      return row ? { id, name: row.name, prebuilt: false } : undefined
    },
  }
}
export type ToolkitsService = ReturnType<typeof toolkitsService>
