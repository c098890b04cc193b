// Dashboard sign-in attempts per client address in fixed one-minute windows: a key or the admin token cannot be
// guessed at hundreds a second. Its own counter, not the API's rate limiter, so `TOOLYARD_RATE_LIMITS=off` (a
// benchmark setting) never turns it off (docs/decisions/0019-dashboard-sign-in-request-bodies-and-key-commands.md).

const WINDOW_MS = 60_000

export function createSignInLimit(perMinute: number, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>()
  let lastSweep = now()
  return {
    /** Counts one attempt from `address`: null when it may go on, else the seconds until it may try again. */
    attempt(address: string): number | null {
      const t = now()
      // Old windows are dropped once a minute, so the map holds only the addresses of the last minute.
      if (t - lastSweep >= WINDOW_MS) {
        lastSweep = t
        for (const [k, w] of windows) if (t - w.start >= WINDOW_MS) windows.delete(k)
      }
      let w = windows.get(address)
      if (!w || t - w.start >= WINDOW_MS) {
        w = { start: t, count: 0 }
        windows.set(address, w)
      }
      if (w.count >= perMinute) return Math.max(1, Math.ceil((w.start + WINDOW_MS - t) / 1000))
      w.count++
      return null
    },
  }
}
