// Pre-built toolkits (catalog data in the binary) seen in the same shapes as the project's own rows.
import type { PrebuiltToolkit as CatalogToolkit } from '../../../catalog/toolkits'
import { type ToolRow, toolRowFrom } from '../repository'

export interface PrebuiltToolkit {
  id: string
  name: string
  display_name?: string
  description?: string
  provider?: string
  tools: ToolRow[]
}

// Pre-built records have no creation time of their own; a fixed stamp keeps validator caches stable.
const STAMP = '1970-01-01T00:00:00.000Z'

/** A pre-built tool's id: its toolkit id and name, stable across releases and installs. */
const prebuiltToolId = (toolkitId: string, toolName: string) => `${toolkitId}.${toolName}`

function adapt(k: CatalogToolkit): PrebuiltToolkit {
  // A pre-built toolkit's provider is the one its tools declare (github, slack); utilities has none.
  const provider = k.tools.find((t) => t.credential_provider)?.credential_provider
  return {
    id: k.id,
    name: k.name,
    ...(k.display_name ? { display_name: k.display_name } : {}),
    ...(k.description ? { description: k.description } : {}),
    ...(provider ? { provider } : {}),
    tools: k.tools.map((t) =>
      toolRowFrom(t, {
        id: prebuiltToolId(k.id, t.name),
        project_id: '',
        toolkit_id: k.id,
        created_at: STAMP,
        updated_at: STAMP,
      }),
    ),
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
