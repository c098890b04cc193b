// The one entry into the request pipeline (docs/decisions/0311-one-entry-into-the-pipeline.md): every request passes
// the pipeline's rules (./pipeline.ts) once, here, in their order — request id → body limit → observe → handler →
// error envelope — whichever way it came: a Bun route of the hot path (src/direct-routes.ts), Bun.serve's `fetch`
// (the Elysia app) or `app.handle` in process. Elysia keeps routing, TypeBox validation and the API description; its
// error hook (./errors-plugin.ts) renders only what it raises itself, in the same envelope.
import type { Server } from 'bun'
import type { Logger } from '../lib/log'
import { inSpan, remoteParent, tracingOn } from '../lib/tracing'
import type { Metrics } from '../observability/metrics'
import { createObserver, type ErrorAnswer, errorAnswer, internalError, limitBody, requestIdOf } from './pipeline'

/** How one way in applies the rules. Made once per way in, never per request. */
export interface EntryRules {
  /** The route label of the metrics and the access line: a pattern, or found once the request was routed. */
  route: string | ((request: Request) => string)
  /** Whether an error is answered as JSON-RPC (the protocol endpoint) rather than in the REST envelope. */
  rpc: (request: Request) => boolean
  /** The body limit: one for the way in, or per request (the OpenAPI import routes allow more). */
  limit: number | ((request: Request) => { limit: number; setting?: string })
}

/**
 * `request` is the one the body limit gave back (a counted copy when no length is declared); `original` the one Bun
 * made (its route params, its connection).
 */
export type EntryHandler<R extends Request> = (
  request: Request,
  original: R,
  server: Server<unknown> | undefined,
) => Response | Promise<Response>

const errorResponse = (a: ErrorAnswer) =>
  new Response(JSON.stringify(a.body), {
    status: a.status,
    headers: { ...a.headers, 'content-type': 'application/json' },
  })

/** The request's span (OpenTelemetry; only when an endpoint is set, so the one check on the hot path is `tracingOn`). */
const tracedRequest = (route: string, request: Request, handle: () => Response | Promise<Response>) =>
  inSpan(
    `${request.method} ${route}`,
    'server',
    { 'http.request.method': request.method, 'http.route': route, 'url.path': new URL(request.url).pathname },
    async (span) => {
      const response = await handle()
      span.setAttribute('http.response.status_code', response.status)
      return response
    },
    remoteParent(request.headers),
    (response) => (response.status >= 500 ? String(response.status) : undefined),
  )

export function requestEntry(deps: { log: Logger; metrics: Metrics }) {
  const observer = createObserver(deps)
  return function enter<R extends Request>(rules: EntryRules, handler: EntryHandler<R>) {
    const { route, rpc, limit } = rules
    return async (request: R, server?: Server<unknown>): Promise<Response> => {
      const t0 = observer.start()
      const requestId = requestIdOf(request)
      let bounded: Request = request
      let response: Response
      try {
        if (typeof limit === 'number') bounded = limitBody(request, limit)
        else {
          const own = limit(request)
          bounded = limitBody(request, own.limit, own.setting)
        }
        const b = bounded
        response = tracingOn()
          ? await tracedRequest(typeof route === 'string' ? route : new URL(request.url).pathname, request, () =>
              handler(b, request, server),
            )
          : await handler(bounded, request, server)
      } catch (error) {
        response = errorResponse(
          errorAnswer(error, requestId, () => rpc(request), deps.log) ??
            internalError(deps.log, request, requestId, error),
        )
      }
      response.headers.set('x-request-id', requestId)
      observer.finish(request, typeof route === 'string' ? route : route(bounded), response.status, t0)
      return response
    }
  }
}
export type RequestEntry = ReturnType<typeof requestEntry>
