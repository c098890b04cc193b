// TypeBox schemas for a toolkit's changes held for review (GET /toolkits/{id}/changes, POST …/changes/{change_id}).
import { t } from 'elysia'

const Status = () =>
  t.Union([t.Literal('pending'), t.Literal('approved'), t.Literal('rejected'), t.Literal('superseded')], {
    error: 'status must be pending, approved, rejected or superseded',
  })

export const ChangesQuery = t.Object({
  status: t.Optional(Status()),
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: 200, default: 100 })),
})

export const ChangeParams = t.Object({
  id: t.String({ minLength: 1, maxLength: 64 }),
  change_id: t.String({ minLength: 1, maxLength: 64 }),
})

export const DecisionBody = t.Object(
  {
    decision: t.Union([t.Literal('approve'), t.Literal('reject')], {
      error: 'decision must be "approve" or "reject"',
    }),
  },
  { additionalProperties: false },
)

const Flag = t.Object({
  kind: t.Union([
    t.Literal('url'),
    t.Literal('instructions'),
    t.Literal('invisible_unicode'),
    t.Literal('required_parameter'),
  ]),
  field: t.String(),
  detail: t.String(),
})

export const ChangeView = t.Object({
  id: t.String(),
  toolkit_id: t.String(),
  tool_id: t.Union([t.String(), t.Null()]),
  tool_name: t.String(),
  kind: t.Union([t.Literal('added'), t.Literal('updated')]),
  status: Status(),
  flags: t.Array(Flag),
  /** Each client-visible field that differs: the approved value (null for a new tool) and the proposed one. */
  diff: t.Array(t.Object({ field: t.String(), old: t.Unknown(), new: t.Unknown() })),
  created_at: t.String(),
  decided_at: t.Union([t.String(), t.Null()]),
})

export const ChangeList = t.Object({
  review_changes: t.Boolean(),
  pending: t.Integer(),
  changes: t.Array(ChangeView),
})
