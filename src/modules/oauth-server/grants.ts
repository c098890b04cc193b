// How long an OAuth grant lives (docs/decisions/0020-oauth-grants-registration-and-streams.md): at most 30 days after
// its approval whatever the refreshes, and never past the approving key's revocation or expiry.
import type { GrantWithKey } from './repository'

const GRANT_TTL_MS = 30 * 86_400_000

/** When the grant ends (ms since epoch): 30 days after approval, or the approving key's expiry if sooner. */
export function grantEnd(g: GrantWithKey): number {
  const cap = Date.parse(g.created_at) + GRANT_TTL_MS
  return g.key_expires_at ? Math.min(cap, Date.parse(g.key_expires_at)) : cap
}

/** Whether the grant's tokens still work: not revoked, its key still there and not revoked, not past its end. */
export function grantLive(g: GrantWithKey | null | undefined, now = Date.now()): g is GrantWithKey {
  if (!g || g.revoked_at) return false
  // A grant approved before keys were recorded (key_id null) ends only by its 30 days.
  if (g.key_id && (!g.key_found || g.key_revoked_at)) return false
  return grantEnd(g) > now
}
