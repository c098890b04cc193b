// From a checked OpenAPI document to tools: one per operation (after the include/exclude filters), each with a safe
// unique name, a description, annotations from its method, an input schema (parameters by name plus `body`) and the
// call plan that ./request.ts follows. Pure: the import service, dry runs and the built-in catalog all use it.
import { shortToolName } from '../../../../lib/tool-name'
import type { ToolDefinition } from '../../repository'
import type { OpenApiDocument } from './document'
import { deref, MAX_PLANNED_SCHEMA_NODES, schemaConverter } from './schema'
import { type SchemeKind, type SchemePlan, securityPlan } from './security'

type Json = Record<string, unknown>
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const

export interface ParamPlan {
  /** The argument's key in the tool's input (the parameter name, or `<in>_<name>` when two share a name). */
  arg: string
  name: string
  in: 'path' | 'query' | 'header' | 'cookie'
  style: string
  explode: boolean
  allowReserved: boolean
  /** A `content`-described parameter: sent as JSON text. */
  json: boolean
  /** A required parameter's schema default: sent when the caller leaves it out (e.g. an API version header). */
  default?: unknown
}

export interface OperationPlan {
  method: string
  path: string
  /** The document's server URL for this operation (variables at their defaults); '' when it names none. */
  server: string
  parameters: ParamPlan[]
  body?: {
    required: boolean
    content_type: string
    /** multipart/form-data: the body's properties sent as files (`format: binary`), their value the file's text. */
    file_fields?: string[]
  }
  /**
   * Query pairs the document's path key carries after a `?` or `#` (AWS style `/?Action=X`, `/#Action=X`), already
   * encoded: sent first in every call's query (a `#` would otherwise end the URL there and the pairs be lost).
   */
  query?: string[]
  /** The schemes of the chosen security requirement, all applied with the tool's one credential. */
  security: SchemePlan[]
}

export interface PlannedTool {
  name: string
  method: string
  path: string
  operation_id?: string
  tags: string[]
  definition: Omit<ToolDefinition, 'function_name'>
  operation: OperationPlan
}

interface OperationFilter {
  tags?: string[]
  operations?: string[]
  paths?: string[]
  methods?: string[]
}

/** Auth given on import: one scheme for every operation, whatever the document declares (docs/openapi.md, "Auth"). */
interface AuthOverride {
  type: 'bearer' | 'header' | 'query' | 'basic'
  credential_provider: string
  /** The header or query parameter the key goes in (`header`, `query`). */
  name?: string
}

export interface PlanOptions {
  /** Replaces the document's security for every operation. */
  auth?: AuthOverride
  include?: OperationFilter
  exclude?: OperationFilter
  /** The provider id a security scheme becomes (import: `<toolkit>-<scheme>`; catalog: the service's provider). */
  providerFor: (scheme: string, kind: SchemeKind) => string
  /** Where the document was fetched from: a relative server URL is resolved against it. */
  documentUrl?: string
}

export interface Plan {
  tools: PlannedTool[]
  skipped: { operation: string; reason: string }[]
  warnings: string[]
  counts: { by_tag: Record<string, number>; by_method: Record<string, number> }
  providers: SchemePlan[]
  /** Where the tools' credentials come from: the document's schemes, `auth` given on import, or nowhere. */
  security_source: 'document' | 'auth' | 'none'
}

/** The scheme `auth` stands for, applied to every operation. */
function authScheme(auth: AuthOverride): SchemePlan {
  const base = { scheme: 'auth', provider: auth.credential_provider }
  if (auth.type === 'header' || auth.type === 'query')
    return {
      ...base,
      kind: 'api_key',
      in: auth.type,
      name: auth.name ?? (auth.type === 'header' ? 'X-API-Key' : 'api_key'),
    }
  return { ...base, kind: auth.type }
}

/**
 * A path key with a query in it (`/?Action=X`, AWS's `/#Action=X`): the path before it (`/` at least) and its
 * pairs, encoded. Undefined for an ordinary path.
 */
function splitPathQuery(key: string): { path: string; query: string[]; names: Set<string> } | undefined {
  const at = key.search(/[?#]/)
  if (at < 0) return undefined
  const params = new URLSearchParams(key.slice(at + 1).replace(/[?#]/g, '&'))
  const query: string[] = []
  const names = new Set<string>()
  for (const [name, value] of params) {
    if (!name) continue
    names.add(name)
    query.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`)
  }
  return { path: key.slice(0, at) || '/', query, names }
}

const UNTAGGED = '(untagged)'

/** An operation matches a filter when every list the filter gives contains it (lists are ORs inside). */
function matches(f: OperationFilter, op: { tags: string[]; id?: string; path: string; method: string }): boolean {
  if (f.tags?.length && !op.tags.some((t) => f.tags!.includes(t))) return false
  if (f.operations?.length && !(op.id && f.operations.includes(op.id))) return false
  if (f.paths?.length && !f.paths.includes(op.path)) return false
  if (f.methods?.length && !f.methods.some((m) => m.toLowerCase() === op.method)) return false
  return true
}
const hasAny = (f?: OperationFilter) =>
  !!f && !!(f.tags?.length || f.operations?.length || f.paths?.length || f.methods?.length)

/**
 * A name every MCP client accepts: ^[a-zA-Z0-9_-]{1,64}$. A longer operationId is cut at a word boundary with a hash
 * of the whole id (src/lib/tool-name.ts), so two ids that share a long start keep apart whatever their order.
 */
function safeName(raw: string): string {
  const name = raw
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^_+|_+$/g, '')
  return shortToolName(name || 'operation')
}

function uniqueName(base: string, taken: Set<string>): string {
  let name = base
  for (let i = 2; taken.has(name); i++) name = `${base.slice(0, 64 - String(i).length - 1)}_${i}`
  taken.add(name)
  return name
}

function serverUrl(servers: unknown): string {
  const first = Array.isArray(servers) ? servers.find(isObject) : undefined
  if (!first || typeof first.url !== 'string') return ''
  const vars = isObject(first.variables) ? first.variables : {}
  return first.url.replace(/\{([^}]+)\}/g, (whole, v: string) => {
    const d = isObject(vars[v]) ? (vars[v] as Json).default : undefined
    return typeof d === 'string' ? d : whole
  })
}

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\b/i
const FORM_TYPE = 'application/x-www-form-urlencoded'
const MULTIPART_TYPE = 'multipart/form-data'

function annotations(method: string) {
  return {
    readOnlyHint: method === 'get' || method === 'head',
    destructiveHint: method === 'delete',
    idempotentHint: ['get', 'head', 'put', 'delete'].includes(method),
    openWorldHint: true,
  }
}

function describe(op: Json, method: string, path: string): string {
  const parts = [op.summary, op.description].filter((s): s is string => typeof s === 'string' && s.trim() !== '')
  const text = parts.map((s) => s.trim()).join('\n\n') || `${method.toUpperCase()} ${path}`
  return text.length > 1024 ? `${text.slice(0, 1023)}…` : text
}

/** How many operations the document has, whatever the filters (GET /toolkits/{id} shows it beside the tool count). */
export function countOperations(doc: OpenApiDocument): number {
  let n = 0
  for (const rawItem of Object.values(doc.paths ?? {})) {
    const item = deref(doc, rawItem)
    if (isObject(item)) for (const method of METHODS) if (isObject(item[method])) n++
  }
  return n
}

export function planDocument(doc: OpenApiDocument, options: PlanOptions): Plan {
  const tools: PlannedTool[] = []
  const skipped: Plan['skipped'] = []
  const warnings: string[] = []
  const byTag: Record<string, number> = {}
  const byMethod: Record<string, number> = {}
  const taken = new Set<string>()
  const providers = new Map<string, SchemePlan>()
  const absolute = (url: string) => {
    if (!url || /^https?:\/\//i.test(url) || !options.documentUrl) return url
    try {
      return new URL(url, options.documentUrl).href
    } catch {
      return url
    }
  }
  const docServer = absolute(serverUrl(doc.servers))
  // Shared by every operation: past it planning stops with PlanTooLarge (./schema.ts).
  const budget = { left: MAX_PLANNED_SCHEMA_NODES }
  const security = options.auth
    ? { forOperation: () => [authScheme(options.auth!)], warnings: () => [] as string[] }
    : securityPlan(doc, options.providerFor)
  const declared = doc.components?.securitySchemes
  const definesSchemes = isObject(declared) && Object.keys(declared).length > 0
  // Patterns RE2 cannot run, dropped from input schemas: pattern → the operations it was dropped from.
  const droppedPatterns = new Map<string, string[]>()

  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = deref(doc, rawItem)
    if (!isObject(item)) continue
    for (const method of METHODS) {
      const op = item[method]
      if (!isObject(op)) continue
      const id = typeof op.operationId === 'string' ? op.operationId : undefined
      const tags = Array.isArray(op.tags) ? op.tags.filter((t): t is string => typeof t === 'string') : []
      const label = id ?? `${method.toUpperCase()} ${path}`
      const facts = { tags, id, path, method }
      if (hasAny(options.include) && !matches(options.include!, facts)) continue
      if (hasAny(options.exclude) && matches(options.exclude!, facts)) continue
      const built = planOperation(doc, { path, method, op, item, docServer, absolute, budget })
      if ('reason' in built) {
        skipped.push({ operation: label, reason: built.reason })
        continue
      }
      for (const pattern of built.dropped) {
        const ops = droppedPatterns.get(pattern) ?? []
        ops.push(label)
        droppedPatterns.set(pattern, ops)
      }
      const chosen = security.forOperation(op, label)
      for (const s of chosen) providers.set(s.provider, s)
      const name = uniqueName(safeName(id ?? `${method}_${path}`), taken)
      for (const t of tags.length ? tags : [UNTAGGED]) byTag[t] = (byTag[t] ?? 0) + 1
      byMethod[method.toUpperCase()] = (byMethod[method.toUpperCase()] ?? 0) + 1
      tools.push({
        name,
        method: method.toUpperCase(),
        path,
        ...(id ? { operation_id: id } : {}),
        tags,
        definition: {
          name,
          ...(typeof op.summary === 'string' && op.summary.trim() ? { title: op.summary.trim().slice(0, 200) } : {}),
          description: describe(op, method, path),
          input_schema: built.inputSchema,
          annotations: annotations(method),
          ...(chosen[0] ? { credential_provider: chosen[0].provider } : {}),
        },
        operation: { ...built.operation, security: chosen },
      })
    }
  }
  warnings.push(...security.warnings())
  for (const [pattern, ops] of droppedPatterns) {
    const named = ops.slice(0, 5).join(', ') + (ops.length > 5 ? ` and ${ops.length - 5} more` : '')
    warnings.push(
      `pattern ${JSON.stringify(pattern.slice(0, 200))} cannot run on the regex engine (RE2): left out of the input schema of ${named}; the upstream still checks the value`,
    )
  }
  if (!options.auth && !definesSchemes)
    warnings.push('the document defines no security scheme: its tools send no credential (give auth to add one)')
  return {
    tools,
    skipped,
    warnings,
    counts: { by_tag: byTag, by_method: byMethod },
    providers: [...providers.values()],
    security_source: options.auth ? 'auth' : definesSchemes ? 'document' : 'none',
  }
}

function planOperation(
  doc: OpenApiDocument,
  at: {
    path: string
    method: string
    op: Json
    item: Json
    docServer: string
    absolute: (url: string) => string
    budget: { left: number }
  },
): { inputSchema: Json; operation: Omit<OperationPlan, 'security'>; dropped: Set<string> } | { reason: string } {
  const { convert, defs, dropped } = schemaConverter(doc, at.budget)
  const inPath = splitPathQuery(at.path)
  // Operation parameters override path-item ones with the same name and location.
  const merged = new Map<string, Json>()
  for (const list of [at.item.parameters, at.op.parameters])
    for (const raw of Array.isArray(list) ? list : []) {
      const p = deref(doc, raw)
      if (isObject(p) && typeof p.name === 'string' && typeof p.in === 'string') merged.set(`${p.in}:${p.name}`, p)
    }
  const properties: Json = {}
  const required: string[] = []
  const parameters: ParamPlan[] = []
  for (const p of merged.values()) {
    const where = p.in as ParamPlan['in']
    if (!['path', 'query', 'header', 'cookie'].includes(where)) continue
    const name = p.name as string
    // A query parameter the path key already fixes (AWS's Action) is sent as the path says, not asked for.
    if (where === 'query' && inPath?.names.has(name)) continue
    if (where === 'header' && ['accept', 'content-type', 'authorization'].includes(name.toLowerCase())) continue
    const content = isObject(p.content) ? Object.values(p.content).find(isObject) : undefined
    const schema = convert(isObject(p.schema) ? p.schema : (content?.schema ?? {})) as Json
    const arg = name in properties || name === 'body' ? `${where}_${name}` : name
    const described =
      typeof p.description === 'string' ? { ...schema, description: p.description.slice(0, 1024) } : schema
    properties[arg] = described
    const fixed = (p.required === true || where === 'path') && schema.default !== undefined
    if ((p.required === true || where === 'path') && !fixed) required.push(arg)
    const style = typeof p.style === 'string' ? p.style : where === 'query' || where === 'cookie' ? 'form' : 'simple'
    parameters.push({
      arg,
      name,
      in: where,
      style,
      explode: typeof p.explode === 'boolean' ? p.explode : style === 'form',
      allowReserved: p.allowReserved === true,
      json: !p.schema && !!content,
      ...(fixed ? { default: schema.default } : {}),
    })
  }
  let body: OperationPlan['body']
  const requestBody = deref(doc, at.op.requestBody)
  if (isObject(requestBody) && isObject(requestBody.content)) {
    const types = Object.keys(requestBody.content)
    // JSON first; a form body (Stripe's API, say) is sent form-encoded with brackets for nesting.
    // multipart/form-data last: each property a part (a file's content is text given by the caller).
    const jsonType =
      types.find((t) => JSON_TYPE.test(t)) ??
      types.find((t) => t === '*/*') ??
      types.find((t) => t === FORM_TYPE) ??
      types.find((t) => t === MULTIPART_TYPE)
    const bodyRequired = requestBody.required === true
    if (jsonType) {
      const media = requestBody.content[jsonType]
      properties.body = convert(isObject(media) && media.schema !== undefined ? media.schema : {})
      if (typeof requestBody.description === 'string')
        properties.body = { ...(properties.body as Json), description: requestBody.description.slice(0, 1024) }
      if (bodyRequired) required.push('body')
      body = { required: bodyRequired, content_type: jsonType === '*/*' ? 'application/json' : jsonType }
      if (jsonType === MULTIPART_TYPE && isObject(media)) {
        const schema = deref(doc, media.schema)
        const props = isObject(schema) && isObject(schema.properties) ? schema.properties : {}
        const files = Object.entries(props)
          .filter(([, v]) => {
            const p = deref(doc, v)
            return isObject(p) && (p.format === 'binary' || (isObject(p.items) && p.items.format === 'binary'))
          })
          .map(([k]) => k)
        if (files.length) body.file_fields = files
      }
    } else if (bodyRequired) {
      return {
        reason: `request body of type ${types.join(', ') || 'none'} is not supported (JSON, form and multipart bodies are)`,
      }
    }
  }
  const inputSchema: Json = {
    type: 'object',
    properties,
    ...(required.length ? { required } : {}),
    ...(Object.keys(defs).length ? { $defs: defs } : {}),
  }
  const server = at.absolute(serverUrl(at.op.servers) || serverUrl(at.item.servers)) || at.docServer
  return {
    inputSchema,
    operation: {
      method: at.method.toUpperCase(),
      path: inPath?.path ?? at.path,
      server,
      parameters,
      ...(body ? { body } : {}),
      ...(inPath?.query.length ? { query: inPath.query } : {}),
    },
    dropped,
  }
}
