// A server as stored: the shape admission (src/mcp) resolves a slug to and hands to the features that serve it.
// It lives on the ground floor so the protocol layer depends on this type, never on the servers repository
// (docs/architecture.md, "Layers").
export type ServerRow = {
  id: string
  project_id: string
  slug: string
  name: string
  display_name: string | null
  description: string | null
  auth: 'api_key' | 'none'
  /** Tool discovery settings as JSON text (src/modules/servers/discovery.ts); null = off. */
  tool_discovery: string | null
  /** What a tool call's audit entry keeps of its arguments (src/modules/audit): only their hash, redacted, or all. */
  log_arguments?: 'none' | 'redacted' | 'full'
  created_at: string
  updated_at: string
}
