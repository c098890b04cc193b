// A project session's pages (GET) and form actions (POST). Every read and write goes through the REST API (or, for
// the playground, the MCP endpoint) with the session's key. A refused save throws a FormFailure: the page is shown
// again with the form kept and the error above it, never a bare error page.
import { type ApiClient, ApiError } from './api-client'
import { type Draft, type Html, html } from './html'
import { type LoggedCall, overviewPage, RANGES, type Range } from './overview'
import * as pages from './pages'
import { parseArguments, promptsPage, resourcesPage, SOURCE_FIELD, toolsPage } from './records'
import { argumentsFrom, playgroundForm, playgroundResult, serverPage } from './server-page'
import { openapiPlan, toolkitsPage } from './toolkits-page'

export type PageContext = ApiClient & { publicUrl: () => string }
// biome-ignore lint/suspicious/noExplicitAny: API answers rendered as they come
type Row = Record<string, any>
type Body = Record<string, unknown>

export interface Shown {
  title: string
  body: Html
  /** The nav entry to mark (default: the page's own name). */
  nav?: string
  /** An htmx fragment: sent without the page frame. */
  fragment?: boolean
}

export interface Done {
  redirect?: string
  fragment?: Html
  page?: { title: string; body: Html; nav: string }
}

/** A save the API refused: the page to show again and the kept form. */
export class FormFailure extends Error {
  constructor(
    readonly page: string,
    readonly draft: Draft,
  ) {
    super(draft.error)
  }
}

/** Newest calls read for the overview at most (pages of 200): enough for charts, bounded per view. */
const OVERVIEW_MAX_CALLS = 5000

const servers = async (c: PageContext): Promise<Row[]> => (await c.api('GET', '/servers?limit=200')).data
const nameOf = (list: Row[]) => (id: string | null) => (id ? (list.find((s) => s.id === id)?.name ?? id) : '—')

async function recentCalls(c: PageContext, since: number): Promise<{ calls: LoggedCall[]; truncated: boolean }> {
  const calls: LoggedCall[] = []
  let cursor: string | undefined
  while (calls.length < OVERVIEW_MAX_CALLS) {
    const r = await c.api('GET', `/calls?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
    calls.push(...r.calls)
    const last = r.calls.at(-1)
    if (!r.next_cursor || !last || Date.parse(last.created_at) < since) return { calls, truncated: false }
    cursor = r.next_cursor
  }
  return { calls, truncated: true }
}

export async function projectPage(
  c: PageContext,
  name: string,
  query: Record<string, string | undefined>,
  draft?: Draft,
): Promise<Shown> {
  const title = (t: string, body: Html): Shown => ({ title: t, body })
  const server = /^servers\/([^/]+)(\/playground)?$/.exec(name)
  if (server) {
    const s = (await c.api('GET', `/servers/${server[1]}`)).data
    if (server[2]) {
      const listed = await c.mcp(s.slug, 'tools/list', {})
      const tool = (listed.result?.tools ?? []).find((t: Row) => t.name === query.tool)
      const body = tool
        ? playgroundForm(s.id, tool)
        : html`<p class="muted">${listed.error ? `tools/list failed: ${listed.error.message}` : 'Pick a tool.'}</p>`
      return { title: '', body, fragment: true }
    }
    const [toolkits, credentials, resources, prompts] = await Promise.all([
      c.api('GET', '/toolkits?limit=200'),
      c.api('GET', '/credentials?limit=200'),
      c.api('GET', '/resources?limit=200'),
      c.api('GET', '/prompts?limit=200'),
    ])
    const body = serverPage(
      {
        server: s,
        toolkits: toolkits.toolkits,
        credentials: credentials.credentials,
        resources: resources.resources.filter((r: Row) => r.server_id === s.id),
        prompts: prompts.prompts.filter((p: Row) => !p.server_id || p.server_id === s.id),
      },
      draft,
    )
    return { title: s.name, body, nav: 'servers' }
  }
  switch (name) {
    case 'overview': {
      const range: Range = query.range && query.range in RANGES ? (query.range as Range) : 'day'
      const now = Date.now()
      const [list, recent] = await Promise.all([servers(c), recentCalls(c, now - RANGES[range].span)])
      return title('Overview', overviewPage(recent.calls, range, now, nameOf(list), recent.truncated))
    }
    case 'servers':
      return title('Servers', pages.serversPage(await servers(c), draft))
    case 'toolkits': {
      const list = (await c.api('GET', '/toolkits?limit=200')).toolkits as Row[]
      // Remote toolkits carry their sync state, OpenAPI ones their import settings, in the detail only.
      const detailed = await Promise.all(
        list.map(async (k) =>
          k.toolkit_type === 'remote' || k.toolkit_type === 'openapi'
            ? await c.api('GET', `/toolkits/${k.id}`).catch(() => k)
            : k,
        ),
      )
      // A toolkit held back on a server names that server: the names are read only when there is something to say.
      const collided = detailed.some((k) => k.name_collisions?.length)
      const serverName = nameOf(collided ? await servers(c) : [])
      return title('Toolkits', toolkitsPage(detailed, draft, reimportNotice(query), serverName))
    }
    case 'tools': {
      const [tools, toolkits, functions] = await Promise.all([
        c.api('GET', '/tools?limit=200'),
        c.api('GET', '/toolkits?limit=200'),
        c.api('GET', '/functions?limit=200'),
      ])
      return title('Tools', toolsPage(tools.tools, toolkits.toolkits, functions.functions, draft))
    }
    case 'functions':
      return title('Functions', pages.functionsPage((await c.api('GET', '/functions?limit=200')).functions, draft))
    case 'credentials':
      return title(
        'Credentials',
        pages.credentialsPage(
          (await c.api('GET', '/credentials?limit=200')).credentials,
          (await c.api('GET', '/providers')).providers,
        ),
      )
    case 'resources':
      return title(
        'Resources',
        resourcesPage((await c.api('GET', '/resources?limit=200')).resources, await servers(c), draft),
      )
    case 'prompts':
      return title('Prompts', promptsPage((await c.api('GET', '/prompts?limit=200')).prompts, await servers(c), draft))
    case 'subscriptions': {
      const subs = (await c.api('GET', '/subscriptions?limit=200')).subscriptions as Row[]
      const withDeliveries = await Promise.all(
        subs.map(async (x) => ({
          ...x,
          deliveries: (await c.api('GET', `/subscriptions/${x.id}/deliveries`)).deliveries,
        })),
      )
      return title('Subscriptions', pages.subscriptionsPage(withDeliveries))
    }
    case 'calls':
    case 'calls/rows': {
      const filter = {
        server_id: query.server_id || undefined,
        tool: query.tool || undefined,
        outcome: query.outcome || undefined,
      }
      const params = new URLSearchParams({ limit: '50' })
      for (const [k, v] of Object.entries({ ...filter, cursor: query.cursor })) if (v) params.set(k, v)
      const [list, r] = await Promise.all([servers(c), c.api('GET', `/calls?${params}`)])
      const rows = pages.callRows(r.calls, nameOf(list), filter, r.next_cursor)
      if (name === 'calls/rows') return { title: '', body: rows, fragment: true }
      return title('Call log', pages.callsPage(list, filter, rows, !query.cursor))
    }
    case 'keys':
      return title('Keys', pages.keysPage((await c.api('GET', '/keys')).keys, await servers(c), undefined, draft))
    default:
      throw new Error(`no page "${name}"`)
  }
}

/** Runs `save`; an API refusal becomes a FormFailure that shows `page` again with form `form` kept. */
async function saving<T>(page: string, form: string, values: Body, save: () => Promise<T>): Promise<T> {
  try {
    return await save()
  } catch (error) {
    const message =
      // The details, unless the message says them already (invalid_function repeats its line and column).
      error instanceof ApiError && error.details.some((d) => !error.message.includes(d.message))
        ? `${error.message}: ${error.details.map((d) => `${d.field}: ${d.message}`).join('; ')}`
        : (error as Error).message
    // A function's invalid_function names the line ("line 3, column 7: …"): the editor marks it.
    const line = Number(
      /line (\d+)/.exec(error instanceof ApiError ? (error.details[0]?.message ?? error.message) : '')?.[1],
    )
    throw new FormFailure(page, { form, values, error: message, ...(line > 0 ? { line } : {}) })
  }
}

const jsonField = (value: unknown, field: string) => {
  const text = String(value ?? '').trim()
  if (!text) return undefined
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiError(`${field} is not valid JSON`, 400)
  }
}
const mapValues = <V, W>(o: Record<string, V>, f: (v: V) => W) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)])) as Record<string, W>

/** After a re-import, the toolkits page says what changed (the counts ride in the redirect's query). */
function reimportNotice(query: Record<string, string | undefined>): string | undefined {
  if (!query.reimported) return undefined
  const n = (k: string) => Number(query[k] ?? 0)
  return `Re-imported ${query.reimported}: ${n('added')} added, ${n('updated')} updated, ${n('removed')} removed.`
}
const optional = (v: unknown) => (String(v ?? '').trim() ? String(v).trim() : undefined)
const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : v ? [String(v)] : [])

export async function projectAction(c: PageContext, path: string, body: Body): Promise<Done> {
  const text = (k: string) => String(body[k] ?? '').trim()
  let m: RegExpExecArray | null
  if (path === 'servers') {
    const created = await saving('servers', 'server', body, () => c.api('POST', '/servers', { name: text('name') }))
    return { redirect: `/mcp/ui/servers/${created.data.id}` }
  }
  m = /^servers\/([^/]+)\/playground$/.exec(path)
  if (m) {
    const s = (await c.api('GET', `/servers/${m[1]}`)).data
    const listed = await c.mcp(s.slug, 'tools/list', {})
    const tool = (listed.result?.tools ?? []).find((t: Row) => t.name === text('tool'))
    if (!tool) return { fragment: html`<div class="flash">No tool "${text('tool')}" on this server.</div>` }
    const started = performance.now()
    const args = argumentsFrom(tool, body)
    const answer = await c.mcp(s.slug, 'tools/call', { name: tool.name, arguments: args })
    const ms = Math.round(performance.now() - started)
    return {
      fragment: playgroundResult({ result: answer.result, error: answer.error?.message, logs: answer.logs, ms }),
    }
  }
  m = /^servers\/([^/]+)\/discovery$/.exec(path)
  if (m) {
    const serverId = m[1]!
    const threshold = Number(text('threshold'))
    const tool_discovery = {
      mode: text('mode'),
      ...(text('threshold') && Number.isInteger(threshold) ? { threshold } : {}),
      pinned: text('pinned')
        .split(',')
        .map((p) => p.trim())
        .filter(Boolean),
    }
    await saving(`servers/${serverId}`, 'discovery', body, () =>
      c.api('PATCH', `/servers/${serverId}`, { tool_discovery }),
    )
    return { redirect: `/mcp/ui/servers/${serverId}` }
  }
  m = /^servers\/([^/]+)\/toolkits(?:\/([^/]+)\/(detach|credentials))?$/.exec(path)
  if (m) {
    const [, serverId, toolkitId, op] = m
    const s = (await c.api('GET', `/servers/${serverId}`)).data
    let attached = (s.toolkits as Row[]).map((k) => ({ toolkit_id: k.toolkit_id, credentials: k.credentials ?? {} }))
    if (!op) attached.push({ toolkit_id: text('toolkit_id'), credentials: {} })
    else if (op === 'detach') attached = attached.filter((k) => k.toolkit_id !== toolkitId)
    else
      attached = attached.map((k) =>
        k.toolkit_id === toolkitId
          ? { ...k, credentials: { ...k.credentials, [text('provider')]: text('credential_id') } }
          : k,
      )
    const form = op === 'credentials' ? `map-${toolkitId}` : 'attach'
    await saving(`servers/${serverId}`, form, body, () =>
      c.api('PATCH', `/servers/${serverId}`, { toolkits: attached }),
    )
    return { redirect: `/mcp/ui/servers/${serverId}` }
  }
  if (path === 'toolkits') {
    await saving('toolkits', 'hosted', body, () =>
      c.api('POST', '/toolkits', {
        name: text('name'),
        ...(optional(body.description) ? { description: text('description') } : {}),
      }),
    )
    return { redirect: '/mcp/ui/toolkits' }
  }
  if (path === 'toolkits/remote') {
    const auth =
      text('auth_type') === 'bearer'
        ? { type: 'bearer', credential_provider: text('credential_provider') }
        : text('auth_type') === 'header'
          ? { type: 'header', header_name: text('header_name'), credential_provider: text('credential_provider') }
          : { type: 'none' }
    await saving('toolkits', 'remote', body, () =>
      c.api('POST', '/toolkits', {
        name: text('name'),
        toolkit_type: 'remote',
        remote: { url: text('url'), transport: text('transport') || 'auto', auth, prefix: text('prefix') },
      }),
    )
    return { redirect: '/mcp/ui/toolkits' }
  }
  if (path === 'toolkits/import/openapi' || path === 'toolkits/import/openapi/plan') {
    const dryRun = path.endsWith('/plan')
    const tags = text('tags')
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean)
    const request = {
      name: text('name'),
      ...(optional(body.spec) ? { spec: text('spec') } : {}),
      ...(optional(body.spec_url) ? { spec_url: text('spec_url') } : {}),
      ...(optional(body.base_url) ? { base_url: text('base_url') } : {}),
      ...(tags.length ? { include: { tags } } : {}),
      ...(optional(body.auth_type)
        ? {
            auth: {
              type: text('auth_type'),
              credential_provider: text('auth_provider'),
              ...(optional(body.auth_name) ? { name: text('auth_name') } : {}),
            },
          }
        : {}),
      ...(dryRun ? { dry_run: true } : {}),
    }
    if (dryRun) {
      const plan = await c.api('POST', '/toolkits/import/openapi', request).catch((e: Error) => ({ failed: e }))
      if (plan.failed) {
        const e = plan.failed
        const detail = e instanceof ApiError ? e.details.map((d) => `${d.field}: ${d.message}`).join('; ') : ''
        return { fragment: html`<div class="flash">${e.message}${detail ? `: ${detail}` : ''}</div>` }
      }
      return { fragment: openapiPlan(plan) }
    }
    await saving('toolkits', 'openapi', body, () => c.api('POST', '/toolkits/import/openapi', request))
    return { redirect: '/mcp/ui/toolkits' }
  }
  m = /^toolkits\/([^/]+)\/reimport$/.exec(path)
  if (m) {
    const id = m[1]!
    // A re-import that moves credentials (another host, a changed scheme) is refused unless the box is ticked.
    const confirm = text('confirm') === 'true' ? { confirm: true } : {}
    const diff = await saving('toolkits', `reimport-${id}`, body, () =>
      c.api('POST', `/toolkits/${id}/reimport`, confirm),
    )
    const counts = { added: diff.added.length, updated: diff.updated.length, removed: diff.removed.length }
    const q = new URLSearchParams({ reimported: text('name') || id, ...mapValues(counts, String) })
    return { redirect: `/mcp/ui/toolkits?${q.toString()}` }
  }
  m = /^toolkits\/([^/]+)\/refresh$/.exec(path)
  if (m) {
    await saving('toolkits', 'hosted', body, () => c.api('POST', `/toolkits/${m![1]}/refresh`, {}))
    return { redirect: '/mcp/ui/toolkits' }
  }
  if (path === 'functions') {
    const runtime = text('runtime') === 'typescript' ? 'typescript' : 'javascript'
    await saving('functions', 'function', body, () =>
      c.api('POST', '/functions', { name: text('name'), runtime, code: pages.starterCode(runtime) }),
    )
    return { redirect: '/mcp/ui/functions' }
  }
  m = /^functions\/([^/]+)(\/run)?$/.exec(path)
  if (m) {
    const id = m[1]!
    const current = await c.api('GET', `/functions/${id}`)
    if (typeof body.code === 'string' && body.code !== current.code) {
      if (m[2]) await c.api('PATCH', `/functions/${id}`, { code: body.code })
      else
        await saving('functions', `function-${id}`, body, () => c.api('PATCH', `/functions/${id}`, { code: body.code }))
    }
    if (!m[2]) return { redirect: '/mcp/ui/functions' }
    return { fragment: await runFunction(c, id, text('input')) }
  }
  m = /^tools\/([^/]+)$/.exec(path)
  if (path === 'tools' || m) {
    const id = path === 'tools' ? undefined : m![1]
    const form = id ? `tool-${id}` : 'tool'
    await saving('tools', form, body, async () => {
      const fields = {
        description: text('description'),
        function_name: text('function_name'),
        input_schema: jsonField(body.input_schema, 'input_schema') ?? { type: 'object' },
      }
      if (id) return c.api('PATCH', `/tools/${id}`, fields)
      return c.api('POST', '/tools', { toolkit_id: text('toolkit_id'), name: text('name'), ...fields })
    })
    return { redirect: '/mcp/ui/tools' }
  }
  m = /^resources\/([^/]+)$/.exec(path)
  if (path === 'resources' || m) {
    const id = path === 'resources' ? undefined : m![1]
    await saving('resources', id ? `resource-${id}` : 'resource', body, async () => {
      if (!id) {
        const type = text('resource_type')
        const [field] = SOURCE_FIELD[type] ?? ['content']
        return c.api('POST', '/resources', {
          server_id: text('server_id'),
          name: text('name'),
          uri: text('uri'),
          resource_type: type,
          ...(optional(body.mime_type) ? { mime_type: text('mime_type') } : {}),
          ...(optional(body.source) ? { [field]: String(body.source) } : {}),
        })
      }
      const existing = await c.api('GET', `/resources/${id}`)
      const [field] = SOURCE_FIELD[existing.resource_type] ?? ['content']
      return c.api('PATCH', `/resources/${id}`, {
        name: text('name'),
        description: text('description'),
        ...(optional(body.source) ? { [field]: String(body.source) } : {}),
      })
    })
    return { redirect: '/mcp/ui/resources' }
  }
  m = /^prompts\/([^/]+)$/.exec(path)
  if (path === 'prompts' || m) {
    const id = path === 'prompts' ? undefined : m![1]
    await saving('prompts', id ? `prompt-${id}` : 'prompt', body, async () => {
      const fields = {
        arguments: parseArguments(text('arguments')),
        ...(optional(body.template) ? { template: String(body.template) } : {}),
      }
      if (id)
        return c.api('PATCH', `/prompts/${id}`, {
          ...fields,
          description: optional(body.description) ?? null,
          server_id: optional(body.server_id) ?? null,
        })
      return c.api('POST', '/prompts', {
        name: text('name'),
        ...fields,
        ...(optional(body.description) ? { description: text('description') } : {}),
        ...(optional(body.server_id) ? { server_id: text('server_id') } : {}),
      })
    })
    return { redirect: '/mcp/ui/prompts' }
  }
  // Keys go through the REST API like everything else, so the session's key must be allowed to manage keys.
  if (path === 'keys') {
    const serverIds = list(body.server_ids)
    const days = Number(text('expires_in_days'))
    const created = await saving('keys', 'key', body, () =>
      c.api('POST', '/keys', {
        name: text('name') || 'dashboard',
        role: text('role') === 'admin' ? 'admin' : 'mcp',
        ...(serverIds.length ? { server_ids: serverIds } : {}),
        ...(days > 0 ? { expires_in_days: days } : {}),
      }),
    )
    const keys = (await c.api('GET', '/keys')).keys
    return { page: { title: 'Keys', nav: 'keys', body: pages.keysPage(keys, await servers(c), created.api_key) } }
  }
  m = /^keys\/([^/]+)\/revoke$/.exec(path)
  if (m) {
    await c.api('DELETE', `/keys/${encodeURIComponent(m[1]!)}`)
    return { redirect: '/mcp/ui/keys' }
  }
  if (path === 'oauth/connect') {
    const redirect_uri = `${c.publicUrl()}/mcp/ui/oauth/callback`
    const r = await c.api('POST', '/oauth/init', { provider_id: text('provider_id'), redirect_uri })
    return { redirect: r.auth_url }
  }
  throw new Error(`no action "${path}"`)
}

/** The Run button is the REST invoke endpoint: the same runtime, limits and result mapping as a tool call. */
async function runFunction(c: PageContext, id: string, inputText: string): Promise<Html> {
  let input: unknown
  try {
    input = JSON.parse(inputText || '{}')
  } catch {
    return pages.runResult({ ok: false, error: 'input is not valid JSON', logs: [], duration_ms: 0 })
  }
  const isObject = input !== null && typeof input === 'object' && !Array.isArray(input)
  const run = await c
    .api('POST', `/functions/${id}/invoke`, { input: isObject ? input : {} })
    .catch((error: Error) => ({ error: error.message }))
  return pages.runResult(
    run.result
      ? { ok: !run.result.isError, result: run.result, logs: run.logs, duration_ms: run.duration_ms }
      : { ok: false, error: String(run.error), logs: [], duration_ms: 0 },
  )
}
