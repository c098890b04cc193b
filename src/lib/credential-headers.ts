// Which header names a credential may never be sent under. The MCP transport's own headers (`Mcp-Session-Id`,
// `Mcp-Protocol-Version`, every `Mcp-*`) would be overwritten by the transport or would confuse the upstream's session
// handling; connection-level headers (RFC 9110 §7.6.1 and framing: Connection, Keep-Alive, Transfer-Encoding, Upgrade,
// TE, Trailer, Host, Content-Length) and `Proxy-*` are consumed by the connection or a proxy on the way, so a secret
// there either breaks the request, smuggles a second one, or goes to someone other than the upstream.

const CONNECTION_LEVEL = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'host',
  'content-length',
])

/** Why `name` cannot carry a credential, or undefined when it can. */
export function credentialHeaderProblem(name: string): string | undefined {
  const lower = name.trim().toLowerCase()
  if (lower.startsWith('mcp-')) return 'cannot carry a credential: Mcp-* headers belong to the MCP transport'
  if (lower.startsWith('proxy-')) return 'cannot carry a credential: Proxy-* headers are meant for a proxy on the way'
  if (CONNECTION_LEVEL.has(lower)) return 'cannot carry a credential: it is a connection-level header'
  return undefined
}
