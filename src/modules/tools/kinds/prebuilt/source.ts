// The `prebuilt` kind: toolkits that are catalog data in the binary (src/catalog), read-only, seen by every project,
// their tools in the same row shape as the project's own.
import type { PrebuiltToolkit as CatalogToolkit } from '../../../../catalog/toolkits'
import { type ToolRow, toolRowFrom } from '../../repository'
import type { ToolkitRecord, ToolkitSource } from '../../sources/source'

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

/** The catalog, read when first needed; `ids` (its toolkit ids) answers "not one of ours" without reading it. */
interface LazyCatalog {
  ids: ReadonlySet<string>
  load: () => readonly CatalogToolkit[]
}

/**
 * `callTool`: how its tools run (builtin functions: ./function-tool.ts, or the OpenAPI catalog's caller). A lazy
 * catalog is adapted on its first use, so the OpenAPI catalog's planning is not paid at start.
 */
export function prebuiltSource(
  catalog: readonly CatalogToolkit[] | LazyCatalog,
  callTool: ToolkitSource['callTool'],
): ToolkitSource {
  const lazy: LazyCatalog = Array.isArray(catalog)
    ? { ids: new Set(catalog.map((k) => k.id)), load: () => catalog }
    : (catalog as LazyCatalog)
  let built: ReturnType<typeof build> | undefined
  const build = () => {
    const toolkits = lazy.load().map(adapt)
    // The record without its tools: GET /toolkits shows the toolkit, its tools come from listTools.
    const record = ({ tools: _, ...k }: PrebuiltToolkit): ToolkitRecord => k
    const records = toolkits.map(record)
    return {
      byId: new Map(toolkits.map((k) => [k.id, k])),
      tools: new Map(toolkits.flatMap((k) => k.tools.map((t) => [t.id, t] as const))),
      records,
      recordById: new Map(records.map((k) => [k.id, k])),
    }
  }
  const get = () => {
    built ??= build()
    return built
  }
  // A pre-built tool id is `<toolkit id>.<tool name>`; a project's ids (UUIDs) never start like one.
  const ours = (toolId: string) => lazy.ids.has(toolId.slice(0, toolId.indexOf('.')))
  return {
    kind: 'prebuilt',
    builtIn: {
      get toolkits() {
        return get().records
      },
      toolkit: (id) => (lazy.ids.has(id) ? get().recordById.get(id) : undefined),
      tool: (id) => (ours(id) ? get().tools.get(id) : undefined),
    },
    readOnly: {
      toolkit: 'pre-built toolkits cannot be changed or deleted; create your own toolkit with POST /toolkits',
      addTool: 'pre-built toolkits cannot be changed; create a toolkit with POST /toolkits and register tools there',
      tool: 'tools of pre-built toolkits cannot be changed; register your own tool in a hosted toolkit',
    },
    listTools: async (toolkitId) => (lazy.ids.has(toolkitId) ? (get().byId.get(toolkitId)?.tools ?? []) : []),
    callTool,
  }
}
