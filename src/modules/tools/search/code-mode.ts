// Code mode (docs/decisions/0370-code-mode.md): `run_code {code}` runs the model's JavaScript in the function sandbox with
// `tools.<name>(args)` bound to the server's tools. Each nested call is handed to `callTool`, the backend's own tool-call
// entry (the one tools/call takes: schema, credentials, limits, call log), so code mode adds no way around any of it. A
// run is bounded in nested calls (TOOLYARD_CODE_MAX_CALLS), time and memory (the sandbox's function limits).
import { AppError, UnknownNameError } from '../../../lib/errors'
import type { OnServer } from '../../../lib/request-context'
import { clampLimit, FUNCTION_LIMITS, resultBytes, resultTooLarge } from '../../../limits'
import type { CallToolResult, JsonObject, McpTool } from '../../../mcp/backend'
import { ProtocolError } from '../../../mcp/errors'
import type { FunctionRunner } from '../../../runtime/function-runner'
import { runnableSource, SourceError } from '../../../runtime/function-source'
import type { FunctionHost } from '../../../runtime/host'
import { errorResult, toCallToolResult } from '../mcp'

export const CODE_MAX_CALLS_DEFAULT = 50

export const RUN_CODE: McpTool = {
  name: 'run_code',
  title: 'Run code over the tools',
  description:
    'Run JavaScript that calls this server\'s tools: `await tools.<name>(args)` (or `tools["a-name"](args)`) calls a tool and returns its structured result (or its text, parsed as JSON when it is JSON); a failed call throws an Error you can catch. Use find_tools first to get the tools\' TypeScript declarations. The code is the body of an async function: `return` the value you want back. Bounded in tool calls, time and memory.',
  inputSchema: {
    type: 'object',
    properties: {
      code: {
        type: 'string',
        description:
          'The body of an async JavaScript function, e.g. `const r = await tools.list_issues({}); return r`.',
      },
    },
    required: ['code'],
  },
}

/**
 * The module the sandbox runs: the model's code is the body of the default export, starting on line 1 so the lines an
 * error names are the model's own; the `tools` object is built by a function declared after it (hoisted).
 */
const moduleOf = (code: string) =>
  `export default async function (input, ctx) { const tools = __toolsOf(ctx); ${code}\n}\n${TOOLS_OBJECT}`

/**
 * `tools.<name>(args)`: the host answers `{value}` or `{error}`; an error is thrown here, in the code's own realm, so a
 * plain try/catch sees a plain Error. `then` is not a tool (an awaited `tools` object must not look like a promise).
 */
const TOOLS_OBJECT = `function __toolsOf(ctx) {
  return new Proxy(Object.create(null), {
    get(_, name) {
      if (typeof name !== 'string' || name === 'then') return undefined;
      return async (args) => {
        const r = await ctx.callTool(name, args === undefined ? {} : args);
        if (r.error !== undefined) throw new Error(r.error);
        return r.value;
      };
    },
  });
}`

/** What a nested call hands back to the code: a result's value, or the message of why it failed. */
type NestedAnswer = { value: unknown } | { error: string }

/** A successful result as the code sees it: its structured content, else its text (parsed when it is JSON). */
function codeValueOf(result: CallToolResult): unknown {
  if (result.structuredContent) return result.structuredContent
  const texts = result.content.filter((c) => c.type === 'text').map((c) => String(c.text))
  if (texts.length !== result.content.length) return result.content
  const text = texts.join('\n')
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

const errorText = (result: CallToolResult) =>
  result.content
    .filter((c) => c.type === 'text')
    .map((c) => String(c.text))
    .join('\n') || 'the tool failed'

export interface CodeModeDeps {
  runner: Pick<FunctionRunner, 'run'>
  /** The protocol's tool-call entry: what tools/call runs for a tool of the server (src/deps.ts routes it). */
  callTool: (ctx: OnServer, name: string, args: JsonObject) => Promise<CallToolResult>
  /**
   * Counts a nested call against the caller's protocol rate limit, as the message of a direct tools/call is counted
   * at admission; false: the limit is reached and the call is refused. Absent: nothing is counted.
   */
  charge?: (ctx: OnServer) => Promise<boolean>
  /** Names code may not call (the discovery tools themselves). */
  isReserved: (name: string) => boolean
  /** TOOLYARD_CODE_MAX_CALLS. */
  maxCalls: number
  /** TOOLYARD_MAX_RESULT_BYTES: what the code returns is bounded as any tool's result. */
  maxResultBytes: number
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A host that is the caller's (logs, progress, cancellation, sampling…) plus `callTool`: read through, never spread. */
function withToolCalls(host: FunctionHost, callTool: NonNullable<FunctionHost['callTool']>): FunctionHost {
  return Object.create(host, { callTool: { value: callTool, enumerable: true } }) as FunctionHost
}

export function codeRunner(deps: CodeModeDeps) {
  const limits = {
    memoryMb: clampLimit(undefined, FUNCTION_LIMITS.memoryMb),
    timeoutMs: clampLimit(undefined, FUNCTION_LIMITS.timeoutMs),
  }

  async function nested(ctx: OnServer, name: string, args: unknown): Promise<NestedAnswer> {
    if (deps.isReserved(name) || name === RUN_CODE.name) return { error: `run_code cannot call ${name}` }
    if (!isObject(args)) return { error: `Invalid arguments for tool ${name}: the arguments must be an object` }
    if (deps.charge && !(await deps.charge(ctx)))
      return { error: `rate limit exceeded: tool ${name} was not called (the protocol's limit, TOOLYARD_RATE_LIMITS)` }
    try {
      const result = await deps.callTool(ctx, name, args)
      return result.isError ? { error: errorText(result) } : { value: codeValueOf(result) }
    } catch (error) {
      if (error instanceof UnknownNameError)
        return { error: `Unknown tool: ${name}. Use find_tools to look up the right name.` }
      // An AppError's message is written for the caller; anything else may be internal, so only its kind is told.
      // The protocol's entry has turned an AppError into the ProtocolError tools/call would answer: the same words.
      if (error instanceof AppError || error instanceof ProtocolError) return { error: error.message }
      return { error: `tool ${name} failed` }
    }
  }

  return async function runCode(ctx: OnServer, args: JsonObject): Promise<CallToolResult> {
    if (typeof args.code !== 'string' || !args.code.trim())
      return errorResult('Invalid arguments for tool run_code: code must be a non-empty string')
    const code = moduleOf(args.code)
    try {
      runnableSource('javascript', code)
    } catch (error) {
      if (error instanceof SourceError)
        return errorResult(`SyntaxError: ${error.problem.message} (line ${error.problem.line})`)
      throw error
    }
    let calls = 0
    let overLimit = false
    const callTool = async (name: string, callArgs: Record<string, unknown>): Promise<Record<string, unknown>> => {
      if (++calls > deps.maxCalls) {
        overLimit = true
        return { error: limitMessage(deps.maxCalls) }
      }
      return nested(ctx, name, callArgs)
    }
    const outcome = await deps.runner.run(
      { projectId: ctx.projectId, host: withToolCalls(ctx.host, callTool) },
      // A fresh context per run: nothing of one run's globals is seen by the next.
      { name: 'run_code', runtime: 'javascript', code, isolation: 'per_call', ...limits },
      {},
    )
    // The limit ends the run as failed even when the code caught the error and went on.
    if (overLimit) return errorResult(limitMessage(deps.maxCalls))
    if (!outcome.ok) {
      if (outcome.kind === 'timeout')
        // A task's deadline replaces the function limit (src/lib/host.ts): name the one that applied.
        return errorResult(
          `run_code stopped: time limit of ${ctx.host.deadlineMs ?? limits.timeoutMs} ms reached (${outcome.message})`,
        )
      if (outcome.kind === 'memory')
        return errorResult(`run_code stopped: memory limit of ${limits.memoryMb} MB reached (${outcome.message})`)
      return errorResult(outcome.message)
    }
    const result = toCallToolResult(outcome.value === undefined ? null : outcome.value)
    const bytes = resultBytes(result)
    return bytes > deps.maxResultBytes ? errorResult(resultTooLarge(bytes, deps.maxResultBytes)) : result
  }
}

const limitMessage = (max: number) =>
  `run_code stopped: nested tool call limit of ${max} calls reached (TOOLYARD_CODE_MAX_CALLS)`
