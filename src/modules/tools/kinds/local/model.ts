// TypeBox schema of a local toolkit's `local` block (POST /toolkits) and what GET /toolkits/{id} shows of it. A tenant
// names an operator's server; it never gives a command (docs/decisions/0365-local-servers.md).
import { type Static, t } from 'elysia'

const Provider = t.String({ minLength: 1, maxLength: 100 })

/**
 * `env`: the credential mapped on the server for `credential_provider` reaches the child as environment variables,
 * each named by a key of `variables` and taken from the credential's field its value names
 * (docs/decisions/0367-local-server-credentials.md).
 */
const LocalAuth = t.Union(
  [
    t.Object({ type: t.Literal('none') }, { additionalProperties: false }),
    t.Object(
      {
        type: t.Literal('env'),
        credential_provider: Provider,
        variables: t.Record(
          t.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,99}$' }),
          t.String({ minLength: 1, maxLength: 100 }),
          { minProperties: 1, maxProperties: 20 },
        ),
      },
      { additionalProperties: false },
    ),
  ],
  {
    error: 'auth must be {type: "none"} or {type: "env", credential_provider, variables: {ENV_NAME: credential_field}}',
  },
)
export type LocalAuth = Static<typeof LocalAuth>

export const LocalSpecBody = t.Object(
  {
    server: t.String({ minLength: 1, maxLength: 100 }),
    auth: t.Optional(LocalAuth),
    prefix: t.Optional(
      t.String({ pattern: '^[A-Za-z0-9_.-]{0,40}$', error: 'prefix: up to 40 letters, digits, "_", "-" or "."' }),
    ),
    timeout_ms: t.Optional(t.Integer({ minimum: 100, maximum: 600_000 })),
  },
  { additionalProperties: false },
)
export type LocalSpecInput = Static<typeof LocalSpecBody>

/** The local toolkit as stored and used: every default filled in. */
export interface LocalSpec {
  server: string
  auth: LocalAuth
  prefix: string
  timeout_ms: number
}

/** What GET /toolkits/{id} adds for a local toolkit (never a command line, an environment value or a secret). */
export const LocalDetail = t.Object({
  server: t.String(),
  prefix: t.String(),
  timeout_ms: t.Integer(),
  /** `bwrap` when children run in the sandbox, `off` when this machine has none. */
  sandbox: t.String(),
  /** running: a child runs; failed: the last start or run failed (last_error, stderr); stopped: none runs now. */
  state: t.String(),
  last_sync_at: t.Union([t.String(), t.Null()]),
  last_error: t.Union([t.String(), t.Null()]),
  /** The last lines the failed child wrote to stderr (at most 20 lines, 4 KB). */
  stderr: t.Array(t.String()),
  server_info: t.Union([t.Object({ name: t.String(), version: t.String() }, { additionalProperties: true }), t.Null()]),
  protocol_version: t.Union([t.String(), t.Null()]),
})
export type LocalDetail = Static<typeof LocalDetail>

export const LOCAL_TIMEOUT_DEFAULT_MS = 60_000
