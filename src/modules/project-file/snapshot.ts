// A project as it is stored, in the project file's shape: what `export` writes and what `apply` compares the file
// with. Defaults are left out, so a record reads the same whether a field was written or defaulted.

import type { StoragePort } from '../../db/store'
import type { AuditLog } from '../audit/service'
import type { ProvidersService } from '../credentials/providers/service'
import type { PoliciesService } from '../policies/service'
import type { ProjectsService } from '../projects/service'
import type { PromptsService } from '../prompts/service'
import type { ResourcesService } from '../resources/service'
import { discoveryOf } from '../servers/discovery'
import type { ServersService } from '../servers/service'
import type { FunctionsService } from '../tools/functions/service'
import type { OpenApiService } from '../tools/kinds/openapi/service'
import type { RemoteSpec } from '../tools/kinds/remote/model'
import type { RemoteToolkits } from '../tools/kinds/remote/service'
import { defaultPrefix } from '../tools/server-tools/prefix'
import type { ServerToolsDetail, ServerToolsService } from '../tools/server-tools/service'
import type { ToolsService } from '../tools/service'
import type { ToolkitsService } from '../tools/toolkits/service'
import type {
  FunctionDoc,
  PolicyDoc,
  ProjectDoc,
  PromptDoc,
  ProviderDoc,
  ResourceDoc,
  ServerDoc,
  ToolDoc,
  ToolkitDoc,
} from './format'

/** The services apply and export go through, named here rather than taken from the composition root (src/deps.ts). */
export interface ProjectServices {
  store: StoragePort
  functions: FunctionsService
  toolkits: ToolkitsService
  tools: ToolsService
  servers: ServersService
  resources: ResourcesService
  prompts: PromptsService
  vault: { providers: ProvidersService }
  projects: ProjectsService
  serverTools: ServerToolsService
  remoteToolkits: Pick<RemoteToolkits, 'prepare' | 'insert' | 'replace' | 'settle' | 'spec'>
  openapi: OpenApiService
  policies: PoliciesService
  /** The audit trail: what an apply changed joins it in the same transaction. */
  audit?: Pick<AuditLog, 'appendNow'>
}

interface Stored<D> {
  id: string
  doc: D
}

export interface CurrentProject {
  functions: Map<string, Stored<FunctionDoc>>
  toolkits: Map<string, Stored<Omit<ToolkitDoc, 'tools'>>>
  /** By `toolkit/tool`. */
  tools: Map<string, Stored<ToolDoc> & { toolkitId: string }>
  servers: Map<
    string,
    Stored<ServerDoc> & {
      attachments: {
        toolkit_id: string
        credentials: Record<string, string>
        prefix: string
        credential_mode?: CredentialMode
      }[]
    }
  >
  resources: Map<string, Stored<ResourceDoc>>
  prompts: Map<string, Stored<PromptDoc>>
  providers: Map<string, Stored<ProviderDoc>>
  policies: Map<string, Stored<PolicyDoc>>
}

export const DEFAULT_INPUT_SCHEMA = { type: 'object', properties: {} }

/** Every page of a cursor-paged list. */
async function all<T>(
  fetch: (cursor?: string) => Promise<{ items: T[]; next_cursor?: string }> | { items: T[]; next_cursor?: string },
): Promise<T[]> {
  const out: T[] = []
  let cursor: string | undefined
  do {
    const page = await fetch(cursor)
    out.push(...page.items)
    cursor = page.next_cursor
  } while (cursor)
  return out
}

/** Drops undefined, null and the listed default values (compared as JSON). */
export function clean<T extends object>(record: T, defaults: Record<string, unknown> = {}): T {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(record)) {
    if (v === undefined || v === null) continue
    if (k in defaults && stableJson(defaults[k]) === stableJson(v)) continue
    out[k] = v
  }
  return out as T
}

/** JSON with object keys sorted, so two equal records compare equal whatever their key order. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  )
}

type CredentialMode = 'shared' | 'per_user' | 'per_user_then_shared'

/**
 * A server's toolkit as the file names it: its name when the attachment has the toolkit's default prefix (what a new
 * attachment gets) and shares its credential, else `{name, prefix?, credential_mode?}` with what differs
 * (docs/decisions/0211-attachment-prefix.md, 0333-credential-mode.md).
 */
export const attachmentDoc = (
  name: string,
  prefix: string,
  byDefault: string,
  mode: CredentialMode = 'shared',
): string | { name: string; prefix?: string; credential_mode?: CredentialMode } =>
  prefix === byDefault && mode === 'shared'
    ? name
    : { name, ...(prefix !== byDefault ? { prefix } : {}), ...(mode !== 'shared' ? { credential_mode: mode } : {}) }

export const FUNCTION_DEFAULTS = { memory_mb: 64, timeout_ms: 10_000, isolation: 'warm' }
export const TOOL_DEFAULTS = { input_schema: DEFAULT_INPUT_SCHEMA }
export const SERVER_DEFAULTS = {
  auth: 'api_key',
  toolkits: [],
  tool_discovery: discoveryOf(null),
  log_arguments: 'none',
}
export const RESOURCE_DEFAULTS = {
  mime_type: 'text/plain',
  requires_credentials: false,
  cache_ttl_seconds: 0,
  is_active: true,
}
export const PROMPT_DEFAULTS = { description: '', arguments: [] }
/** How long a held 2025-11-25 stream waits for an approval when the policy does not say (src/modules/policies). */
export const POLICY_DEFAULTS = { approval_wait_s: 120 }

export async function readCurrent(s: ProjectServices, projectId: string): Promise<CurrentProject> {
  const cur: CurrentProject = {
    functions: new Map(),
    toolkits: new Map(),
    tools: new Map(),
    servers: new Map(),
    resources: new Map(),
    prompts: new Map(),
    providers: new Map(),
    policies: new Map(),
  }
  for (const f of await all(async (c) => {
    const p = await s.functions.list(projectId, 200, c)
    return { items: p.functions, next_cursor: p.next_cursor }
  })) {
    const { id, name, runtime, description, code, http, memory_mb, timeout_ms, isolation } = f
    cur.functions.set(name, {
      id,
      doc: clean(
        { name, runtime, description, code, http, memory_mb, timeout_ms, isolation } as FunctionDoc,
        FUNCTION_DEFAULTS,
      ),
    })
  }
  const kitNames = new Map<string, { name: string; prefix: string }>()
  for (const k of (await s.toolkits.list(projectId, 10_000)).toolkits) {
    kitNames.set(k.id, { name: k.name, prefix: defaultPrefix(k) })
    const spec = k.toolkit_type === 'remote' ? await s.remoteToolkits.spec(k.id) : undefined
    if (spec) {
      const doc = { name: k.name, display_name: k.display_name, description: k.description }
      const review = await s.toolkits.reviewChanges(k.id)
      cur.toolkits.set(k.name, {
        id: k.id,
        doc: {
          ...clean(doc),
          toolkit_type: 'remote',
          remote: remoteDoc(spec),
          ...(review !== undefined ? { review_changes: review } : {}),
        },
      })
      continue
    }
    if (k.toolkit_type !== 'hosted') continue
    cur.toolkits.set(k.name, {
      id: k.id,
      doc: clean({ name: k.name, display_name: k.display_name, description: k.description }),
    })
    for (const t of (await s.toolkits.get(projectId, k.id)).tools) {
      const doc = clean(
        {
          name: t.name,
          title: t.title,
          description: t.description,
          function_name: t.function_name,
          input_schema: t.input_schema,
          output_schema: t.output_schema,
          annotations: t.annotations,
          credential_provider: t.credential_provider,
        } as ToolDoc,
        TOOL_DEFAULTS,
      )
      cur.tools.set(`${k.name}/${t.name}`, { id: t.id, toolkitId: k.id, doc })
    }
  }
  const serverNames = new Map<string, string>()
  for (const sv of await all(async (c) => {
    const p = await s.servers.list(projectId, 200, c)
    return { items: p.servers, next_cursor: p.next_cursor }
  })) {
    serverNames.set(sv.id, sv.name)
    if (cur.servers.has(sv.name)) continue
    const attachments = (await s.serverTools.describe(projectId, sv.id)).toolkits as ServerToolsDetail['toolkits']
    const doc = clean(
      {
        name: sv.name,
        display_name: sv.display_name,
        description: sv.description,
        auth: sv.auth,
        tool_discovery: sv.tool_discovery,
        log_arguments: sv.log_arguments,
        toolkits: attachments.map((a) => {
          const kit = kitNames.get(a.toolkit_id)
          return attachmentDoc(kit?.name ?? a.name, a.prefix, kit?.prefix ?? '', a.credential_mode)
        }),
      } as ServerDoc,
      SERVER_DEFAULTS,
    )
    cur.servers.set(sv.name, { id: sv.id, doc, attachments })
  }
  for (const r of await all(async (c) => {
    const p = await s.resources.listRecords(projectId, undefined, 200, c)
    return { items: p.resources, next_cursor: p.next_cursor }
  })) {
    const { id, server_id, is_template: _t, credential_id: _c, created_at: _a, updated_at: _u, ...rest } = r
    const doc = clean({ ...rest, server: serverNames.get(server_id) ?? server_id } as ResourceDoc, RESOURCE_DEFAULTS)
    cur.resources.set(r.uri, { id, doc: resourceMethodDefault(doc) })
  }
  for (const p of await all(async (c) => {
    const page = await s.prompts.listRecords(projectId, undefined, 200, c)
    return { items: page.prompts, next_cursor: page.next_cursor }
  })) {
    const { id, server_id, created_at: _a, updated_at: _u, ...rest } = p
    const server = server_id ? serverNames.get(server_id) : undefined
    cur.prompts.set(p.name, { id, doc: clean({ ...rest, server } as PromptDoc, PROMPT_DEFAULTS) })
  }
  for (const p of await s.vault.providers.list(projectId)) {
    if (!p.project_configured) continue
    const doc = clean({
      id: p.id,
      name: p.name,
      auth_type: p.auth_type,
      authorize_url: p.authorize_url,
      token_url: p.token_url,
      scopes: p.scopes,
      client_id: p.client_id,
      base_url: p.base_url,
    } as ProviderDoc)
    cur.providers.set(p.id, { id: p.id, doc })
  }
  for (const p of (await s.policies.list(projectId)).policies) {
    const { name, effect, priority, match, when, reason, approval_wait_s } = p
    const doc = clean({ name, effect, priority, match, when, reason, approval_wait_s } as PolicyDoc, POLICY_DEFAULTS)
    cur.policies.set(p.name, { id: p.id, doc })
  }
  return cur
}

const REMOTE_DEFAULTS = {
  transport: 'auto',
  headers: {},
  auth: { type: 'none' },
  prefix: '',
  refresh_interval_s: 300,
  timeout_ms: 60_000,
}

/** A remote toolkit's upstream as the file writes it: defaults left out (headers are not secret; no credential). */
export const remoteDoc = (spec: RemoteSpec) => clean(spec, REMOTE_DEFAULTS) as NonNullable<ToolkitDoc['remote']>

/** An api resource's method is GET unless given. */
export function resourceMethodDefault(doc: ResourceDoc): ResourceDoc {
  if (doc.method === 'GET') {
    const { method: _m, ...rest } = doc
    return rest as ResourceDoc
  }
  return doc
}

/**
 * The project's OpenAPI toolkits as `openapi:` records: the URL the document came from, or the document itself as
 * `spec` when it was given inline (the export command moves it to a file beside the project file when it has one).
 */
async function openApiToolkitDocs(s: ProjectServices, projectId: string): Promise<ToolkitDoc[]> {
  const out: ToolkitDoc[] = []
  for (const k of (await s.toolkits.list(projectId, 10_000)).toolkits) {
    if (k.toolkit_type !== 'openapi') continue
    const stored = await s.openapi.stored(projectId, k.id)
    if (!stored) continue
    const { spec_url, include, exclude, base_url, max_tools, auth } = stored.settings
    const openapi = clean({
      ...(spec_url ? { url: spec_url } : { spec: stored.document as Record<string, unknown> }),
      include,
      exclude,
      base_url,
      max_tools,
      auth,
    })
    const review = await s.toolkits.reviewChanges(k.id)
    out.push({
      ...clean({ name: k.name, display_name: k.display_name, description: k.description }),
      openapi,
      ...(review !== undefined ? { review_changes: review } : {}),
    })
  }
  return out
}

/** The whole project in the file's shape: functions with their code inline, OpenAPI documents as `openapi:`. */
export async function exportProject(s: ProjectServices, projectId: string, projectName: string): Promise<ProjectDoc> {
  const cur = await readCurrent(s, projectId)
  const toolkits = [...cur.toolkits.values()].map(({ doc }) => {
    const tools = [...cur.tools.entries()].filter(([key]) => key.startsWith(`${doc.name}/`)).map(([, t]) => t.doc)
    return { ...doc, ...(tools.length ? { tools } : {}) }
  })
  toolkits.push(...(await openApiToolkitDocs(s, projectId)))
  const providers = [...cur.providers.values()].map(({ doc }) => ({
    ...doc,
    client_secret_env: `${doc.id.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}_CLIENT_SECRET`,
  }))
  return {
    project: projectName,
    providers,
    functions: [...cur.functions.values()].map((r) => r.doc),
    toolkits,
    servers: [...cur.servers.values()].map((r) => r.doc),
    resources: [...cur.resources.values()].map((r) => r.doc),
    prompts: [...cur.prompts.values()].map((r) => r.doc),
    policies: [...cur.policies.values()].map((r) => r.doc),
  }
}
