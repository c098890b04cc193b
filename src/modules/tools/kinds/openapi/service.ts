// Importing an OpenAPI document as a toolkit of kind `openapi`, and re-importing it: the document is read and checked
// (./document.ts), planned (./plan.ts) and written in one transaction (toolkit, tools, call plans, the providers its
// security schemes become). A dry run plans and writes nothing.
import type { StoragePort } from '../../../../db/store'
import type { Egress } from '../../../../egress/client'
import { EgressError } from '../../../../egress/guard'
import { credentialHeaderProblem } from '../../../../lib/credential-headers'
import { AppError, badRequest, conflict, notFound } from '../../../../lib/errors'
import type { EventBus } from '../../../../lib/events'
import { newId, nowIso } from '../../../../lib/ids'
import { UniqueViolation } from '../../../../lib/storage-errors'
import type { ProviderRow, ProvidersRepository } from '../../../credentials/providers/repository'
import { definitionOf, type Listed, seenDifferently, type ToolkitChanges } from '../../changes/service'
import { schemaProblem } from '../../json-schema'
import { type ToolRow, type ToolsRepository, toolRowFrom } from '../../repository'
import { rowRecord } from '../../sources/registry'
import { newToolkitRow, type ToolkitRow, type ToolkitsRepository } from '../../toolkits/repository'
import { type CredentialChanges, credentialChanges, describeChanges, needsConfirmation } from './credential-changes'
import { checkDocument, type OpenApiDocument } from './document'
import type { ImportOpenApiBody, ImportSettings, ReimportOpenApiBody } from './model'
import { countOperations, type OperationPlan, type Plan, type PlannedTool, planDocument } from './plan'
import type { OpenApiRepository } from './repository'
import { MAX_PLANNED_SCHEMA_NODES, PlanTooLarge } from './schema'
import type { SchemePlan } from './security'
import { DEFAULT_MAX_TOOLS, OPENAPI_FUNCTION, OPENAPI_KIND } from './source'

/** The 413 for a document over TOOLYARD_MAX_SPEC_BYTES, naming the setting to raise. */
function specTooLarge(field: string, limit: number) {
  return new AppError(
    'payload_too_large',
    `${field}: the document is larger than ${limit} bytes (TOOLYARD_MAX_SPEC_BYTES): raise TOOLYARD_MAX_SPEC_BYTES to import it`,
    [{ field, message: `larger than TOOLYARD_MAX_SPEC_BYTES (${limit} bytes)` }],
  )
}
/** Distinct input schemas compiled between two turns of the event loop (a few milliseconds of work). */
const COMPILES_PER_TURN = 4

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** What decides whether a stored tool is the planned one: its definition as stored and its call plan. */
function toolHash(
  row: Pick<ToolRow, 'title' | 'description' | 'input_schema' | 'annotations' | 'credential_provider'>,
  operation: string | undefined,
): string {
  const parts = [row.title, row.description, row.input_schema, row.annotations, row.credential_provider, operation]
  return new Bun.CryptoHasher('sha256').update(JSON.stringify(parts)).digest('hex')
}

export interface OpenApiServiceDeps {
  store: StoragePort
  events: EventBus
  toolkits: ToolkitsRepository
  tools: ToolsRepository
  openapi: OpenApiRepository
  providers: Pick<ProvidersRepository, 'byId' | 'insert'>
  /** Fetches spec_url: the egress guard with a body limit of maxSpecBytes. */
  egress: Egress
  /** TOOLYARD_MAX_SPEC_BYTES: the largest document, fetched or given as text (an object body is bounded by the route). */
  maxSpecBytes: number
  /** Throws (409) when the toolkit's tools now take a name tool discovery reserves on a server using it. */
  checkNames?: (projectId: string, toolkitId: string) => Promise<void>
  /** Pinned definitions: a toolkit with review_changes holds what a re-import changes (src/modules/tools/changes). */
  changes?: ToolkitChanges
}

/** The provider an imported document's security scheme becomes: `<toolkit>-<scheme>`, as a provider id. */
const importedProviderId = (toolkit: string, scheme: string) =>
  `${toolkit}-${scheme}`
    .toLowerCase()
    .replace(/[^a-z0-9_.-]+/g, '-')
    .slice(0, 64)

function providerRow(projectId: string, toolkitName: string, s: SchemePlan, at: string): ProviderRow {
  const authType: ProviderRow['auth_type'] =
    s.kind === 'api_key'
      ? 'api_key'
      : s.kind === 'basic'
        ? 'basic_auth'
        : s.kind === 'oauth2' && s.oauth?.flow === 'authorization_code'
          ? 'oauth'
          : 'custom'
  return {
    project_id: projectId,
    id: s.provider,
    name: `${toolkitName} (${s.scheme})`,
    auth_type: authType,
    authorize_url: s.oauth?.authorize_url ?? null,
    token_url: s.oauth?.token_url ?? null,
    scopes: JSON.stringify(s.oauth?.scopes ?? []),
    client_id: null,
    client_secret_sealed: null,
    base_url: null,
    token_auth_method: null,
    created_at: at,
    updated_at: at,
  }
}

/** A document read, checked and planned: what create and applyTo write. */
export interface Prepared {
  doc: OpenApiDocument
  settings: ImportSettings
  planned: Plan
}

const summary = (t: PlannedTool) => ({ name: t.name, method: t.method, path: t.path })

function nextStamp(previous: string): string {
  const now = nowIso()
  return now > previous ? now : new Date(Date.parse(previous) + 1).toISOString()
}

/**
 * An apiKey scheme a tool uses that would send the key under a header no credential may take (Mcp-*, connection-level,
 * Proxy-*: src/lib/credential-headers.ts) is 400 naming the scheme's `name` in the document.
 */
function refuseCredentialHeaders(tools: PlannedTool[]) {
  for (const t of tools)
    for (const s of t.operation.security) {
      if (s.kind !== 'api_key' || s.in !== 'header' || !s.name) continue
      const problem = credentialHeaderProblem(s.name)
      if (problem)
        throw badRequest(`security scheme "${s.scheme}" sends its key in header ${s.name}, which ${problem}`, [
          { field: `body.spec.components.securitySchemes.${s.scheme}.name`, message: problem },
        ])
    }
}

export function openApiService(deps: OpenApiServiceDeps) {
  const { store, events } = deps

  async function loadDocument(
    spec: unknown,
    specUrl: string | undefined,
    warnings: string[],
  ): Promise<{ doc: OpenApiDocument; documentUrl?: string }> {
    if (spec !== undefined && specUrl !== undefined)
      throw badRequest('give spec or spec_url, not both', [{ field: 'body.spec_url', message: 'spec is given too' }])
    if (typeof spec === 'string' && Buffer.byteLength(spec) > deps.maxSpecBytes)
      throw specTooLarge('body.spec', deps.maxSpecBytes)
    if (spec !== undefined) return { doc: await checkDocument(spec, 'body.spec', warnings) }
    if (specUrl === undefined)
      throw badRequest('spec or spec_url is required', [{ field: 'body.spec', message: 'required (or spec_url)' }])
    let response: Awaited<ReturnType<Egress['fetch']>>
    try {
      response = await deps.egress.fetch(specUrl, { headers: { accept: 'application/json, application/yaml, */*' } })
    } catch (e) {
      if (e instanceof EgressError && e.reason === 'too_large') throw specTooLarge('body.spec_url', deps.maxSpecBytes)
      throw badRequest(`spec_url could not be fetched: ${(e as Error).message}`, [
        { field: 'body.spec_url', message: 'not fetched' },
      ])
    }
    if (response.status < 200 || response.status > 299)
      throw badRequest(`spec_url answered HTTP ${response.status}`, [
        { field: 'body.spec_url', message: `HTTP ${response.status}` },
      ])
    return { doc: await checkDocument(response.text, 'body.spec_url', warnings), documentUrl: response.url }
  }

  async function plan(
    toolkitName: string,
    doc: OpenApiDocument,
    settings: ImportSettings,
    field: string,
    accepted: ReadonlySet<string>,
    documentUrl?: string,
  ): Promise<Plan> {
    let planned: Plan
    try {
      planned = planDocument(doc, {
        ...(settings.include ? { include: settings.include } : {}),
        ...(settings.exclude ? { exclude: settings.exclude } : {}),
        providerFor: (scheme) => importedProviderId(toolkitName, scheme),
        ...(settings.auth ? { auth: settings.auth } : {}),
        ...(documentUrl ? { documentUrl } : {}),
      })
    } catch (e) {
      if (!(e instanceof PlanTooLarge)) throw e
      const limit = MAX_PLANNED_SCHEMA_NODES.toLocaleString('en-US')
      throw badRequest(
        `${field}: the input schemas of its operations expand past the budget of ${limit} nodes through their $refs: choose fewer operations with include/exclude`,
        [{ field, message: `input schemas expand past ${limit} nodes` }],
      )
    }
    // A schema Ajv still cannot compile (patterns RE2 cannot run were left out when planning) skips its operation.
    // Operations often share a schema: each distinct one is compiled once, and one the toolkit's stored tools already
    // have (compiled when they were stored) not again. Compiling is the slow part of a large import (milliseconds a
    // schema): the event loop turns between small batches, so other requests are served meanwhile.
    const problems = new Map<string, ReturnType<typeof schemaProblem>>()
    const tools: PlannedTool[] = []
    let compiled = 0
    for (const t of planned.tools) {
      const key = JSON.stringify(t.definition.input_schema)
      if (!problems.has(key)) {
        if (accepted.has(key)) problems.set(key, undefined)
        else {
          if (++compiled % COMPILES_PER_TURN === 0) await nextTurn()
          problems.set(key, schemaProblem(t.definition.input_schema, 'input_schema'))
        }
      }
      const problem = problems.get(key)
      if (problem)
        planned.skipped.push({ operation: t.operation_id ?? t.name, reason: `${problem.field}: ${problem.message}` })
      else tools.push(t)
    }
    refuseCredentialHeaders(tools)
    // Nothing to import is refused alike by the dry run, the import, the re-import and apply.
    if (tools.length === 0) {
      const reason = !countOperations(doc)
        ? { field: `${field}.paths`, message: 'the document has no operation' }
        : planned.skipped.length
          ? { field, message: `every matching operation was skipped (${planned.skipped.length})` }
          : { field: 'body.include', message: 'matches no operation' }
      throw badRequest(`nothing to import: ${reason.message}`, [reason])
    }
    const max = settings.max_tools ?? DEFAULT_MAX_TOOLS
    if (tools.length > max) {
      const byTag = Object.entries(planned.counts.by_tag).sort((a, b) => b[1] - a[1])
      throw badRequest(
        `${tools.length} operations match, more than max_tools (${max}): choose tags with include/exclude (by tag: ${byTag.map(([t, n]) => `${t} ${n}`).join(', ')}) or raise max_tools`,
        [
          { field: 'body.max_tools', message: `${tools.length} operations match, limit ${max}` },
          ...byTag.map(([tag, n]) => ({ field: `tags.${tag}`, message: `${n} operations` })),
        ],
      )
    }
    return { ...planned, tools }
  }

  const settingsOf = (body: ImportOpenApiBody): ImportSettings => ({
    ...(body.base_url ? { base_url: body.base_url } : {}),
    ...(body.spec_url ? { spec_url: body.spec_url } : {}),
    ...(body.include ? { include: body.include } : {}),
    ...(body.exclude ? { exclude: body.exclude } : {}),
    ...(body.max_tools ? { max_tools: body.max_tools } : {}),
    ...(body.auth ? { auth: body.auth } : {}),
  })

  async function writeTool(
    projectId: string,
    toolkitId: string,
    t: PlannedTool,
    at: string,
    current?: ToolRow,
  ): Promise<ToolRow> {
    const row = toolRowFrom(
      { ...t.definition, function_name: OPENAPI_FUNCTION },
      {
        id: current?.id ?? newId(),
        project_id: projectId,
        toolkit_id: toolkitId,
        created_at: current?.created_at ?? at,
        updated_at: current ? nextStamp(current.updated_at) : at,
      },
    )
    if (current) await deps.tools.update(row)
    else await deps.tools.insert(row)
    await deps.openapi.setOperation(row.id, toolkitId, JSON.stringify(t.operation))
    return row
  }

  async function ensureProviders(projectId: string, toolkitName: string, providers: SchemePlan[], at: string) {
    for (const s of providers)
      if (!(await deps.providers.byId(projectId, s.provider)))
        await deps.providers.insert(providerRow(projectId, toolkitName, s, at))
  }

  /** Writes a new OpenAPI toolkit (inside the caller's transaction when there is one). */
  async function create(
    projectId: string,
    fields: { name: string; display_name?: string; description?: string; review_changes?: boolean },
    prepared: Prepared,
  ) {
    const { doc, settings, planned } = prepared
    const at = nowIso()
    const title = (doc.info as { title?: unknown } | undefined)?.title
    const kit = newToolkitRow(newId(), projectId, OPENAPI_KIND, {
      name: fields.name,
      display_name: fields.display_name,
      description: fields.description ?? (typeof title === 'string' ? title.slice(0, 4000) : null),
    })
    try {
      const tools = await store.tx(async () => {
        await deps.toolkits.insert(kit)
        await deps.openapi.upsertToolkit({
          toolkit_id: kit.id,
          project_id: projectId,
          document: JSON.stringify(doc),
          settings: JSON.stringify(settings),
          updated_at: at,
        })
        await ensureProviders(projectId, fields.name, planned.providers, at)
        const written = []
        for (const t of planned.tools)
          written.push({ id: (await writeTool(projectId, kit.id, t, at)).id, ...summary(t) })
        // The imported tools are the first approved definitions; a re-import's changes are held when it reviews.
        await deps.changes?.setReviews(projectId, kit.id, fields.review_changes ?? true)
        return written
      })
      return { toolkit: rowRecord(kit), tools, skipped: planned.skipped, warnings: planned.warnings }
    } catch (e) {
      if (e instanceof UniqueViolation)
        throw conflict(`a toolkit named "${fields.name}" already exists in this project`)
      throw e
    }
  }

  /**
   * Makes an OpenAPI toolkit's tools match a prepared document: added, updated, removed, unchanged (by name, each
   * compared by a hash of its definition and call plan, so only changed tools are written and announced). A change of
   * the hosts a credential goes to, or of a security scheme, is refused (409 naming them) unless `confirm`.
   */
  async function applyTo(
    projectId: string,
    kit: ToolkitRow,
    prepared: Prepared,
    options: { confirm?: boolean; confirmHint?: string } = {},
  ) {
    const { doc, settings, planned } = prepared
    const at = nowIso()
    const diff = { added: [] as string[], updated: [] as string[], removed: [] as string[], unchanged: [] as string[] }
    let changes: CredentialChanges | undefined
    let held: string[] | undefined
    await store.tx(async () => {
      const reviews = deps.changes ? await deps.changes.reviews(kit.id) : false
      const listed: Listed[] = []
      const stored = await deps.openapi.toolkit(projectId, kit.id)
      const operations = new Map(
        (await deps.openapi.operationsByToolkit(kit.id)).map((o) => [o.tool_id, o.operation] as const),
      )
      const current = new Map((await deps.tools.byToolkit(kit.id)).map((t) => [t.name, t]))
      const before = stored ? (JSON.parse(stored.settings) as ImportSettings) : {}
      changes = credentialChanges(
        {
          operations: [...current.values()].flatMap((t) => {
            const op = operations.get(t.id)
            return op ? [JSON.parse(op) as OperationPlan] : []
          }),
          baseUrl: before.base_url,
        },
        { operations: planned.tools.map((t) => t.operation), baseUrl: settings.base_url },
      )
      if (changes && needsConfirmation(changes) && !options.confirm) {
        const lines = describeChanges(changes)
        throw new AppError(
          'conflict',
          `re-importing toolkit ${kit.name} changes where its credentials go: ${lines.join('; ')}. Repeat with ${options.confirmHint ?? 'confirm: true'} if that is intended`,
          lines.map((message) => ({ field: 'body.confirm', message })),
        )
      }
      for (const t of planned.tools) {
        const existing = current.get(t.name)
        current.delete(t.name)
        const definition = { ...t.definition, function_name: OPENAPI_FUNCTION }
        if (!existing) {
          if (reviews) {
            const row = toolRowFrom(definition, {
              id: '',
              project_id: projectId,
              toolkit_id: kit.id,
              created_at: '',
              updated_at: '',
            })
            listed.push({ proposal: { definition: definitionOf(row), operation: JSON.stringify(t.operation) } })
            continue
          }
          await writeTool(projectId, kit.id, t, at)
          diff.added.push(t.name)
          continue
        }
        const fresh = toolRowFrom(
          { ...t.definition, function_name: OPENAPI_FUNCTION },
          { id: existing.id, project_id: projectId, toolkit_id: kit.id, created_at: '', updated_at: '' },
        )
        const same = toolHash(fresh, JSON.stringify(t.operation)) === toolHash(existing, operations.get(existing.id))
        if (same) diff.unchanged.push(t.name)
        else if (reviews && seenDifferently(definitionOf(existing), definitionOf(fresh)))
          listed.push({
            served: existing,
            proposal: { definition: definitionOf(fresh), operation: JSON.stringify(t.operation) },
          })
        else {
          await writeTool(projectId, kit.id, t, at, existing)
          diff.updated.push(t.name)
        }
      }
      for (const gone of current.values()) {
        await deps.tools.remove(projectId, gone.id)
        diff.removed.push(gone.name)
      }
      if (reviews && deps.changes) held = (await deps.changes.hold(projectId, kit, listed)).sort()
      // Settings that change (base_url, auth, …) touch the toolkit row in this transaction: the commit then moves the
      // read model's tools area, which drops the call plans and settings kept for calls (./build.ts), here and on
      // every other instance, even when no tool was written.
      const settingsText = JSON.stringify(settings)
      if (stored && stored.settings !== settingsText) {
        const fresh = await deps.toolkits.byId(projectId, kit.id)
        if (fresh) await deps.toolkits.update({ ...fresh, updated_at: nextStamp(fresh.updated_at) })
      }
      await deps.openapi.upsertToolkit({
        toolkit_id: kit.id,
        project_id: projectId,
        document: JSON.stringify(doc),
        settings: settingsText,
        updated_at: at,
      })
      await ensureProviders(projectId, kit.name, planned.providers, at)
      await deps.checkNames?.(projectId, kit.id)
      if (diff.added.length || diff.updated.length || diff.removed.length)
        events.publish({ type: 'list_changed', list: 'tools', projectId })
    })
    for (const list of Object.values(diff)) list.sort()
    return { ...diff, ...(held ? { held } : {}), ...(changes ? { credential_changes: changes } : {}) }
  }

  /** The input schemas the toolkit of that name already stores (compiled when stored: not compiled again). */
  async function acceptedSchemas(projectId: string | undefined, toolkitName: string): Promise<ReadonlySet<string>> {
    const kit = projectId ? await deps.toolkits.byName(projectId, toolkitName) : undefined
    if (!kit || kit.toolkit_type !== OPENAPI_KIND) return new Set()
    return new Set((await deps.tools.byToolkit(kit.id)).map((t) => t.input_schema))
  }

  /** Reads, checks and plans a document; nothing is written (a dry run stops here, apply does this before its transaction). */
  async function prepare(
    toolkitName: string,
    source: { spec?: unknown; spec_url?: string },
    settings: ImportSettings,
    /** The project, when the toolkit may exist already (re-import, apply): its stored schemas are not compiled again. */
    projectId?: string,
  ): Promise<Prepared> {
    const auth = settings.auth
    if (auth && (auth.type === 'header' || auth.type === 'query')) {
      const problem = !auth.name
        ? `required when auth.type is ${auth.type}`
        : auth.type === 'header'
          ? credentialHeaderProblem(auth.name)
          : undefined
      if (problem) throw badRequest(`auth.name: ${problem}`, [{ field: 'body.auth.name', message: problem }])
    }
    const warnings: string[] = []
    const { doc, documentUrl } = await loadDocument(source.spec, source.spec_url, warnings)
    const field = source.spec !== undefined ? 'body.spec' : 'body.spec_url'
    const accepted = await acceptedSchemas(projectId, toolkitName)
    const planned = await plan(toolkitName, doc, settings, field, accepted, documentUrl)
    return { doc, settings, planned: { ...planned, warnings: [...warnings, ...planned.warnings] } }
  }

  return {
    prepare,
    create,
    applyTo,
    /** What an OpenAPI toolkit keeps of its import: the document and the settings (export writes them back). */
    async stored(
      projectId: string,
      toolkitId: string,
    ): Promise<{ document: OpenApiDocument; settings: ImportSettings } | undefined> {
      const row = await deps.openapi.toolkit(projectId, toolkitId)
      if (!row) return undefined
      return {
        document: JSON.parse(row.document) as OpenApiDocument,
        settings: JSON.parse(row.settings) as ImportSettings,
      }
    },

    /** The project's OpenAPI toolkit of that name, if any (apply matches toolkits by name). */
    async byName(projectId: string, name: string): Promise<ToolkitRow | undefined> {
      const row = await deps.toolkits.byName(projectId, name)
      return row ?? undefined
    },

    async importDocument(projectId: string, body: ImportOpenApiBody) {
      const prepared = await prepare(body.name, body, settingsOf(body))
      if (!body.dry_run) return { dryRun: false as const, result: await create(projectId, body, prepared) }
      const { planned } = prepared
      const toolkit = {
        name: body.name,
        ...(body.display_name ? { display_name: body.display_name } : {}),
        ...(body.description ? { description: body.description } : {}),
        toolkit_type: OPENAPI_KIND,
      }
      const result = {
        toolkit,
        tools: planned.tools.map(summary),
        skipped: planned.skipped,
        warnings: planned.warnings,
        counts: planned.counts,
        security_source: planned.security_source,
      }
      return { dryRun: true as const, result }
    },

    async reimport(projectId: string, toolkitId: string, body: ReimportOpenApiBody) {
      const kit = await deps.toolkits.byId(projectId, toolkitId)
      if (!kit) throw notFound('toolkit')
      const stored = await deps.openapi.toolkit(projectId, toolkitId)
      if (kit.toolkit_type !== OPENAPI_KIND || !stored)
        throw badRequest(`toolkit ${kit.name} is of kind ${kit.toolkit_type}: only OpenAPI toolkits are re-imported`)
      const settings = JSON.parse(stored.settings) as ImportSettings
      const specUrl = body.spec_url ?? (body.spec === undefined ? settings.spec_url : undefined)
      // The document's source follows the request: a URL given is kept for the next re-import, a document given
      // in the body makes the toolkit's source "inline" (a later re-import without a body has nothing to fetch).
      const { spec_url: _previous, ...rest } = settings
      const source = body.spec_url
        ? { ...settings, spec_url: body.spec_url }
        : body.spec !== undefined
          ? rest
          : settings
      const next = body.auth ? { ...source, auth: body.auth } : source
      const prepared = await prepare(
        kit.name,
        { spec: body.spec, ...(specUrl ? { spec_url: specUrl } : {}) },
        next,
        projectId,
      )
      return applyTo(projectId, kit, prepared, { confirm: body.confirm === true })
    },
  }
}
export type OpenApiService = ReturnType<typeof openApiService>
