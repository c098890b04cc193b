// Shapes results for the negotiated protocol version: fields and content types an older client's schema
// rejects are left out, and optional fields are omitted rather than sent as null.
import type {
  CallToolResult,
  ContentBlock,
  GetPromptResult,
  JsonObject,
  McpPrompt,
  McpResource,
  McpResourceTemplate,
  McpTool,
  ResourceContents,
} from './backend'
import { atLeast } from './versions'

/** Copies the named fields that hold a value (neither undefined nor null). */
function pick<T extends object>(source: T, keys: (keyof T)[]): Partial<T> {
  const out: Partial<T> = {}
  for (const k of keys) if (source[k] !== undefined && source[k] !== null) out[k] = source[k]
  return out
}

/** The object without its null and undefined fields: the object itself when it has none (the usual case, no copy). */
function withoutNulls(o: JsonObject): JsonObject {
  for (const k in o) {
    const v = o[k]
    if (v === undefined || v === null)
      return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined && v !== null))
  }
  return o
}

/** Which content types a version's schema knows (audio since 2025-03-26, resource_link since 2025-06-18). */
function contentAllowed(type: string, version: string): boolean {
  if (type === 'audio') return atLeast(version, '2025-03-26')
  if (type === 'resource_link') return atLeast(version, '2025-06-18')
  return true
}

function block(b: ContentBlock): ContentBlock {
  const out = withoutNulls(b) as ContentBlock
  if (b.type === 'resource' && b.resource && typeof b.resource === 'object') {
    const resource = withoutNulls(b.resource as JsonObject)
    // Written only to a copy: a block without nulls is the caller's own object.
    if (resource !== b.resource) return { ...out, resource } as ContentBlock
  }
  return out
}

/**
 * What an upstream (or a tool's author) adds that every version carries as it is: `_meta` (MCP Apps' `ui` among it,
 * docs/decisions/0362-mcp-apps-pass-through.md), and `icons` since 2025-11-25.
 */
const extras = (o: { _meta?: JsonObject; icons?: unknown[] }, version: string): JsonObject => ({
  ...(o._meta ? { _meta: o._meta } : {}),
  ...(o.icons && atLeast(version, '2025-11-25') ? { icons: o.icons } : {}),
})

function gateContent(blocks: ContentBlock[], version: string): ContentBlock[] {
  // The usual result, one text block: no filter and map arrays made for it.
  if (blocks.length === 1 && blocks[0]!.type === 'text') {
    const only = block(blocks[0]!)
    return only === blocks[0] ? blocks : [only]
  }
  const kept = blocks.filter((b) => contentAllowed(b.type, version)).map(block)
  if (kept.length === 0 && blocks.length > 0) {
    const types = [...new Set(blocks.map((b) => b.type))].join(', ')
    return [{ type: 'text', text: `[${types} content not shown: protocol version ${version} does not support it]` }]
  }
  return kept
}

export function gateTool(t: McpTool, version: string): JsonObject {
  const newer = atLeast(version, '2025-06-18')
  return {
    name: t.name,
    ...(newer ? pick(t, ['title']) : {}),
    ...pick(t, ['description']),
    inputSchema: t.inputSchema,
    ...(newer ? pick(t, ['outputSchema']) : {}),
    ...(atLeast(version, '2025-03-26') ? pick(t, ['annotations']) : {}),
    // 2025-11-25's `execution.taskSupport`: as the tool's author (or a remote toolkit's upstream) says it.
    ...(t.taskSupport && atLeast(version, '2025-11-25') ? { execution: { taskSupport: t.taskSupport } } : {}),
    ...extras(t, version),
  }
}

export function gateCallResult(r: CallToolResult, version: string): JsonObject {
  // Fields set in their order (content, structuredContent, isError), not spread from empty objects.
  const out: JsonObject = { content: gateContent(r.content ?? [], version) }
  if (atLeast(version, '2025-06-18') && r.structuredContent != null) out.structuredContent = r.structuredContent
  out.isError = r.isError === true
  return out
}

export function gateResource(r: McpResource, version: string): JsonObject {
  return {
    uri: r.uri,
    name: r.name,
    ...(atLeast(version, '2025-06-18') ? pick(r, ['title']) : {}),
    ...pick(r, ['description', 'mimeType', 'annotations', 'size']),
    ...extras(r, version),
  }
}

export function gateTemplate(r: McpResourceTemplate, version: string): JsonObject {
  return {
    uriTemplate: r.uriTemplate,
    name: r.name,
    ...(atLeast(version, '2025-06-18') ? pick(r, ['title']) : {}),
    ...pick(r, ['description', 'mimeType', 'annotations']),
    ...extras(r, version),
  }
}

export const gateContents = (contents: ResourceContents[]): JsonObject[] =>
  contents.map((c) => withoutNulls(c as unknown as JsonObject))

export function gatePrompt(p: McpPrompt, version: string): JsonObject {
  return {
    name: p.name,
    ...(atLeast(version, '2025-06-18') ? pick(p, ['title']) : {}),
    ...pick(p, ['description']),
    ...(p.arguments
      ? { arguments: p.arguments.map((a) => ({ name: a.name, ...pick(a, ['description', 'required']) })) }
      : {}),
    ...extras(p, version),
  }
}

export function gatePromptResult(r: GetPromptResult, version: string): JsonObject {
  const messages = r.messages
    .filter((m) => contentAllowed(m.content.type, version))
    .map((m) => ({ role: m.role, content: block(m.content) }))
  return { ...pick(r, ['description']), messages }
}
