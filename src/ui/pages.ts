// The dashboard's pages: each renders what the REST API (called with the signed-in key) answered. No secrets shown.
import { type Draft, errorFor, type Html, html, kept, options, status, table } from './html'

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
    ([label, text]) => html`<div><strong>${label}</strong><pre>${text}</pre></div>`,
  )}</details>`
}

export const serversPage = (servers: Row[], draft?: Draft) => html`
  <div class="card">${errorFor(draft, 'server')}<form method="post" action="/mcp/ui/servers">
    <label>New server name <input name="name" required maxlength="200" value="${kept(draft, 'server', 'name')}"></label>
    <button id="create-server">Create server</button>
  </form></div>
  ${servers.map(
    (s) => html`<div class="card server"><h3><a href="/mcp/ui/servers/${s.id}" class="server-link">${s.name}</a>
      <span class="muted">/${s.slug}</span></h3>
      <p>URL: <code class="server-url">${s.url}</code> · auth: ${s.auth}</p>${clientConfigs(s.slug, s.url)}</div>`,
  )}
  ${servers.length ? html`` : html`<p class="muted">No servers yet.</p>`}`

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

export const functionsPage = (functions: Row[], draft?: Draft) => html`
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
  ${functions.map(
    (f) => html`<div class="card function" id="fn-${f.id}" data-runtime="${f.runtime}">
    <h3>${f.name} <span class="muted">${f.runtime}</span></h3>
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

export const credentialsPage = (credentials: Row[], providers: Row[]) => html`
  ${table(credentials, [
    ['Name', (c) => c.name],
    ['Provider', (c) => c.provider_id],
    ['Status', (c) => status(c.status ?? 'active')],
    ['Expires', (c) => c.expires_at ?? '—'],
    ['Created', (c) => c.created_at],
  ])}
  <h2>Providers</h2>${table(providers, [
    ['Provider', (p) => p.name],
    ['Type', (p) => p.auth_type],
    [
      'Connect',
      (p) =>
        p.auth_type === 'oauth' && p.oauth_configured
          ? html`<form method="post" action="/mcp/ui/oauth/connect"><input type="hidden" name="provider_id" value="${p.id}"><button>Connect with OAuth</button></form>`
          : html`<span class="muted">${p.auth_type === 'oauth' ? 'OAuth client not configured' : 'API key: POST /credentials'}</span>`,
    ],
  ])}`

export const subscriptionsPage = (subs: (Row & { deliveries: Row[] })[]) =>
  html`${subs.map(
    (s) =>
      html`<div class="card"><h3>${s.kind} ${s.uri ?? ''}</h3><p>→ <code>${s.callback_url}</code></p>${table(
        s.deliveries,
        [
          ['Event', (d) => d.event],
          ['Status', (d) => status(d.status)],
          ['Attempts', (d) => d.attempts.length],
          ['Created', (d) => d.created_at],
          ['Delivered', (d) => d.delivered_at ?? d.next_attempt_at ?? ''],
        ],
        'No deliveries yet.',
      )}</div>`,
  )}${subs.length ? html`` : html`<p class="muted">No subscriptions yet.</p>`}`

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

export const callRows = (calls: Row[], serverName: (id: string | null) => string, filter: CallFilter, next?: string) =>
  html`${table(
    calls,
    [
      ['When', (c) => c.created_at],
      ['Server', (c) => serverName(c.server_id)],
      ['Kind', (c) => c.kind],
      ['Name', (c) => html`<code>${c.name}</code>`],
      ['Outcome', (c) => status(c.outcome)],
      ['ms', (c) => c.duration_ms],
      ['Error', (c) => c.error ?? ''],
      ['Request', (c) => html`<code class="muted">${c.request_id}</code>`],
    ],
    'No calls yet.',
  )}${next ? html`<a href="/mcp/ui/calls?${filterQuery(filter)}&cursor=${encodeURIComponent(next)}">Older calls →</a>` : html``}`

export const keysPage = (keys: Row[], servers: Row[], created?: string, draft?: Draft) => html`
  ${created ? html`<div class="flash">New key (shown once, copy it now): <code id="new-key">${created}</code></div>` : html``}
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
  ${table(keys, [
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
    ['Created', (k) => k.created_at],
    ['Last used', (k) => k.last_used_at ?? '—'],
    [
      '',
      (k) =>
        k.revoked_at
          ? ''
          : html`<form method="post" action="/mcp/ui/keys/${k.id}/revoke"><button>Revoke…</button></form>`,
    ],
  ])}`

/**
 * The step between the Revoke button and the revocation: a revoked key stops working at once for every client that
 * holds it, and cannot be brought back. Plain forms, so it works without script; only `confirm=yes` revokes.
 */
export const revokeKeyConfirmPage = (k: Row, servers: Row[]) => html`
  <div class="card" id="confirm-revoke"><h3>Revoke the key ${k.name} (<code>${k.prefix}…</code>)?</h3>
  <p>Every client using it (${k.role} key, ${
    k.server_ids
      ? k.server_ids.map((id: string) => servers.find((s) => s.id === id)?.name ?? id).join(', ')
      : 'all servers'
  }) is refused from now on, open MCP streams included. A revoked key cannot be restored: a client needs a new key.</p>
  <form method="post" action="/mcp/ui/keys/${k.id}/revoke"><input type="hidden" name="confirm" value="yes">
  <button id="confirm-revoke-key">Revoke the key</button> <a href="/mcp/ui/keys">Cancel</a></form></div>`

export const projectsPage = (projects: (Row & { keys: Row[] })[]) => html`
  <div class="card"><form method="post" action="/mcp/ui/projects"><label>New project <input name="name" required></label>
  <button>Create</button></form></div>
  ${projects.map(
    (p) =>
      html`<div class="card"><h3>${p.name} <span class="muted">${p.id}</span></h3>${table(p.keys, [
        ['Key', (k) => k.name],
        ['Prefix', (k) => html`<code>${k.prefix}…</code>`],
        ['State', (k) => status(k.revoked_at ? 'revoked' : 'active')],
        ['Created', (k) => k.created_at],
      ])}</div>`,
  )}`

export const signInPage = (error?: string) => html`
  ${error ? html`<div class="flash">${error}</div>` : html``}
  <div class="card"><form method="post" action="/mcp/ui/sign-in">
    <p>Sign in with an admin API key of your project (or the admin token, for projects and keys); mcp keys are for MCP clients only.</p>
    <input type="password" name="key" id="key" size="60" autocomplete="off" required>
    <button id="sign-in">Sign in</button></form></div>`
