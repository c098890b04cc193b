// Pinned definitions (docs/decisions/0347-pinned-definitions.md): a remote or OpenAPI toolkit with review_changes serves
// only approved tool definitions. Its tool rows ARE the approved definitions — what tools/list shows and what a call's
// arguments are checked against — so holding a change means not writing it: the proposal waits here until a person
// approves it (then it is written, and sessions hear list_changed) or rejects it (then the same proposal is not held
// again). A removed tool goes at once (the sync removes its row; its pending change is superseded here).
import type { StoragePort } from '../../../db/store'
import { AppError, notFound } from '../../../lib/errors'
import type { EventBus } from '../../../lib/events'
import { newId, nowIso } from '../../../lib/ids'
import type { AuditActor } from '../../audit/actor'
import type { AuditLog } from '../../audit/service'
import type { ToolRow, ToolsRepository } from '../repository'
import type { ToolkitsRepository } from '../toolkits/repository'
import { type ChangeFlag, flagChange, type ReviewedDefinition } from './flags'
import type { ChangeRow, ChangeStatus, ToolkitChangesRepository } from './repository'

/** The fields of a tool row a change carries: everything but its id, toolkit and stamps. */
export type DefinitionFields = Pick<
  ToolRow,
  | 'name'
  | 'title'
  | 'description'
  | 'function_name'
  | 'input_schema'
  | 'output_schema'
  | 'annotations'
  | 'credential_provider'
  | 'required_client_capabilities'
  | 'task_support'
>

/** What a change would serve: the tool row's fields and, for an OpenAPI tool, its call plan (JSON text). */
interface Proposal {
  definition: DefinitionFields
  operation?: string
}

/** The fields a client sees: a difference in one of them is held; a difference only elsewhere is not. */
const REVIEWED = ['title', 'description', 'input_schema', 'output_schema', 'annotations'] as const
export type ReviewedField = (typeof REVIEWED)[number]

export const definitionOf = (row: ToolRow): DefinitionFields => ({
  name: row.name,
  title: row.title,
  description: row.description,
  function_name: row.function_name,
  input_schema: row.input_schema,
  output_schema: row.output_schema,
  annotations: row.annotations,
  credential_provider: row.credential_provider,
  required_client_capabilities: row.required_client_capabilities,
  task_support: row.task_support,
})

/** Whether `next` differs from the served row in what a client sees (title, description, schemas, annotations). */
export const seenDifferently = (served: DefinitionFields, next: DefinitionFields) =>
  REVIEWED.some((f) => (served[f] ?? null) !== (next[f] ?? null))

const parse = (text: string | null): unknown => {
  if (text === null) return null
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

/** The reviewed fields as JSON values (schemas and annotations parsed). */
const reviewed = (d: DefinitionFields): ReviewedDefinition & Record<ReviewedField, unknown> => ({
  title: d.title,
  description: d.description,
  input_schema: parse(d.input_schema),
  output_schema: parse(d.output_schema),
  annotations: parse(d.annotations),
})

const digestOf = (text: string) => new Bun.CryptoHasher('sha256').update(text).digest('hex')

/** A change as GET /toolkits/{id}/changes shows it: the diff old → new of each reviewed field that differs. */
export interface ChangeView {
  id: string
  toolkit_id: string
  tool_id: string | null
  tool_name: string
  kind: 'added' | 'updated'
  status: ChangeStatus
  flags: ChangeFlag[]
  diff: { field: ReviewedField; old: unknown; new: unknown }[]
  created_at: string
  decided_at: string | null
}

function changeView(row: ChangeRow): ChangeView {
  const after = reviewed((JSON.parse(row.new_definition) as Proposal).definition)
  const before = row.old_definition ? reviewed(JSON.parse(row.old_definition) as DefinitionFields) : undefined
  const diff = REVIEWED.flatMap((field) => {
    const old = before ? (before[field] ?? null) : null
    const next = after[field] ?? null
    return JSON.stringify(old) === JSON.stringify(next) ? [] : [{ field, old, new: next }]
  })
  return {
    id: row.id,
    toolkit_id: row.toolkit_id,
    tool_id: row.tool_id,
    tool_name: row.tool_name,
    kind: row.kind,
    status: row.status,
    flags: JSON.parse(row.flags) as ChangeFlag[],
    diff,
    created_at: row.created_at,
    decided_at: row.decided_at,
  }
}

export interface ToolkitChangesDeps {
  store: Pick<StoragePort, 'tx'>
  repo: ToolkitChangesRepository
  toolkits: Pick<ToolkitsRepository, 'byId'>
  tools: Pick<ToolsRepository, 'byId' | 'byToolkitAndName' | 'insert' | 'update'>
  events: EventBus
  /** After an approved change is written: an OpenAPI tool's call plan is stored beside it. */
  afterWrite?: (row: ToolRow, operation: string | undefined) => Promise<void>
  /** Throws (409) when the toolkit's tools now take a name tool discovery reserves on a server using it. */
  checkNames?: (projectId: string, toolkitId: string) => Promise<void>
  /** The audit trail: each decision on a change, with who made it (docs/decisions/0390-policy-decisions-in-the-audit-trail.md). */
  audit?: Pick<AuditLog, 'record'>
  /** Writes a project webhook event inside the current transaction (late-bound: webhooks are built after tools). */
  projectEvent?: () => ((projectId: string, event: string, data: Record<string, unknown>) => Promise<void>) | undefined
}

/** A tool the upstream or a re-import lists now, and the served row of that name (undefined: the tool is new). */
export interface Listed {
  served?: ToolRow
  proposal: Proposal
}

/** Superseded changes kept per toolkit: enough to explain recent history, bounded against an upstream that flaps. */
const SUPERSEDED_KEPT = 100

const nextStamp = (previous: string) => {
  const now = nowIso()
  return now > previous ? now : new Date(Date.parse(previous) + 1).toISOString()
}

export function toolkitChanges(d: ToolkitChangesDeps) {
  async function announce(projectId: string, toolkit: { id: string; name: string }, row: ChangeRow) {
    const send = d.projectEvent?.()
    if (!send) return
    const view = changeView(row)
    await send(projectId, 'toolkit.changed', {
      toolkit: { id: toolkit.id, name: toolkit.name },
      change: {
        id: view.id,
        tool_name: view.tool_name,
        kind: view.kind,
        status: view.status,
        flags: view.flags,
        fields: view.diff.map((x) => x.field),
      },
    })
  }

  const supersede = (row: ChangeRow) => d.repo.decide(row.id, 'superseded', nowIso(), null)

  return {
    /** Whether the toolkit serves only approved definitions (no setting: it was made before review existed: no). */
    reviews: async (toolkitId: string) => (await d.repo.reviews(toolkitId)) === true,

    /** Sets review_changes (inside the caller's transaction); turning it off lets go of every pending change. */
    async setReviews(projectId: string, toolkitId: string, on: boolean) {
      await d.repo.setReviews(projectId, toolkitId, on)
      if (!on) for (const row of await d.repo.pending(toolkitId)) await supersede(row)
    },

    /**
     * Inside a sync's or re-import's transaction: holds what the listed tools would change (new tools, and served
     * ones whose client-visible fields differ). A proposal already pending stays as it is; one rejected before is not
     * held again; a pending change of the same tool with another proposal is superseded by the new one, so a person
     * always approves exactly what they saw. Pending changes no longer proposed (the upstream went back, or removed
     * the tool) are superseded. Returns the names held now.
     */
    async hold(projectId: string, toolkit: { id: string; name: string }, listed: Listed[]): Promise<string[]> {
      const pending = new Map((await d.repo.pending(toolkit.id)).map((r) => [r.tool_name, r]))
      const held: string[] = []
      for (const { served, proposal } of listed) {
        if (served && !seenDifferently(definitionOf(served), proposal.definition)) continue
        const name = proposal.definition.name
        const text = JSON.stringify(proposal)
        const digest = digestOf(text)
        const open = pending.get(name)
        pending.delete(name)
        if (open?.digest === digest && (open.tool_id ?? null) === (served?.id ?? null)) {
          held.push(name)
          continue
        }
        if (open) await supersede(open)
        if (await d.repo.wasRejected(toolkit.id, name, digest)) continue
        const before = served ? definitionOf(served) : undefined
        const row: ChangeRow = {
          id: newId(),
          project_id: projectId,
          toolkit_id: toolkit.id,
          tool_id: served?.id ?? null,
          tool_name: name,
          kind: served ? 'updated' : 'added',
          old_definition: before ? JSON.stringify(before) : null,
          new_definition: text,
          digest,
          flags: JSON.stringify(flagChange(before && reviewed(before), reviewed(proposal.definition))),
          status: 'pending',
          created_at: nowIso(),
          decided_at: null,
          decided_by: null,
        }
        await d.repo.insert(row)
        await announce(projectId, toolkit, row)
        held.push(name)
      }
      for (const gone of pending.values()) await supersede(gone)
      await d.repo.pruneSuperseded(toolkit.id, SUPERSEDED_KEPT)
      return held
    },

    pendingCount: (toolkitId: string) => d.repo.pendingCount(toolkitId),

    /** GET /toolkits/{id}/changes: newest first; a toolkit that never reviewed has none. */
    async listFor(projectId: string, toolkitId: string, status: ChangeStatus | undefined, limit: number) {
      const kit = await d.toolkits.byId(projectId, toolkitId)
      if (!kit) throw notFound('toolkit')
      const rows = await d.repo.list(kit.id, status, limit)
      return {
        review_changes: (await d.repo.reviews(kit.id)) === true,
        pending: await d.repo.pendingCount(kit.id),
        changes: rows.map(changeView),
      }
    },

    /** POST /toolkits/{id}/changes/{change_id}: decided, then audited as the actor's (once committed). */
    async decideFor(
      projectId: string,
      toolkitId: string,
      changeId: string,
      decision: 'approve' | 'reject',
      by: string,
      actor: AuditActor,
    ) {
      const kit = await d.toolkits.byId(projectId, toolkitId)
      if (!kit) throw notFound('toolkit')
      const view = await this.decide(projectId, kit, changeId, decision, by)
      d.audit?.record(projectId, {
        actor,
        action: decision,
        resource: 'changes',
        resourceId: view.id,
        detail: {
          toolkit_id: kit.id,
          toolkit: kit.name,
          tool: view.tool_name,
          kind: view.kind,
          flags: view.flags,
          fields: view.diff.map((x) => x.field),
        },
      })
      return view
    },

    /**
     * Approves (writes the proposed definition: sessions hear list_changed) or rejects a pending change; 409 when it
     * was decided already (or superseded by a newer proposal). Runs in its own transaction.
     */
    async decide(
      projectId: string,
      toolkit: { id: string; name: string },
      changeId: string,
      decision: 'approve' | 'reject',
      by: string | null,
    ): Promise<ChangeView> {
      return d.store.tx(async () => {
        const row = await d.repo.byId(projectId, toolkit.id, changeId)
        if (!row) throw notFound('change')
        const status = decision === 'approve' ? 'approved' : 'rejected'
        const at = nowIso()
        if (!(await d.repo.decide(row.id, status, at, by)))
          throw new AppError('conflict', `change ${row.id} is ${row.status} already: only a pending change is decided`)
        if (decision === 'approve') await write(projectId, row)
        const decided: ChangeRow = { ...row, status, decided_at: at, decided_by: by }
        await announce(projectId, toolkit, decided)
        return changeView(decided)
      })
    },
  }

  /** Writes an approved change's definition as the served tool row. */
  async function write(projectId: string, row: ChangeRow) {
    const { definition, operation } = JSON.parse(row.new_definition) as Proposal
    const at = nowIso()
    let written: ToolRow
    if (row.tool_id) {
      const served = await d.tools.byId(projectId, row.tool_id)
      if (!served) throw new AppError('conflict', `the tool ${row.tool_name} is gone: this change cannot be approved`)
      written = { ...served, ...definition, updated_at: nextStamp(served.updated_at) }
      await d.tools.update(written)
    } else {
      if (await d.tools.byToolkitAndName(row.toolkit_id, definition.name))
        throw new AppError('conflict', `the toolkit has a tool named ${definition.name} already`)
      written = {
        ...definition,
        id: newId(),
        project_id: projectId,
        toolkit_id: row.toolkit_id,
        created_at: at,
        updated_at: at,
      }
      await d.tools.insert(written)
    }
    await d.afterWrite?.(written, operation)
    await d.checkNames?.(projectId, row.toolkit_id)
    d.events.publish({ type: 'list_changed', list: 'tools', projectId })
  }
}
export type ToolkitChanges = ReturnType<typeof toolkitChanges>
