// One server's page: URL and client configs, attached toolkits (attach, detach, credential mapping), its tools,
// resources and prompts, and the playground: a form generated from a tool's input schema, sent as a real
// `tools/call` to POST /mcp/{slug}, with the result and the log notifications the call sent.

import { deleteLink } from './delete'
import { type Draft, errorFor, type Html, html, kept, options, status, table } from './html'
import { type ListView, listBar } from './listing'
import { clientConfigs, serverUrl } from './pages'

// biome-ignore lint/suspicious/noExplicitAny: API answers rendered as they come; each page reads a few fields
type Row = Record<string, any>

export interface ServerPageData {
  server: Row
  /** Every tool of the project, to add single ones. */
  allTools?: Row[]
  /** The server's tools, searched and paged. */
  tools: ListView
  toolkits: Row[]
  credentials: Row[]
  resources: Row[]
  prompts: Row[]
}

function toolkitRows(s: Row, credentials: Row[], draft?: Draft) {
  const credentialOptions = options(
    credentials.map((c) => [c.id, `${c.name} (${c.provider_id})`]),
    '',
  )
  return table<Row>(
    s.toolkits ?? [],
    [
      [
        'Toolkit',
        (k) => html`<a href="/mcp/ui/toolkits/${k.toolkit_id}"><strong class="attached-toolkit">${k.name}</strong></a>`,
      ],
      // Its tools are listed as <prefix>_<name> (docs/decisions/0211-attachment-prefix.md).
      ['Prefix', (k) => (k.prefix ? html`<code class="attachment-prefix">${k.prefix}_</code>` : '—')],
      [
        'Credentials',
        (k) =>
          Object.entries(k.credentials ?? {})
            .map(([provider, id]) => `${provider} → ${credentials.find((c) => c.id === id)?.name ?? id}`)
            .join(', ') || '—',
      ],
      [
        'Map a credential',
        (k) => html`${errorFor(draft, `map-${k.toolkit_id}`)}
        <form method="post" action="/mcp/ui/servers/${s.id}/toolkits/${k.toolkit_id}/credentials">
          <input name="provider" placeholder="provider" required size="12">
          <select name="credential_id">${credentialOptions}</select> <button>Map</button></form>`,
      ],
      [
        '',
        (k) => html`<form method="post" action="/mcp/ui/servers/${s.id}/toolkits/${k.toolkit_id}/detach">
          <button class="detach">Detach</button></form>`,
      ],
    ],
    'No toolkits attached.',
  )
}

/**
 * Tool discovery (docs/tool-search.md): the mode, the threshold for `auto` and the pinned tools, shown with what
 * tools/list does now, and saved with PATCH /servers/{id} {tool_discovery}.
 */
function discoveryCard(s: Row, draft?: Draft): Html {
  const d = s.tool_discovery ?? { mode: 'off', threshold: 40, pinned: [] }
  const count = (s.tools ?? []).filter((t: Row) => t.enabled).length
  const active = d.mode === 'always' || d.mode === 'code' || (d.mode === 'auto' && count > d.threshold)
  const now = active
    ? `on: tools/list shows ${d.pinned.length} pinned tool(s) plus find_tools and ${d.mode === 'code' ? 'run_code' : 'call_tool'} (${count} tools on the server)`
    : `off: tools/list shows all ${count} tools${d.mode === 'auto' ? ` (switches on above ${d.threshold})` : ''}`
  return html`<div class="card">${errorFor(draft, 'discovery')}
  <form method="post" action="/mcp/ui/servers/${s.id}/discovery" class="stack" id="discovery-form">
    <p class="muted" id="discovery-state">Now ${now}.</p>
    <label>Mode <select name="mode" id="discovery-mode">${options(
      [
        ['off', 'off: list every tool'],
        ['auto', 'auto: search tools above the threshold'],
        ['always', 'always: search tools'],
        ['code', 'code: search tools and run_code'],
      ],
      kept(draft, 'discovery', 'mode', d.mode),
    )}</select></label>
    <label>Threshold (auto) <input name="threshold" id="discovery-threshold" type="number" min="0" value="${kept(draft, 'discovery', 'threshold', String(d.threshold))}"></label>
    <label>Pinned tools, always listed (comma-separated) <input name="pinned" id="discovery-pinned" value="${kept(draft, 'discovery', 'pinned', d.pinned.join(', '))}"></label>
    <button id="save-discovery">Save tool discovery</button></form></div>`
}

/**
 * Tools the server carries but does not list (GET /servers/{id} `held_back`): a change from outside brought a second
 * tool of a name, and the one there first keeps it (docs/decisions/0111-one-name-one-tool.md).
 */
function heldBack(s: Row, toolkits: Row[]): Html {
  const held: Row[] = s.held_back ?? []
  if (!held.length) return html``
  const kit = (id: string) => toolkits.find((k) => k.id === id)?.name ?? id
  return html`<div class="card held-back"><p class="error">Held back: another tool on this server has the name.</p>
  ${table<Row>(held, [
    ['Tool', (t) => html`<code>${t.name}</code>`],
    ['From toolkit', (t) => kit(t.toolkit_id)],
    ['Name kept by toolkit', (t) => kit(t.held_by.toolkit_id)],
  ])}</div>`
}

const toolAction = (serverId: string, t: Row, op: string) => `/mcp/ui/servers/${serverId}/tools/${t.id}/${op}`

/** On or off for this server only (PATCH /servers/{id}/tools/{tool_id} {enabled}); an added tool can be removed. */
const toolSwitch = (
  serverId: string,
  t: Row,
) => html`<form method="post" action="${toolAction(serverId, t, 'enabled')}">
  <input type="hidden" name="enabled" value="${t.enabled ? 'false' : 'true'}">${t.enabled ? 'yes' : 'no'}
  <button class="toggle-tool">${t.enabled ? 'Disable' : 'Enable'}</button></form>${
    t.source === 'added'
      ? html`<form method="post" action="${toolAction(serverId, t, 'remove')}"><button class="remove-tool">Remove from server</button></form>`
      : html``
  }`

/** The credential the tool runs with here: its status, and an override for this server only ({credential_id}). */
const toolCredential = (serverId: string, t: Row, credentials: Row[]) =>
  t.credential_provider
    ? html`${t.credential_provider}: ${status(t.credential_status)}
      <form method="post" action="${toolAction(serverId, t, 'credential')}"><select name="credential_id">
        <option value="">the toolkit's mapping</option>${options(
          credentials.map((c) => [c.id, `${c.name} (${c.provider_id})`]),
          '',
        )}</select> <button>Use</button></form>`
    : '—'

/** Single tools of any toolkit put on this server (POST /servers/{id}/tools {tool_ids}). */
function addToolForm(s: Row, allTools: Row[], draft?: Draft): Html {
  const here = new Set((s.tools ?? []).map((t: Row) => t.id))
  const free = allTools.filter((t) => !here.has(t.id))
  if (!free.length) return html``
  return html`<div class="card">${errorFor(draft, 'add-tool')}<form method="post" action="/mcp/ui/servers/${s.id}/tools" id="add-tool-form">
    <label>Add a single tool <select name="tool_id">${options(
      free.map((t) => [t.id, t.name]),
      '',
    )}</select></label> <button id="add-tool">Add tool</button></form></div>`
}

/** The server's own settings (PATCH /servers/{id}): name, description, and whether MCP clients need a key. */
function settingsForm(s: Row, draft?: Draft): Html {
  const f = 'settings'
  return html`<details ${draft?.form === f ? html`open` : html``}><summary>Settings</summary>${errorFor(draft, f)}
  <form method="post" action="/mcp/ui/servers/${s.id}/settings" class="stack" id="settings-form">
    <label>Name <input name="name" required maxlength="200" value="${kept(draft, f, 'name', s.name)}"></label>
    <label>Description <input name="description" maxlength="2000" value="${kept(draft, f, 'description', s.description)}"></label>
    <label>MCP clients <select name="auth">${options(
      [
        ['api_key', 'need an API key (or an OAuth token)'],
        ['none', 'need nothing: anyone with the URL'],
      ],
      kept(draft, f, 'auth', s.auth),
    )}</select></label>
    <button id="save-settings">Save settings</button></form></details>`
}

export function serverPage(d: ServerPageData, draft?: Draft): Html {
  const s = d.server
  const attached = new Set((s.toolkits ?? []).map((k: Row) => k.toolkit_id))
  const free = d.toolkits.filter((k) => !attached.has(k.id))
  return html`
  <p><a href="/mcp/ui/servers">← Servers</a></p>
  <div class="card server"><p>URL: ${serverUrl(s.url)} · auth: ${s.auth}</p>
    ${s.description ? html`<p>${s.description}</p>` : html``}${clientConfigs(s.slug, s.url)}${settingsForm(s, draft)}
    <p>${deleteLink('servers', s.id, 'Delete server')}</p></div>
  <h2>Toolkits</h2>
  ${toolkitRows(s, d.credentials, draft)}
  <div class="card">${errorFor(draft, 'attach')}<form method="post" action="/mcp/ui/servers/${s.id}/toolkits" id="attach-form">
    <label>Attach <select name="toolkit_id">${options(
      free.map((k) => [k.id, `${k.name} (${k.toolkit_type})`]),
      '',
    )}</select></label>
    <label>Prefix <input name="prefix" placeholder="default" size="12" pattern="[A-Za-z0-9_.\-]*"
      title="Tools are listed as prefix_name; empty keeps the toolkit's default (a service's name for pre-built ones)"></label>
    <button id="attach-toolkit" ${free.length ? html`` : html`disabled`}>Attach toolkit</button>
    <a href="/mcp/ui/toolkits">Make a toolkit</a></form></div>
  <h2>Tools</h2>
  ${listBar(d.tools, `/mcp/ui/servers/${s.id}`, 'tool')}
  ${table<Row>(
    d.tools.rows,
    [
      [
        'Tool',
        (t) => html`<code>${t.name}</code>${t.source === 'added' ? html` <span class="muted">(added)</span>` : html``}`,
      ],
      ['Description', (t) => t.description ?? ''],
      ['Enabled', (t) => toolSwitch(s.id, t)],
      ['Credential', (t) => toolCredential(s.id, t, d.credentials)],
    ],
    'No tools on this server.',
  )}
  ${heldBack(s, d.toolkits)}
  ${addToolForm(s, d.allTools ?? [], draft)}
  <h2>Tool discovery</h2>
  ${discoveryCard(s, draft)}
  <h2>Playground</h2>
  <div class="card playground">
    <form hx-get="/mcp/ui/servers/${s.id}/playground" hx-target="#playground-form" hx-trigger="change from:#playground-tool, load">
      <label>Tool <select name="tool" id="playground-tool">${options(
        (s.tools ?? []).filter((t: Row) => t.enabled).map((t: Row) => [t.name, t.name]),
        '',
      )}</select></label></form>
    <div id="playground-form"></div><div id="playground-result"></div></div>
  <h2>Resources</h2>
  ${table(d.resources, [
    ['URI', (r) => html`<code>${r.uri}</code>`],
    ['Name', (r) => r.name],
    ['Type', (r) => r.resource_type],
    ['', (r) => deleteLink('resources', r.id, 'Delete', `servers/${s.id}`)],
  ])}
  <h2>Prompts</h2>
  ${table(d.prompts, [
    ['Name', (p) => p.name],
    ['Description', (p) => p.description ?? ''],
    ['', (p) => deleteLink('prompts', p.id, 'Delete', `servers/${s.id}`)],
  ])}
  <p><a href="/mcp/ui/resources">Add a resource</a> · <a href="/mcp/ui/prompts">Add a prompt</a></p>`
}

type Schema = { type?: string | string[]; enum?: unknown[]; description?: string; default?: unknown }

function field(name: string, schema: Schema, required: boolean): Html {
  const label = html`<strong>${name}</strong>${required ? ' *' : ''} ${schema.description ? html`<span class="muted">${schema.description}</span>` : html``}`
  const id = `arg-${name}`
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  if (schema.enum)
    return html`<label>${label}<br><select name="arg.${name}" id="${id}">${options(
      schema.enum.map((v) => [String(v), String(v)]),
      String(schema.default ?? ''),
    )}</select></label>`
  if (type === 'boolean')
    return html`<label><input type="checkbox" name="arg.${name}" id="${id}" value="true"> ${label}</label>`
  if (type === 'number' || type === 'integer')
    return html`<label>${label}<br><input type="number" step="${type === 'integer' ? '1' : 'any'}" name="arg.${name}" id="${id}" ${required ? html`required` : html``}></label>`
  if (type === 'object' || type === 'array')
    return html`<label>${label} <span class="muted">(JSON)</span><br><textarea name="arg.${name}" id="${id}" rows="3"></textarea></label>`
  return html`<label>${label}<br><input name="arg.${name}" id="${id}" size="50" ${required ? html`required` : html``}></label>`
}

/** The form for one tool, generated from its input schema's top-level properties. */
export function playgroundForm(serverId: string, tool: Row): Html {
  const schema = (tool.inputSchema ?? {}) as { properties?: Record<string, Schema>; required?: string[] }
  const props = Object.entries(schema.properties ?? {})
  return html`<form hx-post="/mcp/ui/servers/${serverId}/playground" hx-target="#playground-result" class="stack" id="playground">
    <input type="hidden" name="tool" value="${tool.name}">
    ${tool.description ? html`<p class="muted">${tool.description}</p>` : html``}
    ${props.map(([name, s]) => field(name, s, (schema.required ?? []).includes(name)))}
    ${props.length ? html`` : html`<p class="muted">This tool takes no arguments.</p>`}
    <button id="call-tool">Call tool</button></form>`
}

/** Form values back to arguments, typed by the schema (numbers, booleans, JSON for objects and arrays). */
export function argumentsFrom(tool: Row, body: Record<string, unknown>): Record<string, unknown> {
  const props = (tool.inputSchema?.properties ?? {}) as Record<string, Schema>
  const out: Record<string, unknown> = {}
  for (const [name, schema] of Object.entries(props)) {
    const raw = body[`arg.${name}`]
    if (raw === undefined || raw === '') continue
    const text = String(raw)
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
    if (type === 'boolean') out[name] = text === 'true' || text === 'on'
    else if (type === 'number' || type === 'integer') out[name] = Number(text)
    else if (type === 'object' || type === 'array') {
      try {
        out[name] = JSON.parse(text)
      } catch {
        throw new Error(`${name} is not valid JSON`)
      }
    } else out[name] = text
  }
  return out
}

export const playgroundResult = (r: { result?: Row; error?: string; logs: Row[]; ms: number }) =>
  html`<div class="card"><p>${status(r.error || r.result?.isError ? 'error' : 'ok')} in ${r.ms} ms</p>
  <pre class="playground-result">${r.error ?? JSON.stringify(r.result, null, 2)}</pre>
  ${r.logs.length ? html`<strong>Logs</strong><pre class="playground-logs">${r.logs.map((l) => `[${l.level}] ${typeof l.data === 'string' ? l.data : JSON.stringify(l.data)}\n`).join('')}</pre>` : html``}</div>`
