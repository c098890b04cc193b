// GET /mcp/health: no key; reports status, version and whether the database answers (503 when it does not).
import { Elysia } from 'elysia'
import { type GuardDeps, guard } from '../../http/guard'
import { HealthBody } from './model'
import type { HealthService } from './service'

export const healthModule = (deps: GuardDeps & { health: HealthService }) =>
  new Elysia({ name: 'toolyard.health' }).use(guard(deps)).get(
    '/health',
    ({ set }) => {
      const health = deps.health.check()
      if (health.database !== 'ok') set.status = 503
      return health
    },
    {
      limit: 'misc',
      response: { 200: HealthBody, 503: HealthBody },
      detail: { tags: ['health'], summary: 'Health check (no key)' },
    },
  )
