// GET /mcp/health: no key; reports status, version and whether the database answers.
import { Elysia, t } from 'elysia'
import type { Db } from '../../db/open'
import { type GuardDeps, guard } from '../../http/guard'

const HealthBody = t.Object({
  status: t.Union([t.Literal('ok'), t.Literal('degraded')]),
  version: t.String(),
  database: t.Union([t.Literal('ok'), t.Literal('unreachable')]),
  uptime_s: t.Number(),
})

export const healthModule = (deps: GuardDeps & { db: Db; version: string }) => {
  const started = Date.now()
  return new Elysia({ name: 'toolyard.health' }).use(guard(deps)).get(
    '/health',
    ({ set }) => {
      let database: 'ok' | 'unreachable' = 'ok'
      try {
        deps.db.query('SELECT 1').get()
      } catch {
        database = 'unreachable'
      }
      if (database !== 'ok') set.status = 503
      return {
        status: database === 'ok' ? ('ok' as const) : ('degraded' as const),
        version: deps.version,
        database,
        uptime_s: Math.round((Date.now() - started) / 1000),
      }
    },
    {
      limit: 'misc',
      response: { 200: HealthBody, 503: HealthBody },
      detail: { tags: ['health'], summary: 'Health check (no key)' },
    },
  )
}
