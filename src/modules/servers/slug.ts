// Slug rules (docs/decisions/README.md, Foundation): lower-case, other runs → "-", ≤ 63 chars, never a top-level path word.
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
  'users',
  'connect',
  'identity-provider',
  'policies',
  'approvals',
  'audit',
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

/** The slugs `name` may take, in order: base, then base-2, base-3, … (trimmed so the suffix fits in 63 chars). */
function* candidates(name: string): Generator<string> {
  const base = baseSlug(name)
  yield base
  for (let n = 2; ; n++) {
    const suffix = `-${n}`
    yield base.slice(0, MAX - suffix.length).replace(/-+$/g, '') + suffix
  }
}

/** The first free slug for `name`. */
export function uniqueSlug(name: string, taken: (slug: string) => boolean): string {
  for (const slug of candidates(name)) if (!taken(slug)) return slug
  throw new Error('unreachable')
}

/** `uniqueSlug` asking the storage port (asynchronous) whether a slug is taken. */
export async function firstFreeSlug(name: string, taken: (slug: string) => Promise<boolean>): Promise<string> {
  for (const slug of candidates(name)) if (!(await taken(slug))) return slug
  throw new Error('unreachable')
}
