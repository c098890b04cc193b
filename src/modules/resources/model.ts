// TypeBox schemas for the /resources endpoints (registration, update, list, read).
import { type Static, t } from 'elysia'

const RESOURCE_TYPES = ['database', 'file', 'api', 'static', 'dynamic', 'function'] as const
export type ResourceType = (typeof RESOURCE_TYPES)[number]

const Id = t.String({ minLength: 1, maxLength: 64 })
const Uri = t.String({
  minLength: 3,
  maxLength: 2000,
  pattern: '^[A-Za-z][A-Za-z0-9+.-]*:\\S+$',
  error: 'uri must be scheme-style, e.g. docs://readme or users://{id}/profile',
})
const Name = t.String({
  minLength: 1,
  maxLength: 200,
  error: 'name must be a non-empty string of at most 200 characters',
})
const Type = t.Union(
  [
    t.Literal('database'),
    t.Literal('file'),
    t.Literal('api'),
    t.Literal('static'),
    t.Literal('dynamic'),
    t.Literal('function'),
  ],
  { error: `resource_type must be one of: ${RESOURCE_TYPES.join(', ')}` },
)
const MimeType = t.String({
  minLength: 1,
  maxLength: 200,
  pattern: '^[^\\s/]+/[^\\s]+$',
  error: 'mime_type must look like type/subtype',
})
const Method = t.String({
  pattern: '^(GET|POST|PUT|PATCH|DELETE|HEAD)$',
  error: 'method must be GET, POST, PUT, PATCH, DELETE or HEAD',
})
const Headers = t.Record(t.String({ minLength: 1, maxLength: 200 }), t.String({ maxLength: 8000 }))
/** Optional per-variable metadata of a uri template; `enum` feeds completion/complete. */
const Variables = t.Record(
  t.String({ minLength: 1, maxLength: 100 }),
  t.Object(
    {
      description: t.Optional(t.String({ maxLength: 2000 })),
      enum: t.Optional(t.Array(t.String({ maxLength: 500 }), { maxItems: 1000 })),
    },
    { additionalProperties: false },
  ),
)

const sourceFields = {
  content: t.String({ maxLength: 5_000_000 }),
  blob: t.String({ maxLength: 7_000_000 }),
  path: t.String({ minLength: 1, maxLength: 1000 }),
  url: t.String({ minLength: 1, maxLength: 4000 }),
  method: Method,
  headers: Headers,
  database: t.String({ minLength: 1, maxLength: 1000 }),
  query: t.String({ minLength: 1, maxLength: 20_000 }),
  function_name: t.String({ minLength: 1, maxLength: 200 }),
  variables: Variables,
}

export const CreateResourceBody = t.Object(
  {
    server_id: Id,
    name: Name,
    uri: Uri,
    description: t.Optional(t.String({ maxLength: 4000 })),
    mime_type: t.Optional(MimeType),
    resource_type: Type,
    requires_credentials: t.Optional(t.Boolean()),
    credential_id: t.Optional(Id),
    cache_ttl_seconds: t.Optional(t.Integer({ minimum: 0, maximum: 31_536_000 })),
    is_active: t.Optional(t.Boolean()),
    content: t.Optional(sourceFields.content),
    blob: t.Optional(sourceFields.blob),
    path: t.Optional(sourceFields.path),
    url: t.Optional(sourceFields.url),
    method: t.Optional(sourceFields.method),
    headers: t.Optional(sourceFields.headers),
    database: t.Optional(sourceFields.database),
    query: t.Optional(sourceFields.query),
    function_name: t.Optional(sourceFields.function_name),
    variables: t.Optional(sourceFields.variables),
  },
  { additionalProperties: false },
)
export type CreateResourceBody = Static<typeof CreateResourceBody>

const nullable = <T extends Parameters<typeof t.Optional>[0]>(s: T) => t.Optional(t.Union([s, t.Null()]))

/** PATCH: every field optional; `null` clears an optional field. */
export const UpdateResourceBody = t.Object(
  {
    server_id: t.Optional(Id),
    name: t.Optional(Name),
    uri: t.Optional(Uri),
    description: nullable(t.String({ maxLength: 4000 })),
    mime_type: t.Optional(MimeType),
    resource_type: t.Optional(Type),
    requires_credentials: t.Optional(t.Boolean()),
    credential_id: nullable(Id),
    cache_ttl_seconds: t.Optional(t.Integer({ minimum: 0, maximum: 31_536_000 })),
    is_active: t.Optional(t.Boolean()),
    content: nullable(sourceFields.content),
    blob: nullable(sourceFields.blob),
    path: nullable(sourceFields.path),
    url: nullable(sourceFields.url),
    method: nullable(sourceFields.method),
    headers: nullable(sourceFields.headers),
    database: nullable(sourceFields.database),
    query: nullable(sourceFields.query),
    function_name: nullable(sourceFields.function_name),
    variables: nullable(sourceFields.variables),
  },
  { additionalProperties: false },
)
export type UpdateResourceBody = Static<typeof UpdateResourceBody>

export const ResourceView = t.Object({
  id: t.String(),
  server_id: t.String(),
  name: t.String(),
  uri: t.String(),
  is_template: t.Boolean(),
  description: t.Optional(t.String()),
  mime_type: t.String(),
  resource_type: Type,
  requires_credentials: t.Boolean(),
  credential_id: t.Optional(t.String()),
  cache_ttl_seconds: t.Integer(),
  is_active: t.Boolean(),
  content: t.Optional(t.String()),
  blob: t.Optional(t.String()),
  path: t.Optional(t.String()),
  url: t.Optional(t.String()),
  method: t.Optional(t.String()),
  headers: t.Optional(Headers),
  database: t.Optional(t.String()),
  query: t.Optional(t.String()),
  function_name: t.Optional(t.String()),
  variables: t.Optional(Variables),
  created_at: t.String(),
  updated_at: t.String(),
})
export type ResourceView = Static<typeof ResourceView>

export const ResourceRecordList = t.Object({ resources: t.Array(ResourceView), next_cursor: t.Optional(t.String()) })

export const ListResourcesBody = t.Object({ server_id: t.Optional(Id) })
const ListedResource = t.Object({
  uri: t.String(),
  name: t.String(),
  description: t.Optional(t.String()),
  mimeType: t.Optional(t.String()),
})
const ListedTemplate = t.Object({
  uriTemplate: t.String(),
  name: t.String(),
  description: t.Optional(t.String()),
  mimeType: t.Optional(t.String()),
})
export const ResourceListing = t.Object({ resources: t.Array(ListedResource), next_cursor: t.Optional(t.String()) })
export const TemplateListing = t.Object({
  resourceTemplates: t.Array(ListedTemplate),
  next_cursor: t.Optional(t.String()),
})

export const ReadResourceBody = t.Object({
  uri: t.String({ minLength: 1, maxLength: 4000 }),
  server_id: t.Optional(Id),
})
export const ReadResult = t.Object({
  contents: t.Array(
    t.Object({
      uri: t.String(),
      mimeType: t.Optional(t.String()),
      text: t.Optional(t.String()),
      blob: t.Optional(t.String()),
    }),
  ),
})

export const ListRecordsQuery = t.Object({
  server_id: t.Optional(Id),
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: 200, default: 50 })),
  cursor: t.Optional(t.String({ maxLength: 200 })),
})
