// How a tool is shown: the REST record and the MCP listing form (absent fields omitted, never null).
import type { McpTool } from '../../mcp/backend'
import type { ToolRow } from './repository'

export interface ToolView {
  id: string
  toolkit_id: string
  name: string
  title?: string
  description?: string
  function_name: string
  input_schema: Record<string, unknown>
  output_schema?: Record<string, unknown>
  annotations?: Record<string, unknown>
  credential_provider?: string
  required_client_capabilities?: Record<string, unknown>
  task_support?: 'optional' | 'required'
  created_at?: string
  updated_at?: string
}

// Parsed on every call, not cached: JSON.parse of a schema is cheaper than the copy a cache would have to hand out
// (a caller mutating a listed schema must not change what the next caller sees), and it keeps no state.
function schemas(t: ToolRow, input?: Record<string, unknown>) {
  return {
    input: input ?? (JSON.parse(t.input_schema) as Record<string, unknown>),
    ...(t.output_schema !== null ? { output: JSON.parse(t.output_schema) as Record<string, unknown> } : {}),
    ...(t.annotations !== null ? { annotations: JSON.parse(t.annotations) as Record<string, unknown> } : {}),
  }
}

export function toolView(t: ToolRow): ToolView {
  const s = schemas(t)
  return {
    id: t.id,
    toolkit_id: t.toolkit_id,
    name: t.name,
    ...(t.title !== null ? { title: t.title } : {}),
    ...(t.description !== null ? { description: t.description } : {}),
    function_name: t.function_name,
    input_schema: s.input,
    ...(s.output ? { output_schema: s.output } : {}),
    ...(s.annotations ? { annotations: s.annotations } : {}),
    ...(t.credential_provider !== null ? { credential_provider: t.credential_provider } : {}),
    ...(t.required_client_capabilities !== null
      ? { required_client_capabilities: JSON.parse(t.required_client_capabilities) as Record<string, unknown> }
      : {}),
    ...(t.task_support !== 'forbidden' ? { task_support: t.task_support } : {}),
    ...(t.meta ? (JSON.parse(t.meta) as { _meta?: Record<string, unknown>; icons?: Record<string, unknown>[] }) : {}),
    // Pre-built tools (project_id '') have no timestamps of their own.
    ...(t.project_id ? { created_at: t.created_at, updated_at: t.updated_at } : {}),
  }
}

/** `inputSchema`: the input schema already parsed (and frozen), shared by the read model's listings of that text. */
export function mcpTool(t: ToolRow, inputSchema?: Record<string, unknown>): McpTool {
  const s = schemas(t, inputSchema)
  return {
    name: t.name,
    ...(t.title !== null ? { title: t.title } : {}),
    ...(t.description !== null ? { description: t.description } : {}),
    inputSchema: s.input,
    ...(s.output ? { outputSchema: s.output } : {}),
    ...(s.annotations ? { annotations: s.annotations } : {}),
    // What a call needs, checked by 2026-07-28 before it runs (docs/decisions/0011-mcp-2026-07-28.md).
    ...(t.required_client_capabilities !== null
      ? { requiredCapabilities: JSON.parse(t.required_client_capabilities) as Record<string, unknown> }
      : {}),
    ...(t.task_support !== 'forbidden' ? { taskSupport: t.task_support } : {}),
    // An upstream's `_meta` (MCP Apps' `ui.resourceUri`) and icons, as it gave them.
    ...(t.meta ? (JSON.parse(t.meta) as Pick<McpTool, '_meta' | 'icons'>) : {}),
  }
}

export const outputSchemaOf = (t: ToolRow): Record<string, unknown> | undefined =>
  t.output_schema !== null ? (JSON.parse(t.output_schema) as Record<string, unknown>) : undefined
