// TypeBox schemas for the /oauth endpoints (authorization-code flow with PKCE S256).
import { t } from 'elysia'

const State = t.String({ minLength: 1, maxLength: 200, error: 'state must be the value returned by /oauth/init' })

export const InitBody = t.Object(
  {
    provider_id: t.String({ minLength: 1, maxLength: 64 }),
    // Without one, the hosted redirect (GET /mcp/oauth/redirect) is used.
    redirect_uri: t.Optional(
      t.String({
        minLength: 1,
        maxLength: 2000,
        pattern: '^[A-Za-z][A-Za-z0-9+.-]*:[^\\s]+$',
        error: 'redirect_uri must be an absolute URL',
      }),
    ),
    scopes: t.Optional(t.Array(t.String({ minLength: 1, maxLength: 200 }), { maxItems: 100 })),
    // The credential the flow makes belongs to this user (docs/decisions/0332-user-credentials.md).
    user_id: t.Optional(
      t.String({ minLength: 1, maxLength: 64, error: 'user_id must name a user of the project (GET /users)' }),
    ),
  },
  { additionalProperties: false },
)
export type InitBody = typeof InitBody.static

export const InitResponse = t.Object({ auth_url: t.String(), state: t.String(), expires_in: t.Integer() })

export const CallbackInput = t.Object({
  state: State,
  code: t.Optional(t.String({ minLength: 1, maxLength: 4000 })),
  error: t.Optional(t.String({ maxLength: 200 })),
  error_description: t.Optional(t.String({ maxLength: 2000 })),
  // Providers append more parameters (scope, iss, session_state…); they are accepted and ignored.
})
export type CallbackInput = typeof CallbackInput.static

const FlowStatus = t.Union([
  t.Literal('pending'),
  t.Literal('code_received'),
  t.Literal('active'),
  t.Literal('canceled'),
  t.Literal('expired'),
  t.Literal('failed'),
])

export const StatusMessage = t.Object({ status: FlowStatus, message: t.String() })

export const StateBody = t.Object({ state: State }, { additionalProperties: false })

export const ExchangeBody = t.Object(
  {
    state: State,
    name: t.Optional(t.String({ minLength: 1, maxLength: 200, error: 'name labels the credential created' })),
  },
  { additionalProperties: false },
)

export const ExchangeResponse = t.Object({
  credential_id: t.String(),
  status: t.Literal('active'),
  provider_id: t.String(),
  scopes: t.Array(t.String()),
  expires_at: t.Optional(t.String()),
})

export const RefreshBody = t.Object(
  { credential_id: t.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
)

export const RefreshResponse = t.Object({
  credential_id: t.String(),
  status: t.Union([t.Literal('active'), t.Literal('expired'), t.Literal('auth_required')]),
  expires_at: t.Optional(t.String()),
})

export const FlowStatusResponse = t.Object({
  status: FlowStatus,
  provider_id: t.String(),
  scopes: t.Array(t.String()),
  credential_id: t.Optional(t.String()),
  expires_at: t.Optional(t.String()),
  error: t.Optional(t.String()),
})
