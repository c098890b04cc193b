// Which protocol era a POST belongs to: the stateless 2026-07-28 revision (./modern) or the session revisions.
import { isObject } from './jsonrpc'
import { isSupported } from './versions'

const META_VERSION = 'io.modelcontextprotocol/protocolVersion'

/**
 * Modern iff the body's `_meta` names a protocol version, or (not an initialize, no session) the version header names
 * anything but a session revision. So a legacy initialize with a 2026 header stays legacy, and an unknown header
 * value reaches the modern path, whose answer (-32022 with the supported list) lets any client pick a revision.
 */
export function isModernRequest(headers: Headers, body: unknown): boolean {
  const first = Array.isArray(body) ? undefined : body
  const params = isObject(first) && isObject(first.params) ? first.params : undefined
  if (params && isObject(params._meta) && params._meta[META_VERSION] !== undefined) return true
  if (isObject(first) && first.method === 'initialize') return false
  if (headers.get('mcp-session-id') !== null) return false
  const v = headers.get('mcp-protocol-version')?.trim()
  return v !== undefined && v !== '' && !isSupported(v)
}
