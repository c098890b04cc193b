// TypeBox schema of the health answer (the same body for 200 and 503).
import { type Static, t } from 'elysia'

export const HealthBody = t.Object({
  status: t.Union([t.Literal('ok'), t.Literal('degraded')]),
  version: t.String(),
  database: t.Union([t.Literal('ok'), t.Literal('unreachable')]),
  /** `full`: the last write was refused for want of room (reads still work); `ok` again once a write commits. */
  storage: t.Union([t.Literal('ok'), t.Literal('full')]),
  uptime_s: t.Number(),
})
export type HealthBody = Static<typeof HealthBody>
