// SQL for pinned definitions (migration 023): whether a toolkit reviews its upstream's changes, and the changes held
// for review with their decisions. Written once for both engines (src/db/queries.ts).
import type { SqlStore } from '../../../db/queries'

export type ChangeStatus = 'pending' | 'approved' | 'rejected' | 'superseded'

export type ChangeRow = {
  id: string
  project_id: string
  toolkit_id: string
  /** The served tool it would change; null for a tool the upstream added. */
  tool_id: string | null
  tool_name: string
  kind: 'added' | 'updated'
  /** JSON text of the approved definition (null for an added tool). */
  old_definition: string | null
  /** JSON text of the proposed definition and what serving it needs (./service.ts Proposal). */
  new_definition: string
  digest: string
  /** JSON text: ChangeFlag[]. */
  flags: string
  status: ChangeStatus
  created_at: string
  decided_at: string | null
  decided_by: string | null
}

export interface ToolkitChangesRepository {
  /** undefined: the toolkit has no setting (made before pinned definitions: it does not review). */
  reviews: (toolkitId: string) => Promise<boolean | undefined>
  setReviews: (projectId: string, toolkitId: string, on: boolean) => Promise<void>
  insert: (row: ChangeRow) => Promise<void>
  byId: (projectId: string, toolkitId: string, id: string) => Promise<ChangeRow | null>
  /** Newest first; `status` narrows. */
  list: (toolkitId: string, status: ChangeStatus | undefined, limit: number) => Promise<ChangeRow[]>
  pending: (toolkitId: string) => Promise<ChangeRow[]>
  pendingCount: (toolkitId: string) => Promise<number>
  /** Whether this very proposal (by digest) was rejected for the tool before. */
  wasRejected: (toolkitId: string, toolName: string, digest: string) => Promise<boolean>
  /** Moves a pending change to `status`; false when it was no longer pending (decided meanwhile). */
  decide: (id: string, status: Exclude<ChangeStatus, 'pending'>, at: string, by: string | null) => Promise<boolean>
  /** Deletes the toolkit's superseded changes past the newest `keep` (an upstream that flaps cannot grow the table). */
  pruneSuperseded: (toolkitId: string, keep: number) => Promise<void>
}

export function toolkitChangesRepository(store: SqlStore): ToolkitChangesRepository {
  const q = () => store.q()
  return {
    async reviews(toolkitId) {
      const row = await q().get<{ review_changes: number }>(
        'SELECT review_changes FROM toolkit_reviews WHERE toolkit_id = $toolkit_id',
        { toolkit_id: toolkitId },
      )
      return row ? Number(row.review_changes) === 1 : undefined
    },
    async setReviews(projectId, toolkitId, on) {
      await q().run(
        `INSERT INTO toolkit_reviews (toolkit_id, project_id, review_changes) VALUES ($toolkit_id, $project_id, $on)
         ON CONFLICT (toolkit_id) DO UPDATE SET review_changes = excluded.review_changes`,
        { toolkit_id: toolkitId, project_id: projectId, on: on ? 1 : 0 },
      )
    },
    async insert(row) {
      await q().run(
        `INSERT INTO toolkit_changes (id, project_id, toolkit_id, tool_id, tool_name, kind, old_definition,
           new_definition, digest, flags, status, created_at, decided_at, decided_by)
         VALUES ($id, $project_id, $toolkit_id, $tool_id, $tool_name, $kind, $old_definition, $new_definition, $digest,
           $flags, $status, $created_at, $decided_at, $decided_by)`,
        row,
      )
    },
    byId: (projectId, toolkitId, id) =>
      q().get<ChangeRow>(
        'SELECT * FROM toolkit_changes WHERE id = $id AND toolkit_id = $toolkit_id AND project_id = $project_id',
        { id, toolkit_id: toolkitId, project_id: projectId },
      ),
    list: (toolkitId, status, limit) =>
      q().all<ChangeRow>(
        `SELECT * FROM toolkit_changes WHERE toolkit_id = $toolkit_id AND ($status = '' OR status = $status)
         ORDER BY created_at DESC, id DESC LIMIT $limit`,
        { toolkit_id: toolkitId, status: status ?? '', limit },
      ),
    pending: (toolkitId) =>
      q().all<ChangeRow>(
        `SELECT * FROM toolkit_changes WHERE toolkit_id = $toolkit_id AND status = 'pending' ORDER BY created_at, id`,
        { toolkit_id: toolkitId },
      ),
    async pendingCount(toolkitId) {
      const row = await q().get<{ n: number }>(
        `SELECT COUNT(*) AS n FROM toolkit_changes WHERE toolkit_id = $toolkit_id AND status = 'pending'`,
        { toolkit_id: toolkitId },
      )
      return Number(row?.n ?? 0)
    },
    async wasRejected(toolkitId, toolName, digest) {
      const row = await q().get(
        `SELECT id FROM toolkit_changes WHERE toolkit_id = $toolkit_id AND tool_name = $tool_name AND digest = $digest
           AND status = 'rejected' LIMIT 1`,
        { toolkit_id: toolkitId, tool_name: toolName, digest },
      )
      return row !== null
    },
    async decide(id, status, at, by) {
      const r = await q().run(
        `UPDATE toolkit_changes SET status = $status, decided_at = $at, decided_by = $by
         WHERE id = $id AND status = 'pending'`,
        { id, status, at, by },
      )
      return r.changes > 0
    },
    async pruneSuperseded(toolkitId, keep) {
      await q().run(
        `DELETE FROM toolkit_changes WHERE toolkit_id = $toolkit_id AND status = 'superseded' AND id NOT IN (
           SELECT id FROM toolkit_changes WHERE toolkit_id = $toolkit_id AND status = 'superseded'
           ORDER BY created_at DESC, id DESC LIMIT $keep)`,
        { toolkit_id: toolkitId, keep },
      )
    },
  }
}
