// TypeBox schemas of the identity feature: a project's identity provider and its machine clients.
import { t } from 'elysia'

export const PutIdentityProviderBody = t.Object(
  {
    issuer: t.String({ minLength: 1, maxLength: 2000, error: 'issuer must be the URL of an OpenID Connect issuer' }),
    client_id: t.String({ minLength: 1, maxLength: 500, error: 'client_id must be a non-empty string' }),
    /** Write-only: required the first time; left out later, the stored one is kept. */
    client_secret: t.Optional(
      t.String({ minLength: 1, maxLength: 4000, error: 'client_secret must be a non-empty string' }),
    ),
    scopes: t.Optional(
      t.Array(t.String({ minLength: 1, maxLength: 200, pattern: '^[\\x21\\x23-\\x5B\\x5D-\\x7E]+$' }), {
        maxItems: 50,
        error: 'scopes must be a list of OAuth scope names',
      }),
    ),
    admin_claim: t.Optional(t.Union([t.String({ maxLength: 500 }), t.Null()])),
  },
  { additionalProperties: false },
)
export type PutIdentityProviderBody = typeof PutIdentityProviderBody.static

export const IdentityProviderView = t.Object({
  issuer: t.String(),
  client_id: t.String(),
  /** The secret itself is never returned. */
  client_secret_set: t.Boolean(),
  scopes: t.Array(t.String()),
  admin_claim: t.Union([t.String(), t.Null()]),
  /** What to register at the provider as redirect URIs: MCP clients' sign-in and the dashboard's. */
  redirect_uris: t.Object({ mcp_clients: t.String(), dashboard: t.String() }),
  /** Where members open the dashboard through the provider (when admin_claim is set). */
  dashboard_sign_in_url: t.String(),
  created_at: t.String(),
  updated_at: t.String(),
})
export type IdentityProviderView = typeof IdentityProviderView.static

export const CreateMachineClientBody = t.Object(
  {
    name: t.String({ minLength: 1, maxLength: 200, error: 'name must be a string of 1 to 200 characters' }),
    user_id: t.Optional(t.String({ minLength: 1, maxLength: 64, error: 'user_id must be the id of a user' })),
    servers: t.Optional(
      t.Array(t.String({ minLength: 1, maxLength: 64 }), {
        minItems: 1,
        maxItems: 100,
        error: 'servers must be a list of 1 to 100 server ids',
      }),
    ),
  },
  { additionalProperties: false },
)
export type CreateMachineClientBody = typeof CreateMachineClientBody.static

export const MachineClientView = t.Object({
  client_id: t.String(),
  name: t.String(),
  user_id: t.Union([t.String(), t.Null()]),
  servers: t.Union([t.Array(t.String()), t.Null()]),
  created_at: t.String(),
  last_used_at: t.Optional(t.String()),
})
export type MachineClientView = typeof MachineClientView.static

/** The one answer that carries the secret: it is shown once. */
export const CreatedMachineClientView = t.Object({
  ...MachineClientView.properties,
  client_secret: t.String(),
  token_endpoint: t.String(),
})
