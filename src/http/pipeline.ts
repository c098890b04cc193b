// The one pipeline of rules every request passes: request id → body limit → observe (metrics, access line) → handler →
// error envelope (docs/decisions/0026-one-request-pipeline.md). Plain functions, applied once per request by the one
// entry (./entry.ts) around the hot path's Bun routes and the Elysia app alike
// (docs/decisions/0311-one-entry-into-the-pipeline.md); the Elysia error hook (./errors-plugin.ts) renders its own
// failures with the same envelope.
import { AppError, type ErrorDetail, StorageFault } from '../lib/errors'
import type { Logger } from '../lib/log'
import { storageFaultOf } from '../lib/storage-errors'
import type { Metrics } from '../observability/metrics'
import { bodyLimitError, boundedRequest, declaredTooLarge, PayloadTooLargeError, rpcTooLarge } from './body-limit'
import { RateLimitedError } from './guard'

// ── Request id ──────────────────────────────────────────────────────────────────────────────────────────────────────

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/

// One id per request, shared by the success path and the error handler (which may run before any derive). Kept on
// the request under a symbol of this module: a WeakMap entry per request cost ~10 times as much (its set, its get and
// the collector's work on weak entries), on every request.
const ID = Symbol('toolyard.requestId')
type WithId = Request & { [ID]?: string }

/** The request's id: the caller's `x-request-id` when it is sane, else a new UUIDv7; the same on every call. */
export function requestIdOf(request: Request): string {
  let id = (request as WithId)[ID]
  if (!id) {
    const incoming = request.headers.get('x-request-id')
    id = incoming && REQUEST_ID.test(incoming) ? incoming : Bun.randomUUIDv7()
    ;(request as WithId)[ID] = id
  }
  return id
}

/** A copy of a request (its body read and given again) keeps the original's id. */
function shareRequestId(from: Request, to: Request): void {
  ;(to as WithId)[ID] = requestIdOf(from)
}

// ── Route ───────────────────────────────────────────────────────────────────────────────────────────────────────────

// The route pattern Elysia matched (its hooks record it), for the label of the metrics and the access line.
const routes = new WeakMap<Request, string>()

export function recordRoute(request: Request, route: string): void {
  if (route) routes.set(request, route)
}

/** The pattern the request was routed to; `unmatched` when no route took it (ids and slugs would make a label each). */
export const routeOf = (request: Request): string => routes.get(request) ?? 'unmatched'

// ── Body limit ──────────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * The body limit before anything reads the body: a declared length over `limit` throws PayloadTooLargeError (no byte
 * is read); a body without a declared length is given back as a copy read through a counter that fails past `limit`;
 * anything else is the request itself (the hot path: one header read, no allocation).
 */
export function limitBody(request: Request, limit: number, setting?: string): Request {
  const raw = request.headers.get('content-length')
  if (raw !== null) {
    if (declaredTooLarge(raw, limit)) throw new PayloadTooLargeError(limit, setting)
    return request
  }
  // A copy made here and entered again (app.handle called with it) is counted already.
  if (!request.body || bounded.has(request)) return request
  const copy = boundedRequest(request, limit, setting)
  bounded.add(copy)
  shareRequestId(request, copy)
  return copy
}
const bounded = new WeakSet<Request>()

/**
 * The same request with a body already read (`bytes`, exactly as received) given again, for handing it to another
 * handler: same URL, method and headers, the same id.
 */
export function replayRequest(request: Request, bytes: Uint8Array<ArrayBuffer>): Request {
  const copy = new Request(request.url, { method: request.method, headers: request.headers, body: bytes })
  shareRequestId(request, copy)
  return copy
}

// ── Observe ─────────────────────────────────────────────────────────────────────────────────────────────────────────

export interface Observer {
  /** Whether the access line is written (debug level), so whether a start time is worth keeping. */
  readonly timed: boolean
  /** The clock at the start, when the access line will want a duration (0 when not). */
  start(): number
  /** Counts the answer under its route pattern and writes the debug access line. */
  finish(request: Request, route: string, status: number, t0: number | undefined): void
}

export function createObserver(deps: { log: Logger; metrics: Metrics }): Observer {
  // The access line is debug: below that level neither its clock nor its fields are worth a request's time.
  const accessLine = deps.log.enabled?.('debug') ?? true
  return {
    timed: accessLine,
    start: () => (accessLine ? performance.now() : 0),
    finish(request, route, status, t0) {
      deps.metrics.httpRequest(route, status)
      if (!accessLine) return
      deps.log.debug('http request', {
        method: request.method,
        route,
        status,
        duration_ms: t0 === undefined ? undefined : Math.round(performance.now() - t0),
        request_id: requestIdOf(request),
      })
    },
  }
}

// ── Error envelope ──────────────────────────────────────────────────────────────────────────────────────────────────

export function errorBody(requestId: string, code: string, message: string, details?: ErrorDetail[]) {
  return { error: message, code, ...(details?.length ? { details } : {}), request_id: requestId }
}

/** An error as an HTTP answer: status, JSON body and the headers it adds (content-type is always JSON). */
export interface ErrorAnswer {
  status: number
  body: unknown
  headers: Record<string, string>
}

const NO_HEADERS: Record<string, string> = Object.freeze({}) as Record<string, string>

/**
 * The answer for an error this service raises on purpose: a rate limit (429 with its headers), a body limit (413,
 * closing the connection, as JSON-RPC when `rpc` says the route is the protocol endpoint; or 400 for nesting), an
 * AppError (its status). Null for anything else: that is `internalError`.
 */
export function errorAnswer(
  error: unknown,
  requestId: string,
  rpc?: () => boolean,
  /** Told of storage faults (a warn line: not a bug, but the operator's to see). */
  log?: Logger,
): ErrorAnswer | null {
  if (error instanceof RateLimitedError)
    return {
      status: 429,
      headers: error.headers,
      body: { error: error.message, code: 'rate_limited', request_id: requestId },
    }
  // The body checks fail before routing or inside a parser that wraps them (as its cause).
  const bodyError = bodyLimitError(error)
  if (bodyError instanceof PayloadTooLargeError)
    return {
      status: 413,
      headers: { connection: 'close' },
      body: rpc?.() ? rpcTooLarge(bodyError) : errorBody(requestId, bodyError.code, bodyError.message),
    }
  if (bodyError)
    return {
      status: bodyError.status,
      headers: NO_HEADERS,
      body: errorBody(requestId, bodyError.code, bodyError.message),
    }
  // A full disk or a database that does not answer, however it got here: a driver's error a feature let through
  // is the same fault as the one the storage adapter mapped.
  const known = error instanceof AppError ? error : storageFaultOf(error)
  if (known instanceof StorageFault)
    log?.warn('storage fault', {
      code: known.code,
      error: String((error as Error)?.message ?? error),
      request_id: requestId,
    })
  if (known instanceof StorageFault)
    return {
      status: known.status,
      headers: { 'retry-after': String(known.retryAfterS) },
      // On the protocol endpoint a JSON-RPC error (internal: the server failed, not the request), as a body limit is.
      body: rpc?.() ? rpcStorageFault(known) : errorBody(requestId, known.code, known.message),
    }
  if (known)
    return {
      status: known.status,
      headers: NO_HEADERS,
      body: errorBody(requestId, known.code, known.message, known.details),
    }
  return null
}

/** A storage fault met before the protocol's own dispatch (admission, a cache reloading): JSON-RPC's internal error. */
const rpcStorageFault = (fault: StorageFault) => ({
  jsonrpc: '2.0' as const,
  error: { code: -32603, message: fault.message, data: { code: fault.code, retry_after_s: fault.retryAfterS } },
})

/** Anything unexpected: logged with the request id, answered 500 without internals. */
export function internalError(log: Logger, request: Request, requestId: string, error: unknown): ErrorAnswer {
  log.error('unhandled error', {
    request_id: requestId,
    method: request.method,
    path: new URL(request.url).pathname,
    error: String((error as Error)?.stack ?? error),
  })
  return { status: 500, headers: NO_HEADERS, body: errorBody(requestId, 'internal_error', 'internal server error') }
}
