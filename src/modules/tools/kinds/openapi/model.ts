// TypeBox schemas for importing OpenAPI documents as toolkits (POST /toolkits/import/openapi, POST /toolkits/{id}/reimport).
import { t } from 'elysia'

const Filter = t.Object(
  {
    tags: t.Optional(t.Array(t.String({ maxLength: 200 }), { maxItems: 1000 })),
    operations: t.Optional(t.Array(t.String({ maxLength: 300 }), { maxItems: 5000 })),
    paths: t.Optional(t.Array(t.String({ maxLength: 2000 }), { maxItems: 5000 })),
    methods: t.Optional(
      t.Array(
        t.Union(
          ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].flatMap((m) => [
            t.Literal(m),
            t.Literal(m.toUpperCase()),
          ]),
          { error: 'methods are HTTP methods: get, put, post, delete, options, head, patch or trace' },
        ),
        { maxItems: 16 },
      ),
    ),
  },
  { additionalProperties: false },
)

/** The document: an object, or JSON/YAML text. */
const Spec = t.Union([t.String({ minLength: 1 }), t.Record(t.String(), t.Any())], {
  error: 'spec must be an OpenAPI document: an object, or its JSON or YAML text',
})

/**
 * A security scheme for every operation, whatever the document declares (docs/openapi.md, "Auth"): `bearer`
 * (Authorization: Bearer), `header` / `query` (the key under `name`), `basic`.
 */
export const OpenApiAuth = t.Object(
  {
    type: t.Union([t.Literal('bearer'), t.Literal('header'), t.Literal('query'), t.Literal('basic')], {
      error: 'auth.type must be "bearer", "header", "query" or "basic"',
    }),
    credential_provider: t.String({
      pattern: '^[a-z0-9][a-z0-9_.-]{0,63}$',
      error: 'auth.credential_provider must be a provider id: 1-64 lowercase letters, digits, "-", "_" or "."',
    }),
    name: t.Optional(
      t.String({
        pattern: "^[A-Za-z0-9!#$%&'*+.^_`|~-]{1,200}$",
        error: 'auth.name must be a header or query parameter name',
      }),
    ),
  },
  { additionalProperties: false },
)
export type OpenApiAuth = typeof OpenApiAuth.static

export const ImportOpenApiBody = t.Object(
  {
    name: t.String({
      pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$',
      error: 'name must be 1-100 characters: letters, digits, "-", "_" or "." (a hyphenated identifier)',
    }),
    display_name: t.Optional(t.String({ maxLength: 200 })),
    description: t.Optional(t.String({ maxLength: 4000 })),
    spec: t.Optional(Spec),
    spec_url: t.Optional(
      t.String({ pattern: '^https?://', maxLength: 2000, error: 'spec_url must be an http(s) URL' }),
    ),
    base_url: t.Optional(
      t.String({ pattern: '^https?://', maxLength: 2000, error: 'base_url must be an http(s) URL' }),
    ),
    include: t.Optional(Filter),
    exclude: t.Optional(Filter),
    max_tools: t.Optional(t.Integer({ minimum: 1, maximum: 5000 })),
    auth: t.Optional(OpenApiAuth),
    dry_run: t.Optional(t.Boolean()),
    /** Serve only approved definitions: a re-import's changes wait for review (default true). */
    review_changes: t.Optional(t.Boolean({ error: 'review_changes must be true or false' })),
  },
  { additionalProperties: false },
)
export type ImportOpenApiBody = typeof ImportOpenApiBody.static

export const ReimportOpenApiBody = t.Object(
  {
    spec: t.Optional(Spec),
    spec_url: t.Optional(ImportOpenApiBody.properties.spec_url),
    /** Replaces the auth given before (kept when left out). */
    auth: t.Optional(OpenApiAuth),
    /** Accepts a change of the hosts a credential goes to, or of a security scheme (otherwise 409). */
    confirm: t.Optional(t.Boolean()),
  },
  { additionalProperties: false },
)
export type ReimportOpenApiBody = typeof ReimportOpenApiBody.static

/** What a toolkit keeps of its import, for reimport and calls. */
export interface ImportSettings {
  base_url?: string
  spec_url?: string
  include?: ImportOpenApiBody['include']
  exclude?: ImportOpenApiBody['exclude']
  max_tools?: number
  auth?: OpenApiAuth
}

/**
 * GET /toolkits/{id} of an OpenAPI toolkit: how it was imported (never a secret). `source` is the document's URL
 * (without user info) or "inline" when the document was given in the request or the project file.
 */
export const OpenApiDetail = t.Object({
  source: t.String(),
  base_url: t.Union([t.String(), t.Null()]),
  include: t.Union([Filter, t.Null()]),
  exclude: t.Union([Filter, t.Null()]),
  max_tools: t.Integer(),
  last_import_at: t.String(),
  /** Operations in the stored document, and how many of them are tools (the rest filtered out or skipped). */
  operation_count: t.Integer(),
  tool_count: t.Integer(),
})
export type OpenApiDetail = typeof OpenApiDetail.static

const Skipped = t.Array(t.Object({ operation: t.String(), reason: t.String() }))
const Counts = t.Object({ by_tag: t.Record(t.String(), t.Integer()), by_method: t.Record(t.String(), t.Integer()) })
const ToolSummary = { name: t.String(), method: t.String(), path: t.String() }

export const ImportResult = t.Object({
  toolkit: t.Any(),
  tools: t.Array(t.Object({ id: t.String(), ...ToolSummary })),
  skipped: Skipped,
  warnings: t.Array(t.String()),
})

export const DryRunResult = t.Object({
  toolkit: t.Any(),
  tools: t.Array(t.Object(ToolSummary)),
  skipped: Skipped,
  warnings: t.Array(t.String()),
  counts: Counts,
  /** Where the tools' credentials come from: the document's schemes, `auth`, or none (the document defines none). */
  security_source: t.Union([t.Literal('document'), t.Literal('auth'), t.Literal('none')]),
})

/** Where credentials go after the re-import, when that changed (docs/openapi.md, "Re-import"). */
const CredentialChanges = t.Object({
  hosts: t.Array(t.Object({ provider: t.String(), from: t.Array(t.String()), to: t.Array(t.String()) })),
  schemes: t.Object({ added: t.Array(t.String()), changed: t.Array(t.String()), removed: t.Array(t.String()) }),
})

export const ReimportResult = t.Object({
  added: t.Array(t.String()),
  updated: t.Array(t.String()),
  removed: t.Array(t.String()),
  unchanged: t.Array(t.String()),
  /** A toolkit with review_changes: tools whose new or changed definition waits for review (GET /toolkits/{id}/changes). */
  held: t.Optional(t.Array(t.String())),
  credential_changes: t.Optional(CredentialChanges),
})
