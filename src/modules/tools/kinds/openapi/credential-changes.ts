// What a re-import changes about where credentials go: the hosts each credential provider's tools call (the toolkit's
// base_url, else each operation's server) and the security schemes (how and where a secret is placed, an OAuth token
// URL). A new host for a credential, or a new or changed scheme, needs the caller's confirmation
// (docs/decisions/0102-openapi-reimport-confirm.md).
import type { OperationPlan } from './plan'
import type { SchemePlan } from './security'

export interface CredentialChanges {
  /** Per provider: the hosts its credential went to and the hosts it would go to (origins, sorted). */
  hosts: { provider: string; from: string[]; to: string[] }[]
  /** Security schemes by provider id. */
  schemes: { added: string[]; changed: string[]; removed: string[] }
}

export interface CredentialUse {
  operations: readonly OperationPlan[]
  /** The toolkit's base_url, which replaces every operation's server. */
  baseUrl?: string | undefined
}

function origin(url: string): string | undefined {
  try {
    const u = new URL(url)
    return /^https?:$/.test(u.protocol) ? u.origin : undefined
  } catch {
    return undefined
  }
}

/** The scheme as it decides where and how a secret goes (the scopes one operation asks for are not part of it). */
const schemeText = ({ required_scopes: _, ...scheme }: SchemePlan) => JSON.stringify(scheme)

function uses(use: CredentialUse) {
  const hosts = new Map<string, Set<string>>()
  const schemes = new Map<string, string>()
  for (const op of use.operations) {
    const host = origin(use.baseUrl || op.server)
    for (const s of op.security) {
      schemes.set(s.provider, schemeText(s))
      const set = hosts.get(s.provider) ?? new Set<string>()
      if (host) set.add(host)
      hosts.set(s.provider, set)
    }
  }
  return { hosts, schemes }
}

/** The changes from `before` to `after`, or undefined when credentials go where and how they went. */
export function credentialChanges(before: CredentialUse, after: CredentialUse): CredentialChanges | undefined {
  const old = uses(before)
  const next = uses(after)
  const hosts: CredentialChanges['hosts'] = []
  for (const [provider, to] of next.hosts) {
    const from = old.hosts.get(provider) ?? new Set<string>()
    if ([...to].some((h) => !from.has(h))) hosts.push({ provider, from: [...from].sort(), to: [...to].sort() })
  }
  const schemes: CredentialChanges['schemes'] = { added: [], changed: [], removed: [] }
  for (const [provider, text] of next.schemes) {
    const was = old.schemes.get(provider)
    if (was === undefined) schemes.added.push(provider)
    else if (was !== text) schemes.changed.push(provider)
  }
  for (const provider of old.schemes.keys()) if (!next.schemes.has(provider)) schemes.removed.push(provider)
  for (const list of Object.values(schemes)) list.sort()
  hosts.sort((a, b) => a.provider.localeCompare(b.provider))
  if (!hosts.length && !schemes.added.length && !schemes.changed.length && !schemes.removed.length) return undefined
  return { hosts, schemes }
}

/** Whether the changes need confirming: a credential would reach a new host, or a scheme is new or changed. */
export const needsConfirmation = (c: CredentialChanges) =>
  c.hosts.length > 0 || c.schemes.added.length > 0 || c.schemes.changed.length > 0

/** One line per change, naming old and new hosts (the 409's message and details). */
export function describeChanges(c: CredentialChanges): string[] {
  const list = (hosts: string[]) => (hosts.length ? hosts.join(', ') : 'none')
  return [
    ...c.hosts.map((h) => `credential ${h.provider}: hosts ${list(h.from)} → ${list(h.to)}`),
    ...c.schemes.added.map((p) => `security scheme ${p} added`),
    ...c.schemes.changed.map((p) => `security scheme ${p} changed`),
  ]
}
