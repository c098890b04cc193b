// Slug rules (docs/decisions.md, Foundation): lower-case, other runs → "-", ≤ 63 chars, never a top-level path word.
const RESERVED_SLUGS = new Set([
  'servers',
  'toolkits',
  'tools',
  'resources',
  'prompts',
  'credentials',
  'providers',
  'oauth',
  'subscribe',
  'unsubscribe',
  'subscriptions',
  'subscription',
  'webhooks',
  'health',
  'initialize',
  'functions',
  'admin',
  'keys',
  'openapi',
  'docs',
  'metrics',
  'ui',
])

const MAX = 63

function baseSlug(name: string): string {
  const slug = name
    // Accented letters keep their base letter (é → e) instead of turning into a dash.
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX)
    .replace(/-+$/g, '')
  if (!slug) return 'server'
  if (RESERVED_SLUGS.has(slug)) return `${slug}-server`
  return slug
}

/** The first free slug for `name`: base, then base-2, base-3, … (trimmed so the suffix fits in 63 chars). */
export function uniqueSlug(name: string, taken: (slug: string) => boolean): string {
  const base = baseSlug(name)
  if (!taken(base)) return base
  for (let n = 2; ; n++) {
    const suffix = `-${n}`
    const candidate = base.slice(0, MAX - suffix.length).replace(/-+$/g, '') + suffix
    if (!taken(candidate)) return candidate
  }
}
