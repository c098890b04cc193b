// The review page of a remote or OpenAPI toolkit (GET /toolkits/{id}/changes): each pending change with its flags and
// the old → new value of every field it changes, Approve and Reject; decided changes below. Characters a person cannot
// see are shown as their code points, so a reviewer sees what a model would read.
import { type Draft, errorFor, type Html, html, table, when } from './html'

// biome-ignore lint/suspicious/noExplicitAny: API answers rendered as they come; each page reads a few fields
type Row = Record<string, any>

const INVISIBLE = /[\u{E0000}-\u{E007F}\u200b-\u200f\u2060\ufeff\u180e\u202a-\u202e\u2066-\u2069\u061c]/gu

/** The value as text, every invisible character written out as ⟨U+XXXX⟩. */
function shown(value: unknown): string {
  const text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value, null, 2)
  return text.replace(INVISIBLE, (ch) => `⟨U+${(ch.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟩`)
}

/** Two columns that share the width whatever they hold, and text that wraps: a long line must not hide its end. */
const SIDE_BY_SIDE = 'grid-template-columns:minmax(0,1fr) minmax(0,1fr)'
const WRAPPED = 'white-space:pre-wrap;overflow-wrap:anywhere'

const flagList = (flags: Row[]) =>
  flags.length
    ? html`<ul class="flags">${flags.map((f) => html`<li class="error flag"><strong>${f.kind}</strong> in <code>${f.field}</code>: ${shown(f.detail)}</li>`)}</ul>`
    : html`<p class="muted">No flags: read the diff all the same.</p>`

const diffOf = (c: Row) =>
  c.diff.map(
    (d: Row) => html`<h4><code>${d.field}</code></h4><div class="grid2 diff" style="${SIDE_BY_SIDE}">
      <div><div class="muted">approved${c.kind === 'added' ? ' (new tool: nothing yet)' : ''}</div><pre class="old" style="${WRAPPED}">${shown(d.old)}</pre></div>
      <div><div class="muted">proposed</div><pre class="new" style="${WRAPPED}">${shown(d.new)}</pre></div></div>`,
  )

const decideForm = (
  kitId: string,
  c: Row,
) => html`<form method="post" action="/mcp/ui/toolkits/${kitId}/changes/${c.id}" class="decide">
    <button name="decision" value="approve" id="approve-${c.id}">Approve: serve it</button>
    <button name="decision" value="reject" class="danger" id="reject-${c.id}">Reject: keep the approved one</button></form>`

function pendingCard(kitId: string, c: Row): Html {
  return html`<div class="card change" id="change-${c.id}">
  <h3>${c.kind === 'added' ? 'New tool' : 'Changed tool'} <code>${c.tool_name}</code> <span class="muted">· held ${when(c.created_at)}</span></h3>
  ${flagList(c.flags)}${diffOf(c)}${decideForm(kitId, c)}</div>`
}

export function changesPage(k: Row, list: Row, draft?: Draft): Html {
  const pending = (list.changes as Row[]).filter((c) => c.status === 'pending')
  const decided = (list.changes as Row[]).filter((c) => c.status !== 'pending')
  return html`<p><a href="/mcp/ui/toolkits/${k.id}">← ${k.name}</a></p>${errorFor(draft, 'decide')}${errorFor(draft, 'review')}
  <div class="card" id="review-setting"><p>${
    list.review_changes
      ? html`<strong>Review is on.</strong> Sessions see only approved definitions; a new tool appears once approved, a removed one goes at once.`
      : html`<strong>Review is off.</strong> Upstream changes are served as they come.`
  }</p>
  <form method="post" action="/mcp/ui/toolkits/${k.id}/review"><input type="hidden" name="review_changes" value="${list.review_changes ? 'false' : 'true'}">
  <button id="toggle-review">${list.review_changes ? 'Turn review off (lets go of pending changes)' : 'Turn review on'}</button></form></div>
  <h2>Waiting for review (${pending.length})</h2>
  ${pending.length ? pending.map((c) => pendingCard(k.id, c)) : html`<p class="muted" id="nothing-pending">Nothing waits for review.</p>`}
  <h2>Decided</h2>
  ${table(
    decided,
    [
      ['Tool', (c) => html`<code>${c.tool_name}</code>`],
      ['Change', (c) => `${c.kind}: ${c.diff.map((d: Row) => d.field).join(', ')}`],
      ['Flags', (c) => c.flags.length],
      ['Status', (c) => html`<span class="change-status">${c.status}</span>`],
      ['Decided', (c) => when(c.decided_at, '—')],
    ],
    'No decided changes yet.',
  )}`
}

/** The toolkit page's card: whether it reviews changes, and a link to the review page. */
export function reviewCard(k: Row): Html {
  if (k.review_changes === undefined) return html``
  const n = k.pending_changes ?? 0
  return html`<div class="card" id="review-card"><h2>Review</h2>
  <p>${k.review_changes ? 'On: upstream changes wait for approval.' : 'Off: upstream changes are served as they come.'}
  ${n ? html`<strong class="error">${n} change${n === 1 ? '' : 's'} waiting.</strong>` : html``}
  <a href="/mcp/ui/toolkits/${k.id}/changes" id="review-link">Review changes</a></p></div>`
}
