// TypeBox schemas for /tools and the REST tool endpoints (/tools/list, /tools/call).
import { t } from 'elysia'

const ToolName = t.String({
  pattern: '^[A-Za-z0-9_.-]{1,128}$',
  error: 'name must be 1-128 characters: letters, digits, "_", "." or "-"',
})
// Any JSON object: the schema is checked by Ajv in the service and stored exactly as sent.
const JsonObject = t.Record(t.String(), t.Any())
const Provider = t.String({ minLength: 1, maxLength: 100 })
const TaskSupport = t.Union([t.Literal('forbidden'), t.Literal('optional'), t.Literal('required')])
const FunctionName = t.String({ minLength: 1, maxLength: 128 })
/** MCP's `_meta` of a tool (MCP Apps: `{ui: {resourceUri: "ui://…"}}`), listed as given. */
const Meta = t.Record(t.String(), t.Any(), { maxProperties: 50 })
/** MCP's icons of a tool (2025-11-25), listed as given. */
const Icons = t.Array(t.Object({ src: t.String({ minLength: 1, maxLength: 2000 }) }, { additionalProperties: true }), {
  maxItems: 20,
})

export const CreateToolBody = t.Object(
  {
    toolkit_id: t.String({ minLength: 1, maxLength: 64 }),
    name: ToolName,
    title: t.Optional(t.String({ maxLength: 200 })),
    description: t.Optional(t.String({ maxLength: 8000 })),
    function_name: FunctionName,
    input_schema: JsonObject,
    output_schema: t.Optional(JsonObject),
    annotations: t.Optional(JsonObject),
    credential_provider: t.Optional(Provider),
    required_client_capabilities: t.Optional(JsonObject),
    task_support: t.Optional(TaskSupport),
    _meta: t.Optional(Meta),
    icons: t.Optional(Icons),
  },
  { additionalProperties: false },
)

export const UpdateToolBody = t.Object(
  {
    name: t.Optional(ToolName),
    title: t.Optional(t.Union([t.String({ maxLength: 200 }), t.Null()])),
    description: t.Optional(t.Union([t.String({ maxLength: 8000 }), t.Null()])),
    function_name: t.Optional(FunctionName),
    input_schema: t.Optional(JsonObject),
    output_schema: t.Optional(t.Union([JsonObject, t.Null()])),
    annotations: t.Optional(t.Union([JsonObject, t.Null()])),
    credential_provider: t.Optional(t.Union([Provider, t.Null()])),
    required_client_capabilities: t.Optional(t.Union([JsonObject, t.Null()])),
    task_support: t.Optional(TaskSupport),
    _meta: t.Optional(t.Union([Meta, t.Null()])),
    icons: t.Optional(t.Union([Icons, t.Null()])),
  },
  { additionalProperties: false },
)

export const ToolView = t.Object({
  id: t.String(),
  toolkit_id: t.String(),
  name: t.String(),
  title: t.Optional(t.String()),
  description: t.Optional(t.String()),
  function_name: t.String(),
  input_schema: JsonObject,
  output_schema: t.Optional(JsonObject),
  annotations: t.Optional(JsonObject),
  credential_provider: t.Optional(t.String()),
  required_client_capabilities: t.Optional(JsonObject),
  task_support: t.Optional(TaskSupport),
  _meta: t.Optional(JsonObject),
  icons: t.Optional(t.Array(JsonObject)),
  created_at: t.Optional(t.String()),
  updated_at: t.Optional(t.String()),
  // Create and update only (docs/decisions/0018-function-source-is-data.md).
  warnings: t.Optional(
    t.Array(t.String(), {
      description: 'Create and update only: why OpenAI or Anthropic may refuse the name (over 64 characters, a ".")',
    }),
  ),
})

export const ToolList = t.Object({ tools: t.Array(ToolView), next_cursor: t.Optional(t.String()) })

export const ToolListQuery = t.Object({
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: 200, default: 50 })),
  cursor: t.Optional(t.String({ maxLength: 200 })),
  toolkit_id: t.Optional(t.String({ minLength: 1, maxLength: 64 })),
})

export const RestListBody = t.Object(
  { server_id: t.Optional(t.String({ minLength: 1, maxLength: 64 })) },
  { additionalProperties: false },
)

export const RestCallBody = t.Object(
  {
    name: t.String({ minLength: 1, maxLength: 128 }),
    arguments: t.Optional(JsonObject),
    server_id: t.Optional(t.String({ minLength: 1, maxLength: 64 })),
  },
  { additionalProperties: false },
)

export const McpToolView = t.Object({
  name: t.String(),
  title: t.Optional(t.String()),
  description: t.Optional(t.String()),
  inputSchema: JsonObject,
  outputSchema: t.Optional(JsonObject),
  annotations: t.Optional(JsonObject),
})

export const CallResultView = t.Object({
  content: t.Array(t.Record(t.String(), t.Any())),
  isError: t.Boolean(),
  structuredContent: t.Optional(JsonObject),
})
