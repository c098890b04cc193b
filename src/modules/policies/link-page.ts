// The page behind an approval link: what the call is, and two buttons posting the decision to the same link.
import type { ApprovalView } from './model'

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

export function linkPage(approval: ApprovalView | null, id: string, token: string): string {
  const head = '<!doctype html><meta charset="utf-8"><title>Toolyard approval</title>'
  if (!approval) return `${head}<p>This approval link is invalid or was used already.</p>`
  const action = `/mcp/approvals/${encodeURIComponent(id)}/link?token=${encodeURIComponent(token)}`
  const rows = [
    ['Status', approval.status],
    ['Server', approval.server],
    ['Tool', approval.tool],
    ['User', approval.user ?? '-'],
    ['Key', approval.key ?? '-'],
    ['Policy', `${approval.policy} (version ${approval.policy_version})`],
    ['Expires', approval.expires_at],
  ]
  const form = (decision: string, label: string) =>
    `<form method="post" action="${escapeHtml(action)}" style="display:inline"><input type="hidden" name="decision" value="${decision}"><button>${label}</button></form>`
  return `${head}<h1>Approve a tool call?</h1><table>${rows
    .map(([k, v]) => `<tr><th align="left">${k}</th><td>${escapeHtml(String(v))}</td></tr>`)
    .join('')}</table><h2>Arguments</h2><pre>${escapeHtml(JSON.stringify(approval.args, null, 2))}</pre>${
    approval.status === 'pending' ? `${form('approve', 'Approve')} ${form('deny', 'Deny')}` : ''
  }`
}
