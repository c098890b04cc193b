// TypeBox schemas for the audit trail's endpoints (GET /audit, /audit/export, /audit/verify) and a server's
// `log_arguments` setting.
import { t } from 'elysia'

export const LogArguments = t.Union([t.Literal('none'), t.Literal('redacted'), t.Literal('full')], {
  error: 'log_arguments must be "none", "redacted" or "full"',
})
export type LogArgumentsMode = 'none' | 'redacted' | 'full'

export const AuditQuery = t.Object({
  since: t.Optional(
    t.String({
      format: 'date-time',
      error: 'since must be an ISO 8601 date-time (e.g. 2026-01-31T00:00:00Z)',
    }),
  ),
  cursor: t.Optional(t.String({ maxLength: 200 })),
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: 1000, error: 'limit must be a whole number from 1 to 1000' })),
})

const Actor = t.Object(
  {
    kind: t.String(),
    key_id: t.Optional(t.String()),
    user_id: t.Optional(t.String()),
    client: t.Optional(t.String()),
    member: t.Optional(t.String()),
  },
  { additionalProperties: true },
)

const AuditEntryView = t.Object({
  id: t.String(),
  seq: t.Number(),
  at: t.String(),
  actor: Actor,
  action: t.String(),
  resource: t.String(),
  resource_id: t.Optional(t.String()),
  detail: t.Record(t.String(), t.Unknown()),
  prev_hash: t.String(),
  hash: t.String(),
})

export const AuditPage = t.Object({ entries: t.Array(AuditEntryView), next_cursor: t.Optional(t.String()) })

export const AuditVerifyView = t.Object({
  ok: t.Boolean(),
  entries: t.Number(),
  checkpoint_seq: t.Number(),
  last_seq: t.Optional(t.Number()),
  first_bad: t.Optional(
    t.Object({
      seq: t.Number(),
      id: t.Optional(t.String()),
      problem: t.Union([t.Literal('missing'), t.Literal('altered')]),
    }),
  ),
})
