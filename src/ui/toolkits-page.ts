// Toolkits: the list with type and sync status, a hosted toolkit's form, a remote MCP server's registration
// (POST /toolkits with toolkit_type "remote") and an OpenAPI import whose dry-run plan is shown before the import.
import { deleteLink } from './delete'
import { type Draft, errorFor, type Html, html, kept, options, status, table, when } from './html'
import { type ListView, listBar } from './listing'

/** New remote and OpenAPI toolkits review upstream changes (docs/decisions/0347-pinned-definitions.md); this opts out. */
const noReview = html`<label class="muted"><input type="checkbox" name="no_review" value="true"> Serve upstream changes at once, without review</label>`

// biome-ignore lint/suspicious/noExplicitAny: API answers rendered as they come; each page reads a few fields
type Row = Record<string, any>

/**
 * Names the toolkit could not take (GET /toolkits/{id} `name_collisions`): on each server, the tool another toolkit
 * brought there first keeps the name and this toolkit's tool is held back (docs/decisions/0111-one-name-one-tool.md).
 */
const nameCollisions = (k: Row, serverName: (id: string) => string) =>
  (k.name_collisions ?? []).map(
    (c: Row) =>
      html`<br><span class="error name-collision">"${c.name}" held back on <a href="/mcp/ui/servers/${c.server_id}">${serverName(c.server_id)}</a>: toolkit ${c.held_by.toolkit_name} has that name there</span>`,
  )

const syncStatus = (k: Row, serverName: (id: string) => string) => html`${stateOf(k)}${nameCollisions(k, serverName)}`

const stateOf = (k: Row) =>
  k.remote
    ? html`${k.remote.last_error ? html`<span class="error">${k.remote.last_error}</span>` : status('ok')}
      <span class="muted">synced ${when(k.remote.last_sync_at, 'never')}</span>`
    : k.openapi
      ? html`${status(k.status)} <span class="muted">imported ${when(k.openapi.last_import_at)}</span>`
      : k.local
        ? html`${k.local.last_error ? html`<span class="error">${k.local.last_error}</span>` : status('ok')}
      <span class="muted">${k.local.state}${k.local.sandbox === 'off' ? ', no sandbox' : ''}</span>`
        : status(k.status)

/** An include/exclude filter in words: "tags: a, b; methods: get". */
const filterWords = (f: Row | null) =>
  f
    ? Object.entries(f)
        .filter(([, v]) => Array.isArray(v) && v.length)
        .map(([k, v]) => `${k}: ${(v as string[]).join(', ')}`)
        .join('; ')
    : ''

/**
 * OpenAPI toolkits and how they were imported (GET /toolkits/{id} `openapi`): a document from a URL is re-imported
 * from it in one click; an inline document is re-imported by sending a new one (the import form or the API).
 */
function openapiImports(toolkits: Row[], draft?: Draft): Html {
  const kits = toolkits.filter((k) => k.openapi)
  if (!kits.length) return html``
  return html`<h2>OpenAPI imports</h2>
  ${table<Row>(kits, [
    ['Toolkit', (k) => html`<strong class="openapi-toolkit">${k.name}</strong>`],
    ['Source', (k) => html`<code class="openapi-source">${k.openapi.source}</code>`],
    ['Base URL', (k) => k.openapi.base_url ?? html`<span class="muted">the document's</span>`],
    ['Include', (k) => filterWords(k.openapi.include)],
    ['Exclude', (k) => filterWords(k.openapi.exclude)],
    ['Max tools', (k) => String(k.openapi.max_tools)],
    [
      'Tools',
      (k) =>
        html`<span class="openapi-counts">${k.openapi.tool_count} of ${k.openapi.operation_count} operations</span>`,
    ],
    ['Last import', (k) => when(k.openapi.last_import_at)],
    [
      '',
      (k) =>
        k.openapi.source === 'inline'
          ? html`<span class="muted">inline document: import a new one to change it</span>`
          : html`${errorFor(draft, `reimport-${k.id}`)}<form method="post" action="/mcp/ui/toolkits/${k.id}/reimport">
          <input type="hidden" name="name" value="${k.name}"><button class="reimport">Reimport from URL</button>
          <label class="muted"><input type="checkbox" name="confirm" value="true"> accept new credential hosts or schemes</label></form>`,
    ],
  ])}`
}

export function toolkitsPage(list: ListView, draft?: Draft, serverName: (id: string) => string = (id) => id): Html {
  const toolkits = list.rows
  return html`<div class="grid2">
  <div class="card">${errorFor(draft, 'hosted')}<form method="post" action="/mcp/ui/toolkits" class="stack" id="hosted-form">
    <strong>New hosted toolkit</strong> <span class="muted">(its tools run your functions)</span>
    <label>Name <input name="name" required value="${kept(draft, 'hosted', 'name')}"></label>
    <label>Description <input name="description" value="${kept(draft, 'hosted', 'description')}"></label>
    <button id="create-toolkit">Create toolkit</button></form></div>
  <div class="card">${errorFor(draft, 'remote')}<form method="post" action="/mcp/ui/toolkits/remote" class="stack" id="remote-form">
    <strong>Register a remote MCP server</strong>
    <label>Name <input name="name" required value="${kept(draft, 'remote', 'name')}"></label>
    <label>URL <input name="url" required type="url" placeholder="https://example.com/mcp" value="${kept(draft, 'remote', 'url')}"></label>
    <label>Transport <select name="transport">${options(
      [
        ['auto', 'auto (Streamable HTTP, falling back to SSE)'],
        ['streamable_http', 'Streamable HTTP'],
        ['sse', 'HTTP+SSE (2024-11-05)'],
      ],
      kept(draft, 'remote', 'transport', 'auto'),
    )}</select></label>
    <label>Auth <select name="auth_type">${options(
      [
        ['none', 'none'],
        ['bearer', 'Bearer token from a credential'],
        ['header', 'A header from a credential'],
      ],
      kept(draft, 'remote', 'auth_type', 'none'),
    )}</select></label>
    <label>Credential provider <input name="credential_provider" value="${kept(draft, 'remote', 'credential_provider')}"></label>
    <label>Header name <input name="header_name" value="${kept(draft, 'remote', 'header_name')}"></label>
    <label>Tool name prefix <input name="prefix" value="${kept(draft, 'remote', 'prefix')}" placeholder="github_"></label>
    ${noReview}
    <button id="register-remote">Register</button></form></div>
  </div>
  <div class="card">${errorFor(draft, 'openapi')}<form method="post" action="/mcp/ui/toolkits/import/openapi" class="stack" id="openapi-form">
    <strong>Import an OpenAPI document</strong> <span class="muted">(3.0 or 3.1; preview the plan first)</span>
    <label>Name <input name="name" required value="${kept(draft, 'openapi', 'name')}"></label>
    <label>Document URL <input name="spec_url" value="${kept(draft, 'openapi', 'spec_url')}" placeholder="https://…/openapi.json"></label>
    <label>…or the document (JSON or YAML) <textarea name="spec" rows="6">${kept(draft, 'openapi', 'spec')}</textarea></label>
    <label>Base URL (optional) <input name="base_url" value="${kept(draft, 'openapi', 'base_url')}"></label>
    <label>Only tags (comma-separated) <input name="tags" value="${kept(draft, 'openapi', 'tags')}"></label>
    <label>Auth <select name="auth_type">${options(
      [
        ['', 'as the document says'],
        ['bearer', 'Bearer token from a credential, every operation'],
        ['header', 'A header from a credential, every operation'],
        ['query', 'A query parameter from a credential, every operation'],
        ['basic', 'Basic auth from a credential, every operation'],
      ],
      kept(draft, 'openapi', 'auth_type', ''),
    )}</select></label>
    <label>Credential provider <input name="auth_provider" value="${kept(draft, 'openapi', 'auth_provider')}"></label>
    <label>Header or query parameter name <input name="auth_name" value="${kept(draft, 'openapi', 'auth_name')}"></label>
    ${noReview}
    <button id="preview-openapi" hx-post="/mcp/ui/toolkits/import/openapi/plan" hx-target="#openapi-plan">Preview plan</button>
    <button id="import-openapi">Import</button></form>
    <div id="openapi-plan"></div></div>
  <h2>All toolkits</h2>
  ${listBar(list, '/mcp/ui/toolkits', 'toolkit')}
  ${table(
    toolkits,
    [
      ['Toolkit', (k) => html`<a href="/mcp/ui/toolkits/${k.id}" class="toolkit-link"><strong>${k.name}</strong></a>`],
      ['Type', (k) => html`<span class="toolkit-type">${k.toolkit_type}</span>`],
      ['Status', (k) => syncStatus(k, serverName)],
      ['Description', (k) => k.description ?? ''],
      [
        '',
        (k) =>
          html`${
            k.toolkit_type === 'remote'
              ? html`<form method="post" action="/mcp/ui/toolkits/${k.id}/refresh"><button>Refresh</button></form>`
              : html``
          }${k.toolkit_type === 'prebuilt' ? html`` : deleteLink('toolkits', k.id)}`,
      ],
    ],
    list.q ? 'No toolkit matches.' : 'No toolkits yet.',
  )}
  ${openapiImports(toolkits, draft)}`
}

/** The dry-run answer: what the import would make and skip, before anything is written. */
export const openapiPlan = (plan: Row) => html`<div class="plan">
  <p><strong>${(plan.tools ?? []).length}</strong> tools would be made; ${(plan.skipped ?? []).length} operations skipped.</p>
  ${
    plan.security_source === 'none'
      ? html`<p class="flash" id="openapi-no-security">The document defines no security scheme: its tools would send no credential. Choose an auth type and a credential provider to add one.</p>`
      : html``
  }
  ${table<Row>(plan.tools ?? [], [
    ['Tool', (t) => html`<code>${t.name}</code>`],
    ['Method', (t) => t.method],
    ['Path', (t) => t.path],
  ])}
  ${
    (plan.skipped ?? []).length
      ? table<Row>(plan.skipped, [
          ['Skipped', (x) => x.operation],
          ['Why', (x) => x.reason],
        ])
      : html``
  }
  ${(plan.warnings ?? []).map((w: unknown) => html`<p class="muted">⚠ ${typeof w === 'string' ? w : JSON.stringify(w)}</p>`)}
  </div>`
