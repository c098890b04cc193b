// Tool names made from names we do not choose (an OpenAPI operationId, an upstream MCP server's tool name with its
// prefix) kept to the 64 characters OpenAI's and Anthropic's function calling accept.
import { createHash } from './node-crypto'

/** Longest tool name the model providers take (^[a-zA-Z0-9_-]{1,64}$). */
export const MAX_TOOL_NAME = 64
const HASH_CHARS = 6

/**
 * `name` when it fits; else its start cut at a word boundary (`_`) and `_` + six hex characters of the whole name's
 * SHA-256: two long names that share their first 57 characters still get different names, and a re-import or re-list
 * of the same name gets the same one. A start with no `_` in its second half is cut where it reaches the limit.
 */
export function shortToolName(name: string, max = MAX_TOOL_NAME): string {
  if (name.length <= max) return name
  const hash = createHash('sha256').update(name).digest('hex').slice(0, HASH_CHARS)
  const room = max - HASH_CHARS - 1
  let head = name.slice(0, room)
  const boundary = head.lastIndexOf('_')
  // A boundary in the first half would throw away more of the name than the word it keeps whole.
  if (boundary >= room / 2) head = head.slice(0, boundary)
  head = head.replace(/[_.-]+$/, '')
  return `${head}_${hash}`
}
