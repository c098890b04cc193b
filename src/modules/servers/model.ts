// TypeBox schemas for the /servers endpoints.
import { t } from 'elysia'
import { LogArguments } from '../audit/model'
import { ToolDiscovery, ToolDiscoveryPatch } from './discovery'

const ToolkitAttachment = t.Object(
  {
    toolkit_id: t.String({ minLength: 1, maxLength: 64 }),
    credentials: t.Optional(
      t.Record(t.String({ minLength: 1, maxLength: 100 }), t.String({ minLength: 1, maxLength: 64 })),
    ),
    // The toolkit's tools are listed as `<prefix>_<name>` ('' : their own names); the whole name stays a valid tool
    // name, which the service checks against the toolkit's tools (docs/decisions/0211-attachment-prefix.md).
    prefix: t.Optional(
      t.String({
        pattern: '^[A-Za-z0-9_.-]{0,100}$',
        error: 'prefix: up to 100 letters, digits, "_", "." or "-" (tools are listed as <prefix>_<name>)',
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

const Name = t.String({
  minLength: 1,
  maxLength: 200,
  error: 'name must be a non-empty string of at most 200 characters',
})
const Auth = t.Union([t.Literal('api_key'), t.Literal('none')], { error: 'auth must be "api_key" or "none"' })

export const CreateServerBody = t.Object(
  {
    name: Name,
    display_name: t.Optional(t.String({ maxLength: 200 })),
    description: t.Optional(t.String({ maxLength: 2000 })),
    auth: t.Optional(Auth),
    toolkits: t.Optional(t.Array(ToolkitAttachment, { maxItems: 100 })),
    tool_discovery: t.Optional(ToolDiscoveryPatch),
    log_arguments: t.Optional(LogArguments),
  },
  { additionalProperties: false },
)

export const UpdateServerBody = t.Object(
  {
    name: t.Optional(Name),
    display_name: t.Optional(t.String({ maxLength: 200 })),
    description: t.Optional(t.String({ maxLength: 2000 })),
    auth: t.Optional(Auth),
    toolkits: t.Optional(
      t.Array(ToolkitAttachment, {
        maxItems: 100,
        description:
          'The whole new list of attached toolkits: it replaces the list, so a toolkit left out is taken off the server. To attach or take off one toolkit, use POST /servers/{id}/toolkits and DELETE /servers/{id}/toolkits/{toolkit_id}.',
      }),
    ),
    tool_discovery: t.Optional(ToolDiscoveryPatch),
    log_arguments: t.Optional(LogArguments),
  },
  { additionalProperties: false },
)

const ServerView = t.Object({
  id: t.String(),
  slug: t.String(),
  name: t.String(),
  display_name: t.Optional(t.String()),
  description: t.Optional(t.String()),
  auth: Auth,
  tool_discovery: t.Required(ToolDiscovery),
  log_arguments: LogArguments,
  url: t.String(),
  created_at: t.String(),
  updated_at: t.String(),
})

export const ServerEnvelope = t.Object({ success: t.Literal(true), data: ServerView })
export const ServerListEnvelope = t.Object({
  success: t.Literal(true),
  data: t.Array(ServerView),
  next_cursor: t.Optional(t.String()),
})
export const ServerDetailEnvelope = t.Object({
  success: t.Literal(true),
  data: t.Intersect([
    ServerView,
    t.Object({
      toolkits: t.Array(t.Any()),
      tools: t.Array(t.Any()),
      // Tools the server would carry but does not list: another tool came first with their name.
      // [{id, name, toolkit_id, held_by: {tool_id, toolkit_id}}], shaped by the tools feature as tools are.
      held_back: t.Optional(t.Array(t.Any())),
    }),
  ]),
})
export const ServerDeletedEnvelope = t.Object({
  success: t.Literal(true),
  data: t.Object({ id: t.String(), deleted: t.Literal(true) }),
})
