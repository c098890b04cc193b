// Pre-built toolkits (catalog data in the binary) seen in the same shapes as the project's own rows.
import type { ToolRow } from '../tools/repository'

export interface PrebuiltToolkit {
  id: string
  name: string
  display_name?: string
  description?: string
  provider?: string
  tools: ToolRow[]
}

/** Catalog tool shape this adapter reads (src/catalog). */
interface CatalogTool {
  name: string
  title?: string
  description?: string
  function_name: string
  input_schema: Record<string, unknown>
  output_schema?: Record<string, unknown>
  annotations?: Record<string, unknown>
  credential_provider?: string
}
interface CatalogToolkit {
  id: string
  name: string
  display_name?: string
  description?: string
  provider?: string
  tools: CatalogTool[]
}

// Pre-built records have no creation time of their own; a fixed stamp keeps validator caches stable.
const STAMP = '1970-01-01T00:00:00.000Z'

/** A pre-built tool's id: its toolkit id and name, stable across releases and installs. */
export const prebuiltToolId = (toolkitId: string, toolName: string) => `${toolkitId}.${toolName}`

function adapt(k: CatalogToolkit): PrebuiltToolkit {
  return {
    id: k.id,
    name: k.name,
    ...(k.display_name ? { display_name: k.display_name } : {}),
    ...(k.description ? { description: k.description } : {}),
    ...(k.provider ? { provider: k.provider } : {}),
    tools: k.tools.map((t) => ({
      id: prebuiltToolId(k.id, t.name),
      project_id: '',
      toolkit_id: k.id,
      name: t.name,
      title: t.title ?? null,
      description: t.description ?? null,
      function_name: t.function_name,
      input_schema: JSON.stringify(t.input_schema),
      output_schema: t.output_schema ? JSON.stringify(t.output_schema) : null,
      annotations: t.annotations ? JSON.stringify(t.annotations) : null,
      credential_provider: t.credential_provider ?? null,
      created_at: STAMP,
      updated_at: STAMP,
    })),
  }
}

export function prebuiltCatalog(source: readonly CatalogToolkit[]) {
  const toolkits = source.map(adapt)
  const byId = new Map(toolkits.map((k) => [k.id, k]))
  const tools = new Map(toolkits.flatMap((k) => k.tools.map((t) => [t.id, t] as const)))
  return {
    toolkits,
    toolkit: (id: string) => byId.get(id),
    tool: (id: string) => tools.get(id),
  }
}
export type PrebuiltCatalog = ReturnType<typeof prebuiltCatalog>
