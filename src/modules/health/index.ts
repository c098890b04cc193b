// GET /mcp/health: no key; reports status, version and whether the database answers (503 when it does not).
import { Elysia } from 'elysia'
import { type GuardDeps, guard } from '../../http/guard'
import { HealthBody } from './model'
import type { HealthService } from './service'

/** The body as plain JSON Schema for the OpenAPI document (a TypeBox schema is JSON Schema plus symbol keys). */
const bodySchema = JSON.parse(JSON.stringify(HealthBody))

export const healthModule = (deps: GuardDeps & { health: HealthService }) =>
  new Elysia({ name: 'toolyard.health' }).use(guard(deps)).get(
    '/health',
    async ({ set }) => {
      const health = await deps.health.check()
      if (health.database !== 'ok') set.status = 503
      return health
    },
    {
      limit: 'misc',
      // The body is documented, not validated: it is built right above, and compiling a response validator would
      // make the first health check (the one a supervisor waits on after start) ~10 ms slower.
      detail: {
        tags: ['health'],
        summary: 'Health check (no key)',
        responses: {
          200: {
            description:
              'The service and its database answer (`status` is `degraded`, `storage` `full`, while writes are refused for want of room)',
            content: { 'application/json': { schema: bodySchema } },
          },
          503: { description: 'The database does not answer', content: { 'application/json': { schema: bodySchema } } },
        },
      },
    },
  )
