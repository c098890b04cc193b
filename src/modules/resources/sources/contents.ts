// Turning raw source output into MCP resource contents: text for textual mime types, base64 blob otherwise.
import type { ResourceContents } from '../../../mcp/backend'

const TEXTUAL =
  /^(text\/|application\/(json|xml|javascript|ecmascript|yaml|x-yaml|toml|sql|graphql|x-www-form-urlencoded|x-sh|csv)\b)|[+](json|xml|yaml)\b/i

const isTextMime = (mimeType: string): boolean => TEXTUAL.test(mimeType)

export function fromBytes(uri: string, mimeType: string, bytes: Uint8Array): ResourceContents {
  if (isTextMime(mimeType)) return { uri, mimeType, text: new TextDecoder().decode(bytes) }
  return { uri, mimeType, blob: Buffer.from(bytes).toString('base64') }
}

export function fromText(uri: string, mimeType: string, text: string): ResourceContents {
  if (isTextMime(mimeType)) return { uri, mimeType, text }
  return { uri, mimeType, blob: Buffer.from(text).toString('base64') }
}

/** Strict base64 check (what MCP clients verify with atob). */
export function isBase64(value: string): boolean {
  if (value.length % 4 !== 0) return false
  return /^[A-Za-z0-9+/]*={0,2}$/.test(value)
}

/** A function's result: a string → text, `{blob, mimeType?}` → blob, anything else → its JSON as text. */
export function fromFunctionValue(uri: string, mimeType: string, value: unknown): ResourceContents {
  if (typeof value === 'string') return { uri, mimeType, text: value }
  if (value && typeof value === 'object' && typeof (value as { blob?: unknown }).blob === 'string') {
    const v = value as { blob: string; mimeType?: unknown }
    const type = typeof v.mimeType === 'string' && v.mimeType ? v.mimeType : mimeType
    return { uri, mimeType: type, blob: v.blob }
  }
  return { uri, mimeType, text: JSON.stringify(value ?? null) }
}
