// TypeBox schemas for /servers/:server_id/tools.
import { t } from 'elysia'

// The path reads /servers/{server_id}/tools; the router needs the same parameter name as /servers/:id at that position.
export const ServerToolParams = t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) })
export const ServerToolItemParams = t.Object({
  id: t.String({ minLength: 1, maxLength: 64 }),
  tool_id: t.String({ minLength: 1, maxLength: 200 }),
})

export const ToolIdsBody = t.Object(
  {
    tool_ids: t.Array(t.String({ minLength: 1, maxLength: 200 }), {
      minItems: 1,
      maxItems: 200,
      error: 'tool_ids must be a non-empty array of tool ids',
    }),
  },
  { additionalProperties: false },
)

export const PatchServerToolBody = t.Object(
  {
    credential_id: t.Optional(t.Union([t.String({ minLength: 1, maxLength: 64 }), t.Null()])),
    enabled: t.Optional(t.Boolean()),
  },
  { additionalProperties: false },
)

export const ServerToolkitParams = t.Object({
  id: t.String({ minLength: 1, maxLength: 64 }),
  toolkit_id: t.String({ minLength: 1, maxLength: 64 }),
})

/** One toolkit to attach, as an item of `toolkits` in POST /servers. */
export const AttachToolkitBody = t.Object(
  {
    toolkit_id: t.String({ minLength: 1, maxLength: 64, error: 'toolkit_id must be a toolkit id' }),
    credentials: t.Optional(
      t.Record(t.String({ minLength: 1, maxLength: 100 }), t.String({ minLength: 1, maxLength: 64 }), {
        description: 'provider key → credential id, for the tools of this toolkit',
      }),
    ),
    // Whose credential its tools use: the mapped one (shared), the caller's own (per_user), or the caller's own
    // else the mapped one (per_user_then_shared): docs/decisions/0333-credential-mode.md.
    credential_mode: t.Optional(
      t.Union([t.Literal('shared'), t.Literal('per_user'), t.Literal('per_user_then_shared')], {
        error: 'credential_mode must be shared, per_user or per_user_then_shared',
      }),
    ),
  },
  { additionalProperties: false },
)
