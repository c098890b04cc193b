// Policies' REST side: create, read, replace, patch and delete, with `when` checked at save (400 naming the position).
import type { StoragePort } from '../../db/store'
import { badRequest, conflict, notFound } from '../../lib/errors'
import { newId, nowIso } from '../../lib/ids'
import { UniqueViolation } from '../../lib/storage-errors'
import { ConditionError, compileCondition } from './cel'
import type { PolicyBody, PolicyMatch, PolicyPatch, PolicyView } from './model'
import type { PoliciesRepository, PolicyRow } from './repository'

/** How long a 2025-11-25 client's stream is held open for an approval when the policy does not say. */
const DEFAULT_APPROVAL_WAIT_S = 120

function view(row: PolicyRow): PolicyView {
  return {
    id: row.id,
    name: row.name,
    effect: row.effect,
    priority: row.priority,
    match: JSON.parse(row.match_json) as PolicyMatch,
    ...(row.when_expr ? { when: row.when_expr } : {}),
    ...(row.reason ? { reason: row.reason } : {}),
    approval_wait_s: row.approval_wait_s,
    version: row.version,
    created_at: row.created_at,
    updated_at: row.updated_at,
  }
}

/** A `when` that does not parse or type-check: 400 with its position, on `body.when`. */
function checkWhen(when: string | null | undefined): string | null {
  if (when === undefined || when === null || when.trim() === '') return null
  try {
    compileCondition(when)
  } catch (error) {
    if (!(error instanceof ConditionError)) throw error
    const message = `when: ${error.message}`
    throw badRequest(message, [{ field: 'body.when', message }])
  }
  return when
}

/** Globs that could never match anything useful are refused by name: an empty principals list matches nobody. */
function checkMatch(match: PolicyMatch) {
  for (const [field, list] of Object.entries({ ...match, ...(match.principals ?? {}) }))
    if (Array.isArray(list) && list.length === 0) {
      const path = ['servers', 'toolkits', 'tools'].includes(field) ? field : `principals.${field}`
      const message = `match.${path} must not be empty (leave it out to match any)`
      throw badRequest(message, [{ field: `body.match.${path}`, message }])
    }
}

export function policiesService(store: StoragePort, repo: PoliciesRepository) {
  const mustGet = async (projectId: string, id: string) => {
    const row = await repo.byId(projectId, id)
    if (!row) throw notFound('policy')
    return row
  }
  const named = async <T>(name: string, write: () => Promise<T>): Promise<T> => {
    try {
      return await write()
    } catch (error) {
      if (error instanceof UniqueViolation) throw conflict(`a policy named "${name}" already exists in this project`)
      throw error
    }
  }
  const save = async (before: PolicyRow, body: PolicyBody): Promise<PolicyView> => {
    checkMatch(body.match)
    const row: PolicyRow = {
      ...before,
      name: body.name,
      effect: body.effect,
      priority: body.priority,
      match_json: JSON.stringify(body.match),
      when_expr: checkWhen(body.when),
      reason: body.reason ?? null,
      approval_wait_s: body.approval_wait_s ?? DEFAULT_APPROVAL_WAIT_S,
      version: before.version + 1,
      updated_at: nowIso(),
    }
    await named(row.name, () => store.tx(() => repo.update(row)))
    return view(row)
  }

  return {
    async create(projectId: string, body: PolicyBody): Promise<PolicyView> {
      checkMatch(body.match)
      const now = nowIso()
      const row: PolicyRow = {
        id: newId(),
        project_id: projectId,
        name: body.name,
        effect: body.effect,
        priority: body.priority,
        match_json: JSON.stringify(body.match),
        when_expr: checkWhen(body.when),
        reason: body.reason ?? null,
        approval_wait_s: body.approval_wait_s ?? DEFAULT_APPROVAL_WAIT_S,
        version: 1,
        created_at: now,
        updated_at: now,
      }
      await named(row.name, () => store.tx(() => repo.insert(row)))
      return view(row)
    },
    list: async (projectId: string) => ({ policies: (await repo.list(projectId)).map(view) }),
    get: async (projectId: string, id: string) => view(await mustGet(projectId, id)),
    /** PUT: the whole policy again; its version goes up (approvals bound to the old version no longer apply). */
    replace: async (projectId: string, id: string, body: PolicyBody) => save(await mustGet(projectId, id), body),
    /** PATCH: the fields given; `when: null` removes the condition. */
    async patch(projectId: string, id: string, body: PolicyPatch) {
      const before = await mustGet(projectId, id)
      const current = view(before)
      return save(before, {
        name: body.name ?? current.name,
        effect: body.effect ?? current.effect,
        priority: body.priority ?? current.priority,
        match: body.match ?? current.match,
        when: body.when === undefined ? (current.when ?? null) : body.when,
        reason: body.reason === undefined ? (current.reason ?? null) : body.reason,
        approval_wait_s: body.approval_wait_s ?? current.approval_wait_s,
      })
    },
    async remove(projectId: string, id: string) {
      if (!(await store.tx(() => repo.remove(projectId, id)))) throw notFound('policy')
      return { id, deleted: true as const }
    },
  }
}
export type PoliciesService = ReturnType<typeof policiesService>
