// TypeBox schemas for projects and their API keys as shown to an operator (never the key or its hash).
import { type Static, t } from 'elysia'

export const Project = t.Object({ id: t.String(), name: t.String(), created_at: t.String() })
export type Project = Static<typeof Project>

/** An API key as listed: a display prefix, never the key or its hash. */
export const PublicKey = t.Object({
  id: t.String(),
  project_id: t.String(),
  name: t.String(),
  prefix: t.String(),
  role: t.Union([t.Literal('admin'), t.Literal('mcp')]),
  /** The servers an `mcp` key may use; null = every server of the project. */
  server_ids: t.Union([t.Array(t.String()), t.Null()]),
  created_at: t.String(),
  expires_at: t.Optional(t.String()),
  revoked_at: t.Optional(t.String()),
  last_used_at: t.Optional(t.String()),
})
export type PublicKey = Static<typeof PublicKey>
