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
  created_at?: string
  updated_at?: string
}

// Parsed JSON per tool version: listings run on every tools/list, the text changes only on update.
const parsed = new Map<
  string,
  {
    at: string
    input: Record<string, unknown>
    output?: Record<string, unknown>
    annotations?: Record<string, unknown>
  }
>()

function schemas(t: ToolRow) {
  const hit = parsed.get(t.id)
  if (hit && hit.at === t.updated_at) return hit
  const entry = {
    at: t.updated_at,
    input: JSON.parse(t.input_schema) as Record<string, unknown>,
    ...(t.output_schema !== null ? { output: JSON.parse(t.output_schema) as Record<string, unknown> } : {}),
    ...(t.annotations !== null ? { annotations: JSON.parse(t.annotations) as Record<string, unknown> } : {}),
  }
  if (parsed.size > 10_000) parsed.clear()
  parsed.set(t.id, entry)
  return entry
}

// Callers get copies: a caller mutating a listed schema must not change the cache.
const copy = <T>(v: T): T => structuredClone(v)

export function toolView(t: ToolRow): ToolView {
  const s = schemas(t)
  return {
    id: t.id,
    toolkit_id: t.toolkit_id,
    name: t.name,
    ...(t.title !== null ? { title: t.title } : {}),
    ...(t.description !== null ? { description: t.description } : {}),
    function_name: t.function_name,
    input_schema: copy(s.input),
    ...(s.output ? { output_schema: copy(s.output) } : {}),
    ...(s.annotations ? { annotations: copy(s.annotations) } : {}),
    ...(t.credential_provider !== null ? { credential_provider: t.credential_provider } : {}),
    // Pre-built tools (project_id '') have no timestamps of their own.
    ...(t.project_id ? { created_at: t.created_at, updated_at: t.updated_at } : {}),
  }
}

export function mcpTool(t: ToolRow): McpTool {
  const s = schemas(t)
  return {
    name: t.name,
    ...(t.title !== null ? { title: t.title } : {}),
    ...(t.description !== null ? { description: t.description } : {}),
    inputSchema: copy(s.input),
    ...(s.output ? { outputSchema: copy(s.output) } : {}),
    ...(s.annotations ? { annotations: copy(s.annotations) } : {}),
  }
}

export const outputSchemaOf = (t: ToolRow): Record<string, unknown> | undefined => schemas(t).output
