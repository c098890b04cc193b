// One toolkit's page (GET /toolkits/{id}): what it is, its sync status (a remote MCP server's last sync and error, an
// OpenAPI document's last import, a local server's child and sandbox), its tools with a count, search and pages, and
// its actions: refresh, re-import, delete.
import { reviewCard } from './changes-page'
import { deleteLink } from './delete'
import { copyButton, type Draft, errorFor, type Html, html, kept, status, table, when } from './html'
import { type ListView, listBar } from './listing'

// biome-ignore lint/suspicious/noExplicitAny: API answers rendered as they come; each page reads a few fields
type Row = Record<string, any>

const dl = (rows: [string, unknown][]) =>
  html`<dl class="facts">${rows
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .map(([k, v]) => html`<dt>${k}</dt><dd>${v}</dd>`)}</dl>`

/** The sync status of a remote or OpenAPI toolkit, or a line saying a hosted one has none. */
function syncCard(k: Row): Html {
  if (k.remote) {
    const r = k.remote
    return html`<div class="card sync" id="sync-status"><h2>Sync status</h2>
    <p>${r.last_error ? html`<span class="error sync-state">failing</span>` : r.last_sync_at ? html`<span class="ok sync-state">in sync</span>` : html`<span class="muted sync-state">never synced</span>`}
      · last sync ${when(r.last_sync_at, 'never')}</p>
    ${r.last_error ? html`<p class="error sync-error">${r.last_error}</p>` : html``}
    ${dl([
      ['Upstream', html`<code>${r.url}</code>${copyButton(r.url)}`],
      ['Transport', r.transport],
      ['Tool name prefix', r.prefix || '—'],
      ['Refreshed every', `${r.refresh_interval_s} s`],
      ['Call timeout', `${r.timeout_ms} ms`],
      ['Server', r.server_info ? `${r.server_info.name} ${r.server_info.version}` : undefined],
      ['Protocol', r.protocol_version],
    ])}
    <form method="post" action="/mcp/ui/toolkits/${k.id}/refresh"><input type="hidden" name="back" value="toolkits/${k.id}">
      <button id="refresh-toolkit">Refresh now</button></form>
</div>`
  }
  if (k.local) return localCard(k)
  if (k.openapi) {
    const o = k.openapi
    return html`<div class="card sync" id="sync-status"><h2>Sync status</h2>
    <p>${status(k.status)} · imported ${when(o.last_import_at)}</p>
    ${dl([
      ['Source', html`<code>${o.source}</code>`],
      ['Base URL', o.base_url ?? "the document's"],
      ['Tools', `${o.tool_count} of ${o.operation_count} operations`],
      ['Max tools', o.max_tools],
    ])}
    ${
      o.source === 'inline'
        ? html`<p class="muted">An inline document: import a new one to change it.</p>`
        : html`<form method="post" action="/mcp/ui/toolkits/${k.id}/reimport"><input type="hidden" name="name" value="${k.name}">
          <input type="hidden" name="back" value="toolkits/${k.id}"><button class="reimport">Re-import from URL</button>
          <label class="muted"><input type="checkbox" name="confirm" value="true"> accept new credential hosts or schemes</label></form>`
    }
</div>`
  }
  return html`<p class="muted" id="sync-status">A ${k.toolkit_type} toolkit: its tools are stored here, nothing to sync.</p>`
}

/** A local (stdio) toolkit: its child's state, the sandbox, and a failed child's last stderr lines. */
function localCard(k: Row): Html {
  const l = k.local
  const state =
    l.state === 'failed'
      ? html`<span class="error sync-state">failing</span>`
      : html`<span class="${l.state === 'running' ? 'ok' : 'muted'} sync-state">${l.state}</span>`
  return html`<div class="card sync" id="sync-status"><h2>Local server</h2>
    <p>${state} · last sync ${when(l.last_sync_at, 'never')}</p>
    ${l.last_error ? html`<p class="error sync-error">${l.last_error}</p>` : html``}
    ${l.stderr?.length ? html`<pre class="local-stderr">${l.stderr.join('\n')}</pre>` : html``}
    ${dl([
      ['Server', html`<code>${l.server}</code>`],
      [
        'Sandbox',
        l.sandbox === 'bwrap' ? 'bubblewrap' : html`<span class="error">off (bubblewrap is not installed)</span>`,
      ],
      ['Tool name prefix', l.prefix || '—'],
      ['Call timeout', `${l.timeout_ms} ms`],
      ['Server info', l.server_info ? `${l.server_info.name} ${l.server_info.version}` : undefined],
      ['Protocol', l.protocol_version],
    ])}
    <form method="post" action="/mcp/ui/toolkits/${k.id}/refresh"><input type="hidden" name="back" value="toolkits/${k.id}">
      <button id="refresh-toolkit">Refresh now</button></form>
</div>`
}

/**
 * Names this toolkit could not take (GET /toolkits/{id} `name_collisions`): on each server, the tool another toolkit
 * brought there first keeps the name and this toolkit's tool is held back (docs/decisions/0111-one-name-one-tool.md).
 */
function heldBackNames(k: Row, serverName: (id: string) => string): Html {
  const collisions: Row[] = k.name_collisions ?? []
  if (!collisions.length) return html``
  return html`<div class="card held-back" id="held-back-names"><h2>Held back</h2>
  <p class="error">A tool on these servers already had the name, so this toolkit's tool is not listed there.</p>
  ${table<Row>(collisions, [
    ['Tool', (c) => html`<code>${c.name}</code>`],
    ['Server', (c) => html`<a href="/mcp/ui/servers/${c.server_id}">${serverName(c.server_id)}</a>`],
    ['Name kept by toolkit', (c) => c.held_by?.toolkit_name ?? c.held_by?.toolkit_id],
  ])}</div>`
}

/** A toolkit's display name and description (PUT /toolkits/{id}); its name and kind stay. */
const detailsForm = (k: Row, draft?: Draft) => html`<details ${draft?.form === 'details' ? html`open` : html``}>
  <summary>Edit</summary>${errorFor(draft, 'details')}
  <form method="post" action="/mcp/ui/toolkits/${k.id}/details" class="stack" id="toolkit-details">
    <label>Display name <input name="display_name" maxlength="200" value="${kept(draft, 'details', 'display_name', k.display_name)}"></label>
    <label>Description <input name="description" maxlength="4000" value="${kept(draft, 'details', 'description', k.description)}"></label>
    <button id="save-toolkit">Save</button></form></details>`

export function toolkitPage(
  k: Row,
  tools: ListView,
  draft?: Draft,
  serverName: (id: string) => string = (id) => id,
): Html {
  const editable = k.toolkit_type !== 'prebuilt'
  return html`<p><a href="/mcp/ui/toolkits">← Toolkits</a></p>
  <div class="card">${dl([
    ['Display name', k.display_name],
    ['Type', html`<span class="toolkit-type">${k.toolkit_type}</span>`],
    ['Status', status(k.status)],
    ['Description', k.description],
    ['Provider', k.provider],
    ['Id', html`<code>${k.id}</code>${copyButton(k.id)}`],
    ['Created', k.created_at ? when(k.created_at) : undefined],
    ['Updated', k.updated_at ? when(k.updated_at) : undefined],
  ])}
  ${editable ? html`${detailsForm(k, draft)}${deleteLink('toolkits', k.id, 'Delete toolkit')}` : html`<span class="muted">Pre-built: read-only.</span>`}</div>
  ${syncCard(k)}
  ${reviewCard(k)}
  ${heldBackNames(k, serverName)}
  <h2>Tools</h2>
  ${listBar(tools, `/mcp/ui/toolkits/${k.id}`, 'tool')}
  ${table(
    tools.rows,
    [
      ['Tool', (t) => html`<code class="tool-name">${t.name}</code>`],
      ['Description', (t) => t.description ?? ''],
      ['Credential', (t) => t.credential_provider ?? '—'],
      ['Updated', (t) => when(t.updated_at ?? t.created_at)],
      // A synced toolkit's tools come from its source: deleting one here would come back at the next sync.
      ...(k.toolkit_type === 'hosted'
        ? [['', (t: Row) => deleteLink('tools', t.id, 'Delete', `toolkits/${k.id}`)] as [string, (t: Row) => unknown]]
        : []),
    ],
    tools.q ? 'No tool matches.' : 'No tools in this toolkit yet.',
  )}
  ${k.toolkit_type === 'hosted' ? html`<p><a href="/mcp/ui/tools">Add a tool</a></p>` : html``}`
}
