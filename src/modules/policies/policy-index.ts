// A project's policies compiled and held in memory (the read model: dropped at any commit to `policies`, on every
// instance), with the subset that can match each server worked out once. A call on a server no policy names pays a
// map lookup (docs/decisions/0343-policy-hot-path.md); the decision is the highest priority match.
import type { KeyRole } from '../../lib/access'
import type { MaybePromise } from '../../lib/maybe-promise'
import type { ServerRef } from '../../lib/request-context'
import { MISS, type ReadModel } from '../../read-model/read-model'
import { argumentSize, COST_LIMIT, type CompiledCondition, compileCondition, estimatedCost } from './cel'
import type { PolicyMatch } from './model'
import type { PoliciesRepository, PolicyRow } from './repository'

/** Who calls, as a policy's principals name them. */
export interface Caller {
  /** `key:<id>`, or `addr:<ip>` on a public server without a key. */
  readonly principal: string
  readonly role?: KeyRole
  readonly userId?: string
  readonly groups?: readonly string[]
}

/** A tool as a policy matches it: its name on the server and its toolkit. */
export interface ToolRef {
  readonly name: string
  readonly toolkitId?: string
}

export interface CompiledPolicy {
  readonly id: string
  readonly name: string
  readonly effect: PolicyRow['effect']
  readonly priority: number
  readonly version: number
  readonly reason?: string
  readonly approvalWaitS: number
  readonly servers?: RegExp[]
  readonly toolkits?: RegExp[]
  readonly tools?: RegExp[]
  readonly roles?: ReadonlySet<string>
  readonly users?: ReadonlySet<string>
  readonly keys?: ReadonlySet<string>
  readonly groups?: ReadonlySet<string>
  /** The `when`, or why a stored one no longer compiles (then the policy denies: it cannot be evaluated). */
  readonly condition?: CompiledCondition | { error: string }
}

export type Decision =
  | { effect: 'allow'; policy?: CompiledPolicy }
  | { effect: 'deny'; policy: CompiledPolicy; why: string }
  | { effect: 'approve'; policy: CompiledPolicy }

const ALLOW: Decision = Object.freeze({ effect: 'allow' })
const NONE: readonly CompiledPolicy[] = Object.freeze([])
/** At equal priority the stricter effect wins. */
const STRICTNESS = { deny: 0, approve: 1, allow: 2 } as const

/** A glob (`*` any run, `?` one character) as an anchored RegExp. */
export function globRegExp(glob: string): RegExp {
  const body = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*+/g, '.*')
    .replace(/\?/g, '.')
  return new RegExp(`^${body}$`, 's')
}

const anyMatch = (res: RegExp[] | undefined, value: string | undefined, alt?: string) => {
  if (!res) return true
  for (const re of res) if ((value !== undefined && re.test(value)) || (alt !== undefined && re.test(alt))) return true
  return false
}

function compilePolicy(row: PolicyRow): CompiledPolicy {
  const match = JSON.parse(row.match_json) as PolicyMatch
  const p = match.principals
  let condition: CompiledPolicy['condition']
  if (row.when_expr)
    try {
      condition = compileCondition(row.when_expr)
    } catch (error) {
      condition = { error: (error as Error).message }
    }
  return {
    id: row.id,
    name: row.name,
    effect: row.effect,
    priority: row.priority,
    version: row.version,
    approvalWaitS: row.approval_wait_s,
    ...(row.reason ? { reason: row.reason } : {}),
    ...(match.servers ? { servers: match.servers.map(globRegExp) } : {}),
    ...(match.toolkits ? { toolkits: match.toolkits.map(globRegExp) } : {}),
    ...(match.tools ? { tools: match.tools.map(globRegExp) } : {}),
    ...(p?.roles ? { roles: new Set(p.roles) } : {}),
    ...(p?.users ? { users: new Set(p.users) } : {}),
    ...(p?.keys ? { keys: new Set(p.keys) } : {}),
    ...(p?.groups ? { groups: new Set(p.groups) } : {}),
    ...(condition ? { condition } : {}),
  }
}

/** The tool part of a match (the server was matched when the server's list was made). */
const matchesTool = (p: CompiledPolicy, tool: ToolRef) =>
  anyMatch(p.tools, tool.name) && (!p.toolkits || anyMatch(p.toolkits, tool.toolkitId))

/** The caller part of a match. */
function matchesCaller(p: CompiledPolicy, caller: Caller): boolean {
  if (p.roles && !(caller.role && p.roles.has(caller.role))) return false
  if (p.users && !(caller.userId && p.users.has(caller.userId))) return false
  if (p.keys && !(caller.principal.startsWith('key:') && p.keys.has(caller.principal.slice(4)))) return false
  if (p.groups && !caller.groups?.some((g) => p.groups!.has(g))) return false
  return true
}

const MAX_TOOLS_MEMO = 10_000
/** Per server list, by tool (and toolkit): the policies whose tool part matches, worked out once per tool. */
const byTool = new WeakMap<readonly CompiledPolicy[], Map<string, readonly CompiledPolicy[]>>()

function candidates(list: readonly CompiledPolicy[], tool: ToolRef): readonly CompiledPolicy[] {
  if (list.length === 0) return list
  let memo = byTool.get(list)
  if (!memo) {
    memo = new Map()
    byTool.set(list, memo)
  }
  const key = tool.toolkitId === undefined ? tool.name : `${tool.name}\u0000${tool.toolkitId}`
  let found = memo.get(key)
  if (!found) {
    found = list.filter((p) => matchesTool(p, tool))
    if (memo.size >= MAX_TOOLS_MEMO) memo.clear()
    memo.set(key, found)
  }
  return found
}

/** The `when` of a policy for one call: true/false, or why it could not be told (the policy then denies). */
function evaluate(
  p: CompiledPolicy,
  caller: Caller,
  tool: ToolRef,
  server: ServerRef,
  args: Record<string, unknown>,
): boolean | string {
  const c = p.condition!
  if ('error' in c) return `has a condition that no longer compiles (${c.error})`
  if (c.comprehensionDepth > 0) {
    const cost = estimatedCost(c, argumentSize(args, COST_LIMIT))
    if (cost > COST_LIMIT)
      return `has a condition that would run past its cost limit (${COST_LIMIT} steps) on these arguments`
  }
  try {
    const user = {
      id: caller.userId ?? '',
      role: caller.role ?? '',
      key: caller.principal.startsWith('key:') ? caller.principal.slice(4) : '',
      groups: [...(caller.groups ?? [])],
    }
    return c.run({ args, user, tool: tool.name, server: server.slug, now: new Date() }) === true
  } catch (error) {
    return `has a condition that failed on these arguments (${(error as Error).message.split('\n')[0]})`
  }
}

/** The highest priority policy that matches the call decides; none allows. */
export function decide(
  list: readonly CompiledPolicy[],
  caller: Caller,
  tool: ToolRef,
  server: ServerRef,
  args: Record<string, unknown>,
): Decision {
  for (const p of candidates(list, tool)) {
    if (!matchesCaller(p, caller)) continue
    if (p.condition) {
      const r = evaluate(p, caller, tool, server, args)
      if (typeof r === 'string') return { effect: 'deny', policy: p, why: r }
      if (!r) continue
    }
    if (p.effect === 'allow') return { effect: 'allow', policy: p }
    if (p.effect === 'approve') return { effect: 'approve', policy: p }
    return { effect: 'deny', policy: p, why: p.reason ?? 'denied' }
  }
  return ALLOW
}

/**
 * Whether a caller may see a tool (tools/list, find_tools): not when, whatever its arguments, a deny decides. A
 * conditional deny does not hide (other arguments may pass it); a conditional allow or approve above an unconditional
 * deny keeps it listed.
 */
export function visible(list: readonly CompiledPolicy[], caller: Caller, tool: ToolRef): boolean {
  for (const p of candidates(list, tool)) {
    if (!matchesCaller(p, caller)) continue
    if (p.condition) {
      if (p.effect !== 'deny') return true
      continue
    }
    return p.effect !== 'deny'
  }
  return true
}

/** A project's policies: all of them in decision order, and those that can match one server. */
export interface ProjectPolicies {
  readonly size: number
  forServer(server: ServerRef): readonly CompiledPolicy[]
}

const MAX_SERVERS_MEMO = 10_000

export function projectPolicies(rows: PolicyRow[]): ProjectPolicies {
  const all = rows
    .map(compilePolicy)
    .sort((a, b) => b.priority - a.priority || STRICTNESS[a.effect] - STRICTNESS[b.effect] || (a.id < b.id ? -1 : 1))
  const byServer = new Map<string, readonly CompiledPolicy[]>()
  return {
    size: all.length,
    forServer(server) {
      if (all.length === 0) return NONE
      // By id and slug: a renamed server is matched again under its new slug.
      const key = `${server.id}\u0000${server.slug}`
      let list = byServer.get(key)
      if (!list) {
        const found = all.filter((p) => anyMatch(p.servers, server.slug, server.id))
        list = found.length ? found : NONE
        if (byServer.size >= MAX_SERVERS_MEMO) byServer.clear()
        byServer.set(key, list)
      }
      return list
    },
  }
}

/** The read model's view of every project's policies: from memory with no promise made on a hit. */
export function policyIndex(rm: ReadModel, repo: Pick<PoliciesRepository, 'list'>) {
  const view = rm.view(
    async (projectId: string) => projectPolicies(await repo.list(projectId)),
    (projectId) => projectId,
    { maxEntries: 10_000, maxWeight: 1_000_000, weigh: (p) => 1 + p.size, areas: ['policies'] },
  )
  return {
    /** Whether the project has any policy (a REST call without a server looks for one only then). */
    projectHasPolicies(projectId: string): MaybePromise<boolean> {
      const hit = view.peek(projectId)
      return hit !== MISS ? hit.size > 0 : view.get(projectId).then((p) => p.size > 0)
    },
    /** The policies that can match calls on this server, in decision order (often none). */
    forServer(server: ServerRef): MaybePromise<readonly CompiledPolicy[]> {
      const hit = view.peek(server.project_id)
      if (hit !== MISS) return hit.forServer(server)
      return view.get(server.project_id).then((p) => p.forServer(server))
    },
  }
}
export type PolicyIndex = ReturnType<typeof policyIndex>
