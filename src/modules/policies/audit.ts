// What policies and approvals write to the audit trail (docs/decisions/0390-policy-decisions-in-the-audit-trail.md): a
// call a deny policy refused, a call an approve policy parked, and an approval decided — each naming the policy (id,
// name, version) and who called or decided. Never the arguments: their SHA-256 only.
import type { RequestContext } from '../../lib/request-context'
import { type AuditActor, actorOfPrincipal } from '../audit/actor'
import type { AuditLog } from '../audit/service'
import type { ApprovalRow } from './repository'

/** The part of the audit trail policies write to. */
export type PolicyAudit = Pick<AuditLog, 'record'>

type Caller = Pick<RequestContext, 'principal' | 'userId' | 'clientName' | 'requestId' | 'projectId'>
interface PolicyRef {
  id: string
  name: string
  version: number
}

const policyOf = (p: PolicyRef) => ({ id: p.id, name: p.name, version: p.version })

/** A tool call a deny policy refused (`refuse`), or an approve policy parked on an approval request (`hold`). */
export function recordDecision(
  audit: PolicyAudit | undefined,
  ctx: Caller,
  d: {
    action: 'refuse' | 'hold'
    serverId: string
    tool: string
    argsDigest: string
    policy: PolicyRef
    approvalId?: string
  },
): void {
  audit?.record(ctx.projectId, {
    actor: actorOfPrincipal(ctx.principal, ctx.userId, ctx.clientName),
    action: d.action,
    resource: 'tool',
    resourceId: d.tool,
    detail: {
      server_id: d.serverId,
      tool: d.tool,
      policy: policyOf(d.policy),
      effect: d.action === 'refuse' ? 'deny' : 'approve',
      ...(d.approvalId ? { approval_id: d.approvalId } : {}),
      arguments_sha256: d.argsDigest,
      request_id: ctx.requestId,
    },
  })
}

/** An approval request decided: who (a key, a dashboard member, the single-use link) and how. */
export function recordApprovalDecided(
  audit: PolicyAudit | undefined,
  row: ApprovalRow,
  decision: 'approve' | 'deny',
  actor: AuditActor,
  note: string | undefined,
): void {
  audit?.record(row.project_id, {
    actor,
    action: decision,
    resource: 'approvals',
    resourceId: row.id,
    detail: {
      server_id: row.server_id,
      tool: row.tool,
      policy: { id: row.policy_id, name: row.policy_name, version: row.policy_version },
      ...(row.user_id ? { user_id: row.user_id } : {}),
      ...(row.key_id ? { caller_key_id: row.key_id } : {}),
      arguments_sha256: row.args_digest,
      ...(note ? { note: note.slice(0, 500) } : {}),
    },
  })
}
