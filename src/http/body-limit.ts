// Request bodies under a byte budget and JSON under a nesting budget, checked before anything parses or authenticates
// (docs/decisions/0016-limits.md): the declared Content-Length first, then the bytes as they stream in.

import { AppError } from '../lib/errors'
import { readCapped } from '../lib/read-capped'
import type { RouteInfo } from './strict-body'

/**
 * Raised when a body is over the byte budget; REST answers 413 payload_too_large, the protocol a JSON-RPC 413. The
 * message names the setting an operator raises (TOOLYARD_MAX_SPEC_BYTES on the routes that take an OpenAPI document).
 */
export class PayloadTooLargeError extends AppError {
  constructor(
    readonly limit: number,
    readonly setting = 'TOOLYARD_MAX_BODY_BYTES',
  ) {
    super('payload_too_large', `request body too large (limit ${limit} bytes, set by ${setting})`)
  }
}

/** Raised when JSON nests deeper than the budget: a 400, never a stack overflow further on. */
export class TooDeepError extends AppError {
  constructor(readonly limit: number) {
    super('invalid_json', `request body is nested deeper than ${limit} levels`)
  }
}

/** Whether the declared length (the Content-Length value) alone already breaks the budget (no byte is read then). */
export function declaredTooLarge(raw: string | null, limit: number): boolean {
  if (raw === null) return false
  const n = Number(raw)
  return Number.isFinite(n) && n > limit
}

/** Reads the body, stopping (and cancelling the stream) as soon as it passes `limit` bytes. */
async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  if (declaredTooLarge(request.headers.get('content-length'), limit)) throw new PayloadTooLargeError(limit)
  return readCapped(request.body, limit, () => new PayloadTooLargeError(limit))
}

export async function readBodyText(request: Request, limit: number): Promise<string> {
  // A declared length within the budget bounds the body (HTTP framing): read it at once, no stream reader needed.
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(declared) && declared <= limit) return request.text()
  return new TextDecoder().decode(await readBodyBytes(request, limit))
}

/**
 * The deepest nesting of arrays/objects in JSON text, scanning bytes (strings skipped) so it is linear and never
 * recurses; stops counting once past `limit`.
 */
function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92)
        i++ // backslash: skip the escaped character
      else if (c === 34) inString = false
      continue
    }
    if (c === 34) inString = true
    else if (c === 91 || c === 123) {
      if (++depth > limit) return true
    } else if (c === 93 || c === 125) depth--
  }
  return false
}

/** JSON.parse behind the nesting budget: TooDeepError when too deep, SyntaxError when not JSON. */
export function parseJsonBounded(text: string, maxDepth: number): unknown {
  if (jsonDepthExceeds(text, maxDepth)) throw new TooDeepError(maxDepth)
  return JSON.parse(text)
}

export interface BodyLimits {
  maxBodyBytes: number
  maxJsonDepth: number
  /** The routes that take an OpenAPI document (SPEC_ROUTE) allow this much instead, when it is more. */
  maxSpecBytes?: number
}

// The routes whose body may carry a whole OpenAPI document (REST import and re-import, the dashboard's forms).
const SPEC_ROUTE = /^\/mcp(?:\/ui)?\/toolkits\/(?:import\/openapi(?:\/plan)?|[^/]+\/reimport)$/

/** The byte budget of a request's body and the setting that sets it. */
export function bodyLimitFor(request: Request, limits: BodyLimits): { limit: number; setting?: string } {
  const spec = limits.maxSpecBytes
  if (spec === undefined || spec <= limits.maxBodyBytes || request.method !== 'POST')
    return { limit: limits.maxBodyBytes }
  const path = request.url.slice(request.url.indexOf('/', request.url.indexOf('//') + 2)).split('?')[0]!
  return SPEC_ROUTE.test(path) ? { limit: spec, setting: 'TOOLYARD_MAX_SPEC_BYTES' } : { limit: limits.maxBodyBytes }
}

// Bun knows the client address and connection only of the request it created, so the original is kept.
const originals = new WeakMap<Request, Request>()

/** The request Bun created, for `server.requestIP` and `server.timeout` (a bounded copy has neither). */
export const originalRequest = (request: Request): Request => originals.get(request) ?? request

/** The same request with its body read through a counter that fails with PayloadTooLargeError past `limit`. */
export function boundedRequest(request: Request, limit: number, setting?: string): Request {
  let total = 0
  const counted = request.body!.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength
        if (total > limit) controller.error(new PayloadTooLargeError(limit, setting))
        else controller.enqueue(chunk)
      },
    }),
  )
  const bounded = new Request(request, { body: counted, duplex: 'half' } as RequestInit)
  originals.set(bounded, request)
  return bounded
}

/** A body-limit error, thrown directly or wrapped by Elysia's parser (as its cause). */
export function bodyLimitError(error: unknown): PayloadTooLargeError | TooDeepError | undefined {
  const found = (e: unknown) => (e instanceof PayloadTooLargeError || e instanceof TooDeepError ? e : undefined)
  return found(error) ?? found((error as { cause?: unknown } | null)?.cause)
}

/** Whether a parsed value nests deeper than `limit`, walked without recursion. */
export function jsonDeeperThan(value: unknown, limit: number): boolean {
  if (!value || typeof value !== 'object') return false
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length) {
    const [v, depth] = stack.pop()!
    if (depth > limit) return true
    for (const child of Object.values(v as object))
      if (child && typeof child === 'object') stack.push([child, depth + 1])
  }
  return false
}

/**
 * Which requests go to a route that reads its own body (`parse: 'none'`: the protocol endpoint), whose errors are
 * JSON-RPC rather than the REST envelope. A static REST path wins over a `:param` one, as in Elysia's router.
 */
export function ownBodyRoutes(routes: () => readonly RouteInfo[]) {
  const own = (r: RouteInfo) => {
    const parse = (r.hooks as { parse?: unknown } | undefined)?.parse
    return Array.isArray(parse) && parse.some((h) => (h as { fn?: unknown } | null)?.fn === 'none')
  }
  return (method: string, pathname: string): boolean => {
    const all = routes()
    const exact = all.find((r) => r.method === method && r.path === pathname)
    if (exact) return own(exact)
    return all.some(
      (r) => r.method === method && own(r) && new RegExp(`^${r.path.replace(/:[^/]+/g, '[^/]+')}$`).test(pathname),
    )
  }
}

/** The protocol endpoint's 413: a JSON-RPC error (Invalid Request) without an id, since none could be read. */
export const rpcTooLarge = (e: PayloadTooLargeError) => ({
  jsonrpc: '2.0' as const,
  error: { code: -32600, message: `Invalid Request: ${e.message}` },
})
