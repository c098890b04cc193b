// The tools' MCP shapes: their part of McpBackend, the REST tool endpoints (same shapes without the JSON-RPC wrapper),
// and how a call's outcome becomes a CallToolResult (docs/decisions/0007-sandbox.md: results). Never emits null fields.

import { type CallEvent, type CallObserver, observed, reportOf } from '../../lib/call-observer'
import { AppError } from '../../lib/errors'
import type { RequestContext, RestRequestContext, ServerRef } from '../../lib/request-context'
import { resultBytes, resultTooLarge } from '../../limits'
import type { CallToolResult, ContentBlock, JsonObject, McpTool, ToolsBackend } from '../../mcp/backend'
import { atLeast } from '../../mcp/versions'
import { inSpan, tracingOn } from '../../observability/tracing'
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

/** The same, for a run of a function without a tool (POST /functions/{id}/invoke). */
export function runOutcomeOf(outcome: ToolCall['outcome']): Pick<CallEvent, 'outcome' | 'error'> {
  if (outcome.ok) return { outcome: 'ok' }
  if (outcome.kind === 'timeout') return { outcome: 'timeout', error: outcome.message }
  if (outcome.kind === 'credential' || outcome.message.startsWith('egress refused'))
    return { outcome: 'denied', error: outcome.message }
  return { outcome: 'error', error: outcome.message }
}

/** The MCP server span of a tools/call (OpenTelemetry MCP semantic conventions). */
const tracedCall = (ctx: RestRequestContext, name: string, run: () => Promise<ToolCall>) => {
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

export function toolsMcp(calls: ToolCalls, observer?: CallObserver, maxResultBytes = 4 * 1024 * 1024) {
  // A result over the budget is the tool's failure, never sent (docs/decisions/0016-limits.md).
  const callResult = ({ tool, outcome }: ToolCall): CallToolResult => {
    if (!outcome.ok) return errorResult(outcome.message)
    const result = toCallToolResult(outcome.value, { outputSchema: outputSchemaOf(tool) })
    const bytes = resultBytes(result)
    return bytes > maxResultBytes ? errorResult(resultTooLarge(bytes, maxResultBytes)) : result
  }
  // The arguments ride along by reference for the audit trail, which hashes them off the request path.
  const watch = (ctx: RestRequestContext, name: string, args: unknown, run: () => Promise<ToolCall>) =>
    observed(
      observer,
      { kind: 'tool', ...reportOf(ctx), name, args },
      // A span per tool call when tracing is on (src/observability/tracing.ts); else the call alone.
      tracingOn() ? () => tracedCall(ctx, name, run) : run,
      outcomeOf,
    )
  const backend: ToolsBackend = {
    // The listing is cached per server version (src/modules/tools/tool-index.ts) and already in the protocol's form.
    listTools: (server) => calls.listed(server),
    async callTool(ctx, name, args) {
      try {
        return callResult(await watch(ctx, name, args ?? {}, () => calls.onServer(ctx, name, args ?? {})))
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
    restList: async (projectId: string, server: ServerRef | undefined): Promise<McpTool[]> =>
      server ? calls.listed(server) : (await calls.listedInProject(projectId)).map(mcpTool),
    /** REST /tools/call: the same call; errors are HTTP statuses (404 unknown, 400 bad arguments, 500 tool_not_configured). */
    async restCall(ctx: RestRequestContext, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
      const { server } = ctx
      const call = await watch(ctx, name, args, () =>
        server
          ? calls.onServer(ctx as RestRequestContext & { server: ServerRef }, name, args)
          : calls.inProject(ctx, name, args),
      )
      const { outcome } = call
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
