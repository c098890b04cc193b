// Toolkits: every kind the registry knows (src/modules/tools/sources), listed and read alike; REST creates and
// edits the project's hosted ones, and a read-only kind (pre-built) says why it cannot be changed.

import { badRequest, conflict, notFound } from '../../../lib/errors'
import type { EventBus } from '../../../lib/events'
import { newId, nowIso } from '../../../lib/ids'
import { pageAfterId } from '../../../lib/pagination'
import { UniqueViolation } from '../../../lib/storage-errors'
import type { ToolkitChanges } from '../changes/service'
import type { LocalSpecInput } from '../kinds/local/model'
import type { LocalToolkits } from '../kinds/local/service'
import type { RemoteSpecInput } from '../kinds/remote/model'
import type { RemoteToolkits } from '../kinds/remote/service'
import { rowRecord, type ToolkitSources } from '../sources/registry'
import type { ToolkitRecord } from '../sources/source'
import { toolView } from '../view'
import { newToolkitRow, type ToolkitRow, type ToolkitsRepository } from './repository'

export type ToolkitView = ToolkitRecord

/** One of the toolkit's tools a server does not list, because another toolkit's tool came there first with its name. */
export interface NameCollision {
  server_id: string
  name: string
  tool_id: string
  held_by: { tool_id: string; toolkit_id: string; toolkit_name: string }
}

/** The toolkit's held-back tools on the servers that carry it (at most `limit`). */
export type NameCollisions = (projectId: string, toolkitId: string, limit: number) => Promise<NameCollision[]>

/** Collisions GET /toolkits/{id} shows at most: a toolkit on many servers still answers a bounded body. */
const COLLISIONS_SHOWN = 100

interface CreateToolkitInput {
  name: string
  display_name?: string
  description?: string
  toolkit_type?: 'hosted' | 'remote' | 'local'
  remote?: RemoteSpecInput
  review_changes?: boolean
  local?: LocalSpecInput
}

/** The kinds whose tools come from elsewhere and may be pinned (docs/decisions/0347-pinned-definitions.md). */
const REVIEWABLE = new Set(['remote', 'openapi'])

export function toolkitsService(
  repo: ToolkitsRepository,
  sources: ToolkitSources,
  events: EventBus,
  remote?: Pick<RemoteToolkits, 'create' | 'refresh' | 'forget'>,
  local?: Pick<LocalToolkits, 'create' | 'refresh' | 'forget'>,
  collisions?: NameCollisions,
  changes?: ToolkitChanges,
) {
  const mustGetEditable = async (projectId: string, id: string): Promise<ToolkitRow> => {
    const found = await sources.find(projectId, id)
    if (found?.source.readOnly?.toolkit) throw badRequest(found.source.readOnly.toolkit)
    const row = found ? await repo.byId(projectId, id) : null
    if (!row) throw notFound('toolkit')
    return row
  }

  return {
    /** POST /toolkits: a hosted toolkit, or a remote one once its upstream listed its tools (400 upstream_failed). */
    async createOfKind(projectId: string, input: CreateToolkitInput): Promise<ToolkitView> {
      if (input.toolkit_type === 'local' || input.local) {
        if (input.toolkit_type !== 'local')
          throw badRequest('local is only for toolkit_type "local"', [
            { field: 'body.local', message: 'only for toolkit_type "local"' },
          ])
        if (!input.local || !local)
          throw badRequest('a local toolkit needs local: {server, ...}', [
            { field: 'body.local', message: 'required for toolkit_type "local"' },
          ])
        if (input.remote)
          throw badRequest('remote is only for toolkit_type "remote"', [
            { field: 'body.remote', message: 'only for toolkit_type "remote"' },
          ])
        const { toolkit_type: _, local: spec, remote: __, ...rest } = input
        return local.create(projectId, { ...rest, local: spec })
      }
      if (input.toolkit_type === 'remote' || input.remote) {
        if (input.toolkit_type !== 'remote')
          throw badRequest('remote is only for toolkit_type "remote"', [
            { field: 'body.remote', message: 'only for toolkit_type "remote"' },
          ])
        if (!input.remote || !remote)
          throw badRequest('a remote toolkit needs remote: {url, ...}', [
            { field: 'body.remote', message: 'required for toolkit_type "remote"' },
          ])
        const { toolkit_type: _, remote: spec, local: __, ...rest } = input
        return remote.create(projectId, { ...rest, remote: spec })
      }
      const { toolkit_type: _, review_changes: review, local: __, ...hosted } = input
      if (review !== undefined)
        throw badRequest("review_changes is for remote and OpenAPI toolkits: a hosted toolkit's tools are your own", [
          { field: 'body.review_changes', message: 'only for remote and openapi toolkits' },
        ])
      return this.create(projectId, hosted)
    },
    async create(
      projectId: string,
      input: { name: string; display_name?: string; description?: string },
    ): Promise<ToolkitView> {
      const row = newToolkitRow(newId(), projectId, 'hosted', input)
      try {
        await repo.insert(row)
      } catch (e) {
        if (e instanceof UniqueViolation)
          throw conflict(`a toolkit named "${input.name}" already exists in this project`)
        throw e
      }
      return rowRecord(row)
    },
    /** Pre-built toolkits first (catalog order), then the project's own by creation. */
    async list(projectId: string, limit: number, cursor?: string) {
      // Pre-built ids are not UUIDs, so the cursor names the last toolkit id seen in this combined list.
      const all = (await sources.all(projectId)).map((f) => f.toolkit)
      const { items, next_cursor } = pageAfterId(all, limit, cursor)
      return { toolkits: items, ...(next_cursor ? { next_cursor } : {}) }
    },
    /**
     * A toolkit with its tools; built-in ones are visible to every project. `name_collisions`: its tools a server
     * holds back because another tool there has the name (docs/decisions/0111-one-name-one-tool.md).
     */
    async get(projectId: string, id: string) {
      const found = await sources.find(projectId, id)
      if (!found) throw notFound('toolkit')
      const detail = await found.source.detail?.(id)
      const held = collisions ? await collisions(projectId, id, COLLISIONS_SHOWN) : []
      const review =
        changes && REVIEWABLE.has(found.source.kind)
          ? { review_changes: await changes.reviews(id), pending_changes: await changes.pendingCount(id) }
          : {}
      return {
        ...found.toolkit,
        ...detail,
        ...review,
        name_collisions: held,
        tools: (await found.source.listTools(id)).map(toolView),
      }
    },
    async update(
      projectId: string,
      id: string,
      input: { display_name?: string | null; description?: string | null; review_changes?: boolean },
    ): Promise<ToolkitView> {
      const current = await mustGetEditable(projectId, id)
      if (input.review_changes !== undefined && (!changes || !REVIEWABLE.has(current.toolkit_type)))
        throw badRequest(`review_changes is for remote and OpenAPI toolkits; this one is ${current.toolkit_type}`, [
          { field: 'body.review_changes', message: 'only for remote and openapi toolkits' },
        ])
      const next: ToolkitRow = {
        ...current,
        display_name: input.display_name !== undefined ? input.display_name : current.display_name,
        description: input.description !== undefined ? input.description : current.description,
        updated_at: nowIso(),
      }
      await repo.update(next)
      if (changes && input.review_changes !== undefined) await changes.setReviews(projectId, id, input.review_changes)
      const review = changes && REVIEWABLE.has(next.toolkit_type) ? await changes.reviews(id) : undefined
      return { ...rowRecord(next), ...(review !== undefined ? { review_changes: review } : {}) }
    },
    /** review_changes of a remote or OpenAPI toolkit (the project file writes it back); undefined for other kinds. */
    reviewChanges: async (id: string): Promise<boolean | undefined> => changes?.reviews(id),
    /** POST /toolkits/{id}/refresh: re-lists a remote toolkit's upstream; another kind has nothing to refresh (400). */
    async refresh(projectId: string, id: string) {
      const found = await sources.find(projectId, id)
      if (!found) throw notFound('toolkit')
      if (found.source.kind === 'local' && local) return local.refresh(projectId, id)
      if (found.source.kind !== 'remote' || !remote)
        throw badRequest(`only remote and local toolkits are refreshed; this one is ${found.source.kind}`)
      return remote.refresh(projectId, id)
    },
    /** Deletes the toolkit and its tools; triggers detach it from every server (migration 002). */
    async remove(projectId: string, id: string): Promise<void> {
      await mustGetEditable(projectId, id)
      await repo.remove(projectId, id)
      remote?.forget(id)
      local?.forget(id)
      events.publish({ type: 'list_changed', list: 'tools', projectId })
    },
  }
}
export type ToolkitsService = ReturnType<typeof toolkitsService>
