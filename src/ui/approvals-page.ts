// The dashboard's approvals: the pending requests of the project with approve and deny (docs/decisions/0342-approvals.md).
import type { ApiClient } from './api-client'
import type { Body, Done } from './form-save'
import { type Html, html, when } from './html'

// biome-ignore lint/suspicious/noExplicitAny: API answers rendered as they come
type Row = Record<string, any>

/** The page: each pending request with what it would run and two buttons. */
export async function approvalsPage(c: ApiClient): Promise<Html> {
  const { approvals } = await c.api('GET', '/approvals?status=pending&limit=200')
  if (!approvals.length) return html`<p class="muted">No approval is waiting.</p>`
  return html`${approvals.map(
    (a: Row) => html`<div class="card" id="approval-${a.id}">
    <p><strong>${a.tool}</strong> on <code>${a.server}</code> · policy ${a.policy} (version ${a.policy_version}) ·
      ${a.user ? html`user <code>${a.user}</code> · ` : html``}${a.key ? html`key <code>${a.key}</code> · ` : html``}expires
      ${when(a.expires_at)}</p>
    <pre>${JSON.stringify(a.args, null, 2)}</pre>
    <form method="post" action="/mcp/ui/approvals/${a.id}" class="inline">
      <input name="note" placeholder="Note (optional)" maxlength="1000">
      <button name="decision" value="approve">Approve</button>
      <button name="decision" value="deny">Deny</button>
    </form></div>`,
  )}`
}

/** POST /mcp/ui/approvals/{id}: decides through the REST API with the session's key. */
export async function approvalAction(c: ApiClient, path: string, body: Body): Promise<Done | undefined> {
  const m = /^approvals\/([^/]+)$/.exec(path)
  if (!m) return undefined
  const decision = String(body.decision ?? '')
  const note = String(body.note ?? '').trim()
  const decided = await c.api('POST', `/approvals/${m[1]}`, { decision, ...(note ? { note } : {}) })
  return {
    redirect: '/mcp/ui/approvals',
    notice:
      decided.status === 'approved' ? `Approved the call of ${decided.tool}.` : `Denied the call of ${decided.tool}.`,
  }
}
