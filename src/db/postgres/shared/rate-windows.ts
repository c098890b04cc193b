// Rate-limit windows shared by every instance on one PostgreSQL (docs/decisions/0039-postgresql-repositories.md): the
// PostgreSQL counterpart of src/http/rate-limit.ts's in-memory fixed windows, so a key's limit holds however a
// balancer spreads its requests. Windows are fixed minutes of the clock (aligned, so every instance counts into the
// same one); each counts with one `INSERT … ON CONFLICT DO UPDATE … RETURNING`, refused in the statement itself when
// it would pass the limit, so two instances racing for the last request cannot both get it.
//
// Local batching (optional, `batch` > 1): an instance takes `batch` requests' worth of the window at once and serves
// the next requests of that key from what it holds, one round trip per `batch` requests instead of one per request.
// The limit still holds exactly (nothing is ever counted twice or handed out past it); the slack is on the strict
// side only: what an instance took and did not use by the end of the window (at most batch − 1 per key and instance)
// is lost, so with N instances a key may be refused up to N × (batch − 1) requests early in a window.
import type { PgDb, Queries } from '../sql'

/** The advisory lock key for making the table ("ratewin" as bytes; migrations take another). */
const RATE_WINDOWS_LOCK = 0x7261746577696en

/** One fixed window: 60 s, aligned to the clock's minutes. */
const WINDOW_MS = 60_000

/**
 * The table is state, not schema the features read: an unlogged table (no WAL; emptied after a crash, which forgets
 * at most the current minute's counts). It is made here, idempotently, until PostgreSQL mode gets its own migration
 * for it (a migration number must stay SQLite's too).
 */
export async function ensureRateWindows(db: PgDb): Promise<void> {
  // Instances starting together would race in CREATE … IF NOT EXISTS (a duplicate catalog row): one at a time.
  await db.tx(async (tx) => {
    await tx.run(`SELECT pg_advisory_xact_lock(${RATE_WINDOWS_LOCK})`)
    await tx.run(`CREATE UNLOGGED TABLE IF NOT EXISTS rate_limit_windows (
      key TEXT NOT NULL,
      window_start BIGINT NOT NULL,
      count INTEGER NOT NULL,
      PRIMARY KEY (key, window_start)
    )`)
  })
}

export interface SharedRateDecision {
  allowed: boolean
  limit: number
  /** What is left of the window (for this instance's view: what it holds plus what the shared count leaves). */
  remaining: number
  resetSeconds: number
}

interface Held {
  windowStart: number
  /** Requests this instance took from the shared count and has not used yet. */
  tokens: number
  /** The shared count when this instance last took from it. */
  shared: number
}

/**
 * A limiter over the shared windows. `hit(key, limit, n)` counts `n` requests (all or none), as the in-memory
 * limiter's `hit` does. Old windows are swept by whichever instance sees a new minute first.
 */
export function sharedRateWindows(
  q: Queries,
  { batch = 1, now = Date.now }: { batch?: number; now?: () => number } = {},
) {
  const held = new Map<string, Held>()
  /** The last queued hit per key (batching only). */
  const queues = new Map<string, Promise<void>>()
  let sweptWindow = 0

  /** Adds `k` to the window's count if the result stays within `limit`; the new count, else null. */
  const take = async (key: string, windowStart: number, k: number, limit: number): Promise<number | null> => {
    if (k > limit) return null
    const row = await q.get<{ count: number }>(
      `INSERT INTO rate_limit_windows AS w (key, window_start, count) VALUES ($key, $window_start, $k)
       ON CONFLICT (key, window_start) DO UPDATE SET count = w.count + excluded.count
         WHERE w.count + excluded.count <= $limit
       RETURNING count`,
      { key, window_start: windowStart, k, limit },
    )
    return row?.count ?? null
  }

  const sweep = async (windowStart: number) => {
    if (windowStart <= sweptWindow) return
    sweptWindow = windowStart
    for (const [key, h] of held) if (h.windowStart < windowStart) held.delete(key)
    await q.run('DELETE FROM rate_limit_windows WHERE window_start < $current', { current: windowStart })
  }

  const hitNow = async (key: string, limit: number, n: number): Promise<SharedRateDecision> => {
    const t = now()
    const windowStart = Math.floor(t / WINDOW_MS) * WINDOW_MS
    const resetSeconds = Math.max(1, Math.ceil((windowStart + WINDOW_MS - t) / 1000))
    await sweep(windowStart)
    let h = held.get(key)
    if (!h || h.windowStart !== windowStart) {
      h = { windowStart, tokens: 0, shared: 0 }
      held.set(key, h)
    }
    const decision = (allowed: boolean) => ({
      allowed,
      limit,
      remaining: Math.max(0, limit - h.shared + h.tokens),
      resetSeconds,
    })
    if (h.tokens >= n) {
      h.tokens -= n
      return decision(true)
    }
    // What this instance still holds is spent first; the rest comes from the shared count, a batch at a time.
    const need = n - h.tokens
    const want = Math.max(need, batch)
    let count = await take(key, windowStart, want, limit)
    let got = want
    if (count === null && want > need) {
      count = await take(key, windowStart, need, limit)
      got = need
    }
    if (count === null) {
      const row = await q.get<{ count: number }>(
        'SELECT count FROM rate_limit_windows WHERE key = $key AND window_start = $window_start',
        { key, window_start: windowStart },
      )
      h.shared = row?.count ?? 0
      return decision(false)
    }
    h.shared = count
    h.tokens = h.tokens + got - n
    return decision(true)
  }

  return {
    /** Counts `n` requests of `key` against `limit` in the current window, all or none. */
    hit(key: string, limit: number, n = 1): Promise<SharedRateDecision> {
      if (batch <= 1) return hitNow(key, limit, n)
      // Batching: hits racing on one key would each take a batch while the others' tokens sit unused — so they queue
      // per key, and each finds what the one before took. Most are then served from memory without a round trip.
      const result = (queues.get(key) ?? Promise.resolve()).then(() => hitNow(key, limit, n))
      const tail = result.then(
        () => {},
        () => {},
      )
      queues.set(key, tail)
      void tail.then(() => {
        if (queues.get(key) === tail) queues.delete(key)
      })
      return result
    },
  }
}
