// TypeBox schemas for /functions.
import { t } from 'elysia'
import { FUNCTION_LIMITS } from '../../../limits'
import { HttpFunctionSpec } from '../../../runtime/http-function'
import { RuntimeSchema } from '../../../runtime/runtimes'

const FunctionName = t.String({
  pattern: '^[A-Za-z0-9_.:-]{1,128}$',
  error: 'name must be 1-128 characters: letters, digits, "_", ".", ":" or "-"',
})
const { memoryMb, timeoutMs } = FUNCTION_LIMITS
const MemoryMb = t.Integer({
  minimum: memoryMb.min,
  maximum: memoryMb.max,
  error: `memory_mb must be an integer between ${memoryMb.min} and ${memoryMb.max}`,
})
const TimeoutMs = t.Integer({
  minimum: timeoutMs.min,
  maximum: timeoutMs.max,
  error: `timeout_ms must be an integer between ${timeoutMs.min} and ${timeoutMs.max}`,
})

/** docs/functions.md, "Warm JavaScript": `per_call` gives every call a fresh context. */
const Isolation = t.Union([t.Literal('warm'), t.Literal('per_call')], {
  error: 'isolation must be "warm" or "per_call"',
})

export const CreateFunctionBody = t.Object(
  {
    name: FunctionName,
    runtime: RuntimeSchema,
    code: t.Optional(t.String({ minLength: 1, maxLength: 1_000_000 })),
    http: t.Optional(HttpFunctionSpec),
    memory_mb: t.Optional(MemoryMb),
    timeout_ms: t.Optional(TimeoutMs),
    isolation: t.Optional(Isolation),
    description: t.Optional(t.String({ maxLength: 4000 })),
  },
  { additionalProperties: false },
)

export const UpdateFunctionBody = t.Object(
  {
    name: t.Optional(FunctionName),
    runtime: t.Optional(RuntimeSchema),
    code: t.Optional(t.Union([t.String({ minLength: 1, maxLength: 1_000_000 }), t.Null()])),
    http: t.Optional(t.Union([HttpFunctionSpec, t.Null()])),
    memory_mb: t.Optional(MemoryMb),
    timeout_ms: t.Optional(TimeoutMs),
    isolation: t.Optional(Isolation),
    description: t.Optional(t.Union([t.String({ maxLength: 4000 }), t.Null()])),
  },
  { additionalProperties: false },
)

export const FunctionView = t.Object({
  id: t.String(),
  name: t.String(),
  runtime: RuntimeSchema,
  code: t.Optional(t.String()),
  http: t.Optional(t.Any()),
  memory_mb: t.Integer(),
  timeout_ms: t.Integer(),
  isolation: Isolation,
  description: t.Optional(t.String()),
  created_at: t.String(),
  updated_at: t.String(),
})

export const FunctionList = t.Object({ functions: t.Array(FunctionView), next_cursor: t.Optional(t.String()) })

export const DeleteFunctionQuery = t.Object({
  force: t.Optional(t.Union([t.Literal('true'), t.Literal('false')], { error: 'force must be "true" or "false"' })),
})

export const InvokeFunctionBody = t.Object(
  {
    input: t.Optional(t.Record(t.String(), t.Any())),
    credential_id: t.Optional(t.String()),
  },
  { additionalProperties: false },
)

export const InvokeResult = t.Object({
  result: t.Any(),
  logs: t.Array(t.Object({ level: t.String(), message: t.String() })),
  duration_ms: t.Number(),
})
