// TypeBox schemas for /providers: built-in and project-defined authentication providers (client secrets never shown).
import { t } from 'elysia'

const AuthType = t.Union(
  [t.Literal('oauth'), t.Literal('api_key'), t.Literal('basic_auth'), t.Literal('custom'), t.Literal('none')],
  {
    error: 'auth_type must be one of oauth, api_key, basic_auth, custom, none',
  },
)

const HttpUrl = (field: string) =>
  t.String({ maxLength: 2000, pattern: '^https?://[^\\s]+$', error: `${field} must be an http(s) URL` })

export const CreateProviderBody = t.Object(
  {
    id: t.String({
      pattern: '^[a-z0-9][a-z0-9_.-]{0,63}$',
      error: 'id must be 1-64 characters: lower-case letters, digits, _ . - (starting with a letter or digit)',
    }),
    /** Optional only when configuring a built-in provider (its name is kept). */
    name: t.Optional(t.String({ minLength: 1, maxLength: 200 })),
    auth_type: t.Optional(AuthType),
    authorize_url: t.Optional(HttpUrl('authorize_url')),
    token_url: t.Optional(HttpUrl('token_url')),
    scopes: t.Optional(t.Array(t.String({ minLength: 1, maxLength: 200 }), { maxItems: 100 })),
    client_id: t.Optional(t.String({ minLength: 1, maxLength: 500 })),
    client_secret: t.Optional(t.String({ minLength: 1, maxLength: 2000 })),
    base_url: t.Optional(HttpUrl('base_url')),
    /** How the client authenticates at the token endpoint (default client_secret_post, or the built-in's). */
    token_auth_method: t.Optional(
      t.Union([t.Literal('client_secret_post'), t.Literal('client_secret_basic')], {
        error: 'token_auth_method must be client_secret_post or client_secret_basic',
      }),
    ),
  },
  { additionalProperties: false },
)
export type CreateProviderBody = typeof CreateProviderBody.static

export const ProviderView = t.Object({
  id: t.String(),
  name: t.String(),
  description: t.Optional(t.String()),
  auth_type: AuthType,
  builtin: t.Boolean(),
  /** True when the project configured this provider (its own, or a built-in given client details). */
  project_configured: t.Boolean(),
  authorize_url: t.Optional(t.String()),
  token_url: t.Optional(t.String()),
  scopes: t.Array(t.String()),
  base_url: t.Optional(t.String()),
  client_id: t.Optional(t.String()),
  /** OAuth providers: authorize URL, token URL and client id (and secret, for confidential clients) are present. */
  oauth_configured: t.Boolean(),
  /** Fields a credential of this provider is expected to carry in credential_data. */
  credential_fields: t.Optional(t.Array(t.String())),
  created_at: t.Optional(t.String()),
})
export type ProviderView = typeof ProviderView.static

export const ProviderList = t.Object({
  providers: t.Array(ProviderView),
  /** The hosted redirect to register with a provider: flows started without a redirect_uri come back there. */
  redirect_uri: t.String(),
})
export const ProviderIdParams = t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) })
