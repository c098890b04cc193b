// Schemas of the call log API.
import { t } from 'elysia'

export const CallsQuery = t.Object({
  server_id: t.Optional(t.String({ maxLength: 64 })),
  user_id: t.Optional(t.String({ maxLength: 64 })),
  tool: t.Optional(t.String({ maxLength: 500 })),
  outcome: t.Optional(
    t.Union(
      ['ok', 'error', 'timeout', 'denied', 'rate_limited'].map((o) => t.Literal(o)),
      { error: 'outcome must be one of ok, error, timeout, denied, rate_limited' },
    ),
  ),
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: 200, default: 50 })),
  cursor: t.Optional(t.String({ maxLength: 200 })),
})

const CallView = t.Object({
  id: t.String(),
  server_id: t.Union([t.String(), t.Null()]),
  kind: t.Union([t.Literal('tool'), t.Literal('resource'), t.Literal('prompt')]),
  name: t.String(),
  outcome: t.String(),
  duration_ms: t.Number(),
  error: t.Optional(t.String()),
  request_id: t.String(),
  created_at: t.String(),
  /** The end user the call was made for; absent: none. */
  user_id: t.Optional(t.String()),
})

export const CallList = t.Object({ calls: t.Array(CallView), next_cursor: t.Optional(t.String()) })
