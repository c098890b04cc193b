// TypeBox schemas for the /prompts endpoints.
import { type Static, t } from 'elysia'

const Id = t.String({ minLength: 1, maxLength: 64 })
const Name = t.String({
  minLength: 1,
  maxLength: 200,
  error: 'name must be a non-empty string of at most 200 characters',
})

export const PromptArgument = t.Object(
  {
    name: t.String({ minLength: 1, maxLength: 100 }),
    description: t.Optional(t.String({ maxLength: 2000 })),
    required: t.Optional(t.Boolean()),
    /** Values offered by completion/complete (not enforced on prompts/get). */
    enum: t.Optional(t.Array(t.String({ maxLength: 500 }), { maxItems: 1000 })),
  },
  { additionalProperties: false },
)
export type PromptArgument = Static<typeof PromptArgument>

const Base64 = t.String({ maxLength: 7_000_000 })
const Content = t.Union(
  [
    t.Object({ type: t.Literal('text'), text: t.String({ maxLength: 1_000_000 }) }, { additionalProperties: false }),
    t.Object(
      { type: t.Literal('image'), data: Base64, mimeType: t.String({ minLength: 1, maxLength: 200 }) },
      { additionalProperties: false },
    ),
    t.Object(
      { type: t.Literal('audio'), data: Base64, mimeType: t.String({ minLength: 1, maxLength: 200 }) },
      { additionalProperties: false },
    ),
    t.Object(
      {
        type: t.Literal('resource'),
        resource: t.Object(
          {
            uri: t.String({ minLength: 1, maxLength: 4000 }),
            mimeType: t.Optional(t.String({ maxLength: 200 })),
            text: t.Optional(t.String()),
            blob: t.Optional(Base64),
          },
          { additionalProperties: false },
        ),
      },
      { additionalProperties: false },
    ),
  ],
  {
    error:
      'content must be {type: "text", text}, {type: "image"|"audio", data, mimeType} or {type: "resource", resource: {uri, mimeType?, text|blob}}',
  },
)

export const PromptMessage = t.Object(
  {
    role: t.Union([t.Literal('user'), t.Literal('assistant')], { error: 'role must be "user" or "assistant"' }),
    content: Content,
  },
  { additionalProperties: false },
)
export type PromptMessage = Static<typeof PromptMessage>

const FunctionName = t.String({ minLength: 1, maxLength: 128 })
const Arguments = t.Array(PromptArgument, { maxItems: 100 })
const Messages = t.Array(PromptMessage, { minItems: 1, maxItems: 100 })

export const CreatePromptBody = t.Object(
  {
    name: Name,
    description: t.Optional(t.String({ maxLength: 4000 })),
    template: t.Optional(t.String({ maxLength: 1_000_000 })),
    messages: t.Optional(Messages),
    function_name: t.Optional(FunctionName),
    arguments: t.Optional(Arguments),
    server_id: t.Optional(Id),
  },
  { additionalProperties: false },
)
export type CreatePromptBody = Static<typeof CreatePromptBody>

export const UpdatePromptBody = t.Object(
  {
    name: t.Optional(Name),
    description: t.Optional(t.Union([t.String({ maxLength: 4000 }), t.Null()])),
    template: t.Optional(t.Union([t.String({ maxLength: 1_000_000 }), t.Null()])),
    messages: t.Optional(t.Union([Messages, t.Null()])),
    function_name: t.Optional(t.Union([FunctionName, t.Null()])),
    arguments: t.Optional(Arguments),
    server_id: t.Optional(t.Union([Id, t.Null()])),
  },
  { additionalProperties: false },
)
export type UpdatePromptBody = Static<typeof UpdatePromptBody>

export const PromptView = t.Object({
  id: t.String(),
  name: t.String(),
  description: t.String(),
  template: t.Optional(t.String()),
  messages: t.Optional(t.Array(t.Any())),
  function_name: t.Optional(t.String()),
  arguments: t.Array(t.Any()),
  server_id: t.Optional(t.String()),
  created_at: t.String(),
  updated_at: t.String(),
})
export type PromptView = Static<typeof PromptView>

export const PromptRecordList = t.Object({ prompts: t.Array(PromptView), next_cursor: t.Optional(t.String()) })

export const ListPromptsBody = t.Object({ server_id: t.Optional(Id) })
export const PromptListing = t.Object({
  prompts: t.Array(t.Object({ name: t.String(), description: t.String(), arguments: t.Array(t.Any()) })),
  next_cursor: t.Optional(t.String()),
})

export const GetPromptBody = t.Object({
  name: t.String({ minLength: 1, maxLength: 200 }),
  arguments: t.Optional(t.Record(t.String(), t.Any())),
  server_id: t.Optional(Id),
})
export const GetPromptResult = t.Object({
  description: t.String(),
  messages: t.Array(t.Object({ role: t.String(), content: t.Any() })),
})

export const ListRecordsQuery = t.Object({
  server_id: t.Optional(Id),
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: 200, default: 50 })),
  cursor: t.Optional(t.String({ maxLength: 200 })),
})
