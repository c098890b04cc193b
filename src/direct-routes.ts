// The two requests an agent makes on every step — a protocol POST /mcp/{slug} and REST POST /mcp/tools/call — are
// answered by Bun's router directly, without Elysia's per-request pipeline (docs/decisions.md, "Hot path"). Each
// does what the pipeline would do for it: a request id, the body limit, the metrics and access line, the one error
// envelope. The REST call takes only the plain case here; anything else (no key, a bad body, another content type, a
// chunked body…) is handed to the Elysia app, so its answers stay the pipeline's own.
// It joins http, the protocol endpoint and the tools feature, so it sits beside app.ts, above all three
// (docs/architecture.md, "Layers").
import type { Static } from '@sinclair/typebox'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import type { Server } from 'bun'
import { declaredTooLarge, PayloadTooLargeError, parseJsonBounded, rpcTooLarge } from './http/body-limit'
import { errorBody, requestIdOf, shareRequestId } from './http/errors-plugin'
import { authenticateKey, countRequest, RATE_LIMITED } from './http/guard'
import type { RateLimiter } from './http/rate-limit'
import { assertRouteAllowed, assertServerAllowed } from './lib/access'
import { AppError } from './lib/errors'
import type { Logger } from './lib/log'
import { jsonResponse } from './mcp/exchange'
import type { ProjectsService } from './modules/projects/service'
import type { ServersService } from './modules/servers/service'
import { restToolCall } from './modules/tools'
import type { ToolsMcp } from './modules/tools/mcp'
import { RestCallBody } from './modules/tools/model'
import type { Metrics } from './observability/metrics'
import { runWithRequestId } from './observability/request-context'

type BunRequest = Request & { params: Record<string, string> }
type Handler = (request: BunRequest, server: Server<unknown>) => Promise<Response>

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

export function directRoutes(deps: DirectRoutesDeps) {
  const limit = deps.config.maxBodyBytes
  const accessLine = deps.log.enabled?.('debug') ?? true
  /** Answers of the Elysia app: they carry their request id, metrics and access line already. */
  const handedOn = new WeakSet<Response>()
  const handOn = async (request: Request) => {
    const response = await deps.handle(request)
    handedOn.add(response)
    return response
  }

  /** What Elysia's pipeline does around every route: request id, body limit, metrics, access line, 500 envelope. */
  const around =
    (route: string, tooLarge: (e: PayloadTooLargeError, requestId: string) => unknown, handler: Handler): Handler =>
    async (request, server) => {
      const t0 = accessLine ? performance.now() : 0
      const requestId = requestIdOf(request)
      let response: Response
      try {
        response = declaredTooLarge(request.headers, limit)
          ? jsonResponse(tooLarge(new PayloadTooLargeError(limit), requestId), 413, { connection: 'close' })
          : await runWithRequestId(requestId, () => handler(request, server))
        if (handedOn.has(response)) return response
      } catch (error) {
        deps.log.error('unhandled error', {
          request_id: requestId,
          method: request.method,
          path: new URL(request.url).pathname,
          error: String((error as Error)?.stack ?? error),
        })
        response = jsonResponse(errorBody(requestId, 'internal_error', 'internal server error'), 500, {})
      }
      response.headers.set('x-request-id', requestId)
      deps.metrics.httpRequest(route, response.status)
      if (accessLine)
        deps.log.debug('http request', {
          method: request.method,
          route,
          status: response.status,
          duration_ms: Math.round(performance.now() - t0),
          request_id: requestId,
        })
      return response
    }

  /** REST POST /tools/call: the plain case (a JSON body of known length, a key that may call, within its rate). */
  const restCall: Handler = async (request) => {
    const headers = request.headers
    const length = headers.get('content-length')
    const auth = authenticateKey(deps.projects, headers)
    if (length === null || !auth || !headers.get('content-type')?.startsWith('application/json')) return handOn(request)
    const text = await request.text()
    const elsewhere = () => {
      const copy = new Request(request.url, { method: 'POST', headers, body: text })
      shareRequestId(request, copy)
      return handOn(copy)
    }
    let body: unknown
    try {
      body = parseJsonBounded(text, deps.config.maxJsonDepth)
    } catch {
      return elsewhere()
    }
    if (!isRestCall(body)) return elsewhere()
    try {
      assertRouteAllowed(auth, 'POST', '/tools/call')
    } catch {
      return elsewhere()
    }
    // From here the request is counted: every answer is this route's own.
    const requestId = requestIdOf(request)
    const rate = countRequest(deps.limiter, 'tools_call', auth.keyId)
    if (!rate.allowed)
      return jsonResponse({ error: RATE_LIMITED, code: 'rate_limited', request_id: requestId }, 429, rate.headers)
    try {
      assertServerAllowed(auth, body.server_id)
      const view = await restToolCall(deps, auth.projectId, body, request.signal)
      return jsonResponse(view, 200, rate.headers)
    } catch (error) {
      if (!(error instanceof AppError)) throw error
      return jsonResponse(errorBody(requestId, error.code, error.message, error.details), error.status, rate.headers)
    }
  }

  return {
    '/mcp/:slug': {
      POST: around(
        '/mcp/:slug',
        (e) => rpcTooLarge(e),
        (request, server) => deps.mcpPost(request.params.slug ?? '', request, server),
      ),
    },
    '/mcp/tools/call': {
      POST: around('/mcp/tools/call', (e, id) => errorBody(id, e.code, e.message), restCall),
    },
  }
}
