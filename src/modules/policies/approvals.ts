// Approval requests (docs/decisions/0342-approvals.md): a call a policy with effect "approve" matched is parked on one;
// the request is announced to the project's subscriptions (`approval.requested`, with a single-use link), decided by an
// admin key, the dashboard or the link, and binds the caller, server, tool, the SHA-256 of the canonical arguments and
// the policy's version. A granted approval lets exactly one such call run.
import type { StoragePort } from '../../db/store'
import { AppError, conflict, notFound } from '../../lib/errors'
import { newId, nowIso } from '../../lib/ids'
import { createHash } from '../../lib/node-crypto'
import type { ServerRef } from '../../lib/request-context'
import type { AuditActor } from '../audit/actor'
import { type PolicyAudit, recordApprovalDecided } from './audit'
import type { ApprovalStatus, ApprovalView } from './model'
import type { Caller, CompiledPolicy } from './policy-index'
import type { ApprovalRow, PoliciesRepository } from './repository'

/** JSON with object keys sorted at every level: the same arguments always give the same bytes (and digest). */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => canonicalJson(v ?? null)).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')
export const argsDigest = (args: Record<string, unknown>) => sha256(canonicalJson(args))

/** How a wait ended: decided, expired, or still pending when the caller's time ran out. */
export type WaitOutcome = 'approved' | 'denied' | 'expired' | 'pending'

export interface ApprovalsDeps {
  store: StoragePort
  repo: PoliciesRepository
  /** Writes an event for the project's subscriptions inside the open transaction (delivered after it commits). */
  publish: (projectId: string, event: 'approval.requested', data: Record<string, unknown>) => Promise<void>
  /** The service's public base URL (no trailing slash): where the single-use link points. */
  publicUrl: () => string
  /** How long a request (and then a grant) stays usable: TOOLYARD_APPROVAL_TTL_S. */
  ttlMs: number
  /** How often a waiting call looks at its request in storage (a decision on another instance is seen then). */
  pollMs?: number
  /** The audit trail: each decision, with who made it. */
  audit?: PolicyAudit
}

function statusOf(row: ApprovalRow, now = nowIso()): ApprovalStatus {
  if (row.status === 'pending' && row.expires_at <= now) return 'expired'
  return row.status
}

function approvalView(row: ApprovalRow, now = nowIso()): ApprovalView {
  return {
    id: row.id,
    status: statusOf(row, now),
    server: row.server_slug,
    server_id: row.server_id,
    tool: row.tool,
    user: row.user_id,
    key: row.key_id,
    args: JSON.parse(row.args) as Record<string, unknown>,
    args_digest: row.args_digest,
    policy: row.policy_name,
    policy_id: row.policy_id,
    policy_version: row.policy_version,
    created_at: row.created_at,
    expires_at: row.expires_at,
    ...(row.decided_at ? { decided_at: row.decided_at } : {}),
    ...(row.decided_by ? { decided_by: row.decided_by } : {}),
    ...(row.note ? { note: row.note } : {}),
    ...(row.used_at ? { used_at: row.used_at } : {}),
  }
}

export function approvalsService(deps: ApprovalsDeps) {
  const { repo, store } = deps
  const pollMs = deps.pollMs ?? 500
  // Calls waiting in this process, by approval id: woken at once by a decision made here.
  const waiting = new Map<string, Set<() => void>>()
  const wake = (id: string) => {
    for (const w of waiting.get(id) ?? []) w()
  }

  /** The request this call is bound to (pending, or granted and unused), or a new one announced to subscriptions. */
  async function request(
    server: ServerRef,
    caller: Caller,
    tool: string,
    args: Record<string, unknown>,
    policy: CompiledPolicy,
  ): Promise<ApprovalRow> {
    const binding = {
      project_id: server.project_id,
      server_id: server.id,
      tool,
      principal: caller.principal,
      args_digest: argsDigest(args),
      policy_id: policy.id,
      policy_version: policy.version,
    }
    const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')
    // Looked up and made in one transaction; two identical calls at once (on one instance or two) share one request:
    // the binding is unique among open requests (docs/decisions/0393-one-approval-per-binding.md).
    return store.tx(async () => {
      const found = await repo.bound(binding, nowIso())
      if (found) return found
      const now = new Date()
      const row: ApprovalRow = {
        ...binding,
        id: newId(),
        server_slug: server.slug,
        key_id: caller.principal.startsWith('key:') ? caller.principal.slice(4) : null,
        user_id: caller.userId ?? null,
        args: JSON.stringify(args),
        policy_name: policy.name,
        status: 'pending',
        note: null,
        decided_by: null,
        link_hash: sha256(token),
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + deps.ttlMs).toISOString(),
        decided_at: null,
        used_at: null,
      }
      const link = `${deps.publicUrl()}/mcp/approvals/${row.id}/link?token=${token}`
      const opened = await repo.openApproval(row, nowIso())
      if (!opened.created) return opened.row
      await deps.publish(server.project_id, 'approval.requested', {
        approval: { ...approvalView(row), approve_url: link },
      })
      return row
    })
  }

  /**
   * Waits until the request is decided or expires, or until `untilMs` (epoch ms) or `signal`; `tick` runs at each look
   * (progress for a held stream). A grant is consumed here: 'approved' means this caller may run the call once.
   */
  async function wait(
    row: ApprovalRow,
    o: { untilMs: number; signal?: AbortSignal; tick?: (n: number) => void },
  ): Promise<WaitOutcome> {
    let n = 0
    for (;;) {
      const current = await repo.approval(row.project_id, row.id)
      if (!current) return 'expired'
      const status = statusOf(current)
      if (status === 'approved') return (await repo.consume(row.project_id, row.id, nowIso())) ? 'approved' : 'expired'
      if (status !== 'pending') return status
      const left = Math.min(o.untilMs, Date.parse(current.expires_at)) - Date.now()
      if (left <= 0 || o.signal?.aborted) return Date.parse(current.expires_at) <= Date.now() ? 'expired' : 'pending'
      o.tick?.(++n)
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer)
          set.delete(done)
          if (set.size === 0) waiting.delete(row.id)
          o.signal?.removeEventListener('abort', done)
          resolve()
        }
        const timer = setTimeout(done, Math.min(pollMs, left))
        const set = waiting.get(row.id) ?? new Set()
        set.add(done)
        waiting.set(row.id, set)
        o.signal?.addEventListener('abort', done, { once: true })
      })
    }
  }

  async function decide(
    projectId: string,
    id: string,
    decision: 'approve' | 'deny',
    note: string | undefined,
    by: string,
    actor: AuditActor,
  ): Promise<ApprovalView> {
    const now = new Date()
    const ok = await repo.decide(projectId, id, {
      status: decision === 'approve' ? 'approved' : 'denied',
      note: note ?? null,
      by,
      now: now.toISOString(),
      // A grant is usable for a fresh period from its decision: the caller's retry may come a while after.
      expiresAt: new Date(now.getTime() + deps.ttlMs).toISOString(),
    })
    const row = await repo.approval(projectId, id)
    if (!row) throw notFound('approval')
    if (!ok) throw conflict(`approval ${id} is ${statusOf(row)}: it can no longer be decided`)
    recordApprovalDecided(deps.audit, row, decision, actor, note)
    wake(id)
    return approvalView(row)
  }

  return {
    request,
    wait,
    decide,
    /** The single-use link: its token decides once, then never again (a used or wrong token is 403). */
    async decideByLink(id: string, token: string, decision: 'approve' | 'deny', note?: string) {
      const row = await repo.approvalById(id)
      if (!row) throw notFound('approval')
      if (row.status !== 'pending' || statusOf(row) === 'expired')
        throw conflict(`approval ${id} is ${statusOf(row)}: it can no longer be decided`)
      if (!(await repo.useLink(row.project_id, id, sha256(token))))
        throw new AppError('forbidden', 'this approval link is invalid or was used already')
      return decide(row.project_id, id, decision, note, 'link', { kind: 'approval_link' })
    },
    /** The request a link names, for its page; null when the token is not (or no longer) its link's. */
    async byLink(id: string, token: string): Promise<ApprovalView | null> {
      const row = await repo.approvalById(id)
      return row && row.link_hash === sha256(token) ? approvalView(row) : null
    },
    async get(projectId: string, id: string): Promise<ApprovalView> {
      const row = await repo.approval(projectId, id)
      if (!row) throw notFound('approval')
      return approvalView(row)
    },
    async list(projectId: string, status: ApprovalStatus | undefined, limit: number, cursor?: string) {
      const now = nowIso()
      const rows = await repo.approvals(projectId, {
        ...(status ? { status } : {}),
        now,
        ...(cursor ? { before: cursor } : {}),
        limit: limit + 1,
      })
      const page = rows.slice(0, limit)
      return {
        approvals: page.map((r) => approvalView(r, now)),
        ...(rows.length > limit ? { next_cursor: page[page.length - 1]!.id } : {}),
      }
    },
  }
}
export type ApprovalsService = ReturnType<typeof approvalsService>
