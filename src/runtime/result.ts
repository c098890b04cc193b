// Maps a function's return value to an MCP CallToolResult (DECISIONS §6 result mapping); never emits null/undefined fields.
import type { CallToolResult, ContentBlock, JsonObject } from '../mcp/backend'

export interface ResultOptions {
  /** The tool's output_schema; when set, non-content values also become `structuredContent`. */
  outputSchema?: unknown
}

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Drops null/undefined fields of a content block; a non-block item becomes a text block holding its JSON. */
function toContentBlock(item: unknown): ContentBlock {
  if (isObject(item) && typeof item.type === 'string') {
    return Object.fromEntries(Object.entries(item).filter(([, v]) => v !== null && v !== undefined)) as ContentBlock
  }
  return { type: 'text', text: typeof item === 'string' ? item : (JSON.stringify(item, null, 2) ?? '') }
}

/**
 * `structuredContent` must be an object: an object value is used as is; any other JSON value (array, number,
 * boolean, null) is wrapped as `{result: value}`. A string is parsed when it holds a JSON object (HTTP functions).
 */
function structured(value: unknown): JsonObject | undefined {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value)
      return isObject(parsed) ? parsed : undefined
    } catch {
      return undefined
    }
  }
  if (value === undefined) return undefined
  return isObject(value) ? value : { result: value }
}

/**
 * A string → one text item; an object with a `content` array → used as the result (its isError/structuredContent
 * kept); undefined → no content; any other JSON value → a text item with its JSON (2-space indented), plus
 * structuredContent when the tool declares an output schema. Success results always carry `isError: false`.
 */
export function toCallToolResult(value: unknown, options: ResultOptions = {}): CallToolResult {
  const wantStructured = options.outputSchema !== undefined && options.outputSchema !== null
  if (isObject(value) && Array.isArray(value.content)) {
    const result: CallToolResult = { content: value.content.map(toContentBlock), isError: value.isError === true }
    if (isObject(value.structuredContent)) result.structuredContent = value.structuredContent
    if (isObject(value._meta)) (result as CallToolResult & { _meta?: JsonObject })._meta = value._meta
    return result
  }
  if (value === undefined) return { content: [], isError: false }
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2)
  const result: CallToolResult = { content: [{ type: 'text', text }], isError: false }
  const structuredContent = wantStructured ? structured(value) : undefined
  if (structuredContent) result.structuredContent = structuredContent
  return result
}

/** A failed call as the client sees it: the message as the only text item. */
export function errorResult(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true }
}
