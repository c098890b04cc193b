// Discovery mode (docs/decisions/0034-tool-search.md): a server with many tools lists its pinned tools plus
// `find_tools` and `call_tool`. Both are answered here, around the tools' own backend: `call_tool` hands the named
// tool to that backend's callTool, the same path as a direct tools/call (schema, credentials, call log), and every
// tool stays callable by its own name. Code mode (docs/decisions/0370-code-mode.md) lists find_tools with TypeScript
// declarations and run_code (./code-mode.ts) instead of call_tool.
import { type CallObserver, observed } from '../../../lib/call-observer'
import { AppError, UnknownNameError } from '../../../lib/errors'
import { type MaybePromise, settle } from '../../../lib/maybe-promise'
import type { OnServer, ServerRef } from '../../../lib/request-context'
import type { CallToolResult, JsonObject, McpTool, ToolsBackend } from '../../../mcp/backend'
import { atLeast } from '../../../mcp/versions'
import { type DiscoverySettings, discoveryActive, RESERVED_TOOL_NAMES } from '../../servers/discovery'
import { errorResult } from '../mcp'
import { codeRunner, RUN_CODE } from './code-mode'
import { declarationsOf } from './declarations'
import { SEARCH_LIMIT_DEFAULT, SEARCH_LIMIT_MAX, type ToolSearch } from './service'

const FIND_TOOLS: McpTool = {
  name: 'find_tools',
  title: 'Find tools',
  description:
    'Search this server\'s tools by what you want to do, in plain words (e.g. "create a GitHub issue", "send a Slack message"). Returns the best matches first, each with its name, description, input schema and score. Call a match with call_tool, or by its name.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'What the tool should do, in plain words.' },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: SEARCH_LIMIT_MAX,
        default: SEARCH_LIMIT_DEFAULT,
        description: `How many tools to return (default ${SEARCH_LIMIT_DEFAULT}, at most ${SEARCH_LIMIT_MAX}).`,
      },
    },
    required: ['query'],
  },
  outputSchema: {
    type: 'object',
    properties: {
      tools: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            name: { type: 'string' },
            description: { type: 'string' },
            inputSchema: { type: 'object' },
            score: { type: 'number' },
          },
          required: ['name', 'inputSchema', 'score'],
        },
      },
    },
    required: ['tools'],
  },
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
}

const CALL_TOOL: McpTool = {
  name: 'call_tool',
  title: 'Call a tool',
  description:
    "Call any tool of this server by name, with arguments that follow the input schema find_tools returned for it. The result is that tool's own result.",
  inputSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', description: 'The exact name of a tool, as find_tools returned it.' },
      arguments: { type: 'object', description: "The tool's arguments, following its inputSchema." },
    },
    required: ['name'],
  },
}

/**
 * find_tools in code mode: the same search, answered with the tools' TypeScript declarations (what run_code's `tools`
 * object offers) instead of their JSON Schemas.
 */
const FIND_TOOLS_CODE: McpTool = {
  ...FIND_TOOLS,
  description:
    'Search this server\'s tools by what you want to do, in plain words (e.g. "create a GitHub issue", "send a Slack message"). Returns the best matches first (name, description, score) and their TypeScript declarations: call them from run_code as `await tools.<name>(args)`.',
  outputSchema: {
    type: 'object',
    properties: {
      tools: {
        type: 'array',
        items: {
          type: 'object',
          properties: { name: { type: 'string' }, description: { type: 'string' }, score: { type: 'number' } },
          required: ['name', 'score'],
        },
      },
      declarations: { type: 'string', description: 'TypeScript declarations of the tools found.' },
    },
    required: ['tools', 'declarations'],
  },
}

/** What the server's instructions add when discovery is on: how a model finds and calls the tools it cannot see. */
const DISCOVERY_INSTRUCTIONS =
  'This server has more tools than it lists. To find one, call find_tools with what you want to do in plain words (e.g. "list open pull requests"); it returns the best matching tools with their input schemas. Then call the tool with call_tool {name, arguments}, or directly by its name. Search again with other words when nothing fits.'

const deepFreeze = <T>(v: T): T => {
  if (v && typeof v === 'object' && !Object.isFrozen(v)) {
    Object.freeze(v)
    for (const x of Object.values(v)) deepFreeze(x)
  }
  return v
}
/** The instructions of a server in code mode. */
const CODE_INSTRUCTIONS =
  "This server's tools are called from code. Call find_tools with what you want to do in plain words; it returns the best matching tools with TypeScript declarations. Then call run_code {code} with the body of an async JavaScript function that calls them as `await tools.<name>(args)` and returns what you need: several steps in one run, only the returned value comes back."

deepFreeze(FIND_TOOLS)
deepFreeze(CALL_TOOL)
deepFreeze(FIND_TOOLS_CODE)
deepFreeze(RUN_CODE)

const isReserved = (name: string) => (RESERVED_TOOL_NAMES as readonly string[]).includes(name)
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v)

/** A required argument of find_tools or call_tool is missing: a tool error from 2025-11-25, -32602 before (as for any tool). */
function missing(ctx: OnServer, field: string): CallToolResult {
  const message = `Missing required argument: ${field}`
  if (atLeast(ctx.version, '2025-11-25')) return errorResult(message)
  throw new AppError('validation_failed', message, [{ field: `params.arguments.${field}`, message }])
}

export interface DiscoveryDeps {
  /** The server's discovery settings (from memory until a write, with no promise made on a hit). */
  settings: (server: ServerRef) => MaybePromise<DiscoverySettings>
  search: ToolSearch
  /** The call log and metrics: find_tools is a tool call like any other (call_tool reports as the tool it calls). */
  observer?: CallObserver
  /**
   * Code mode's run_code: the app's function runner, TOOLYARD_CODE_MAX_CALLS, and the protocol's own tool-call entry
   * for nested calls (set once the app's backend is composed, src/deps.ts; until then this wrapper's callTool). Without
   * it run_code is refused.
   */
  code?: {
    runner: CodeModeRunner
    maxCalls: number
    maxResultBytes: number
    entry: () => { callTool: ToolsBackend['callTool']; charge?: (ctx: OnServer) => Promise<boolean> } | undefined
  }
}
type CodeModeRunner = Parameters<typeof codeRunner>[0]['runner']

/** A result's outcome for the call log: its error text when it is an error result. */
const outcomeOf = (result: CallToolResult) => {
  if (!result.isError) return { outcome: 'ok' as const }
  const first = result.content[0]
  return { outcome: 'error' as const, error: first?.type === 'text' ? String(first.text).slice(0, 500) : 'error' }
}

export function discoveryBackend(
  inner: ToolsBackend,
  deps: DiscoveryDeps,
): Required<Omit<ToolsBackend, 'parksForApproval'>> {
  // Per listing of the server's own tools (the read model's frozen array, new after any write): the discovery
  // listing and the index by name. Settings are part of the key: they change without a new tool listing.
  const listings = new WeakMap<readonly McpTool[], { key: string; list: McpTool[] }>()
  const names = new WeakMap<readonly McpTool[], Map<string, McpTool>>()

  /** The server's own listing and its settings when discovery is active (undefined: it is not). */
  type Listing = { all: McpTool[]; active: DiscoverySettings | undefined }
  const listingOf = (server: ServerRef): MaybePromise<Listing> => {
    const all = inner.listTools(server)
    const settings = deps.settings(server)
    const listing = (a: McpTool[], s: DiscoverySettings) => ({
      all: a,
      active: discoveryActive(s, a.length) ? s : undefined,
    })
    if (all instanceof Promise || settings instanceof Promise)
      return Promise.all([all, settings]).then(([a, s]) => listing(a, s))
    return listing(all, settings)
  }

  const byNameIn = (all: readonly McpTool[], name: string) => {
    let byName = names.get(all)
    if (!byName) {
      byName = new Map(all.map((t) => [t.name, t] as const))
      names.set(all, byName)
    }
    return byName.get(name)
  }

  async function findTools(ctx: OnServer, args: JsonObject, codeMode: boolean): Promise<CallToolResult> {
    if (args.query === undefined) return missing(ctx, 'query')
    if (typeof args.query !== 'string')
      return errorResult('Invalid arguments for tool find_tools: query must be a string')
    const limit = args.limit ?? SEARCH_LIMIT_DEFAULT
    if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1)
      return errorResult('Invalid arguments for tool find_tools: limit must be a positive integer')
    // More than the maximum is answered with the maximum: the model asked for "many", not for an error.
    const found = (await deps.search.search(ctx.server, args.query, Math.min(limit, SEARCH_LIMIT_MAX))).map(
      ({ tool, score }) => ({
        name: tool.name,
        ...(tool.description !== null ? { description: tool.description } : {}),
        inputSchema: JSON.parse(tool.input_schema) as JsonObject,
        score,
        output_schema: tool.output_schema,
      }),
    )
    if (codeMode) {
      const declarations = declarationsOf(
        found.map((t) => ({
          ...t,
          ...(t.output_schema ? { outputSchema: JSON.parse(t.output_schema) as JsonObject } : {}),
        })),
      )
      const listed = found.map(({ name, description, score }) => ({
        name,
        ...(description ? { description } : {}),
        score,
      }))
      // The declarations as plain text a model reads as code; the same in structuredContent for clients that parse it.
      return {
        content: [{ type: 'text', text: `${JSON.stringify({ tools: listed })}\n\n${declarations}` }],
        structuredContent: { tools: listed, declarations },
        isError: false,
      }
    }
    const tools = found.map(({ output_schema: _, ...t }) => t)
    // The JSON in a text item too, for clients that read only content (MCP: structured results SHOULD be mirrored).
    return {
      content: [{ type: 'text', text: JSON.stringify({ tools }) }],
      structuredContent: { tools },
      isError: false,
    }
  }

  /** A call_tool refused before any tool ran is still a call in the log (under call_tool); a run reports as its tool. */
  function refused(ctx: OnServer, result: CallToolResult): CallToolResult {
    deps.observer?.called({
      kind: 'tool',
      projectId: ctx.projectId,
      serverId: ctx.server.id,
      name: 'call_tool',
      durationMs: 0,
      requestId: ctx.requestId,
      ...outcomeOf(result),
    })
    return result
  }

  async function callTool(ctx: OnServer, args: JsonObject): Promise<CallToolResult> {
    if (args.name === undefined) return missing(ctx, 'name')
    if (typeof args.name !== 'string')
      return refused(ctx, errorResult('Invalid arguments for tool call_tool: name must be a string'))
    if (args.arguments !== undefined && !isObject(args.arguments))
      return refused(ctx, errorResult('Invalid arguments for tool call_tool: arguments must be an object'))
    const name = args.name
    if (isReserved(name)) return refused(ctx, errorResult(`call_tool cannot call ${name}; call it directly`))
    try {
      return await inner.callTool(ctx, name, args.arguments ?? {})
    } catch (error) {
      // The model named a tool that is not here: a result it can read and recover from (search again).
      if (error instanceof UnknownNameError)
        // (The inner call already logged it under the name asked for.)
        return errorResult(`Unknown tool: ${name}. Use find_tools to look up the right name.`)
      throw error
    }
  }

  // Nested calls of run_code enter where tools/call enters: the composed backend's callTool (every gate on it applies).
  const runCode = deps.code
    ? codeRunner({
        runner: deps.code.runner,
        maxCalls: deps.code.maxCalls,
        maxResultBytes: deps.code.maxResultBytes,
        isReserved,
        callTool: (ctx, name, args) => (deps.code?.entry()?.callTool ?? backend.callTool)(ctx, name, args),
        charge: async (ctx) => (await deps.code?.entry()?.charge?.(ctx)) ?? true,
      })
    : undefined

  const backend: Required<Omit<ToolsBackend, 'parksForApproval'>> = {
    listTools(server) {
      return settle(listingOf(server), ({ all, active: s }) => {
        if (!s) return all
        const key = JSON.stringify(s)
        const kept = listings.get(all)
        if (kept?.key === key) return kept.list
        const pinned = new Set(s.pinned)
        const own = s.mode === 'code' ? [FIND_TOOLS_CODE, RUN_CODE] : [FIND_TOOLS, CALL_TOOL]
        const list = deepFreeze([...all.filter((t) => pinned.has(t.name)), ...own])
        listings.set(all, { key, list })
        return list
      })
    },
    findTool(server, name) {
      // Only a reserved name asks for the settings: any other is looked up in the listing (in memory on a hit).
      if (!isReserved(name)) return settle(inner.listTools(server), (all) => byNameIn(all, name))
      const own = async () => byNameIn(await inner.listTools(server), name)
      return (async () => {
        const { mode } = await deps.settings(server)
        if (mode === 'off') return own()
        if (name === 'find_tools') return mode === 'code' ? FIND_TOOLS_CODE : FIND_TOOLS
        return name === 'run_code' ? RUN_CODE : CALL_TOOL
      })()
    },
    instructions(server, description) {
      return settle(listingOf(server), ({ active: s }) => {
        if (!s) return description
        const how = s.mode === 'code' ? CODE_INSTRUCTIONS : DISCOVERY_INSTRUCTIONS
        return description ? `${description}\n\n${how}` : how
      })
    },
    callTool(ctx, name, args) {
      // Any other name goes straight on, not wrapped in another promise: the hit path of tools/call asks nothing here.
      if (!isReserved(name)) return inner.callTool(ctx, name, args)
      return (async () => {
        // Reserved whenever discovery is not off (auto below its threshold too): the names cannot be a tool's own.
        const { mode } = await deps.settings(ctx.server)
        if (mode === 'off') return inner.callTool(ctx, name, args)
        if (name === 'call_tool') return callTool(ctx, args)
        const report = {
          kind: 'tool' as const,
          projectId: ctx.projectId,
          serverId: ctx.server.id,
          name,
          requestId: ctx.requestId,
        }
        if (name === 'run_code') {
          // Logged as run_code, under the request's id; each nested call is logged as its own tool, under the same id.
          const run = async () => {
            if (mode !== 'code' || !runCode)
              return errorResult('run_code is only available in tool_discovery mode "code"')
            if (args.code === undefined) return missing(ctx, 'code')
            return runCode(ctx, args)
          }
          return observed(deps.observer, report, run, outcomeOf)
        }
        return observed(deps.observer, report, () => findTools(ctx, args, mode === 'code'), outcomeOf)
      })()
    },
  }
  return backend
}
