// The record-by-record part of `toolyard apply` (inside its transaction): dependencies first (providers, functions,
// toolkits and tools, servers), then resources and prompts; with prune, what the file does not name goes, in reverse.
import { AppError } from '../../lib/errors'
import { SOURCE_FIELDS } from '../resources/validate'
import { discoveryOf, mergedDiscovery } from '../servers/discovery'
import type { PreparedRemote } from '../tools/kinds/remote/service'
import { toolNameWarnings } from '../tools/name-warnings'
import { defaultPrefix } from '../tools/server-tools/prefix'
import type { ApplyOptions, PlanLine } from './apply'
import { canonical, RecordError } from './apply'
import { applyOpenApiToolkit, type PreparedDocuments } from './apply-openapi'
import { applyPolicies, prunePolicies } from './apply-policies'
import type { ProjectDoc, ProviderDoc, ToolkitDoc } from './format'
import { attachmentDoc, type CurrentProject, DEFAULT_INPUT_SCHEMA, type ProjectServices } from './snapshot'

export interface Run {
  s: ProjectServices
  /** The `openapi:` toolkits' documents, read and planned before the transaction. */
  openapi: PreparedDocuments
  projectId: string
  doc: ProjectDoc
  current: CurrentProject
  lines: PlanLine[]
  options: ApplyOptions
  /** Remote toolkits whose upstream was listed before the transaction (new or changed), and those stored here. */
  remote: { prepared: Map<string, PreparedRemote>; used: Set<string> }
}

export type Note = (action: PlanLine['action'], kind: string, name: string) => void

/** A remote toolkit: stored from its prepared listing when new or changed; its tools are the upstream's. */
async function applyRemoteToolkit(run: Run, k: ToolkitDoc, note: Note) {
  const { s, projectId, current, remote } = run
  const stored = current.toolkits.get(k.name)
  const fields = { name: k.name, display_name: k.display_name, description: k.description }
  const prepared = remote.prepared.get(k.name)
  if (!stored) {
    if (!prepared) throw new Error(`remote toolkit ${k.name} was not prepared`)
    const review = { review_changes: k.review_changes }
    await attempt('toolkit', k.name, () => s.remoteToolkits.insert(projectId, { ...fields, ...review }, prepared))
    remote.used.add(k.name)
    note('created', 'toolkit', k.name)
    return
  }
  if (stored.doc.toolkit_type !== 'remote')
    throw new RecordError(
      'toolkit',
      k.name,
      new AppError('bad_request', 'is a hosted toolkit in the project: delete it (or rename) to make it remote', [
        { field: 'toolkit_type', message: 'cannot change' },
      ]),
    )
  let changed = false
  // Absent from the file: the toolkit keeps its setting. Set first: a file turning review on holds this apply's changes.
  if (k.review_changes !== undefined && k.review_changes !== stored.doc.review_changes) {
    await attempt('toolkit', k.name, () =>
      s.toolkits.update(projectId, stored.id, { review_changes: k.review_changes }),
    )
    changed = true
  }
  if (prepared) {
    await attempt('toolkit', k.name, () => s.remoteToolkits.replace(projectId, stored.id, prepared))
    remote.used.add(k.name)
    changed = true
  }
  const { toolkit_type: _t, remote: _r, review_changes: _v, ...storedFields } = stored.doc
  if (canonical('toolkits', storedFields) !== canonical('toolkits', fields)) {
    const patch = { display_name: k.display_name ?? null, description: k.description ?? null }
    await attempt('toolkit', k.name, () => s.toolkits.update(projectId, stored.id, patch))
    changed = true
  }
  note(changed ? 'updated' : 'unchanged', 'toolkit', k.name)
}

/** Runs one service call for a record; an AppError becomes a RecordError naming the record and its fields. */
async function attempt<T>(kind: string, name: string, op: () => T | Promise<T>): Promise<T> {
  try {
    return await op()
  } catch (error) {
    if (error instanceof AppError) throw new RecordError(kind, name, error)
    throw error
  }
}

export async function applyRecords(run: Run): Promise<void> {
  const { s, projectId, doc, current, lines } = run
  const note = (action: PlanLine['action'], kind: string, name: string) => lines.push({ action, kind, name })

  for (const p of doc.providers) await applyProvider(run, p, note)

  const fnIds = new Map<string, string>()
  for (const f of doc.functions) {
    const stored = current.functions.get(f.name)
    const { file: _file, ...body } = f
    if (!stored) {
      fnIds.set(
        f.name,
        (await attempt('function', f.name, () => s.functions.createChecked(projectId, body as never))).id,
      )
      note('created', 'function', f.name)
    } else if (canonical('functions', stored.doc) === canonical('functions', f)) note('unchanged', 'function', f.name)
    else {
      const patch = { ...body, description: f.description ?? null, code: f.code ?? null, http: f.http ?? null }
      await attempt('function', f.name, () => s.functions.updateChecked(projectId, stored.id, patch as never))
      note('updated', 'function', f.name)
    }
  }

  for (const k of doc.toolkits) {
    if (k.toolkit_type === 'remote') {
      await applyRemoteToolkit(run, k, note)
      continue
    }
    const prepared = run.openapi.get(k)
    if (prepared) {
      await attempt('toolkit', k.name, async () => {
        const confirmed = await applyOpenApiToolkit(
          s.openapi,
          s.toolkits,
          projectId,
          k,
          prepared,
          note,
          run.options.confirm === true,
        )
        if (confirmed.length) (lines.at(-1) as PlanLine).warnings = confirmed
      })
      continue
    }
    const stored = current.toolkits.get(k.name)
    if (stored?.doc.toolkit_type === 'remote')
      throw new RecordError(
        'toolkit',
        k.name,
        new AppError('bad_request', 'is a remote toolkit in the project: delete it (or rename) to make it hosted', [
          { field: 'toolkit_type', message: 'cannot change' },
        ]),
      )
    const fields = { name: k.name, display_name: k.display_name, description: k.description }
    let kitId: string
    if (!stored) {
      kitId = (await attempt('toolkit', k.name, () => s.toolkits.create(projectId, fields))).id
      note('created', 'toolkit', k.name)
    } else {
      kitId = stored.id
      if (canonical('toolkits', stored.doc) === canonical('toolkits', fields)) note('unchanged', 'toolkit', k.name)
      else {
        const patch = { display_name: k.display_name ?? null, description: k.description ?? null }
        await attempt('toolkit', k.name, () => s.toolkits.update(projectId, kitId, patch))
        note('updated', 'toolkit', k.name)
      }
    }
    for (const t of k.tools ?? []) {
      const name = `${k.name}/${t.name}`
      const storedTool = current.tools.get(name)
      const body = { input_schema: DEFAULT_INPUT_SCHEMA, ...t }
      if (!storedTool) {
        await attempt('tool', name, () => s.tools.create(projectId, { ...body, toolkit_id: kitId } as never))
        note('created', 'tool', name)
      } else if (canonical('tools', storedTool.doc) === canonical('tools', t)) note('unchanged', 'tool', name)
      else {
        const patch = {
          ...body,
          title: t.title ?? null,
          description: t.description ?? null,
          output_schema: t.output_schema ?? null,
          annotations: t.annotations ?? null,
          credential_provider: t.credential_provider ?? null,
        }
        await attempt('tool', name, () => s.tools.update(projectId, storedTool.id, patch as never))
        note('updated', 'tool', name)
      }
      const warnings = toolNameWarnings(t.name)
      if (warnings.length) (lines.at(-1) as PlanLine).warnings = warnings
    }
  }

  const serverIds = await applyServers(run, note)
  const serverId = (kind: string, name: string, server: string) => {
    const id = serverIds.get(server)
    if (!id)
      throw new RecordError(
        kind,
        name,
        new AppError('bad_request', `no server named "${server}"`, [{ field: 'server', message: 'unknown' }]),
      )
    return id
  }

  for (const r of doc.resources) {
    const stored = current.resources.get(r.uri)
    const { server, ...rest } = r
    const body = { ...rest, server_id: serverId('resource', r.uri, server) }
    if (!stored) {
      await attempt('resource', r.uri, () => s.resources.create(projectId, body as never))
      note('created', 'resource', r.uri)
    } else if (canonical('resources', stored.doc) === canonical('resources', r)) note('unchanged', 'resource', r.uri)
    else {
      const cleared = Object.fromEntries(['description', ...SOURCE_FIELDS, 'variables'].map((f) => [f, null]))
      await attempt('resource', r.uri, () => s.resources.update(projectId, stored.id, { ...cleared, ...body } as never))
      note('updated', 'resource', r.uri)
    }
  }

  for (const p of doc.prompts) {
    const stored = current.prompts.get(p.name)
    const { server, ...rest } = p
    const body = { ...rest, ...(server ? { server_id: serverId('prompt', p.name, server) } : {}) }
    if (!stored) {
      await attempt('prompt', p.name, () => s.prompts.create(projectId, body as never))
      note('created', 'prompt', p.name)
    } else if (canonical('prompts', stored.doc) === canonical('prompts', p)) note('unchanged', 'prompt', p.name)
    else {
      const patch = { template: null, messages: null, server_id: null, description: null, arguments: [], ...body }
      await attempt('prompt', p.name, () => s.prompts.update(projectId, stored.id, patch as never))
      note('updated', 'prompt', p.name)
    }
  }

  await applyPolicies(run, note)

  if (run.options.prune) await prune(run, note)
}

async function applyServers(run: Run, note: Note): Promise<Map<string, string>> {
  const { s, projectId, doc, current } = run
  const ids = new Map([...current.servers.entries()].map(([name, r]) => [name, r.id]))
  // Toolkits by name: the project's own first, then pre-built ones.
  const kits = new Map<string, { id: string; prefix: string }>()
  for (const k of (await s.toolkits.list(projectId, 10_000)).toolkits)
    if (!kits.has(k.name) || k.toolkit_type !== 'prebuilt') kits.set(k.name, { id: k.id, prefix: defaultPrefix(k) })
  for (const given of doc.servers) {
    // The file may give part of tool_discovery; compared and written with the defaults filled in, as the API shows it.
    const sv = given.tool_discovery ? { ...given, tool_discovery: mergedDiscovery(null, given.tool_discovery) } : given
    const stored = current.servers.get(sv.name)
    const entries = (sv.toolkits ?? []).map((entry) => {
      const { name, prefix, credential_mode } =
        typeof entry === 'string' ? { name: entry, prefix: undefined, credential_mode: undefined } : entry
      const kit = kits.get(name)
      if (!kit)
        throw new RecordError(
          'server',
          sv.name,
          new AppError('bad_request', `no toolkit named "${name}"`, [{ field: 'toolkits', message: 'unknown' }]),
        )
      // A toolkit that stays keeps its credential mapping (credentials are not part of the file), and its prefix when
      // the file gives none: an older file naming it plainly changes no tool's name.
      const kept = stored?.attachments.find((a) => a.toolkit_id === kit.id)
      const attachment = {
        toolkit_id: kit.id,
        credentials: kept?.credentials ?? {},
        prefix: prefix ?? kept?.prefix ?? kit.prefix,
        // Kept when the file gives none, like the prefix: a file naming the toolkit plainly never turns a per-user
        // attachment into one that sends the shared credential for every caller.
        credential_mode: credential_mode ?? kept?.credential_mode ?? 'shared',
      }
      return { attachment, doc: attachmentDoc(name, attachment.prefix, kit.prefix, attachment.credential_mode) }
    })
    const toolkits = entries.map((e) => e.attachment)
    // Compared as export writes it: a plain name where the prefix is the toolkit's default.
    const compared = { ...sv, ...(sv.toolkits ? { toolkits: entries.map((e) => e.doc) } : {}) }
    const fields = {
      name: sv.name,
      display_name: sv.display_name,
      description: sv.description,
      auth: sv.auth,
      tool_discovery: sv.tool_discovery,
      log_arguments: sv.log_arguments,
    }
    if (!stored) {
      ids.set(
        sv.name,
        (await attempt('server', sv.name, () => s.servers.create(projectId, { ...fields, toolkits }))).id,
      )
      note('created', 'server', sv.name)
    } else if (canonical('servers', stored.doc) === canonical('servers', compared)) note('unchanged', 'server', sv.name)
    else {
      const patch = {
        ...fields,
        auth: sv.auth ?? 'api_key',
        display_name: sv.display_name ?? null,
        description: sv.description ?? null,
        tool_discovery: sv.tool_discovery ?? discoveryOf(null),
        log_arguments: sv.log_arguments ?? 'none',
        toolkits,
      }
      await attempt('server', sv.name, () => s.servers.update(projectId, stored.id, patch as never))
      note('updated', 'server', sv.name)
    }
  }
  return ids
}

/** Providers have no update in the API: a changed one is replaced (same id), keeping its secret unless the env gives one. */
async function applyProvider(run: Run, p: ProviderDoc, note: Note): Promise<void> {
  const { s, projectId, current, options } = run
  const stored = current.providers.get(p.id)
  const { client_secret_env, ...fields } = p
  const secret = client_secret_env ? options.env[client_secret_env] : undefined
  if (client_secret_env && secret === undefined && !stored)
    throw new RecordError(
      'provider',
      p.id,
      new AppError('bad_request', `environment variable ${client_secret_env} is not set`, [
        { field: 'client_secret_env', message: 'not set' },
      ]),
    )
  const storedSecret = async () => {
    try {
      return (await s.vault.providers.oauthClient(projectId, p.id)).client_secret
    } catch {
      return undefined
    }
  }
  if (!stored) {
    await attempt('provider', p.id, () =>
      s.vault.providers.create(projectId, { ...fields, client_secret: secret } as never),
    )
    note('created', 'provider', p.id)
    return
  }
  const sameFields = Object.entries(fields).every(
    ([k, v]) => JSON.stringify(v) === JSON.stringify((stored.doc as Record<string, unknown>)[k]),
  )
  const keep = await storedSecret()
  if (sameFields && (secret === undefined || secret === keep)) return void note('unchanged', 'provider', p.id)
  await attempt('provider', p.id, async () => {
    await s.vault.providers.remove(projectId, p.id)
    await s.vault.providers.create(projectId, { ...fields, client_secret: secret ?? keep } as never)
  })
  note('updated', 'provider', p.id)
}

async function prune(run: Run, note: Note): Promise<void> {
  const { s, projectId, doc, current } = run
  const drop = async (kind: string, name: string, op: () => unknown) => {
    await attempt(kind, name, op)
    note('deleted', kind, name)
  }
  const keep = {
    prompts: new Set(doc.prompts.map((p) => p.name)),
    resources: new Set(doc.resources.map((r) => r.uri)),
    servers: new Set(doc.servers.map((r) => r.name)),
    tools: new Set(doc.toolkits.flatMap((k) => (k.tools ?? []).map((t) => `${k.name}/${t.name}`))),
    toolkits: new Set(doc.toolkits.map((k) => k.name)),
    functions: new Set(doc.functions.map((f) => f.name)),
    // An openapi toolkit's providers (made from its security schemes) stay while the toolkit does.
    providers: new Set([
      ...doc.providers.map((p) => p.id),
      ...[...run.openapi.values()].flatMap((p) => p.planned.providers.map((s) => s.provider)),
    ]),
  }
  await prunePolicies(run, note)
  for (const [name, r] of current.prompts)
    if (!keep.prompts.has(name)) await drop('prompt', name, () => s.prompts.remove(projectId, r.id))
  for (const [uri, r] of current.resources)
    if (!keep.resources.has(uri)) await drop('resource', uri, () => s.resources.remove(projectId, r.id))
  for (const [name, r] of current.servers)
    if (!keep.servers.has(name)) await drop('server', name, () => s.servers.remove(projectId, r.id))
  for (const [name, r] of current.tools)
    if (!keep.tools.has(name)) await drop('tool', name, () => s.tools.remove(projectId, r.id))
  for (const [name, r] of current.toolkits)
    if (!keep.toolkits.has(name)) await drop('toolkit', name, () => s.toolkits.remove(projectId, r.id))
  for (const k of (await s.toolkits.list(projectId, 10_000)).toolkits)
    if (k.toolkit_type === 'openapi' && !keep.toolkits.has(k.name))
      await drop('toolkit', k.name, () => s.toolkits.remove(projectId, k.id))
  // Whatever still used a pruned function was pruned above or is named in the file (and then fails when it runs).
  for (const [name, r] of current.functions)
    if (!keep.functions.has(name)) await drop('function', name, () => s.functions.remove(projectId, r.id, true))
  for (const [id] of current.providers)
    if (!keep.providers.has(id)) await drop('provider', id, () => s.vault.providers.remove(projectId, id))
}
