// Policies around the tools' MCP backend: a tool a caller may not call is left out of its tools/list and find_tools
// answers, and a call of it is refused naming the policy; a call an "approve" policy matches is parked on an approval
// request (./approvals.ts). A server no policy can match goes straight through, nothing awaited
// (docs/decisions/0343-policy-hot-path.md).
import type { CallObserver } from '../../lib/call-observer'
import type { MaybePromise } from '../../lib/maybe-promise'
import type { OnServer, RequestContext, ServerRef } from '../../lib/request-context'
import type { CallToolResult, JsonObject, McpTool, ToolsBackend } from '../../mcp/backend'
import { errorResult } from '../tools/mcp'
import { type ApprovalsService, argsDigest } from './approvals'
import { type PolicyAudit, recordDecision } from './audit'
import { type Caller, type CompiledPolicy, decide, type PolicyIndex, visible } from './policy-index'

export interface PolicyGateDeps {
  index: PolicyIndex
  approvals: ApprovalsService
  /** The toolkit of each tool the server lists, by its name there (policies may match toolkits). */
  toolkitOf: (server: ServerRef) => MaybePromise<(name: string) => string | undefined>
  /** The call log: a refused call is a call with outcome `denied`. */
  observer?: CallObserver
  /** The audit trail: a call refused by a deny policy, or parked by an approve policy, names the policy. */
  audit?: PolicyAudit
}

/** The ToolsBackend with the policy gate, plus what a 2026-07-28 dispatch asks before choosing to run a task. */
export type PolicedBackend = ToolsBackend & {
  /** Whether this call would wait for an approval (a 2026-07-28 client that offers tasks then gets a task). */
  parksForApproval(ctx: Omit<OnServer, 'host'>, name: string, args: JsonObject): MaybePromise<boolean>
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v)

/** call_tool (discovery mode) runs another tool: the policies of that tool apply to it. */
const targetOf = (name: string, args: JsonObject): { name: string; args: JsonObject } | undefined =>
  name === 'call_tool' && typeof args.name === 'string'
    ? { name: args.name, args: isObject(args.arguments) ? args.arguments : {} }
    : undefined

/** What the gate reads of a call's context: the protocol's, or a REST call's once its server is known. */
type GateContext = Pick<
  RequestContext,
  'requestId' | 'principal' | 'role' | 'userId' | 'groups' | 'projectId' | 'host' | 'inTask' | 'clientName'
> & { readonly server: ServerRef }

/** The decisions and waits both the protocol and REST use. */
function policyGate(deps: PolicyGateDeps) {
  const refused = (ctx: GateContext, name: string, message: string): CallToolResult => {
    deps.observer?.called({
      kind: 'tool',
      projectId: ctx.projectId,
      serverId: ctx.server.id,
      name,
      durationMs: 0,
      requestId: ctx.requestId,
      principal: ctx.principal,
      ...(ctx.userId ? { userId: ctx.userId } : {}),
      ...(ctx.clientName ? { client: ctx.clientName } : {}),
      outcome: 'denied',
      error: message,
    })
    return errorResult(message)
  }

  /** The decision for one tool of the call (the tool itself, or call_tool's target). */
  const decideOne = async (
    ctx: Omit<GateContext, 'host'>,
    policies: readonly CompiledPolicy[],
    name: string,
    args: JsonObject,
  ) => {
    const toolkitOf = await deps.toolkitOf(ctx.server)
    return decide(policies, ctx, { name, toolkitId: toolkitOf(name) }, ctx.server, args)
  }

  /** Undefined when a grant lets the call run; else the result that ends it. `holdMs` 0: no wait (REST). */
  async function approved(
    ctx: GateContext,
    policy: CompiledPolicy,
    name: string,
    args: JsonObject,
    holdMs?: number,
  ): Promise<CallToolResult | undefined> {
    const row = await deps.approvals.request(ctx.server, ctx, name, args, policy)
    // Parked: the request is still pending (a granted one lets the call run, and its own entry is the call's).
    if (row.status === 'pending')
      recordDecision(deps.audit, ctx, {
        action: 'hold',
        serverId: ctx.server.id,
        tool: name,
        argsDigest: row.args_digest,
        policy,
        approvalId: row.id,
      })
    const { host } = ctx
    // A task may wait as long as the request lives (bounded by its run's deadline); a held stream for approval_wait_s.
    const untilMs = ctx.inTask
      ? Math.min(Date.parse(row.expires_at), Date.now() + (host.deadlineMs ?? Number.POSITIVE_INFINITY))
      : Date.now() + (holdMs ?? policy.approvalWaitS * 1000)
    const what = `approval ${row.id} (policy "${policy.name}")`
    const outcome = await deps.approvals.wait(row, {
      untilMs,
      signal: host.signal,
      tick: (n) => host.progress(n, undefined, `Tool ${name} is waiting for ${what}`),
    })
    if (outcome === 'approved') return undefined
    const current = await deps.approvals.get(ctx.projectId, row.id).catch(() => undefined)
    if (outcome === 'denied')
      return refused(ctx, name, `Tool ${name} was denied by ${what}${current?.note ? `: ${current.note}` : ''}`)
    if (outcome === 'expired') return refused(ctx, name, `Tool ${name} was not run: ${what} expired undecided`)
    const waited = holdMs === 0 ? 'pending' : `still pending after ${policy.approvalWaitS} s`
    return errorResult(
      `Tool ${name} needs ${what}, ${waited}; call it again with the same arguments once it is approved (until ${row.expires_at})`,
    )
  }

  async function gated(
    ctx: GateContext,
    policies: readonly CompiledPolicy[],
    name: string,
    args: JsonObject,
    run: () => Promise<CallToolResult>,
    holdMs?: number,
  ): Promise<CallToolResult> {
    const target = targetOf(name, args)
    for (const t of target ? [{ name, args }, target] : [{ name, args }]) {
      const d = await decideOne(ctx, policies, t.name, t.args)
      if (d.effect === 'deny') {
        recordDecision(deps.audit, ctx, {
          action: 'refuse',
          serverId: ctx.server.id,
          tool: t.name,
          argsDigest: argsDigest(t.args),
          policy: d.policy,
        })
        return refused(ctx, t.name, `Tool ${t.name} is refused by policy "${d.policy.name}": ${d.why}`)
      }
      if (d.effect === 'approve') {
        const stop = await approved(ctx, d.policy, t.name, t.args, holdMs)
        if (stop) return stop
      }
    }
    return run()
  }
  return { decideOne, gated }
}

export function policedBackend(inner: ToolsBackend, deps: PolicyGateDeps): PolicedBackend {
  const { decideOne, gated } = policyGate(deps)

  /** find_tools answers only with tools the caller may see: asked for more, then cut to what was asked. */
  async function findTools(ctx: OnServer, policies: readonly CompiledPolicy[], args: JsonObject) {
    const asked = typeof args.limit === 'number' ? args.limit : undefined
    const result = await inner.callTool(ctx, 'find_tools', asked ? { ...args, limit: Math.min(asked * 2, 50) } : args)
    const found = result.structuredContent?.tools
    if (result.isError || !Array.isArray(found)) return result
    const toolkitOf = await deps.toolkitOf(ctx.server)
    const tools = (found as { name: string }[])
      .filter((t) => visible(policies, ctx, { name: t.name, toolkitId: toolkitOf(t.name) }))
      .slice(0, asked ?? found.length)
    return { ...result, content: [{ type: 'text', text: JSON.stringify({ tools }) }], structuredContent: { tools } }
  }

  return {
    ...inner,
    listTools(server, caller) {
      const listing = inner.listTools(server, caller)
      if (!caller) return listing
      const policies = deps.index.forServer(server)
      // The hit path of a server no policy names: the listing as it is (its pages stay cached).
      if (!(policies instanceof Promise) && policies.length === 0) return listing
      return (async () => {
        const [all, list, toolkitOf] = await Promise.all([listing, policies, deps.toolkitOf(server)])
        if (list.length === 0) return all
        return all.filter((t: McpTool) => visible(list, caller, { name: t.name, toolkitId: toolkitOf(t.name) }))
      })()
    },
    callTool(ctx, name, args) {
      const policies = deps.index.forServer(ctx.server)
      if (!(policies instanceof Promise) && policies.length === 0) return inner.callTool(ctx, name, args)
      return (async () => {
        const list = await policies
        if (list.length === 0) return inner.callTool(ctx, name, args)
        if (name === 'find_tools') return gated(ctx, list, name, args, () => findTools(ctx, list, args))
        return gated(ctx, list, name, args, () => inner.callTool(ctx, name, args))
      })()
    },
    parksForApproval(ctx, name, args) {
      const policies = deps.index.forServer(ctx.server)
      if (!(policies instanceof Promise) && policies.length === 0) return false
      return (async () => {
        const list = await policies
        if (list.length === 0) return false
        const target = targetOf(name, args) ?? { name, args }
        return (await decideOne(ctx, list, target.name, target.args)).effect === 'approve'
      })()
    },
  }
}

type RestCall = (ctx: RequestContext, name: string, args: Record<string, unknown>) => Promise<CallToolResult>
type RestList = (projectId: string, server: ServerRef | undefined, caller?: RequestContext) => Promise<McpTool[]>

/**
 * REST POST /tools/list under the same policies as the protocol's tools/list: a tool a deny policy always refuses the
 * caller is absent. On the named server, its policies; without server_id, a tool is listed when every server carrying
 * it would list it (a REST call without server_id must pass each of them).
 */
export function policedRestList(
  restList: RestList,
  deps: PolicyGateDeps & { serversFor(projectId: string, name: string): Promise<ServerRef[]> },
): RestList {
  const visibleOn = async (server: ServerRef, caller: Caller, name: string) => {
    const list = await deps.index.forServer(server)
    if (list.length === 0) return true
    const toolkitOf = await deps.toolkitOf(server)
    return visible(list, caller, { name, toolkitId: toolkitOf(name) })
  }
  return async (projectId, server, caller) => {
    const tools = await restList(projectId, server, caller)
    // Without a caller (an in-process listing), as the protocol's listTools: unfiltered.
    if (!caller) return tools
    let has = deps.index.projectHasPolicies(projectId)
    if (has instanceof Promise) has = await has
    if (!has) return tools
    const shown = await Promise.all(
      tools.map(async (t) => {
        const servers = server ? [server] : await deps.serversFor(projectId, t.name)
        for (const s of servers) if (!(await visibleOn(s, caller, t.name))) return false
        return true
      }),
    )
    return tools.filter((_, i) => shown[i])
  }
}

/**
 * REST POST /tools/call under the same policies: on the named server, or (without server_id) on every server of the
 * project carrying the tool, as it could run on any of them: each must let it. An approve policy does not hold a REST
 * call: it answers that the approval is pending, and the same call runs once it is granted.
 */
export function policedRestCall(
  restCall: RestCall,
  deps: PolicyGateDeps & { serversFor(projectId: string, name: string): Promise<ServerRef[]> },
): RestCall {
  const { gated } = policyGate(deps)
  return async (ctx, name, args) => {
    let has = deps.index.projectHasPolicies(ctx.projectId)
    if (has instanceof Promise) has = await has
    if (!has) return restCall(ctx, name, args)
    const servers = ctx.server ? [ctx.server] : await deps.serversFor(ctx.projectId, name)
    // Checked server by server, each passing on to the next; the call runs after the last.
    let run = () => restCall(ctx, name, args)
    for (const server of servers.reverse()) {
      const next = run
      run = async () => {
        const list = await deps.index.forServer(server)
        return list.length ? gated({ ...ctx, server }, list, name, args, next, 0) : next()
      }
    }
    return run()
  }
}
