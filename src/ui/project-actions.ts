// A project session's form actions (POST): each calls the REST API (or the MCP endpoint, for the playground) with the
// session's key and redirects with a notice (post/redirect/get); a refused save throws a FormFailure instead.
import { approvalAction } from './approvals-page'
import { type Body, type Done, jsonField, list, optional, saving, textOf } from './form-save'
import { type Html, html } from './html'
import * as pages from './pages'
import type { PageContext } from './project-pages'
import { recordAction } from './record-actions'
import { parseArguments, SOURCE_FIELD } from './records'
import { argumentsFrom, playgroundResult } from './server-page'
import { toolkitAction } from './toolkit-actions'
import { usersAction } from './users-page'

// biome-ignore lint/suspicious/noExplicitAny: API answers rendered as they come
type Row = Record<string, any>

export async function projectAction(c: PageContext, path: string, body: Body): Promise<Done> {
  const text = textOf(body)
  const elsewhere =
    (await recordAction(c, path, body)) ?? (await usersAction(c, path, body)) ?? (await approvalAction(c, path, body))
  if (elsewhere) return elsewhere
  let m: RegExpExecArray | null
  if (path === 'servers') {
    const created = await saving('servers', 'server', body, () => c.api('POST', '/servers', { name: text('name') }))
    return { redirect: `/mcp/ui/servers/${created.data.id}`, notice: `Created server “${created.data.name}”.` }
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
  m = /^servers\/([^/]+)\/tools(?:\/([^/]+)\/(enabled|remove|credential))?$/.exec(path)
  if (m) {
    const [, serverId, toolId, op] = m
    const at = `/servers/${serverId}/tools`
    const notice = await saving(`servers/${serverId}`, 'add-tool', body, async () => {
      if (!op) {
        await c.api('POST', at, { tool_ids: [text('tool_id')] })
        return 'Added the tool.'
      }
      if (op === 'remove') {
        await c.api('DELETE', at, { tool_ids: [toolId] })
        return 'Removed the tool from this server.'
      }
      if (op === 'enabled') {
        const enabled = text('enabled') === 'true'
        await c.api('PATCH', `${at}/${toolId}`, { enabled })
        return enabled ? 'Enabled the tool on this server.' : 'Disabled the tool on this server.'
      }
      await c.api('PATCH', `${at}/${toolId}`, { credential_id: optional(body.credential_id) ?? null })
      return 'Saved the tool’s credential on this server.'
    })
    return { redirect: `/mcp/ui/servers/${serverId}`, notice }
  }
  m = /^servers\/([^/]+)\/settings$/.exec(path)
  if (m) {
    const serverId = m[1]!
    const saved = await saving(`servers/${serverId}`, 'settings', body, () =>
      c.api('PATCH', `/servers/${serverId}`, {
        name: text('name'),
        description: String(body.description ?? ''),
        auth: text('auth') === 'none' ? 'none' : 'api_key',
      }),
    )
    return { redirect: `/mcp/ui/servers/${serverId}`, notice: `Saved the settings of “${saved.data.name}”.` }
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
    return { redirect: `/mcp/ui/servers/${serverId}`, notice: 'Saved tool discovery.' }
  }
  m = /^servers\/([^/]+)\/toolkits(?:\/([^/]+)\/(detach|credentials))?$/.exec(path)
  if (m) {
    const [, serverId, toolkitId, op] = m
    const s = (await c.api('GET', `/servers/${serverId}`)).data
    // Kept toolkits keep their prefix (PATCH keeps it when none is given); a new one may be given one.
    type Attached = { toolkit_id: string; credentials: Record<string, string>; prefix?: string }
    let attached: Attached[] = (s.toolkits as Row[]).map((k) => ({
      toolkit_id: k.toolkit_id,
      credentials: k.credentials ?? {},
    }))
    if (!op)
      attached.push({
        toolkit_id: text('toolkit_id'),
        credentials: {},
        ...(optional(body.prefix) ? { prefix: text('prefix') } : {}),
      })
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
    const notice = !op ? 'Attached the toolkit.' : op === 'detach' ? 'Detached the toolkit.' : 'Mapped the credential.'
    return { redirect: `/mcp/ui/servers/${serverId}`, notice }
  }
  const toolkit = await toolkitAction(c, path, body)
  if (toolkit) return toolkit
  if (path === 'functions') {
    const runtime = text('runtime') === 'typescript' ? 'typescript' : 'javascript'
    const made = await saving('functions', 'function', body, () =>
      c.api('POST', '/functions', { name: text('name'), runtime, code: pages.starterCode(runtime) }),
    )
    return { redirect: '/mcp/ui/functions', notice: `Created function “${made.name}”.` }
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
    if (!m[2]) return { redirect: '/mcp/ui/functions', notice: `Saved function “${current.name}”.` }
    return { fragment: await runFunction(c, id, text('input')) }
  }
  m = /^tools\/([^/]+)$/.exec(path)
  if (path === 'tools' || m) {
    const id = path === 'tools' ? undefined : m![1]
    const form = id ? `tool-${id}` : 'tool'
    const saved = await saving('tools', form, body, async () => {
      const fields = {
        description: text('description'),
        function_name: text('function_name'),
        input_schema: jsonField(body.input_schema, 'input_schema') ?? { type: 'object' },
      }
      if (id) return c.api('PATCH', `/tools/${id}`, fields)
      return c.api('POST', '/tools', { toolkit_id: text('toolkit_id'), name: text('name'), ...fields })
    })
    return { redirect: '/mcp/ui/tools', notice: `${id ? 'Saved' : 'Created'} tool “${saved.name}”.` }
  }
  m = /^resources\/([^/]+)$/.exec(path)
  if (path === 'resources' || m) {
    const id = path === 'resources' ? undefined : m![1]
    const saved = await saving('resources', id ? `resource-${id}` : 'resource', body, async () => {
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
    return { redirect: '/mcp/ui/resources', notice: `${id ? 'Saved' : 'Created'} resource “${saved.uri}”.` }
  }
  m = /^prompts\/([^/]+)$/.exec(path)
  if (path === 'prompts' || m) {
    const id = path === 'prompts' ? undefined : m![1]
    const saved = await saving('prompts', id ? `prompt-${id}` : 'prompt', body, async () => {
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
    return { redirect: '/mcp/ui/prompts', notice: `${id ? 'Saved' : 'Created'} prompt “${saved.name}”.` }
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
    return {
      redirect: '/mcp/ui/keys',
      notice: `Created ${created.role} key “${created.name}”.`,
      once: { label: 'New key', value: created.api_key, id: 'new-key' },
    }
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
