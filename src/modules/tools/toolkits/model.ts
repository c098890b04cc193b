// TypeBox schemas for /toolkits.
import { t } from 'elysia'
import { LocalDetail, LocalSpecBody } from '../kinds/local/model'
import { OpenApiDetail } from '../kinds/openapi/model'
import { RemoteDetail, RemoteSpecBody } from '../kinds/remote/model'

const ToolkitName = t.String({
  pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$',
  error: 'name must be 1-100 characters: letters, digits, "-", "_" or "." (a hyphenated identifier)',
})

export const CreateToolkitBody = t.Object(
  {
    name: ToolkitName,
    display_name: t.Optional(t.String({ maxLength: 200 })),
    description: t.Optional(t.String({ maxLength: 4000 })),
    // Kinds REST creates: hosted (default), remote (an upstream MCP server, described by `remote`) and local (an
    // operator's stdio server, named by `local.server`).
    toolkit_type: t.Optional(
      t.Union([t.Literal('hosted'), t.Literal('remote'), t.Literal('local')], {
        error: 'toolkit_type must be "hosted", "remote" or "local"',
      }),
    ),
    remote: t.Optional(RemoteSpecBody),
    // Pinned definitions (remote toolkits; default true): upstream changes wait for review (GET /toolkits/{id}/changes).
    review_changes: t.Optional(t.Boolean({ error: 'review_changes must be true or false' })),
    local: t.Optional(LocalSpecBody),
  },
  { additionalProperties: false },
)

export const UpdateToolkitBody = t.Object(
  {
    display_name: t.Optional(t.Union([t.String({ maxLength: 200 }), t.Null()])),
    description: t.Optional(t.Union([t.String({ maxLength: 4000 }), t.Null()])),
    /** Remote and OpenAPI toolkits: serve only approved definitions; false lets go of every pending change. */
    review_changes: t.Optional(t.Boolean({ error: 'review_changes must be true or false' })),
  },
  { additionalProperties: false },
)

const toolkitFields = {
  id: t.String(),
  name: t.String(),
  display_name: t.Optional(t.String()),
  description: t.Optional(t.String()),
  // A kind the toolkit sources know (src/modules/tools/sources): 'prebuilt', 'hosted', and later ones.
  toolkit_type: t.String(),
  status: t.String(),
  provider: t.Optional(t.String()),
  created_at: t.Optional(t.String()),
  updated_at: t.Optional(t.String()),
  /** Remote and OpenAPI toolkits: whether upstream changes wait for review (docs/decisions/0347-pinned-definitions.md). */
  review_changes: t.Optional(t.Boolean()),
}

export const ToolkitView = t.Object(toolkitFields)

export const ToolkitDetail = t.Object({
  ...toolkitFields,
  remote: t.Optional(RemoteDetail),
  /** Remote and OpenAPI toolkits: changes waiting for review (GET /toolkits/{id}/changes). */
  pending_changes: t.Optional(t.Integer()),
  local: t.Optional(LocalDetail),
  openapi: t.Optional(OpenApiDetail),
  /** Its tools a server does not list: another toolkit's tool came onto that server first with the name. */
  name_collisions: t.Array(
    t.Object({
      server_id: t.String(),
      name: t.String(),
      tool_id: t.String(),
      held_by: t.Object({ tool_id: t.String(), toolkit_id: t.String(), toolkit_name: t.String() }),
    }),
  ),
  tools: t.Array(t.Any()),
})

/** POST /toolkits/{id}/refresh: how the stored tools changed (a changed description, schema or annotations: updated). */
export const RefreshResult = t.Object({
  added: t.Integer(),
  updated: t.Integer(),
  removed: t.Integer(),
  unchanged: t.Integer(),
  /** A toolkit with review_changes: tools whose new or changed definition waits for review. */
  held: t.Optional(t.Integer()),
})

export const ToolkitList = t.Object({ toolkits: t.Array(ToolkitView), next_cursor: t.Optional(t.String()) })
