// In-memory fixed-window rate limiter (per minute) with the spec's limits per route group.
import { storageFaultOf } from '../lib/storage-errors'

export const DEFAULT_LIMITS = {
  protocol: 100,
  initialize: 10,
  servers_write: 20,
  servers_read: 60,
  server_tools: 30,
  toolkits_create: 10,
  toolkits_read: 100,
  toolkits_update: 50,
  toolkits_delete: 20,
  register: 50,
  tools_read: 100,
  tools_call: 1000,
  resources_read: 500,
  resources_misc: 100,
  prompts_list: 100,
  prompts_get: 500,
  credentials_write: 30,
  credentials_read: 100,
  oauth_write: 50,
  oauth_misc: 100,
  misc: 100,
  other: 100,
  functions_invoke: 60,
  // Not in the spec's table: bounds on subscription churn and inbound change reports (docs/decisions/0013-isolation.md).
  subscriptions: 30,
  webhooks_inbound: 100,
  // Keyless dynamic client registration, per client address (docs/decisions/0020-oauth-grants-registration-and-streams.md).
  oauth_register: 10,
  unlimited: 0,
} as const

export type RateGroup = keyof typeof DEFAULT_LIMITS

export interface RateDecision {
  allowed: boolean
  limit: number
  remaining: number
  resetSeconds: number
}

const WINDOW_MS = 60_000

export function createRateLimiter(overrides: Record<string, number> | 'off', now: () => number = Date.now) {
  const limits: Record<string, number> = overrides === 'off' ? {} : { ...DEFAULT_LIMITS, ...overrides }
  const windows = new Map<string, { start: number; count: number }>()
  let lastSweep = now()

  // Old windows are dropped once a minute so the map does not grow with every key ever seen.
  const sweep = (t: number) => {
    if (t - lastSweep < WINDOW_MS) return
    lastSweep = t
    for (const [k, w] of windows) if (t - w.start >= WINDOW_MS) windows.delete(k)
  }

  return {
    /**
     * Counts `n` requests (a JSON-RPC batch counts each message) of `subject` (an API key id or a client address) in
     * `group`, all or none; null = not limited.
     */
    hit(group: RateGroup, subject: string, n = 1): RateDecision | null {
      const limit = limits[group]
      if (overrides === 'off' || !limit) return null
      const t = now()
      sweep(t)
      const key = `${group}\u0000${subject}`
      let w = windows.get(key)
      if (!w || t - w.start >= WINDOW_MS) {
        w = { start: t, count: 0 }
        windows.set(key, w)
      }
      const resetSeconds = Math.max(1, Math.ceil((w.start + WINDOW_MS - t) / 1000))
      if (w.count + n > limit) return { allowed: false, limit, remaining: limit - w.count, resetSeconds }
      w.count += n
      return { allowed: true, limit, remaining: limit - w.count, resetSeconds }
    },
  }
}
/**
 * What the request path counts through: the in-memory limiter above (one instance), or `sharedRateLimiter` (windows in
 * PostgreSQL, shared by every instance), whose decision is a promise: callers await only when they get one.
 */
export interface RateLimiter {
  hit(group: RateGroup, subject: string, n?: number): RateDecision | null | Promise<RateDecision | null>
}

/** Fixed windows kept where every instance counts into them (src/db/postgres/shared/rate-windows.ts). */
export interface SharedWindows {
  hit(key: string, limit: number, n?: number): Promise<RateDecision>
}

/**
 * The same groups and limits as `createRateLimiter`, counted in windows every instance shares. While the database does
 * not answer (a storage fault), this instance counts in its own memory instead for `fallbackMs`, then asks the database
 * again: a request that needs nothing else from the database is still served and still limited, only per instance
 * (docs/reliability.md, "Faults").
 */
export function sharedRateLimiter(
  overrides: Record<string, number> | 'off',
  windows: SharedWindows,
  { fallbackMs = 5000, now = Date.now }: { fallbackMs?: number; now?: () => number } = {},
): RateLimiter {
  const limits: Record<string, number> = overrides === 'off' ? {} : { ...DEFAULT_LIMITS, ...overrides }
  const local = createRateLimiter(overrides, now)
  let localUntil = 0
  return {
    hit(group, subject, n = 1) {
      const limit = limits[group]
      if (overrides === 'off' || !limit) return null
      if (now() < localUntil) return local.hit(group, subject, n)
      // PostgreSQL text holds no NUL: the group (a fixed name without "/") ends at the first "/".
      return windows.hit(`${group}/${subject}`, limit, n).catch((e: unknown) => {
        if (!storageFaultOf(e)) throw e
        localUntil = now() + fallbackMs
        return local.hit(group, subject, n)
      })
    },
  }
}

export function rateHeaders(d: RateDecision): Record<string, string> {
  const h: Record<string, string> = {
    'RateLimit-Limit': String(d.limit),
    'RateLimit-Remaining': String(d.remaining),
    'RateLimit-Reset': String(d.resetSeconds),
  }
  if (!d.allowed) h['Retry-After'] = String(d.resetSeconds)
  return h
}
