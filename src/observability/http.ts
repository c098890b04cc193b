// Per request: the request id for records made deep in a call, the HTTP metrics, and a debug access line.
// GET /metrics: Prometheus text behind the admin token (404 when no admin token is configured).
import { Elysia } from 'elysia'
import { requestIdOf } from '../http/errors-plugin'
import type { Logger } from '../lib/log'
import type { AdminService } from '../modules/admin/service'
import type { Metrics } from './metrics'
import { withRequestIdHere } from './request-context'

const started = new WeakMap<Request, number>()

export const httpObservability = (deps: { log: Logger; metrics: Metrics }) => {
  // The access line is debug: below that level neither its clock nor its fields are worth a request's time.
  const accessLine = deps.log.enabled?.('debug') ?? true
  return new Elysia({ name: 'toolyard.observability' })
    .onRequest(({ request }) => {
      if (accessLine) started.set(request, performance.now())
      withRequestIdHere(requestIdOf(request))
    })
    .onAfterResponse({ as: 'global' }, ({ request, route, set }) => {
      const status = typeof set.status === 'number' ? set.status : 200
      // The route pattern, not the path: ids and slugs would make a label per record.
      const pattern = route || 'unmatched'
      deps.metrics.httpRequest(pattern, status)
      if (!accessLine) return
      const t0 = started.get(request)
      deps.log.debug('http request', {
        method: request.method,
        route: pattern,
        status,
        duration_ms: t0 === undefined ? undefined : Math.round(performance.now() - t0),
        request_id: requestIdOf(request),
      })
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
