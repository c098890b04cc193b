// TypeBox schemas for POST /toolkits/import/registry and the parts of the official MCP Registry's `server.json`
// (https://static.modelcontextprotocol.io/schemas/…/server.schema.json) the import uses. Fields it does not use are
// allowed and ignored, as the schema's own consumers do.
import { t } from 'elysia'

const Input = t.Object({
  description: t.Optional(t.String()),
  isRequired: t.Optional(t.Boolean()),
  isSecret: t.Optional(t.Boolean()),
  default: t.Optional(t.String()),
  value: t.Optional(t.String()),
  choices: t.Optional(t.Array(t.String())),
})

const KeyValueInput = t.Composite([Input, t.Object({ name: t.String({ minLength: 1, maxLength: 100 }) })])

const Remote = t.Object({
  type: t.String({ minLength: 1 }),
  url: t.String({ minLength: 1, maxLength: 2000 }),
  headers: t.Optional(t.Array(KeyValueInput, { maxItems: 50 })),
  variables: t.Optional(t.Record(t.String(), Input)),
})
export type RegistryRemote = typeof Remote.static

export const ServerJson = t.Object({
  name: t.String({ minLength: 3, maxLength: 200, pattern: '^[a-zA-Z0-9.-]+/[a-zA-Z0-9._-]+$' }),
  description: t.String({ minLength: 1 }),
  version: t.String({ maxLength: 255 }),
  title: t.Optional(t.String({ maxLength: 100 })),
  remotes: t.Optional(t.Array(Remote, { maxItems: 50 })),
  packages: t.Optional(t.Array(t.Unknown())),
})
export type ServerJson = typeof ServerJson.static

export const ImportRegistryBody = t.Object(
  {
    name: t.String({
      pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$',
      error: 'name must be 1-100 characters: letters, digits, "-", "_" or "." (a hyphenated identifier)',
    }),
    /** The server.json itself (or a registry API answer `{server: …}`); checked field by field by the import. */
    server_json: t.Optional(t.Record(t.String(), t.Unknown())),
    /** Where to read it: a server.json file or a registry API URL (`…/v0/servers/{name}/versions/latest`). */
    registry_url: t.Optional(t.String({ minLength: 1, maxLength: 2000 })),
    /** With a registry listing or snapshot file (`{servers: [...]}`): the server's `name` to take from it. */
    server_name: t.Optional(t.String({ minLength: 3, maxLength: 200 })),
    /** Values of the remote's URL `variables` (a variable's `default` is used when none is given). */
    variables: t.Optional(t.Record(t.String({ maxLength: 100 }), t.String({ maxLength: 2000 }), { maxProperties: 50 })),
    /** Values of non-secret headers the server.json asks for without a value. */
    headers: t.Optional(t.Record(t.String({ maxLength: 100 }), t.String({ maxLength: 4000 }), { maxProperties: 50 })),
    /** The provider credentials for the secret header are stored under (default `mcp-<name>`, made when missing). */
    credential_provider: t.Optional(t.String({ pattern: '^[a-z0-9][a-z0-9_.-]{0,63}$' })),
    prefix: t.Optional(t.String({ pattern: '^[A-Za-z0-9_.-]{0,40}$' })),
    display_name: t.Optional(t.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
)
export type ImportRegistryBody = typeof ImportRegistryBody.static
