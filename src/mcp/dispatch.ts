// The MCP methods: validates params, calls the feature backend, and shapes results for the session's version.

import { isMcpLogLevel, MCP_LOG_LEVELS } from '../lib/log'
import { settle } from '../lib/maybe-promise'
import type { OnServer } from '../lib/request-context'
import { remoteParent, tracingOn, withParent } from '../lib/tracing'
import type { CompletionRef, JsonObject, McpBackend } from './backend'
import { ProtocolError, RPC } from './errors'
import {
  gateCallResult,
  gateContents,
  gatePrompt,
  gatePromptResult,
  gateResource,
  gateTemplate,
  gateTool,
} from './gate'
import { isObject } from './jsonrpc'
import { isHandedOutCursor, paginate } from './paginate'
import { cachedPage } from './raw-json'
import type { Session } from './sessions'
import { atLeast, negotiate } from './versions'

/** The session a request came in, as the protocol layer keeps it (the context names only its id). */
const sessionOf = (ctx: OnServer) => ctx.session as Session | undefined

const invalid = (message: string) => new ProtocolError(RPC.INVALID_PARAMS, `Invalid params: ${message}`)

function requireString(params: JsonObject, field: string): string {
  const v = params[field]
  if (typeof v !== 'string' || v === '') throw invalid(`${field} must be a non-empty string`)
  return v
}

function optionalObject(params: JsonObject, field: string): JsonObject {
  const v = params[field]
  if (v === undefined || v === null) return {}
  if (!isObject(v)) throw invalid(`${field} must be an object`)
  return v
}

/** Prompt and completion arguments are strings; other primitives are accepted in their string form. */
function stringMap(o: JsonObject, field: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(o)) {
    if (typeof v === 'string') out[k] = v
    else if (typeof v === 'number' || typeof v === 'boolean') out[k] = String(v)
    else throw invalid(`${field}.${k} must be a string`)
  }
  return out
}

/** Capabilities are declared truthfully: everything here is implemented, and list changes reach GET streams. */
export function initializeResult(
  name: string,
  version: string,
  params: JsonObject,
  extra: { title?: string; instructions?: string } = {},
) {
  const protocolVersion = negotiate(params.protocolVersion)
  return {
    protocolVersion,
    capabilities: {
      tools: { listChanged: true },
      resources: { subscribe: true, listChanged: true },
      prompts: { listChanged: true },
      logging: {},
      ...(atLeast(protocolVersion, '2025-03-26') ? { completions: {} } : {}),
    },
    serverInfo: {
      name,
      version,
      ...(extra.title && atLeast(protocolVersion, '2025-06-18') ? { title: extra.title } : {}),
    },
    ...(extra.instructions ? { instructions: extra.instructions } : {}),
  }
}

/**
 * A method's handler: the one request context, the message's params, and the backend that serves them. `serialized`:
 * the result goes straight to jsonResponse (not spread into another), so a tools/list page may be RawJson.
 */
type Handler = (
  ctx: OnServer,
  params: JsonObject,
  backend: McpBackend,
  serialized: boolean,
) => unknown | Promise<unknown>

const handlers: Record<string, Handler> = {
  ping: () => ({}),
  'tools/list': (ctx, params, backend, serialized) => {
    const { server, version } = ctx
    return settle(backend.listTools(server, ctx), (listing) => {
      const build = () => {
        const { page, nextCursor } = paginate('tools', listing, params.cursor)
        return { tools: page.map((t) => gateTool(t, version)), ...(nextCursor ? { nextCursor } : {}) }
      }
      // A bad cursor throws in build(), before anything is kept; an absent one and "" are different keys.
      const cursor = params.cursor === undefined ? '' : JSON.stringify(params.cursor)
      if (!serialized) return build()
      return cachedPage(listing, `${version}|${cursor}`, isHandedOutCursor('tools', params.cursor), build)
    })
  },
  'tools/call': async (ctx, params, backend) => {
    const name = requireString(params, 'name')
    const args = optionalObject(params, 'arguments')
    // ctx.fail turns the call into a JSON-RPC error (server-side codes only; anything else is -32603).
    let failed: { code: number; message: string } | undefined
    const fail = (code: number, message: string) => {
      failed ??= { code, message }
    }
    // Set in place: spreading the host would read its lazily made signal (src/mcp/cancellable.ts).
    ctx.host.fail = fail
    // A caller's trace context in `params._meta` (the MCP convention) is the tool call's parent.
    const result = tracingOn()
      ? await withParent(remoteParent(undefined, params._meta), () => backend.callTool(ctx, name, args))
      : await backend.callTool(ctx, name, args)
    if (failed)
      throw new ProtocolError(
        failed.code <= -32000 && failed.code >= -32099 ? failed.code : RPC.INTERNAL_ERROR,
        failed.message,
      )
    return gateCallResult(result, ctx.version)
  },
  'resources/list': async ({ server, version }, params, backend) => {
    const { page, nextCursor } = paginate('resources', await backend.listResources(server), params.cursor)
    return { resources: page.map((r) => gateResource(r, version)), ...(nextCursor ? { nextCursor } : {}) }
  },
  'resources/templates/list': async ({ server, version }, params, backend) => {
    const { page, nextCursor } = paginate('templates', await backend.listResourceTemplates(server), params.cursor)
    return { resourceTemplates: page.map((r) => gateTemplate(r, version)), ...(nextCursor ? { nextCursor } : {}) }
  },
  'resources/read': async (ctx, params, backend) => {
    const uri = requireString(params, 'uri')
    const { contents } = await backend.readResource(ctx, uri)
    return { contents: gateContents(contents) }
  },
  // A subscription is remembered on the session; without one there is no stream to deliver updates to.
  // Recorded before the answer (the session directory): an update committed after it reaches the session's stream on
  // whichever instance holds it.
  'resources/subscribe': async (ctx, params, backend) => {
    const session = sessionOf(ctx)
    const uri = requireString(params, 'uri')
    if (session && !session.subscriptions.has(uri) && session.subscriptions.size >= session.maxSubscriptions)
      throw invalid(`limit reached: a session holds at most ${session.maxSubscriptions} subscriptions`)
    await session?.record({ subscribe: uri })
    // A remote toolkit's uri: subscribed upstream too, so its updates come (src/modules/tools/remote/resource-watch.ts).
    if (session) await backend.subscribeResource?.(ctx.server, uri)
    return {}
  },
  'resources/unsubscribe': async (ctx, params) => {
    await sessionOf(ctx)?.record({ unsubscribe: requireString(params, 'uri') })
    return {}
  },
  'prompts/list': async ({ server, version }, params, backend) => {
    const { page, nextCursor } = paginate('prompts', await backend.listPrompts(server), params.cursor)
    return { prompts: page.map((p) => gatePrompt(p, version)), ...(nextCursor ? { nextCursor } : {}) }
  },
  'prompts/get': async (ctx, params, backend) => {
    const name = requireString(params, 'name')
    const args = stringMap(optionalObject(params, 'arguments'), 'arguments')
    return gatePromptResult(await backend.getPrompt(ctx, name, args), ctx.version)
  },
  'completion/complete': async (ctx, params, backend) => {
    const ref = optionalObject(params, 'ref')
    let parsed: CompletionRef
    if (ref.type === 'ref/prompt') parsed = { type: 'ref/prompt', name: requireString(ref, 'name') }
    else if (ref.type === 'ref/resource') parsed = { type: 'ref/resource', uri: requireString(ref, 'uri') }
    else throw invalid('ref.type must be "ref/prompt" or "ref/resource"')
    const argument = optionalObject(params, 'argument')
    if (typeof argument.name !== 'string' || typeof argument.value !== 'string')
      throw invalid('argument must be {name, value} strings')
    const context = optionalObject(params, 'context')
    const contextArgs =
      context.arguments !== undefined
        ? { arguments: stringMap(optionalObject(context, 'arguments'), 'context.arguments') }
        : undefined
    const r = await backend.complete(ctx, parsed, { name: argument.name, value: argument.value }, contextArgs)
    const values = r.values.slice(0, 100)
    return {
      completion: {
        values,
        ...(r.total !== undefined ? { total: r.total } : {}),
        ...(r.hasMore !== undefined
          ? { hasMore: r.hasMore }
          : values.length < r.values.length
            ? { hasMore: true }
            : {}),
      },
    }
  },
  'logging/setLevel': async (ctx, params) => {
    const level = params.level
    if (!isMcpLogLevel(level)) throw invalid(`level must be one of ${MCP_LOG_LEVELS.join(', ')}`)
    await sessionOf(ctx)?.record({ logLevel: level })
    return {}
  },
}

/**
 * The method's answer as a promise. Not an async function: one returning the handler's own promise would add turns of
 * the microtask queue to every call; a handler's promise is handed on as it is.
 */
export function dispatch(
  ctx: OnServer,
  method: string,
  params: JsonObject,
  backend: McpBackend,
  serialized = false,
): Promise<unknown> {
  const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
  if (!handler) return Promise.reject(new ProtocolError(RPC.METHOD_NOT_FOUND, `Method not found: ${method}`))
  try {
    return Promise.resolve(handler(ctx, params, backend, serialized))
  } catch (error) {
    return Promise.reject(error)
  }
}
