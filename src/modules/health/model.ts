// TypeBox schema of the health answer (the same body for 200 and 503).
import { type Static, t } from 'elysia'

export const HealthBody = t.Object({
  status: t.Union([t.Literal('ok'), t.Literal('degraded')]),
  version: t.String(),
  database: t.Union([t.Literal('ok'), t.Literal('unreachable')]),
  uptime_s: t.Number(),
})
export type HealthBody = Static<typeof HealthBody>
