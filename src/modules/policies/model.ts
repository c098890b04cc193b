// TypeBox schemas of policies and approvals (docs/decisions/0340-policies.md, docs/decisions/0342-approvals.md).
import { type Static, t } from 'elysia'

const Glob = t.String({ minLength: 1, maxLength: 200, error: 'each entry must be a non-empty string (a glob)' })
const Globs = t.Array(Glob, { maxItems: 100, error: 'must be a list of at most 100 strings' })
const Names = t.Array(t.String({ minLength: 1, maxLength: 200 }), {
  maxItems: 100,
  error: 'must be a list of at most 100 non-empty strings',
})

export const PolicyMatch = t.Object(
  {
    servers: t.Optional(Globs),
    toolkits: t.Optional(Globs),
    tools: t.Optional(Globs),
    principals: t.Optional(
      t.Object(
        {
          roles: t.Optional(t.Array(t.Union([t.Literal('admin'), t.Literal('mcp')]), { maxItems: 2 })),
          users: t.Optional(Names),
          keys: t.Optional(Names),
          groups: t.Optional(Names),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
)
export type PolicyMatch = Static<typeof PolicyMatch>

const Effect = t.Union([t.Literal('allow'), t.Literal('deny'), t.Literal('approve')], {
  error: 'effect must be "allow", "deny" or "approve"',
})
const fields = {
  name: t.String({ minLength: 1, maxLength: 200, error: 'name must be a non-empty string' }),
  effect: Effect,
  priority: t.Integer({ minimum: -1_000_000, maximum: 1_000_000, error: 'priority must be an integer' }),
  match: PolicyMatch,
  when: t.Optional(t.Union([t.String({ maxLength: 2000 }), t.Null()])),
  reason: t.Optional(t.Union([t.String({ maxLength: 1000 }), t.Null()])),
  // At most 240 s: a held 2025 call without a progress token sends nothing, and Bun closes a connection silent for 255 s.
  approval_wait_s: t.Optional(
    t.Integer({ minimum: 1, maximum: 240, error: 'approval_wait_s must be an integer from 1 to 240' }),
  ),
}
export const PolicyBody = t.Object(fields, { additionalProperties: false })
export type PolicyBody = Static<typeof PolicyBody>
export const PolicyPatch = t.Partial(t.Object(fields), { additionalProperties: false })
export type PolicyPatch = Static<typeof PolicyPatch>

export const PolicyView = t.Object({
  id: t.String(),
  name: t.String(),
  effect: Effect,
  priority: t.Integer(),
  match: PolicyMatch,
  when: t.Optional(t.String()),
  reason: t.Optional(t.String()),
  approval_wait_s: t.Integer(),
  version: t.Integer(),
  created_at: t.String(),
  updated_at: t.String(),
})
export type PolicyView = Static<typeof PolicyView>
export const PolicyList = t.Object({ policies: t.Array(PolicyView) })
export const PolicyDeleted = t.Object({ id: t.String(), deleted: t.Literal(true) })

const ApprovalStatus = t.Union([t.Literal('pending'), t.Literal('approved'), t.Literal('denied'), t.Literal('expired')])
export type ApprovalStatus = Static<typeof ApprovalStatus>
export const ApprovalView = t.Object({
  id: t.String(),
  status: ApprovalStatus,
  server: t.String(),
  server_id: t.String(),
  tool: t.String(),
  user: t.Union([t.String(), t.Null()]),
  key: t.Union([t.String(), t.Null()]),
  args: t.Record(t.String(), t.Unknown()),
  args_digest: t.String(),
  policy: t.String(),
  policy_id: t.String(),
  policy_version: t.Integer(),
  created_at: t.String(),
  expires_at: t.String(),
  decided_at: t.Optional(t.String()),
  decided_by: t.Optional(t.String()),
  note: t.Optional(t.String()),
  used_at: t.Optional(t.String()),
})
export type ApprovalView = Static<typeof ApprovalView>
export const ApprovalList = t.Object({ approvals: t.Array(ApprovalView), next_cursor: t.Optional(t.String()) })
export const ApprovalListQuery = t.Object({
  status: t.Optional(ApprovalStatus),
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: 200, error: 'limit must be an integer from 1 to 200' })),
  cursor: t.Optional(t.String({ maxLength: 200 })),
})
export const DecisionBody = t.Object(
  {
    decision: t.Union([t.Literal('approve'), t.Literal('deny')], { error: 'decision must be "approve" or "deny"' }),
    note: t.Optional(t.String({ maxLength: 1000 })),
  },
  { additionalProperties: false },
)
export const LinkQuery = t.Object({ token: t.String({ minLength: 1, maxLength: 200, error: 'token is required' }) })
