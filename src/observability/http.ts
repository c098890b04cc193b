// GET /metrics: Prometheus text behind the admin token (404 when no admin token is configured). The per-request HTTP
// metrics and access line are the pipeline's observe rule, applied by the one entry (src/http/entry.ts).
import { Elysia } from 'elysia'
import { requestIdOf } from '../http/pipeline'
import type { AdminService } from '../modules/admin/service'
import type { Metrics } from './metrics'

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
