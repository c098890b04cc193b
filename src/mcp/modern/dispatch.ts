// The 2026-07-28 methods: server/discover, and the session-era handlers (../dispatch) reused at version 2026-07-28
// with MRTR rounds on tools/call, prompts/get and resources/read, tool requirements checked before running, and
// results marked with resultType and cache hints (docs/decisions/0011-mcp-2026-07-28.md).

import type { Keyring } from '../../crypto/master-key'
import { settle } from '../../lib/maybe-promise'
import type { OnServer } from '../../lib/request-context'
import type { ServerRow } from '../../lib/server'
import type { FunctionHost } from '../../runtime/host'
import type { JsonObject, McpBackend } from '../backend'
import { dispatch } from '../dispatch'
import { ProtocolError, RPC } from '../errors'
import { isObject, type RpcRequest } from '../jsonrpc'
import { SUPPORTED_ALL } from '../versions'
import { type InputRound, openRound } from './mrtr'
import { offersTasks, TASKS_EXTENSION, type TaskAsk, type TaskStore, tasksRequired } from './tasks'
import { checkParamHeaders, META } from './validate'

export interface ModernContext {
  /** The request context built at admission; each dispatch below adds its host. */
  context: Omit<OnServer, 'host'>
  backend: McpBackend
  /** The stored server: discovery describes it (name, description, auth). */
  server: ServerRow
  keyring: Keyring
  capabilities: JsonObject
  headers: Headers
  serverVersion: string
  tasks: TaskStore
  taskHost: (t: { signal: AbortSignal; ask: TaskAsk }) => FunctionHost
}

const METHODS = new Set([
  'server/discover',
  'tools/list',
  'tools/call',
  'resources/list',
  'resources/templates/list',
  'resources/read',
  'prompts/list',
  'prompts/get',
  'completion/complete',
  'tasks/get',
  'tasks/update',
  'tasks/cancel',
])
/** The methods that may ask the client for input, and the param that names their target. */
const ASKING: Record<string, string> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' }
const CACHEABLE = new Set([
  'tools/list',
  'prompts/list',
  'resources/list',
  'resources/templates/list',
  'resources/read',
])

/** Lists change at any time (list_changed says when), so nothing is cached; a public server's answers are shared. */
const cacheHints = (server: ServerRow) => ({ ttlMs: 0, cacheScope: server.auth === 'none' ? 'public' : 'private' })

function discoverResult(server: ServerRow, serverVersion: string, instructions: string | undefined) {
  return {
    resultType: 'complete',
    supportedVersions: SUPPORTED_ALL,
    capabilities: {
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
      logging: {},
      completions: {},
      extensions: { [TASKS_EXTENSION]: {} },
    },
    ...(instructions ? { instructions } : {}),
    ...cacheHints(server),
    _meta: {
      [META.serverInfo]: {
        name: server.name,
        version: serverVersion,
        ...(server.display_name ? { title: server.display_name } : {}),
      },
    },
  }
}

/** A declared requirement the request's capabilities lack: the missing part, e.g. `{sampling: {}}`. */
function missingCapabilities(required: JsonObject | undefined, caps: JsonObject): JsonObject | undefined {
  if (!required) return undefined
  const missing: JsonObject = {}
  for (const [k, v] of Object.entries(required)) {
    if (k === 'extensions' && isObject(v)) {
      const have = isObject(caps.extensions) ? caps.extensions : {}
      const lacking = Object.fromEntries(Object.entries(v).filter(([ext]) => !isObject(have[ext])))
      if (Object.keys(lacking).length) missing.extensions = lacking
    } else if (caps[k] === undefined || caps[k] === null) missing[k] = v
  }
  return Object.keys(missing).length ? missing : undefined
}

export async function dispatchModern(
  c: ModernContext,
  req: RpcRequest,
  host: (round?: InputRound) => FunctionHost,
): Promise<unknown> {
  const { method, params } = req
  if (!METHODS.has(method)) throw new ProtocolError(RPC.METHOD_NOT_FOUND, `Method not found: ${method}`)
  if (method === 'server/discover') {
    const { backend } = c
    const description = c.server.description ?? undefined
    const instructions = backend.instructions ? await backend.instructions(c.server, description) : description
    return discoverResult(c.server, c.serverVersion, instructions)
  }
  const owner = `${c.context.principal}|${c.server.id}`
  if (method.startsWith('tasks/')) {
    if (!offersTasks(c.capabilities)) throw tasksRequired()
    if (method === 'tasks/get') return c.tasks.get(owner, params.taskId)
    if (method === 'tasks/update') return c.tasks.update(owner, params.taskId, params.inputResponses)
    return c.tasks.cancel(owner, params.taskId)
  }
  let task: 'optional' | 'required' | undefined
  if (method === 'tools/call') {
    const { backend } = c
    // By name among all the server's tools: one in discovery mode lists only some (src/modules/tools/search).
    let found = backend.findTool
      ? backend.findTool(c.server, String(params.name))
      : settle(backend.listTools(c.server), (all) => all.find((t) => t.name === params.name))
    // A tool set in memory answers with no promise: the hit path does not wait here.
    if (found instanceof Promise) found = await found
    const tool = found
    if (tool) {
      const missing = missingCapabilities(tool.requiredCapabilities, c.capabilities)
      if (missing)
        throw new ProtocolError(
          RPC.MISSING_CAPABILITY,
          `Missing required client capability: ${Object.keys(missing).join(', ')}`,
          { requiredCapabilities: missing },
        )
      checkParamHeaders(tool.inputSchema, isObject(params.arguments) ? params.arguments : {}, c.headers, req.id)
      const offered = offersTasks(c.capabilities)
      if (tool.taskSupport === 'required' && !offered) throw tasksRequired()
      if (offered) task = tool.taskSupport
      // A call that waits for an approval answers with a task, `working` until it is decided (src/modules/policies).
      if (offered && task === undefined && backend.parksForApproval) {
        let parks = backend.parksForApproval(c.context, tool.name, isObject(params.arguments) ? params.arguments : {})
        if (parks instanceof Promise) parks = await parks
        if (parks) task = 'optional'
      }
    }
  }
  const field = ASKING[method]
  const round =
    field === undefined
      ? undefined
      : openRound(params, c.keyring, {
          principal: c.context.principal,
          serverId: c.server.id,
          method,
          name: String(params[field] ?? ''),
          args: params.arguments ?? {},
        })
  // The client lets it run as a task: polled with tasks/get. A must-be-task tool asks for its inputs first (MRTR).
  const runTask = (host: FunctionHost) => dispatch({ ...c.context, host, inTask: true }, method, params, c.backend)
  if (task === 'required' && round) return c.tasks.afterInputs(owner, round, c.taskHost, runTask)
  if (task === 'optional' && params.requestState === undefined && params.inputResponses === undefined)
    return c.tasks.start(owner, c.taskHost, runTask)
  let result: unknown
  try {
    // The host is made on first read, as on the session path (a tools/list never builds one).
    let made: FunctionHost | undefined
    const context: OnServer = {
      ...c.context,
      get host() {
        made ??= host(round)
        return made
      },
    }
    result = await dispatch(context, method, params, c.backend)
  } catch (error) {
    if (round?.missing.size) return round.inputRequired()
    // 2026-07-28 answers an unknown resource as invalid params, still naming the uri.
    if (error instanceof ProtocolError && error.code === RPC.RESOURCE_NOT_FOUND)
      throw new ProtocolError(RPC.INVALID_PARAMS, `Invalid params: resource not found`, error.data)
    throw error
  }
  if (round?.missing.size) return round.inputRequired()
  return { resultType: 'complete', ...(result as JsonObject), ...(CACHEABLE.has(method) ? cacheHints(c.server) : {}) }
}
