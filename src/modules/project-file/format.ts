// The project file of `toolyard apply` / `toolyard export` (YAML or JSON): its schema, reading it (with functions'
// `file:` paths resolved beside it) and errors naming the file, the record and the field (docs/decisions/README.md,
// "Writing functions and config as code").
import { readFileSync, realpathSync } from 'node:fs'
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path'
import { Value } from '@sinclair/typebox/value'
import { type Static, t } from 'elysia'
import { isCodeRuntime, RuntimeSchema } from '../../runtime/runtimes'
import { LogArguments } from '../audit/model'
import { PolicyBody } from '../policies/model'
import { ToolDiscoveryPatch } from '../servers/discovery'
import { OpenApiAuth } from '../tools/kinds/openapi/model'
import { RemoteSpecBody } from '../tools/kinds/remote/model'

const Obj = t.Record(t.String(), t.Any())
const Str = t.String({ minLength: 1 })

const FunctionDoc = t.Object(
  {
    name: Str,
    runtime: RuntimeSchema,
    description: t.Optional(t.String()),
    code: t.Optional(t.String()),
    file: t.Optional(Str),
    http: t.Optional(Obj),
    memory_mb: t.Optional(t.Integer()),
    timeout_ms: t.Optional(t.Integer()),
    isolation: t.Optional(t.Union([t.Literal('warm'), t.Literal('per_call')])),
  },
  { additionalProperties: false },
)
const ToolDoc = t.Object(
  {
    name: Str,
    title: t.Optional(t.String()),
    description: t.Optional(t.String()),
    function_name: Str,
    input_schema: t.Optional(Obj),
    output_schema: t.Optional(Obj),
    annotations: t.Optional(Obj),
    credential_provider: t.Optional(Str),
  },
  { additionalProperties: false },
)
const OperationFilterDoc = t.Object(
  {
    tags: t.Optional(t.Array(t.String())),
    operations: t.Optional(t.Array(t.String())),
    paths: t.Optional(t.Array(t.String())),
    methods: t.Optional(t.Array(t.String())),
  },
  { additionalProperties: false },
)
/**
 * A toolkit made from an OpenAPI document (docs/openapi.md): a file beside the project file, a URL, or the document
 * itself (`spec`, what `export` to stdout writes for a toolkit imported from an inline document).
 */
const OpenApiDoc = t.Object(
  {
    file: t.Optional(Str),
    url: t.Optional(Str),
    spec: t.Optional(Obj),
    include: t.Optional(OperationFilterDoc),
    exclude: t.Optional(OperationFilterDoc),
    base_url: t.Optional(Str),
    max_tools: t.Optional(t.Integer({ minimum: 1 })),
    // A security scheme for every operation (docs/openapi.md, "Auth"), as on import.
    auth: t.Optional(OpenApiAuth),
  },
  { additionalProperties: false },
)
const ToolkitDoc = t.Object(
  {
    name: Str,
    display_name: t.Optional(t.String()),
    description: t.Optional(t.String()),
    // A remote toolkit names its upstream MCP server instead of listing tools (they come from the upstream).
    toolkit_type: t.Optional(t.Union([t.Literal('hosted'), t.Literal('remote')])),
    remote: t.Optional(RemoteSpecBody),
    tools: t.Optional(t.Array(ToolDoc)),
    openapi: t.Optional(OpenApiDoc),
    // Remote and OpenAPI toolkits: serve only approved definitions (docs/decisions/0347-pinned-definitions.md).
    // Absent: a new toolkit reviews, an existing one keeps its setting.
    review_changes: t.Optional(t.Boolean()),
  },
  { additionalProperties: false },
)
const AttachmentDoc = t.Object(
  {
    name: Str,
    prefix: t.Optional(t.String()),
    // Whose credential its tools use (docs/decisions/0333-credential-mode.md); absent: shared.
    credential_mode: t.Optional(
      t.Union([t.Literal('shared'), t.Literal('per_user'), t.Literal('per_user_then_shared')]),
    ),
  },
  { additionalProperties: false },
)
const ServerDoc = t.Object(
  {
    name: Str,
    display_name: t.Optional(t.String()),
    description: t.Optional(t.String()),
    auth: t.Optional(t.Union([t.Literal('api_key'), t.Literal('none')])),
    // A toolkit's name, or {name, prefix?, credential_mode?}: its tools listed as <prefix>_<name>
    // (docs/decisions/0211-attachment-prefix.md), and whose credential they use.
    toolkits: t.Optional(t.Array(t.Union([Str, AttachmentDoc]))),
    tool_discovery: t.Optional(ToolDiscoveryPatch),
    // What the audit trail keeps of a call's arguments (docs/decisions/0350-audit-log.md); absent: none.
    log_arguments: t.Optional(LogArguments),
  },
  { additionalProperties: false },
)
/** A resource as POST /resources takes it, with `server` (a server's name) instead of `server_id`. */
const ResourceDoc = t.Object(
  {
    uri: Str,
    server: Str,
    name: Str,
    resource_type: Str,
    description: t.Optional(t.String()),
    mime_type: t.Optional(t.String()),
    requires_credentials: t.Optional(t.Boolean()),
    cache_ttl_seconds: t.Optional(t.Integer()),
    is_active: t.Optional(t.Boolean()),
    content: t.Optional(t.String()),
    blob: t.Optional(t.String()),
    path: t.Optional(t.String()),
    url: t.Optional(t.String()),
    method: t.Optional(t.String()),
    headers: t.Optional(t.Record(t.String(), t.String())),
    database: t.Optional(t.String()),
    query: t.Optional(t.String()),
    function_name: t.Optional(t.String()),
    variables: t.Optional(Obj),
  },
  { additionalProperties: false },
)
const PromptDoc = t.Object(
  {
    name: Str,
    server: t.Optional(Str),
    description: t.Optional(t.String()),
    template: t.Optional(t.String()),
    messages: t.Optional(t.Array(Obj)),
    function_name: t.Optional(Str),
    arguments: t.Optional(t.Array(Obj)),
  },
  { additionalProperties: false },
)
/** No secret in the file: `client_secret_env` names the environment variable holding it. */
const ProviderDoc = t.Object(
  {
    id: Str,
    name: t.Optional(t.String()),
    auth_type: t.Optional(t.String()),
    authorize_url: t.Optional(t.String()),
    token_url: t.Optional(t.String()),
    scopes: t.Optional(t.Array(t.String())),
    client_id: t.Optional(t.String()),
    client_secret_env: t.Optional(Str),
    base_url: t.Optional(t.String()),
    token_auth_method: t.Optional(t.String()),
  },
  { additionalProperties: false },
)

const KINDS = {
  functions: FunctionDoc,
  toolkits: ToolkitDoc,
  servers: ServerDoc,
  resources: ResourceDoc,
  prompts: PromptDoc,
  providers: ProviderDoc,
  // As POST /policies takes it (docs/decisions/0392-policies-in-the-project-file.md); `when` is checked before apply.
  policies: PolicyBody,
} as const
export type Kind = keyof typeof KINDS

export type FunctionDoc = Static<typeof FunctionDoc>
export type ToolDoc = Static<typeof ToolDoc>
export type ToolkitDoc = Static<typeof ToolkitDoc>
export type ServerDoc = Static<typeof ServerDoc>
export type ResourceDoc = Static<typeof ResourceDoc>
export type PromptDoc = Static<typeof PromptDoc>
export type ProviderDoc = Static<typeof ProviderDoc>
export type PolicyDoc = Static<typeof PolicyBody>

export interface ProjectDoc {
  project?: string
  functions: FunctionDoc[]
  toolkits: ToolkitDoc[]
  servers: ServerDoc[]
  resources: ResourceDoc[]
  prompts: PromptDoc[]
  providers: ProviderDoc[]
  /** Absent in a document built in code before policies joined the file: none. */
  policies?: PolicyDoc[]
}

/** A problem in the file: printed as `FILE: KIND NAME: FIELD: message`. */
import { FileError } from './file-error'

export { FileError }

/** The record's display name: functions, toolkits, servers, prompts by name; resources by uri; providers by id. */
function recordName(kind: Kind, doc: Record<string, unknown>): string {
  const key = kind === 'resources' ? 'uri' : kind === 'providers' ? 'id' : 'name'
  return typeof doc[key] === 'string' ? (doc[key] as string) : '(unnamed)'
}

export const singular = (kind: Kind) => (kind === 'policies' ? 'policy' : kind.replace(/s$/, ''))

/** Reads and checks the whole file; every problem is collected, then thrown as one FileError. */
export function readProjectFile(path: string): ProjectDoc {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    throw new FileError(`${path}: cannot read the file (${(error as NodeJS.ErrnoException).code ?? String(error)})`)
  }
  let raw: unknown
  try {
    raw = /\.json$/i.test(path) ? JSON.parse(text) : Bun.YAML.parse(text)
  } catch (error) {
    throw new FileError(`${path}: not valid ${/\.json$/i.test(path) ? 'JSON' : 'YAML'}: ${(error as Error).message}`)
  }
  if (Array.isArray(raw)) throw new FileError(`${path}: one document expected, found ${raw.length}`)
  if (typeof raw !== 'object' || raw === null)
    throw new FileError(`${path}: the file must hold a mapping (project, functions, …)`)
  const top = raw as Record<string, unknown>
  const problems: string[] = []
  for (const key of Object.keys(top))
    if (key !== 'project' && !(key in KINDS)) problems.push(`${path}: unknown top-level field "${key}"`)
  if (top.project !== undefined && typeof top.project !== 'string') problems.push(`${path}: project: must be a string`)
  const doc: ProjectDoc = {
    functions: [],
    toolkits: [],
    servers: [],
    resources: [],
    prompts: [],
    providers: [],
    policies: [],
  }
  if (typeof top.project === 'string') doc.project = top.project
  for (const kind of Object.keys(KINDS) as Kind[]) {
    const list = top[kind] ?? []
    if (!Array.isArray(list)) {
      problems.push(`${path}: ${kind}: must be a list`)
      continue
    }
    const seen = new Set<string>()
    list.forEach((item: unknown, i) => {
      const rec = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>
      const where = `${path}: ${singular(kind)} ${recordName(kind, rec) === '(unnamed)' ? `#${i + 1}` : recordName(kind, rec)}`
      const errors = [...Value.Errors(KINDS[kind], item)]
      for (const e of errors.slice(0, 5))
        problems.push(`${where}: ${e.path.replace(/^\//, '').replace(/\//g, '.') || '(record)'}: ${e.message}`)
      if (errors.length) return
      const name = recordName(kind, rec)
      if (seen.has(name)) problems.push(`${where}: named twice in the file`)
      seen.add(name)
      if (kind === 'functions') resolveCode(path, rec as FunctionDoc, where, problems)
      if (kind === 'toolkits') {
        checkToolkitKind(rec as ToolkitDoc, where, problems)
        resolveOpenApi(path, rec as ToolkitDoc, where, problems)
      }
      ;(doc[kind] as unknown[]).push(rec)
    })
  }
  if (problems.length) throw new FileError(problems.join('\n'))
  return doc
}

/**
 * `file:` is read relative to the project file and becomes `code`; javascript/typescript need one of the two. The path
 * stays inside the project file's folder, links resolved (docs/decisions/0018-function-source-is-data.md).
 */
function resolveCode(path: string, fn: FunctionDoc, where: string, problems: string[]) {
  if (fn.code !== undefined && fn.file !== undefined) problems.push(`${where}: file: give code or file, not both`)
  else if (fn.file !== undefined) {
    const target = resolve(dirname(path), fn.file)
    try {
      if (!inside(realpathSync(dirname(path)), realpathSync(target)))
        problems.push(`${where}: file: ${fn.file} is outside the project file's folder`)
      else fn.code = readFileSync(target, 'utf8')
    } catch {
      problems.push(`${where}: file: cannot read ${target}`)
    }
  } else if (isCodeRuntime(fn.runtime) && fn.code === undefined) problems.push(`${where}: code: required (or file)`)
  if (!isCodeRuntime(fn.runtime) && !fn.http) problems.push(`${where}: http: required when runtime is "http"`)
}

/** A remote toolkit has `remote` and no `tools`; `remote` belongs to nothing else. */
function checkToolkitKind(k: ToolkitDoc, where: string, problems: string[]) {
  if (k.toolkit_type === 'remote') {
    if (!k.remote) problems.push(`${where}: remote: required when toolkit_type is "remote"`)
    if (k.tools) problems.push(`${where}: tools: a remote toolkit's tools come from its upstream, not the file`)
  } else if (k.remote) problems.push(`${where}: remote: only for toolkit_type "remote"`)
  if (k.openapi && k.toolkit_type === 'remote') problems.push(`${where}: openapi: not for a remote toolkit`)
  if (k.review_changes !== undefined && k.toolkit_type !== 'remote' && !k.openapi)
    problems.push(`${where}: review_changes: only for a remote or openapi toolkit`)
}

/** The document text of an `openapi: {file}` toolkit, read beside the project file, under the same rule as `file:`. */
export const openApiTexts = new WeakMap<ToolkitDoc, string>()

function resolveOpenApi(path: string, kit: ToolkitDoc, where: string, problems: string[]) {
  const o = kit.openapi
  if (!o) return
  if (kit.tools?.length) problems.push(`${where}: tools: an openapi toolkit gets its tools from the document`)
  if ([o.file, o.url, o.spec].filter((v) => v !== undefined).length !== 1) {
    problems.push(`${where}: openapi: give file, url or spec (one of them)`)
    return
  }
  if (o.url !== undefined && !/^https?:\/\//.test(o.url)) problems.push(`${where}: openapi.url: must be an http(s) URL`)
  if (o.file === undefined) return
  const target = resolve(dirname(path), o.file)
  try {
    if (!inside(realpathSync(dirname(path)), realpathSync(target)))
      problems.push(`${where}: openapi.file: ${o.file} is outside the project file's folder`)
    else openApiTexts.set(kit, readFileSync(target, 'utf8'))
  } catch {
    problems.push(`${where}: openapi.file: cannot read ${target}`)
  }
}

function inside(folder: string, target: string): boolean {
  const rel = relative(folder, target)
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel)
}
