// The `prebuilt` kind: toolkits that are catalog data in the binary (src/catalog), read-only, seen by every project,
// their tools in the same row shape as the project's own.
import type { PrebuiltToolkit as CatalogToolkit } from '../../../catalog/toolkits'
import { type ToolRow, toolRowFrom } from '../repository'
import type { ToolkitRecord, ToolkitSource } from './source'

interface PrebuiltToolkit extends ToolkitRecord {
  tools: ToolRow[]
}

// Pre-built records have no creation time of their own; a fixed stamp keeps validator caches stable.
const STAMP = '1970-01-01T00:00:00.000Z'

/** A pre-built tool's id: its toolkit id and name, stable across releases and installs. */
const prebuiltToolId = (toolkitId: string, toolName: string) => `${toolkitId}.${toolName}`

function adapt(k: CatalogToolkit): PrebuiltToolkit {
  // A pre-built toolkit's provider is the one its tools declare (github, slack); utilities has none.
  const provider = k.tools.find((t) => t.credential_provider)?.credential_provider
  const tools = k.tools.map((t) =>
    toolRowFrom(t, {
      id: prebuiltToolId(k.id, t.name),
      project_id: '',
      toolkit_id: k.id,
      created_at: STAMP,
      updated_at: STAMP,
    }),
  )
  return {
    id: k.id,
    name: k.name,
    ...(k.display_name ? { display_name: k.display_name } : {}),
    ...(k.description ? { description: k.description } : {}),
    toolkit_type: 'prebuilt',
    status: 'active',
    ...(provider ? { provider } : {}),
    tools,
  }
}

/** `callTool`: how its tools run (they name builtin functions: ./function-tool.ts). */
export function prebuiltSource(catalog: readonly CatalogToolkit[], callTool: ToolkitSource['callTool']): ToolkitSource {
  const toolkits = catalog.map(adapt)
  const byId = new Map(toolkits.map((k) => [k.id, k]))
  const tools = new Map(toolkits.flatMap((k) => k.tools.map((t) => [t.id, t] as const)))
  // The record without its tools: GET /toolkits shows the toolkit, its tools come from listTools.
  const record = ({ tools: _, ...k }: PrebuiltToolkit): ToolkitRecord => k
  const records = toolkits.map(record)
  const recordById = new Map(records.map((k) => [k.id, k]))
  return {
    kind: 'prebuilt',
    builtIn: {
      toolkits: records,
      toolkit: (id) => recordById.get(id),
      tool: (id) => tools.get(id),
    },
    readOnly: {
      toolkit: 'pre-built toolkits cannot be changed or deleted; create your own toolkit with POST /toolkits',
      addTool: 'pre-built toolkits cannot be changed; create a toolkit with POST /toolkits and register tools there',
      tool: 'tools of pre-built toolkits cannot be changed; register your own tool in a hosted toolkit',
    },
    listTools: (toolkitId) => byId.get(toolkitId)?.tools ?? [],
    callTool,
  }
}
