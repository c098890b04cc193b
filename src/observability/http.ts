// Per request: the HTTP metrics and a debug access line (the request id travels in the request context).
// GET /metrics: Prometheus text behind the admin token (404 when no admin token is configured).
import { Elysia } from 'elysia'
import { createObserver, requestIdOf } from '../http/pipeline'
import type { Logger } from '../lib/log'
import type { AdminService } from '../modules/admin/service'
import type { Metrics } from './metrics'

const started = new WeakMap<Request, number>()

/** The pipeline's observe rule (src/http/pipeline.ts) as Elysia hooks: the clock and context on arrival, the count and line after. */
export const httpObservability = (deps: { log: Logger; metrics: Metrics }) => {
  const observer = createObserver(deps)
  return new Elysia({ name: 'toolyard.observability' })
    .onRequest(({ request }) => {
      if (observer.timed) started.set(request, observer.start())
    })
    .onAfterResponse({ as: 'global' }, ({ request, route, set, responseValue }) => {
      // A handler that answers with a Response (the protocol endpoint) sets its status there, not in `set`.
      const status = responseValue instanceof Response ? responseValue.status : set.status
      // The route pattern, not the path: ids and slugs would make a label per record.
      observer.finish(request, route || 'unmatched', typeof status === 'number' ? status : 200, started.get(request))
    })
}

export const metricsRoute = (deps: { metrics: Metrics; admin?: AdminService }) =>
  new Elysia({ name: 'toolyard.metrics' }).get(
    '/metrics',
    async ({ request, set }) => {
      if (!deps.admin) {
        set.status = 404
        return {
          error: 'metrics need TOOLYARD_ADMIN_TOKEN to be set',
          code: 'not_found',
          request_id: requestIdOf(request),
        }
      }
      deps.admin.checkToken(request.headers.get('authorization'))
      const { text, contentType } = await deps.metrics.scrape()
      return new Response(text, { headers: { 'content-type': contentType } })
    },
    { detail: { tags: ['operations'], summary: 'Prometheus metrics (Authorization: Bearer <admin token>)' } },
  )
