// The two requests an agent makes on every step — a protocol POST /mcp/{slug} and REST POST /mcp/tools/call — are
// answered by Bun's router directly, without Elysia's per-request hooks (docs/decisions/0015-hot-path.md). Each passes
// the same rules as the Elysia hooks by calling the same functions (src/http/pipeline.ts; docs/decisions/0026-one-request-pipeline.md): request id, body limit, metrics and access line, error envelope. The REST
// call takes only the plain case here; anything else (no key, a bad body, another content type, a chunked body…) is
// handed to the Elysia app with the bytes it came with, so its answers stay the app's own.
// It joins http, the protocol endpoint and the tools feature, so it sits beside app.ts, above all three
// (docs/architecture.md, "Layers").

import type { Static } from '@sinclair/typebox'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import type { Server } from 'bun'
import { parseJsonBounded } from './http/body-limit'
import { authenticateKey, countRequest, RateLimitedError } from './http/guard'
import {
  createObserver,
  type ErrorAnswer,
  errorAnswer,
  internalError,
  limitBody,
  replayRequest,
  requestIdOf,
} from './http/pipeline'
import type { RateLimiter } from './http/rate-limit'
import { assertRouteAllowed, assertServerAllowed } from './lib/access'
import type { Logger } from './lib/log'
import { jsonResponse } from './mcp/exchange'
import { serializeAnswer } from './mcp/raw-json'
import type { ProjectsService } from './modules/projects/service'
import type { ServersService } from './modules/servers/service'
import { restToolCall } from './modules/tools'
import type { ToolsMcp } from './modules/tools/mcp'
import { RestCallBody } from './modules/tools/model'
import type { Metrics } from './observability/metrics'
import { inSpan, remoteParent, tracingOn } from './observability/tracing'

type BunRequest = Request & { params: Record<string, string> }
/** `request` is the one the body limit gave back (a counted copy when no length is declared): params are apart. */
type Handler = (request: Request, server: Server<unknown>, params: Record<string, string>) => Promise<Response>

export interface DirectRoutesDeps {
  log: Logger
  metrics: Metrics
  config: { maxBodyBytes: number; maxJsonDepth: number }
  projects: ProjectsService
  servers: ServersService
  limiter: RateLimiter
  toolCalls: ToolsMcp
  /** The protocol endpoint's POST (src/mcp/endpoint.ts). */
  mcpPost(slug: string, request: Request, server: Server<unknown> | null): Promise<Response>
  /** The whole Elysia app: what the direct REST route does not take. */
  handle(request: Request): Promise<Response>
}

/** The REST route's own body schema, compiled on the first call rather than at start. */
let restCallCheck: ReturnType<typeof TypeCompiler.Compile<typeof RestCallBody>> | undefined
function isRestCall(body: unknown): body is Static<typeof RestCallBody> {
  restCallCheck ??= TypeCompiler.Compile(RestCallBody)
  return restCallCheck.Check(body)
}

const decoder = new TextDecoder()
const REST_JSON = 'application/json;charset=utf-8'

/** A request's server span, child of the caller's `traceparent` when it sent one. */
const tracedRequest = (route: string, request: Request, handle: () => Promise<Response>) =>
  inSpan(
    `POST ${route}`,
    'server',
    { 'http.request.method': 'POST', 'http.route': route, 'url.path': new URL(request.url).pathname },
    async (span) => {
      const response = await handle()
      span.setAttribute('http.response.status_code', response.status)
      return response
    },
    remoteParent(request.headers),
    (response) => (response.status >= 500 ? String(response.status) : undefined),
  )

export function directRoutes(deps: DirectRoutesDeps) {
  const limit = deps.config.maxBodyBytes
  const observer = createObserver(deps)
  /** Answers of the Elysia app: they carry their request id, metrics and access line already. */
  const handedOn = new WeakSet<Response>()
  const handOn = async (request: Request) => {
    const response = await deps.handle(request)
    handedOn.add(response)
    return response
  }
  const answer = (a: ErrorAnswer, headers?: Record<string, string>) =>
    jsonResponse(a.body, a.status, headers ? { ...headers, ...a.headers } : a.headers)

  /** The pipeline around a handler, in its order: request id → body limit → observe → handler → envelope. */
  const around = (route: string, rpc: boolean, handler: Handler) => {
    const isRpc = () => rpc
    return async (request: BunRequest, server: Server<unknown>): Promise<Response> => {
      const t0 = observer.start()
      const requestId = requestIdOf(request)
      let response: Response
      try {
        // The request's span (OpenTelemetry, off unless an endpoint is set: then this is the one check).
        response = tracingOn()
          ? await tracedRequest(route, request, () => handler(limitBody(request, limit), server, request.params))
          : await handler(limitBody(request, limit), server, request.params)
        if (handedOn.has(response)) return response
      } catch (error) {
        response = answer(
          errorAnswer(error, requestId, isRpc, deps.log) ?? internalError(deps.log, request, requestId, error),
        )
      }
      response.headers.set('x-request-id', requestId)
      observer.finish(request, route, response.status, t0)
      return response
    }
  }

  /** REST POST /tools/call: the plain case (a JSON body of known length, a key that may call, within its rate). */
  const restCall: Handler = async (request) => {
    const headers = request.headers
    const length = headers.get('content-length')
    let auth = authenticateKey(deps.projects, headers)
    if (auth instanceof Promise) auth = await auth
    if (length === null || !auth || !headers.get('content-type')?.startsWith('application/json')) return handOn(request)
    // The bytes, not text: a request handed on gets exactly the body it came with.
    const bytes = await request.bytes()
    const elsewhere = () => handOn(replayRequest(request, bytes))
    let body: unknown
    try {
      body = parseJsonBounded(decoder.decode(bytes), deps.config.maxJsonDepth)
    } catch {
      return elsewhere()
    }
    if (!isRestCall(body)) return elsewhere()
    try {
      assertRouteAllowed(auth, 'POST', '/tools/call')
    } catch {
      return elsewhere()
    }
    // From here the request is counted: every answer is this route's own, in the pipeline's envelope.
    const requestId = requestIdOf(request)
    let rate = countRequest(deps.limiter, 'tools_call', auth.keyId)
    if (rate instanceof Promise) rate = await rate
    if (!rate.allowed) return answer(errorAnswer(new RateLimitedError(rate.headers), requestId)!)
    try {
      assertServerAllowed(auth, body.server_id)
      const view = await restToolCall(deps, auth, body, request)
      // With the content type Elysia gives the same answer on its route, so both entries answer alike.
      return new Response(serializeAnswer(view), {
        status: 200,
        headers: { ...rate.headers, 'content-type': REST_JSON },
      })
    } catch (error) {
      const known = errorAnswer(error, requestId, undefined, deps.log)
      if (!known) throw error
      return answer(known, rate.headers)
    }
  }

  return {
    '/mcp/:slug': {
      POST: around('/mcp/:slug', true, (request, server, params) => deps.mcpPost(params.slug ?? '', request, server)),
    },
    '/mcp/tools/call': { POST: around('/mcp/tools/call', false, restCall) },
  }
}
