// Policies and approval requests, written once for both engines (src/db/queries.ts).
import type { SqlStore } from '../../db/queries'
import { createHash } from '../../lib/node-crypto'

export interface PolicyRow {
  id: string
  project_id: string
  name: string
  effect: 'allow' | 'deny' | 'approve'
  priority: number
  match_json: string
  when_expr: string | null
  reason: string | null
  approval_wait_s: number
  version: number
  created_at: string
  updated_at: string
}

export interface ApprovalRow {
  id: string
  project_id: string
  server_id: string
  server_slug: string
  tool: string
  principal: string
  key_id: string | null
  user_id: string | null
  args: string
  args_digest: string
  policy_id: string
  policy_name: string
  policy_version: number
  status: 'pending' | 'approved' | 'denied'
  note: string | null
  decided_by: string | null
  link_hash: string | null
  created_at: string
  expires_at: string
  decided_at: string | null
  used_at: string | null
}

/** What binds a call to an approval: the caller, server, tool, arguments' digest and the policy's version. */
type ApprovalBinding = Pick<
  ApprovalRow,
  'project_id' | 'server_id' | 'tool' | 'principal' | 'args_digest' | 'policy_id' | 'policy_version'
>

export interface PoliciesRepository {
  insert(row: PolicyRow): Promise<void>
  update(row: PolicyRow): Promise<void>
  byId(projectId: string, id: string): Promise<PolicyRow | null>
  list(projectId: string): Promise<PolicyRow[]>
  remove(projectId: string, id: string): Promise<boolean>
  /**
   * The one open request of the row's binding: the row inserted (`created`), or the open one another caller (another
   * instance, at the same moment) inserted first. A stale open one (expired) is retired and the row inserted.
   */
  openApproval(row: ApprovalRow, now: string): Promise<{ row: ApprovalRow; created: boolean }>
  approval(projectId: string, id: string): Promise<ApprovalRow | null>
  /** By id alone: the single-use link names no project (its token is checked against the row). */
  approvalById(id: string): Promise<ApprovalRow | null>
  /** The newest approval of this binding still pending or granted and unused (at `now`), if any. */
  bound(b: ApprovalBinding, now: string): Promise<ApprovalRow | null>
  /** Lists newest first; `status` expired means pending past its expiry. */
  approvals(
    projectId: string,
    o: { status?: 'pending' | 'approved' | 'denied' | 'expired'; now: string; before?: string; limit: number },
  ): Promise<ApprovalRow[]>
  /** Decides a pending, unexpired request; false when it was not (decided already, expired or unknown). */
  decide(
    projectId: string,
    id: string,
    d: { status: 'approved' | 'denied'; note: string | null; by: string; now: string; expiresAt: string },
  ): Promise<boolean>
  /** Clears the single-use link's hash when it is this one: true once, for the first use. */
  useLink(projectId: string, id: string, linkHash: string): Promise<boolean>
  /** Marks a granted approval used: true once, while unexpired. */
  consume(projectId: string, id: string, now: string): Promise<boolean>
}

/** The binding as one value (docs/decisions/0393-one-approval-per-binding.md): unique among open requests. */
const openBindingOf = (b: ApprovalBinding) =>
  createHash('sha256')
    .update(
      JSON.stringify([b.project_id, b.server_id, b.tool, b.principal, b.args_digest, b.policy_id, b.policy_version]),
    )
    .digest('hex')

export function policiesRepository(store: SqlStore): PoliciesRepository {
  const q = () => store.q()
  /** Inserts unless an open request of the binding exists (either engine: ON CONFLICT on the unique index). */
  const insertOpen = async (row: ApprovalRow, open_binding: string) =>
    (
      await q().run(
        `INSERT INTO approvals (id, project_id, server_id, server_slug, tool, principal, key_id, user_id, args,
           args_digest, policy_id, policy_name, policy_version, status, note, decided_by, link_hash, created_at,
           expires_at, decided_at, used_at, open_binding)
         VALUES ($id, $project_id, $server_id, $server_slug, $tool, $principal, $key_id, $user_id, $args,
           $args_digest, $policy_id, $policy_name, $policy_version, $status, $note, $decided_by, $link_hash,
           $created_at, $expires_at, $decided_at, $used_at, $open_binding)
         ON CONFLICT (open_binding) DO NOTHING`,
        { ...row, open_binding },
      )
    ).changes > 0
  const byOpenBinding = (open_binding: string) =>
    q().get<ApprovalRow>('SELECT * FROM approvals WHERE open_binding = $open_binding', { open_binding })
  return {
    async insert(row) {
      await q().run(
        `INSERT INTO policies (id, project_id, name, effect, priority, match_json, when_expr, reason, approval_wait_s,
           version, created_at, updated_at)
         VALUES ($id, $project_id, $name, $effect, $priority, $match_json, $when_expr, $reason, $approval_wait_s,
           $version, $created_at, $updated_at)`,
        { ...row },
      )
    },
    async update(row) {
      await q().run(
        `UPDATE policies SET name = $name, effect = $effect, priority = $priority, match_json = $match_json,
           when_expr = $when_expr, reason = $reason, approval_wait_s = $approval_wait_s, version = $version,
           updated_at = $updated_at
         WHERE id = $id AND project_id = $project_id`,
        {
          id: row.id,
          project_id: row.project_id,
          name: row.name,
          effect: row.effect,
          priority: row.priority,
          match_json: row.match_json,
          when_expr: row.when_expr,
          reason: row.reason,
          approval_wait_s: row.approval_wait_s,
          version: row.version,
          updated_at: row.updated_at,
        },
      )
    },
    byId: (project_id, id) =>
      q().get<PolicyRow>('SELECT * FROM policies WHERE id = $id AND project_id = $project_id', { id, project_id }),
    list: (project_id) =>
      q().all<PolicyRow>('SELECT * FROM policies WHERE project_id = $project_id ORDER BY priority DESC, id', {
        project_id,
      }),
    async remove(project_id, id) {
      const { changes } = await q().run('DELETE FROM policies WHERE id = $id AND project_id = $project_id', {
        id,
        project_id,
      })
      return changes > 0
    },
    async openApproval(row, now) {
      const key = openBindingOf(row)
      if (await insertOpen(row, key)) return { row, created: true }
      // Another caller's request holds the binding: it is this call's, unless it expired (then it is retired).
      const held = await byOpenBinding(key)
      if (held && held.expires_at > now) return { row: held, created: false }
      await q().run('UPDATE approvals SET open_binding = NULL WHERE open_binding = $key AND expires_at <= $now', {
        key,
        now,
      })
      if (await insertOpen(row, key)) return { row, created: true }
      const winner = await byOpenBinding(key)
      return winner ? { row: winner, created: false } : { row, created: false }
    },
    approval: (project_id, id) =>
      q().get<ApprovalRow>('SELECT * FROM approvals WHERE id = $id AND project_id = $project_id', { id, project_id }),
    approvalById: (id) => q().get<ApprovalRow>('SELECT * FROM approvals WHERE id = $id', { id }),
    bound: (b, now) =>
      q().get<ApprovalRow>(
        `SELECT * FROM approvals
         WHERE project_id = $project_id AND server_id = $server_id AND tool = $tool AND args_digest = $args_digest
           AND principal = $principal AND policy_id = $policy_id AND policy_version = $policy_version
           AND expires_at > $now AND (status = 'pending' OR (status = 'approved' AND used_at IS NULL))
         ORDER BY created_at DESC LIMIT 1`,
        { ...b, now },
      ),
    approvals(project_id, o) {
      const where =
        o.status === 'expired'
          ? "status = 'pending' AND expires_at <= $now"
          : o.status === 'pending'
            ? "status = 'pending' AND expires_at > $now"
            : o.status
              ? 'status = $status'
              : '1 = 1'
      return q().all<ApprovalRow>(
        `SELECT * FROM approvals WHERE project_id = $project_id AND ${where} AND id < $before
         ORDER BY id DESC LIMIT $limit`,
        {
          project_id,
          now: o.now,
          before: o.before ?? '\uffff',
          limit: o.limit,
          ...(o.status && o.status !== 'expired' && o.status !== 'pending' ? { status: o.status } : {}),
        },
      )
    },
    async decide(project_id, id, d) {
      // A denied request no longer binds anything: the same call may ask again.
      const release = d.status === 'denied' ? ', open_binding = NULL' : ''
      const { changes } = await q().run(
        `UPDATE approvals SET status = $status, note = $note, decided_by = $by, decided_at = $now,
           expires_at = $expires_at, link_hash = NULL${release}
         WHERE id = $id AND project_id = $project_id AND status = 'pending' AND expires_at > $now`,
        { id, project_id, status: d.status, note: d.note, by: d.by, now: d.now, expires_at: d.expiresAt },
      )
      return changes > 0
    },
    async useLink(project_id, id, link_hash) {
      const { changes } = await q().run(
        'UPDATE approvals SET link_hash = NULL WHERE id = $id AND project_id = $project_id AND link_hash = $link_hash',
        { id, project_id, link_hash },
      )
      return changes > 0
    },
    async consume(project_id, id, now) {
      const { changes } = await q().run(
        `UPDATE approvals SET used_at = $now, open_binding = NULL
         WHERE id = $id AND project_id = $project_id AND status = 'approved' AND used_at IS NULL AND expires_at > $now`,
        { id, project_id, now },
      )
      return changes > 0
    },
  }
}
