// TypeBox schemas for /credentials. credential_data is write-only: it appears in the create body and nowhere else.
import { t } from 'elysia'

export const CreateCredentialBody = t.Object(
  {
    name: t.String({
      minLength: 1,
      maxLength: 200,
      error: 'name must be a non-empty string of at most 200 characters',
    }),
    provider_id: t.String({ minLength: 1, maxLength: 64, error: 'provider_id must name a provider (GET /providers)' }),
    credential_data: t.Record(t.String({ minLength: 1, maxLength: 100 }), t.Any(), {
      minProperties: 1,
      maxProperties: 50,
      error: 'credential_data must be an object with at least one field (for example {"api_key": "..."})',
    }),
    user_id: t.Optional(
      t.String({ minLength: 1, maxLength: 64, error: 'user_id must name a user of the project (GET /users)' }),
    ),
  },
  { additionalProperties: false },
)
export type CreateCredentialBody = typeof CreateCredentialBody.static

export const CredentialCreated = t.Object({
  id: t.String(),
  name: t.String(),
  provider_id: t.String(),
  created_at: t.String(),
  /** The user who owns it; absent: the project's (shared). */
  user_id: t.Optional(t.String()),
})

export const CredentialView = t.Object({
  id: t.String(),
  name: t.String(),
  provider_id: t.String(),
  created_at: t.String(),
  user_id: t.Optional(t.String()),
  /** OAuth credentials only. */
  status: t.Optional(t.Union([t.Literal('active'), t.Literal('expired'), t.Literal('auth_required')])),
  scopes: t.Optional(t.Array(t.String())),
  expires_at: t.Optional(t.String()),
})
export type CredentialView = typeof CredentialView.static

export const CredentialList = t.Object({ credentials: t.Array(CredentialView), next_cursor: t.Optional(t.String()) })
