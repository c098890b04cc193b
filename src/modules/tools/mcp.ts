// The tools' MCP shapes: their part of McpBackend, the REST tool endpoints (same shapes without the JSON-RPC wrapper),
// and how a call's outcome becomes a CallToolResult (docs/decisions/0007-sandbox.md: results). Never emits null fields.

import { type CallEvent, type CallObserver, observed, toolReport } from '../../lib/call-observer'
import { AppError } from '../../lib/errors'
import type { RequestContext, ServerRef } from '../../lib/request-context'
import { inSpan, tracingOn } from '../../lib/tracing'
import { resultBytes, resultTooLarge, surelyWithin } from '../../limits'
import type { CallToolResult, ContentBlock, JsonObject, McpTool, ToolsBackend } from '../../mcp/backend'
import { ProtocolError } from '../../mcp/errors'
import { atLeast, MODERN_VERSION } from '../../mcp/versions'
import { MissingArgumentsError, type ToolCall, type ToolCalls } from './call'
import { mcpTool, outputSchemaOf } from './view'

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Drops null/undefined fields of a content block; a non-block item becomes a text block holding its JSON. */
function toContentBlock(item: unknown): ContentBlock {
  if (isObject(item) && typeof item.type === 'string') {
    return Object.fromEntries(Object.entries(item).filter(([, v]) => v !== null && v !== undefined)) as ContentBlock
  }
  return { type: 'text', text: typeof item === 'string' ? item : (JSON.stringify(item, null, 2) ?? '') }
}

/**
 * `structuredContent` must be an object: an object value is used as is; any other JSON value (array, number,
 * boolean, null) is wrapped as `{result: value}`. A string is parsed when it holds a JSON object (HTTP functions).
 */
function structured(value: unknown): JsonObject | undefined {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value)
      return isObject(parsed) ? parsed : undefined
    } catch {
      return undefined
    }
  }
  if (value === undefined) return undefined
  return isObject(value) ? value : { result: value }
}

/**
 * A function's value: a string → one text item; an object with a `content` array → used as the result (its
 * isError/structuredContent kept); undefined → no content; any other JSON value → a text item with its JSON (2-space
 * indented), plus structuredContent when the tool declares an output schema. Success results carry `isError: false`.
 */
export function toCallToolResult(value: unknown, options: { outputSchema?: unknown } = {}): CallToolResult {
  const wantStructured = options.outputSchema !== undefined && options.outputSchema !== null
  if (isObject(value) && Array.isArray(value.content)) {
    const result: CallToolResult = { content: value.content.map(toContentBlock), isError: value.isError === true }
    if (isObject(value.structuredContent)) result.structuredContent = value.structuredContent
    if (isObject(value._meta)) (result as CallToolResult & { _meta?: JsonObject })._meta = value._meta
    return result
  }
  if (value === undefined) return { content: [], isError: false }
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2)
  const result: CallToolResult = { content: [{ type: 'text', text }], isError: false }
  const structuredContent = wantStructured ? structured(value) : undefined
  if (structuredContent) result.structuredContent = structuredContent
  return result
}

/** A failed call as the client sees it: the message as the only text item. */
export const errorResult = (message: string): CallToolResult => ({
  content: [{ type: 'text', text: message }],
  isError: true,
})

/** How a call went, for the log, the call log and the metrics (a refused credential or egress is `denied`). */
const outcomeOf = ({ outcome }: ToolCall) => runOutcomeOf(outcome)

const OK: Pick<CallEvent, 'outcome' | 'error'> = Object.freeze({ outcome: 'ok' })

/** The same, for a run of a function without a tool (POST /functions/{id}/invoke). */
export function runOutcomeOf(outcome: ToolCall['outcome']): Pick<CallEvent, 'outcome' | 'error'> {
  if (outcome.ok) return OK
  if (outcome.kind === 'timeout') return { outcome: 'timeout', error: outcome.message }
  if (outcome.kind === 'credential' || outcome.kind === 'consent' || outcome.message.startsWith('egress refused'))
    return { outcome: 'denied', error: outcome.message }
  return { outcome: 'error', error: outcome.message }
}

/** The MCP server span of a tools/call (OpenTelemetry MCP semantic conventions). */
const tracedCall = (ctx: RequestContext, name: string, run: () => Promise<ToolCall>) => {
  const c = ctx as Partial<RequestContext>
  return inSpan(
    `tools/call ${name}`,
    'server',
    {
      'mcp.method.name': 'tools/call',
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': name,
      ...(c.version ? { 'mcp.protocol.version': c.version } : {}),
      ...(c.session ? { 'mcp.session.id': c.session.id } : {}),
      ...(ctx.server ? { 'toolyard.server.id': ctx.server.id, 'toolyard.server.slug': ctx.server.slug } : {}),
      'toolyard.project.id': ctx.projectId,
    },
    run,
    undefined,
    (call) => (call.outcome.ok ? undefined : call.outcome.message),
  )
}

/** MCP 2025-11-25's URLElicitationRequiredError: the client must open a URL before the request can succeed. */
const URL_ELICITATION_REQUIRED = -32042

/** What in-band consent needs (the users feature implements it: src/modules/users/connect.ts). */
export interface ConsentPort {
  /**
   * A connect link for the user and provider (single use, short-lived) and an elicitation id; given a session id, the
   * session hears `notifications/elicitation/complete` once the user connected.
   */
  link(o: {
    projectId: string
    userId: string
    providerId: string
    sessionId?: string
  }): Promise<{ url: string; elicitationId: string }>
}

type ConsentFailure = Extract<ToolCall['outcome'], { kind: 'consent' }>

/** Whether the session's client declared URL-mode elicitation (`capabilities.elicitation.url`). */
const takesUrlElicitation = (ctx: RequestContext): boolean => {
  const e = ctx.session?.clientCapabilities?.elicitation
  return isObject(e) && e.url !== undefined && e.url !== null
}

export function toolsMcp(
  calls: ToolCalls,
  observer?: CallObserver,
  maxResultBytes = 4 * 1024 * 1024,
  consent?: ConsentPort,
) {
  // A result over the budget is the tool's failure, never sent (docs/decisions/0016-limits.md).
  const callResult = ({ tool, outcome }: ToolCall): CallToolResult => {
    if (!outcome.ok) return errorResult(outcome.message)
    const result = toCallToolResult(outcome.value, { outputSchema: outputSchemaOf(tool) })
    // Measured exactly (serialized) only when a bound cannot tell it fits.
    if (surelyWithin(result, maxResultBytes)) return result
    const bytes = resultBytes(result)
    return bytes > maxResultBytes ? errorResult(resultTooLarge(bytes, maxResultBytes)) : result
  }
  // The arguments ride along by reference for the audit trail, which hashes them off the request path.
  const watch = (ctx: RequestContext, name: string, args: unknown, run: () => Promise<ToolCall>) =>
    observed(
      observer,
      toolReport(ctx, name, args),
      // A span per tool call when tracing is on (src/lib/tracing.ts); else the call alone.
      tracingOn() ? () => tracedCall(ctx, name, run) : run,
      outcomeOf,
    )
  /** The words and link a client without URL elicitation gets: a tool error a person can act on. */
  const linkText = (failure: ConsentFailure, url: string) =>
    `${failure.message}: open ${url} to connect it (the link works once, for 10 minutes), then call the tool again.`

  /**
   * The caller's own credential is missing (docs/decisions/0335-in-band-consent.md): 2026-07-28 asks for a URL
   * elicitation in an input-required result and, answered, runs the call again; a 2025-11-25 client that declared URL
   * elicitation gets -32042 carrying the connect link; any other client a tool error whose text gives the link.
   */
  async function askConsent(
    ctx: RequestContext,
    call: ToolCall & { outcome: ConsentFailure },
    again: () => Promise<ToolCall>,
  ): Promise<CallToolResult> {
    const failure = call.outcome
    if (!consent) return errorResult(failure.message)
    const modern = ctx.version === MODERN_VERSION
    const urlMode = !modern && !!ctx.version && atLeast(ctx.version, '2025-11-25') && takesUrlElicitation(ctx)
    const link = await consent.link({
      projectId: ctx.projectId,
      userId: failure.userId,
      providerId: failure.providerId,
      ...(urlMode && ctx.session ? { sessionId: ctx.session.id } : {}),
    })
    const elicitation = { mode: 'url', elicitationId: link.elicitationId, url: link.url, message: failure.message }
    if (urlMode) throw new ProtocolError(URL_ELICITATION_REQUIRED, failure.message, { elicitations: [elicitation] })
    const { host } = ctx
    if (modern && host.elicit) {
      // The question's key is the provider: the answer of an earlier round is found again, and the call runs again.
      await host.elicit(elicitation, { key: `connect-${failure.providerId}` })
      const retried = await again()
      if (!retried.outcome.ok && retried.outcome.kind === 'consent') return errorResult(linkText(failure, link.url))
      return callResult(retried)
    }
    return errorResult(linkText(failure, link.url))
  }

  const backend: ToolsBackend = {
    // The listing is cached per server version (src/modules/tools/tool-index.ts) and already in the protocol's form.
    listTools: (server) => calls.listed(server),
    async callTool(ctx, name, args) {
      try {
        const run = () => watch(ctx, name, args ?? {}, () => calls.onServer(ctx, name, args ?? {}))
        const call = await run()
        if (!call.outcome.ok && call.outcome.kind === 'consent')
          return await askConsent(ctx, call as ToolCall & { outcome: ConsentFailure }, run)
        return callResult(call)
      } catch (error) {
        // SEP-1303 (2025-11-25 and later): missing arguments are a tool error the model can read, not -32602.
        if (atLeast(ctx.version, '2025-11-25') && error instanceof MissingArgumentsError)
          return errorResult(error.message)
        throw error
      }
    },
  }

  return {
    backend,
    /** REST /tools/list: one server's tools, or the union over the project's servers. */
    /**
     * REST /tools/list: the server's listing, or (no server named) every tool of the project. The caller is for the
     * policy gate around it (src/modules/policies/mcp.ts), as the protocol's listTools takes one.
     */
    restList: async (projectId: string, server: ServerRef | undefined, _caller?: RequestContext): Promise<McpTool[]> =>
      server ? calls.listed(server) : (await calls.listedInProject(projectId)).map((t) => mcpTool(t)),
    /** REST /tools/call: the same call; errors are HTTP statuses (404 unknown, 400 bad arguments, 500 tool_not_configured). */
    async restCall(ctx: RequestContext, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
      const { server } = ctx
      const call = await watch(ctx, name, args, () =>
        server
          ? calls.onServer(ctx as RequestContext & { server: ServerRef }, name, args)
          : calls.inProject(ctx, name, args),
      )
      const { outcome } = call
      if (!outcome.ok && outcome.kind === 'consent' && consent) {
        const link = await consent.link({
          projectId: ctx.projectId,
          userId: outcome.userId,
          providerId: outcome.providerId,
        })
        return errorResult(linkText(outcome, link.url))
      }
      // Unlike the protocol, REST answers every argument error as 400 naming the fields.
      if (!outcome.ok && outcome.kind === 'invalid_arguments')
        throw new AppError(
          'validation_failed',
          outcome.message,
          outcome.fields.map((f) => ({ field: `body.arguments.${f}`, message: outcome.message })),
        )
      return callResult(call)
    },
  }
}
export type ToolsMcp = ReturnType<typeof toolsMcp>
