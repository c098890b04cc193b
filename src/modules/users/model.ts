// TypeBox schemas for /users: a project's end users, their tokens and their connections (never a secret).
import { t } from 'elysia'

export const CreateUserBody = t.Object(
  {
    external_id: t.String({
      minLength: 1,
      maxLength: 200,
      error: "external_id must be a non-empty string of at most 200 characters (the app's own id for this user)",
    }),
    name: t.Optional(t.String({ minLength: 1, maxLength: 200, error: 'name must be 1 to 200 characters' })),
    email: t.Optional(
      t.String({ minLength: 3, maxLength: 320, pattern: '^[^\\s@]+@[^\\s@]+$', error: 'email must be an address' }),
    ),
  },
  { additionalProperties: false },
)
export type CreateUserBody = typeof CreateUserBody.static

export const UserView = t.Object({
  id: t.String(),
  external_id: t.String(),
  name: t.Optional(t.String()),
  email: t.Optional(t.String()),
  created_at: t.String(),
  updated_at: t.String(),
})
export type UserView = typeof UserView.static

/** A credential the user connected: which provider, its state, never its data. */
export const ConnectionView = t.Object({
  credential_id: t.String(),
  name: t.String(),
  provider_id: t.String(),
  kind: t.Union([t.Literal('static'), t.Literal('oauth')]),
  status: t.Union([t.Literal('active'), t.Literal('expired'), t.Literal('auth_required')]),
  scopes: t.Optional(t.Array(t.String())),
  expires_at: t.Optional(t.String()),
  created_at: t.String(),
})
export type ConnectionView = typeof ConnectionView.static

export const TokenView = t.Object({
  id: t.String(),
  prefix: t.String(),
  server_ids: t.Union([t.Array(t.String()), t.Null()]),
  created_at: t.String(),
  expires_at: t.Optional(t.String()),
  revoked_at: t.Optional(t.String()),
  last_used_at: t.Optional(t.String()),
})
export type TokenView = typeof TokenView.static

export const UserDetailView = t.Object({
  ...UserView.properties,
  connections: t.Array(ConnectionView),
  tokens: t.Array(TokenView),
})

export const UserList = t.Object({ users: t.Array(UserView), next_cursor: t.Optional(t.String()) })

export const UserDeleted = t.Object({ id: t.String(), deleted: t.Literal(true) })

/** `expires_in`: seconds, at most a year; default a day. */
export const CreateTokenBody = t.Object(
  {
    servers: t.Optional(
      t.Array(t.String({ minLength: 1, maxLength: 64 }), {
        minItems: 1,
        maxItems: 100,
        error: 'servers must be a list of 1 to 100 server ids',
      }),
    ),
    expires_in: t.Optional(
      t.Integer({ minimum: 60, maximum: 31_536_000, error: 'expires_in must be seconds, from 60 to 31536000' }),
    ),
  },
  { additionalProperties: false },
)
export type CreateTokenBody = typeof CreateTokenBody.static

/** The one response that carries the token: shown once. */
export const CreatedTokenView = t.Object({ ...TokenView.properties, user_id: t.String(), token: t.String() })

export const CreateConnectBody = t.Object(
  {
    provider_id: t.String({
      minLength: 1,
      maxLength: 64,
      error: 'provider_id must name a provider (GET /providers)',
    }),
  },
  { additionalProperties: false },
)

export const ConnectLinkView = t.Object({ url: t.String(), expires_at: t.String() })

export const ConnectTokenParams = t.Object({ token: t.String({ maxLength: 200 }) })

/** GET /users: paged; `external_id` finds the one user the app knows by that id (an empty page when none). */
export const UsersQuery = t.Object({
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: 200, default: 50 })),
  cursor: t.Optional(t.String({ maxLength: 200 })),
  external_id: t.Optional(t.String({ minLength: 1, maxLength: 200 })),
})
