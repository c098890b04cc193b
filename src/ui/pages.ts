// The dashboard's pages: each renders what the REST API (called with the signed-in key) answered. No secrets shown.
import { deleteLink } from './delete'
import { copyButton, type Draft, errorFor, type Html, html, kept, options, status, table, when } from './html'
import { type ListView, listBar } from './listing'

// biome-ignore lint/suspicious/noExplicitAny: API answers rendered as they come; each page reads a few fields
type Row = Record<string, any>

/** Copy-paste client configs for one server URL; the key stays a placeholder (it is never put into a page). */
export function clientConfigs(name: string, url: string): Html {
  const headers = { 'X-API-Key': '<your-api-key>' }
  const configs: [string, string][] = [
    ['Claude Code', `claude mcp add --transport http ${name} ${url} --header "X-API-Key: <your-api-key>"`],
    ['Cursor (.cursor/mcp.json)', JSON.stringify({ mcpServers: { [name]: { url, headers } } }, null, 2)],
    ['VS Code (.vscode/mcp.json)', JSON.stringify({ servers: { [name]: { type: 'http', url, headers } } }, null, 2)],
    [
      'mcp-remote (any stdio client)',
      JSON.stringify(
        {
          mcpServers: {
            [name]: { command: 'npx', args: ['-y', 'mcp-remote', url, '--header', 'X-API-Key:<your-api-key>'] },
          },
        },
        null,
        2,
      ),
    ],
  ]
  return html`<details><summary>Client configs</summary>${configs.map(
    ([label, text]) => html`<div><strong>${label}</strong>${copyButton(text)}<pre>${text}</pre></div>`,
  )}</details>`
}

/** A server's URL with its copy button. */
export const serverUrl = (url: string) => html`<code class="server-url">${url}</code>${copyButton(url)}`

export const serversPage = (list: ListView, draft?: Draft) => html`
  <div class="card">${errorFor(draft, 'server')}<form method="post" action="/mcp/ui/servers">
    <label>New server name <input name="name" required maxlength="200" value="${kept(draft, 'server', 'name')}"></label>
    <button id="create-server">Create server</button>
  </form></div>
  ${listBar(list, '/mcp/ui/servers', 'server')}
  ${list.rows.map(
    (s) => html`<div class="card server"><h3><a href="/mcp/ui/servers/${s.id}" class="server-link">${s.name}</a>
      <span class="muted">/${s.slug}</span></h3>
      <p>URL: ${serverUrl(s.url)} · auth: ${s.auth} · created ${when(s.created_at)}</p>${clientConfigs(s.slug, s.url)}
      <p>${deleteLink('servers', s.id)}</p></div>`,
  )}
  ${list.rows.length ? html`` : html`<p class="muted">${list.q ? 'No server matches.' : 'No servers yet.'}</p>`}`

const STARTERS: Record<string, string> = {
  javascript: 'export default async (input, ctx) => {\n  ctx.log("info", "hello")\n  return { echo: input }\n}',
  typescript:
    'export default async (input: { name?: string }, ctx: { log(level: string, message: string): void }) => {\n  ctx.log("info", "hello")\n  return { echo: input }\n}',
}
export const starterCode = (runtime: string) => STARTERS[runtime] ?? STARTERS.javascript!

/** A code function's editor form: the textarea becomes CodeMirror (assets/editor.js); a kept error marks its line. */
function codeForm(f: Row, draft?: Draft) {
  const form = `function-${f.id}`
  const line = draft?.form === form ? draft.line : undefined
  return html`${errorFor(draft, form)}<form method="post" action="/mcp/ui/functions/${f.id}">
    <textarea name="code" rows="10" class="code" data-editor="${f.runtime}"
      ${line ? html`data-error-line="${line}" data-error-message="${draft?.error}"` : html``}>${kept(draft, form, 'code', f.code)}</textarea>
    <label>Input (JSON) <input name="input" class="input" value="{}" size="60"></label>
    <button class="save">Save</button>
    <button class="run" hx-post="/mcp/ui/functions/${f.id}/run" hx-target="#run-${f.id}" hx-swap="innerHTML">Run</button>
  </form>`
}

export const functionsPage = (list: ListView, draft?: Draft) => html`
  <div class="card">${errorFor(draft, 'function')}<form method="post" action="/mcp/ui/functions">
    <label>New function <input name="name" required placeholder="name" value="${kept(draft, 'function', 'name')}"></label>
    <select name="runtime">${options(
      [
        ['javascript', 'JavaScript'],
        ['typescript', 'TypeScript'],
      ],
      kept(draft, 'function', 'runtime', 'javascript'),
    )}</select>
    <button id="create-function">Create</button></form></div>
  ${listBar(list, '/mcp/ui/functions', 'function')}
  ${list.rows.length ? html`` : html`<p class="muted">${list.q ? 'No function matches.' : 'No functions yet.'}</p>`}
  ${list.rows.map(
    (f) => html`<div class="card function" id="fn-${f.id}" data-runtime="${f.runtime}">
    <h3>${f.name} <span class="muted">${f.runtime} · updated ${when(f.updated_at ?? f.created_at)}</span>
      ${deleteLink('functions', f.id)}</h3>
    ${
      f.runtime === 'http'
        ? html`<pre>${JSON.stringify(f.http, null, 2)}</pre>
      <form hx-post="/mcp/ui/functions/${f.id}/run" hx-target="#run-${f.id}"><label>Input (JSON)
        <input name="input" value="{}" size="60"></label> <button class="run">Run</button></form>`
        : codeForm(f, draft)
    }
    <div id="run-${f.id}" class="run-result"></div></div>`,
  )}`

export const runResult = (r: { ok: boolean; result?: unknown; error?: string; logs: Row[]; duration_ms: number }) =>
  html`<p>${status(r.ok ? 'ok' : 'error')} in ${r.duration_ms} ms</p>
  <pre class="result">${r.ok ? JSON.stringify(r.result, null, 2) : r.error}</pre>
  ${r.logs.length ? html`<strong>Logs</strong><pre>${r.logs.map((l) => `[${l.level}] ${l.message}\n`).join('')}</pre>` : html``}`

/** A subscription's webhook signing secret, shown once right after it was made. */
export const shownOnce = (label: string, value: string, id: string) =>
  html`<div class="flash">${label} (shown once, copy it now): <code id="${id}">${value}</code>${copyButton(value)}</div>`

export const subscriptionsPage = (list: ListView, deliveries: Map<string, Row>, draft?: Draft) => html`
  <div class="card">${errorFor(draft, 'subscription')}<form method="post" action="/mcp/ui/subscriptions" class="stack" id="new-subscription">
    <strong>New subscription</strong>
    <label>Callback URL <input name="callback_url" type="url" required value="${kept(draft, 'subscription', 'callback_url')}" placeholder="https://example.com/hooks/toolyard"></label>
    <label>Resource URI (empty: every resource event) <input name="uri" value="${kept(draft, 'subscription', 'uri')}"></label>
    <button id="create-subscription">Subscribe</button></form></div>
  ${listBar(list, '/mcp/ui/subscriptions', 'subscription')}
  ${list.rows.map((s) => {
    const d = deliveries.get(s.id)
    return html`<div class="card subscription"><h3>${s.kind} ${s.uri ?? ''}</h3>
      <p>→ <code>${s.callback_url}</code> · created ${when(s.created_at)} · ${deleteLink('subscriptions', s.id)}</p>
      <details ${draft?.form === `subscription-${s.id}` ? html`open` : html``}><summary>Change the callback URL</summary>
        ${errorFor(draft, `subscription-${s.id}`)}<form method="post" action="/mcp/ui/subscriptions/${s.id}" class="stack">
        <label>Callback URL <input name="callback_url" type="url" required value="${kept(draft, `subscription-${s.id}`, 'callback_url', s.callback_url)}"></label>
        <button>Save</button></form></details>${table<Row>(
          d?.deliveries ?? [],
          [
            ['Event', (x) => x.event],
            ['Status', (x) => status(x.status)],
            ['Attempts', (x) => x.attempts.length],
            ['Created', (x) => when(x.created_at)],
            ['Delivered', (x) => when(x.delivered_at ?? x.next_attempt_at, '')],
          ],
          'No deliveries yet.',
        )}${d?.next_cursor ? html`<p class="muted">The newest ${d.deliveries.length} deliveries; older ones: GET /mcp/subscriptions/${s.id}/deliveries.</p>` : html``}</div>`
  })}${list.rows.length ? html`` : html`<p class="muted">${list.q ? 'No subscription matches.' : 'No subscriptions yet.'}</p>`}`

type CallFilter = { server_id?: string; tool?: string; outcome?: string }
const filterQuery = (filter: CallFilter) =>
  new URLSearchParams(Object.entries(filter).filter(([, v]) => v) as [string, string][]).toString()

/**
 * The call log's filters; the newest rows below them poll every few seconds (htmx), so new calls appear by
 * themselves. An older page (`live` false) stays still.
 */
export const callsPage = (servers: Row[], filter: CallFilter, rows: Html, live: boolean) => html`
  <form class="card filters" method="get" action="/mcp/ui/calls">
    <label>Server <select name="server_id"><option value="">any</option>${options(
      servers.map((s) => [s.id, s.name]),
      filter.server_id ?? '',
    )}</select></label>
    <label>Tool <input name="tool" value="${filter.tool ?? ''}" placeholder="exact name"></label>
    <label>Outcome <select name="outcome"><option value="">any</option>${options(
      ['ok', 'error', 'timeout', 'denied', 'rate_limited'].map((o) => [o, o]),
      filter.outcome ?? '',
    )}</select></label>
    <button id="filter-calls">Filter</button>
  </form>
  ${
    live
      ? html`<div id="call-rows" hx-get="/mcp/ui/calls/rows?${filterQuery(filter)}" hx-trigger="every 2s">${rows}</div>`
      : html`<div id="call-rows">${rows}</div><p><a href="/mcp/ui/calls?${filterQuery(filter)}">← Newest calls</a></p>`
  }`

/**
 * One page of the call log (GET /calls pages by cursor, newest first; the log has no total): which calls these are
 * ("calls 51–100, newest first"), the rows, and the link to older ones. `from` is the first row's position.
 */
export const callRows = (
  calls: Row[],
  serverName: (id: string | null) => string,
  filter: CallFilter,
  next?: string,
  from = 1,
) =>
  html`${calls.length ? html`<p class="list-count muted">Calls ${from}–${from + calls.length - 1}, newest first${next ? '' : ' (the oldest kept)'}</p>` : html``}${table(
    calls,
    [
      ['When', (c) => when(c.created_at)],
      ['Server', (c) => serverName(c.server_id)],
      ['Kind', (c) => c.kind],
      ['Name', (c) => html`<code>${c.name}</code>`],
      ['Outcome', (c) => status(c.outcome)],
      ['ms', (c) => c.duration_ms],
      ['Error', (c) => c.error ?? ''],
      ['Request', (c) => html`<code class="muted">${c.request_id}</code>`],
    ],
    'No calls yet.',
  )}${next ? html`<a href="/mcp/ui/calls?${filterQuery(filter)}&cursor=${encodeURIComponent(next)}&from=${from + calls.length}" class="older">Older calls →</a>` : html``}`

/** MCP clients that signed in through OAuth (GET /oauth/clients), each revoked like a key. */
const authorizedClients = (clients: Row[], servers: Row[]) => html`<h2>Authorized clients</h2>
  <p class="muted">MCP clients a person let in through OAuth (Toolyard's own authorization server).</p>
  ${table(
    clients,
    [
      ['Client', (g) => html`<span class="client-name">${g.client_name ?? g.client_id}</span>`],
      ['Server', (g) => servers.find((s) => s.id === g.server_id)?.name ?? g.server_id],
      ['Authorized', (g) => when(g.created_at)],
      ['Last used', (g) => when(g.last_used_at, 'never')],
      ['', (g) => deleteLink('clients', g.id, 'Revoke')],
    ],
    'No client has been authorized through OAuth.',
  )}`

export const keysPage = (list: ListView, servers: Row[], clients: Row[], created?: string, draft?: Draft) => html`
  ${created ? shownOnce('New key', created, 'new-key') : html``}
  <div class="card">${errorFor(draft, 'key')}<form method="post" action="/mcp/ui/keys" class="stack">
  <label>New key name <input name="name" value="${kept(draft, 'key', 'name', 'dashboard')}"></label>
  <label>Role <select name="role" id="key-role">${options(
    [
      ['mcp', 'mcp: MCP clients only'],
      ['admin', 'admin: the REST API and this dashboard'],
    ],
    kept(draft, 'key', 'role', 'mcp'),
  )}</select></label>
  <fieldset><legend>Servers (none ticked: every server)</legend>${servers.map(
    (s) =>
      html`<label><input type="checkbox" name="server_ids" value="${s.id}"> ${s.name} <span class="muted">/${s.slug}</span></label>`,
  )}</fieldset>
  <label>Expires in days <input name="expires_in_days" type="number" min="1" max="3650" value="${kept(draft, 'key', 'expires_in_days')}"></label>
  <button id="create-key">Create key</button></form></div>
  ${listBar(list, '/mcp/ui/keys', 'key')}
  ${table(list.rows, [
    ['Name', (k) => k.name],
    ['Prefix', (k) => html`<code>${k.prefix}…</code>`],
    ['Role', (k) => k.role],
    [
      'Servers',
      (k) =>
        k.server_ids
          ? k.server_ids.map((id: string) => servers.find((s) => s.id === id)?.name ?? id).join(', ')
          : 'all',
    ],
    ['State', (k) => status(k.revoked_at ? 'revoked' : 'active')],
    ['Created', (k) => when(k.created_at)],
    ['Expires', (k) => when(k.expires_at, 'never')],
    ['Last used', (k) => when(k.last_used_at, 'never')],
    ['', (k) => (k.revoked_at ? '' : deleteLink('keys', k.id, 'Revoke'))],
  ])}
  ${authorizedClients(clients, servers)}`

export const signInPage = (error?: string) => html`
  ${error ? html`<div class="flash">${error}</div>` : html``}
  <div class="card"><form method="post" action="/mcp/ui/sign-in">
    <p>Sign in with an admin API key of your project (or the admin token, for projects and keys); mcp keys are for MCP clients only.</p>
    <input type="password" name="key" id="key" size="60" autocomplete="off" required>
    <button id="sign-in">Sign in</button></form></div>
  <div class="card"><form method="get" action="/mcp/ui/sign-in/idp">
    <p>Or sign in as a member through your project's identity provider: the project's id.</p>
    <input name="project" id="idp-project" size="40" autocomplete="off" required>
    <button id="sign-in-idp">Sign in with the identity provider</button></form></div>`
