// Resources: registration and changes (with events), listings, and reads from every source type (with the read cache).
import type { StoragePort } from '../../db/store'
import { AppError, conflict, notFound, unknownFunction } from '../../lib/errors'
import type { EventBus, ResourceEventType } from '../../lib/events'
import { newId, nowIso } from '../../lib/ids'
import { decodeCursor, page, pageAtOffset } from '../../lib/pagination'
import type { RequestContext } from '../../lib/request-context'
import { resultBytes, resultTooLarge } from '../../limits'
import type { McpResource, McpResourceTemplate, ResourceContents } from '../../mcp/backend'
import type { ReadCache } from './cache'
import { UnknownResourceError } from './errors'
import type { CreateResourceBody, ResourceView, UpdateResourceBody } from './model'
import type { ResourceRow, ResourcesRepository } from './repository'
import { type SourceDeps, sourceReader } from './sources/read'
import { compileTemplate, isTemplate, matchTemplate } from './uri-template'
import { FIELDS_BY_TYPE, SOURCE_FIELDS, type SourceField, validateResource } from './validate'
import { listedResource, listedTemplate, resourceView } from './view'

export interface ResourcesServiceDeps extends SourceDeps {
  store: StoragePort
  repo: ResourcesRepository
  cache: ReadCache
  events: EventBus
  /** Throws 404 when the server is not the project's. */
  mustGetServer(projectId: string, serverId: string): unknown
  /** TOOLYARD_MAX_RESULT_BYTES: larger contents are an upstream failure (REST 502), never cached. */
  maxResultBytes: number
}

export function resourcesService(d: ResourcesServiceDeps) {
  const { repo } = d
  const readSource = sourceReader(d)

  const mustGet = async (projectId: string, id: string): Promise<ResourceRow> => {
    const row = await repo.byId(projectId, id)
    if (!row) throw notFound('resource')
    return row
  }

  /** `previous`: the function the resource named before (an update that keeps it does not check it again). */
  const checkRow = async (projectId: string, row: ResourceRow, previous: string | null = null) => {
    validateResource({
      uri: row.uri,
      resource_type: row.resource_type,
      requires_credentials: row.requires_credentials === 1,
      credential_id: row.credential_id,
      variables: row.variables ? JSON.parse(row.variables) : null,
      source: Object.fromEntries(SOURCE_FIELDS.map((f) => [f, row[f]])),
    })
    if (row.credential_id && (await d.credentials.status(projectId, row.credential_id)) === 'missing')
      throw notFound('credential')
    if (
      row.function_name &&
      row.function_name !== previous &&
      !(await d.functions.exists(projectId, row.function_name))
    )
      throw unknownFunction(row.function_name)
  }

  /** Awaited inside the change's transaction: the webhook outbox rows are written in it (src/lib/events.ts). */
  const publish = (type: ResourceEventType, row: ResourceRow, at: string) =>
    d.events.publishResource({
      type,
      projectId: row.project_id,
      serverId: row.server_id,
      uri: row.uri,
      name: row.name,
      at,
    })
  const listChanged = (projectId: string, serverId: string) =>
    d.events.publish({ type: 'list_changed', list: 'resources', projectId, serverId })

  /** The resource serving `uri`: an exact active uri first, then the most specific matching active template. */
  async function resolve(
    projectId: string,
    uri: string,
    serverId?: string,
  ): Promise<{ row: ResourceRow; params: Record<string, string> }> {
    const exact = await repo.byUri(projectId, uri)
    if (exact && exact.is_active === 1 && exact.is_template === 0 && (!serverId || exact.server_id === serverId))
      return { row: exact, params: {} }
    const templates = (await repo.listActive(projectId, serverId, true))
      .map((row) => ({ row, t: compileTemplate(row.uri) }))
      .sort((a, b) => b.t.literalLength - a.t.literalLength || (a.row.id < b.row.id ? -1 : 1))
    for (const { row, t } of templates) {
      const params = matchTemplate(t, uri)
      if (params) return { row, params }
    }
    throw new UnknownResourceError(uri)
  }

  const cacheable = (row: ResourceRow) =>
    row.cache_ttl_seconds > 0 && row.resource_type !== 'dynamic' && row.resource_type !== 'static'

  /** Active direct resources (templates excluded), optionally of one server. */
  const list = async (projectId: string, serverId?: string): Promise<McpResource[]> => {
    if (serverId) await d.mustGetServer(projectId, serverId)
    return (await repo.listActive(projectId, serverId, false)).map(listedResource)
  }
  const listTemplates = async (projectId: string, serverId?: string): Promise<McpResourceTemplate[]> => {
    if (serverId) await d.mustGetServer(projectId, serverId)
    return (await repo.listActive(projectId, serverId, true)).map(listedTemplate)
  }

  return {
    view: resourceView,
    async create(projectId: string, input: CreateResourceBody): Promise<ResourceView> {
      await d.mustGetServer(projectId, input.server_id)
      const at = nowIso()
      const row: ResourceRow = {
        id: newId(),
        project_id: projectId,
        server_id: input.server_id,
        name: input.name,
        uri: input.uri,
        is_template: isTemplate(input.uri) ? 1 : 0,
        description: input.description ?? null,
        // Database rows are returned as JSON, so that is their natural default.
        mime_type: input.mime_type ?? (input.resource_type === 'database' ? 'application/json' : 'text/plain'),
        resource_type: input.resource_type,
        requires_credentials: input.requires_credentials ? 1 : 0,
        credential_id: input.credential_id ?? null,
        cache_ttl_seconds: input.cache_ttl_seconds ?? 0,
        is_active: input.is_active === false ? 0 : 1,
        content: input.content ?? null,
        blob: input.blob ?? null,
        path: input.path ?? null,
        url: input.url ?? null,
        method: input.method ?? null,
        headers: input.headers ? JSON.stringify(input.headers) : null,
        database: input.database ?? null,
        query: input.query ?? null,
        function_name: input.function_name ?? null,
        variables: input.variables ? JSON.stringify(input.variables) : null,
        created_at: at,
        updated_at: at,
      }
      await checkRow(projectId, row)
      await d.store.tx(async () => {
        if (await repo.uriOwner(projectId, row.uri))
          throw conflict(`a resource with uri ${row.uri} already exists in this project`)
        await repo.insert(row)
        await publish('resource.created', row, at)
        listChanged(projectId, row.server_id)
      })
      return resourceView(row)
    },
    get: async (projectId: string, id: string) => resourceView(await mustGet(projectId, id)),
    async listRecords(projectId: string, serverId: string | undefined, limit: number, cursor?: string) {
      if (serverId) await d.mustGetServer(projectId, serverId)
      const { items, next_cursor } = page(
        await repo.listAll(projectId, serverId, decodeCursor(cursor), limit + 1),
        limit,
      )
      return { resources: items.map(resourceView), ...(next_cursor ? { next_cursor } : {}) }
    },
    async update(projectId: string, id: string, input: UpdateResourceBody): Promise<ResourceView> {
      const current = await mustGet(projectId, id)
      if (input.server_id && input.server_id !== current.server_id) await d.mustGetServer(projectId, input.server_id)
      const type = input.resource_type ?? current.resource_type
      const next: ResourceRow = { ...current, updated_at: nowIso() }
      // Switching type drops the old type's source fields unless the request sets them again.
      if (type !== current.resource_type)
        for (const f of SOURCE_FIELDS) if (!FIELDS_BY_TYPE[type].includes(f)) next[f] = null
      next.resource_type = type
      if (input.server_id !== undefined) next.server_id = input.server_id
      if (input.name !== undefined) next.name = input.name
      if (input.uri !== undefined) {
        next.uri = input.uri
        next.is_template = isTemplate(input.uri) ? 1 : 0
      }
      if (input.description !== undefined) next.description = input.description
      if (input.mime_type !== undefined) next.mime_type = input.mime_type
      if (input.requires_credentials !== undefined) next.requires_credentials = input.requires_credentials ? 1 : 0
      if (input.credential_id !== undefined) next.credential_id = input.credential_id
      if (input.cache_ttl_seconds !== undefined) next.cache_ttl_seconds = input.cache_ttl_seconds
      if (input.is_active !== undefined) next.is_active = input.is_active ? 1 : 0
      for (const f of SOURCE_FIELDS) {
        const v = input[f as SourceField]
        if (v === undefined) continue
        next[f] = v === null ? null : f === 'headers' ? JSON.stringify(v) : (v as string)
      }
      if (input.variables !== undefined)
        next.variables = input.variables === null ? null : JSON.stringify(input.variables)
      await checkRow(projectId, next, current.function_name)
      await d.store.tx(async () => {
        const owner = await repo.uriOwner(projectId, next.uri)
        if (owner && owner !== id) throw conflict(`a resource with uri ${next.uri} already exists in this project`)
        await repo.update(next)
        d.cache.drop(id)
        // Subscribers follow uris: a new uri is the old one going away and a new one appearing.
        if (next.uri !== current.uri) {
          await publish('resource.deleted', current, next.updated_at)
          await publish('resource.created', next, next.updated_at)
        } else await publish('resource.updated', next, next.updated_at)
        if (next.server_id !== current.server_id) listChanged(projectId, current.server_id)
        listChanged(projectId, next.server_id)
      })
      return resourceView(next)
    },
    async remove(projectId: string, id: string): Promise<void> {
      const current = await mustGet(projectId, id)
      await d.store.tx(async () => {
        await repo.remove(projectId, id)
        d.cache.drop(id)
        await publish('resource.deleted', current, nowIso())
        listChanged(projectId, current.server_id)
      })
    },
    list,
    listTemplates,
    /** REST `/resources/list`: a page of `list`; the spec's REST shape always has a description. */
    async listPage(projectId: string, serverId: string | undefined, limit: number, cursor?: string) {
      const { items, next_cursor } = pageAtOffset('resources', await list(projectId, serverId), limit, cursor)
      return {
        resources: items.map((r) => ({ ...r, description: r.description ?? '' })),
        ...(next_cursor ? { next_cursor } : {}),
      }
    },
    /** REST `/resources/templates/list`: a page of `listTemplates`. */
    async listTemplatesPage(projectId: string, serverId: string | undefined, limit: number, cursor?: string) {
      const { items, next_cursor } = pageAtOffset('templates', await listTemplates(projectId, serverId), limit, cursor)
      return { resourceTemplates: items, ...(next_cursor ? { next_cursor } : {}) }
    },
    /** Reads `uri` (exact or through a template); the contents carry the requested uri. */
    async read(ctx: RequestContext, uri: string): Promise<{ contents: ResourceContents[] }> {
      const { projectId, host } = ctx
      const { row, params } = await resolve(projectId, uri, ctx.server?.id)
      // The row's version is part of the key: a change written by another process (toolyard apply) misses the cache;
      // so is the backing function's, so a read after its code changed runs the new code.
      const fn = row.function_name ? `\n${await d.functions.version(projectId, row.function_name)}` : ''
      const cacheKey = `${uri}\n${row.updated_at}${fn}`
      if (cacheable(row)) {
        const hit = d.cache.get(row.id, cacheKey)
        if (hit) return { contents: hit }
      }
      const generation = d.cache.generation(row.id)
      const contents = await readSource(row, uri, params, host)
      const bytes = resultBytes(contents)
      if (bytes > d.maxResultBytes) throw new AppError('upstream_error', resultTooLarge(bytes, d.maxResultBytes))
      if (cacheable(row)) d.cache.set(row.id, cacheKey, row.cache_ttl_seconds, contents, generation)
      return { contents }
    },
    /** The resource serving `uri` on a server, for completion of template variables (undefined when none). */
    async templateByUri(projectId: string, serverId: string, uriTemplate: string): Promise<ResourceRow | undefined> {
      const row = await repo.byUri(projectId, uriTemplate)
      return row && row.is_active === 1 && row.server_id === serverId ? row : undefined
    },
    /**
     * For inbound webhook reports: drops the cached reads of the resource serving `uri` and fans out
     * `resource.updated`. Returns false when no resource of the project serves that uri.
     */
    async markResourceChanged(projectId: string, uri: string): Promise<boolean> {
      let found: ResourceRow | null | undefined = await repo.byUri(projectId, uri)
      if (!found) {
        try {
          found = (await resolve(projectId, uri)).row
        } catch {
          return false
        }
      }
      const row = found
      d.cache.drop(row.id)
      await d.store.tx(() =>
        d.events.publishResource({
          type: 'resource.updated',
          projectId,
          serverId: row.server_id,
          uri,
          name: row.name,
          at: nowIso(),
        }),
      )
      return true
    },
  }
}
export type ResourcesService = ReturnType<typeof resourcesService>
