// The `admin_claim` of an identity provider (docs/decisions/0338-dashboard-sign-in-admin-claim.md): `name=value` — the
// ID token's claim `name` equals `value`, or is a list holding it — or `name` alone: the claim is `true`. A dotted name
// that is not itself a claim reads nested objects (`realm_access.roles=admin`).

export interface AdminClaim {
  name: string
  value?: string
}

/** The rule a setting names, or a sentence saying what is wrong with it. */
export function parseAdminClaim(text: string): AdminClaim | string {
  const eq = text.indexOf('=')
  const name = (eq < 0 ? text : text.slice(0, eq)).trim()
  const value = eq < 0 ? undefined : text.slice(eq + 1).trim()
  if (!name || /\s/.test(name)) return 'must be `claim=value` or `claim`, with a claim name without spaces'
  if (value === '') return 'the value after = is empty'
  return value === undefined ? { name } : { name, value }
}

function claimAt(claims: Record<string, unknown>, name: string): unknown {
  if (name in claims) return claims[name]
  let at: unknown = claims
  for (const part of name.split('.')) {
    if (typeof at !== 'object' || at === null) return undefined
    at = (at as Record<string, unknown>)[part]
  }
  return at
}

/** Whether the ID token's claims satisfy the rule. */
export function claimsGrantAdmin(rule: AdminClaim, claims: Record<string, unknown>): boolean {
  const found = claimAt(claims, rule.name)
  if (rule.value === undefined) return found === true
  if (Array.isArray(found)) return found.some((v) => String(v) === rule.value)
  return (
    (typeof found === 'string' || typeof found === 'number' || typeof found === 'boolean') &&
    String(found) === rule.value
  )
}
