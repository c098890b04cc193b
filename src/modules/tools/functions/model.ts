// TypeBox schemas for /functions.
import { t } from 'elysia'

const FunctionName = t.String({
  pattern: '^[A-Za-z0-9_.:-]{1,128}$',
  error: 'name must be 1-128 characters: letters, digits, "_", ".", ":" or "-"',
})
const Runtime = t.Union([t.Literal('javascript'), t.Literal('http')], {
  error: 'runtime must be "javascript" or "http"',
})
const Templates = t.Record(t.String({ maxLength: 200 }), t.String({ maxLength: 8000 }))

const HttpSpec = t.Object(
  {
    url: t.String({ minLength: 1, maxLength: 4000 }),
    method: t.Optional(
      t.Union(
        ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'].map((m) => t.Literal(m)),
        { error: 'method must be GET, POST, PUT, PATCH, DELETE or HEAD' },
      ),
    ),
    headers: t.Optional(Templates),
    query: t.Optional(Templates),
    body: t.Optional(t.Union([t.String({ maxLength: 100_000 }), t.Record(t.String(), t.Any())])),
  },
  { additionalProperties: false },
)

const MemoryMb = t.Integer({ minimum: 1, maximum: 512, error: 'memory_mb must be an integer between 1 and 512' })
const TimeoutMs = t.Integer({ minimum: 1, maximum: 60_000, error: 'timeout_ms must be an integer between 1 and 60000' })

export const CreateFunctionBody = t.Object(
  {
    name: FunctionName,
    runtime: Runtime,
    code: t.Optional(t.String({ minLength: 1, maxLength: 1_000_000 })),
    http: t.Optional(HttpSpec),
    memory_mb: t.Optional(MemoryMb),
    timeout_ms: t.Optional(TimeoutMs),
    description: t.Optional(t.String({ maxLength: 4000 })),
  },
  { additionalProperties: false },
)

export const UpdateFunctionBody = t.Object(
  {
    name: t.Optional(FunctionName),
    runtime: t.Optional(Runtime),
    code: t.Optional(t.Union([t.String({ minLength: 1, maxLength: 1_000_000 }), t.Null()])),
    http: t.Optional(t.Union([HttpSpec, t.Null()])),
    memory_mb: t.Optional(MemoryMb),
    timeout_ms: t.Optional(TimeoutMs),
    description: t.Optional(t.Union([t.String({ maxLength: 4000 }), t.Null()])),
  },
  { additionalProperties: false },
)

export const FunctionView = t.Object({
  id: t.String(),
  name: t.String(),
  runtime: Runtime,
  code: t.Optional(t.String()),
  http: t.Optional(t.Any()),
  memory_mb: t.Integer(),
  timeout_ms: t.Integer(),
  description: t.Optional(t.String()),
  created_at: t.String(),
  updated_at: t.String(),
})

export const FunctionList = t.Object({ functions: t.Array(FunctionView), next_cursor: t.Optional(t.String()) })
