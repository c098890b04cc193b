// TypeBox schema of a remote MCP toolkit's `remote` block (POST /toolkits, the project file) and its defaults.
import { type Static, t } from 'elysia'

const Provider = t.String({ minLength: 1, maxLength: 100 })

/** `credential_provider` names a provider; each server that carries the toolkit maps it to a stored credential. */
const RemoteAuth = t.Union(
  [
    t.Object({ type: t.Literal('none') }, { additionalProperties: false }),
    t.Object({ type: t.Literal('bearer'), credential_provider: Provider }, { additionalProperties: false }),
    t.Object(
      {
        type: t.Literal('header'),
        header_name: t.String({ pattern: "^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$" }),
        credential_provider: Provider,
      },
      { additionalProperties: false },
    ),
  ],
  {
    error:
      'auth must be {type: "none"}, {type: "bearer", credential_provider} or {type: "header", header_name, credential_provider}',
  },
)
export type RemoteAuth = Static<typeof RemoteAuth>

const TRANSPORTS = ['streamable_http', 'sse', 'auto'] as const
export type RemoteTransport = (typeof TRANSPORTS)[number]

export const RemoteSpecBody = t.Object(
  {
    url: t.String({ minLength: 1, maxLength: 2000 }),
    transport: t.Optional(
      t.Union(
        TRANSPORTS.map((v) => t.Literal(v)),
        { error: 'transport must be streamable_http, sse or auto' },
      ),
    ),
    headers: t.Optional(t.Record(t.String({ maxLength: 100 }), t.String({ maxLength: 4000 }), { maxProperties: 50 })),
    auth: t.Optional(RemoteAuth),
    prefix: t.Optional(
      t.String({ pattern: '^[A-Za-z0-9_.-]{0,40}$', error: 'prefix: up to 40 letters, digits, "_", "-" or "."' }),
    ),
    refresh_interval_s: t.Optional(t.Integer({ minimum: 0, maximum: 86_400 })),
    timeout_ms: t.Optional(t.Integer({ minimum: 100, maximum: 600_000 })),
  },
  { additionalProperties: false },
)
export type RemoteSpecInput = Static<typeof RemoteSpecBody>

/** The upstream as stored and used: every default filled in. */
export interface RemoteSpec {
  url: string
  transport: RemoteTransport
  headers: Record<string, string>
  auth: RemoteAuth
  prefix: string
  refresh_interval_s: number
  timeout_ms: number
}

/** What GET /toolkits/{id} adds for a remote toolkit (never a header value or a secret). */
export const RemoteDetail = t.Object({
  url: t.String(),
  transport: t.String(),
  prefix: t.String(),
  refresh_interval_s: t.Integer(),
  timeout_ms: t.Integer(),
  last_sync_at: t.Union([t.String(), t.Null()]),
  last_error: t.Union([t.String(), t.Null()]),
  server_info: t.Union([t.Object({ name: t.String(), version: t.String() }, { additionalProperties: true }), t.Null()]),
  protocol_version: t.Union([t.String(), t.Null()]),
})
export type RemoteDetail = Static<typeof RemoteDetail>

export const REFRESH_DEFAULT_S = 300
export const REFRESH_MIN_S = 60
export const TIMEOUT_DEFAULT_MS = 60_000
