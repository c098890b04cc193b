// TypeBox schemas for /keys: a project's own API keys, with a role and an optional server list.
import { t } from 'elysia'

const Role = t.Union([t.Literal('admin'), t.Literal('mcp')], { error: 'role must be admin or mcp' })

export const CreateKeyBody = t.Object(
  {
    name: t.Optional(t.String({ minLength: 1, maxLength: 100 })),
    role: t.Optional(Role),
    server_ids: t.Optional(t.Array(t.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 100 })),
    expires_in_days: t.Optional(t.Integer({ minimum: 1, maximum: 3650 })),
  },
  { additionalProperties: false },
)
export type CreateKeyBody = typeof CreateKeyBody.static

export const KeyView = t.Object({
  id: t.String(),
  name: t.String(),
  role: Role,
  server_ids: t.Union([t.Array(t.String()), t.Null()]),
  prefix: t.String(),
  created_at: t.String(),
  expires_at: t.Optional(t.String()),
  revoked_at: t.Optional(t.String()),
  last_used_at: t.Optional(t.String()),
})

/**
 * The one response that carries the key itself: it is shown once. A flat object, not an intersection with KeyView:
 * Elysia may close KeyView (additionalProperties: false) when another app in the process uses it, and an
 * intersection with a closed object refuses api_key.
 */
export const CreatedKeyView = t.Object({ ...KeyView.properties, api_key: t.String() })
export const KeyListView = t.Object({ keys: t.Array(KeyView) })
