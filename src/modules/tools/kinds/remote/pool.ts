// Upstream connections kept per (toolkit, credential, upstream settings): a call takes an idle one or opens one, and
// gives it back when it ends; one left idle longer than `idleMs` is closed. A connection serves one call at a time, so
// what the upstream sends during a call (progress, logs, questions) belongs to that call. A key keeps as many idle
// connections as it had calls in flight lately (at least `maxIdlePerKey`, at most `maxIdleCeiling`): with fewer, a
// steady 32 calls at once would close most connections as their calls end and open them again (a new session: three
// upstream requests) for the next ones.
import type { MaybePromise } from '../../../../lib/maybe-promise'
import type { UpstreamConnection } from './connect'

interface Idle {
  conn: UpstreamConnection
  since: number
}

/** However many calls a key had in flight, no more idle connections than this are kept for it. */
const MAX_IDLE_CEILING = 256

export function upstreamPool(o: { idleMs: number; maxIdlePerKey: number; maxIdleCeiling?: number }) {
  const idle = new Map<string, Idle[]>()
  const ceiling = Math.max(o.maxIdlePerKey, o.maxIdleCeiling ?? MAX_IDLE_CEILING)
  // Per key: calls holding a connection now, and the most held at once since the last sweep (what idle may keep).
  const busy = new Map<string, { now: number; peak: number }>()
  const sweep = (now = Date.now()) => {
    for (const [key, b] of busy) {
      if (b.now === 0) busy.delete(key)
      else b.peak = b.now
    }
    for (const [key, list] of idle) {
      const keep = list.filter((i) => !i.conn.closed && now - i.since < o.idleMs)
      for (const i of list) if (!keep.includes(i)) void i.conn.close()
      if (keep.length) idle.set(key, keep)
      else idle.delete(key)
    }
  }
  const done = (key: string) => {
    const b = busy.get(key)
    if (b && b.now > 0) b.now--
    return b
  }
  const timer = setInterval(sweep, Math.max(1000, Math.min(o.idleMs, 30_000)))
  timer.unref?.()

  return {
    /** An idle connection of the key in hand (no promise made), or a promise of a new one. */
    acquire(key: string, open: () => Promise<UpstreamConnection>): MaybePromise<UpstreamConnection> {
      const b = busy.get(key)
      if (b) b.peak = Math.max(b.peak, ++b.now)
      else busy.set(key, { now: 1, peak: 1 })
      const list = idle.get(key)
      while (list?.length) {
        const { conn } = list.pop()!
        if (!conn.closed) return conn
      }
      return open().catch((e: unknown) => {
        done(key)
        throw e
      })
    },
    /**
     * Gives a connection back: every `acquire` that resolved is followed by one `release`. `keep: false` (a stuck or
     * broken connection) closes it instead of keeping it idle.
     */
    release(key: string, conn: UpstreamConnection, keep = true) {
      const b = done(key)
      if (!keep) {
        void conn.close()
        return
      }
      if (conn.closed) return
      const list = idle.get(key) ?? []
      if (list.length >= Math.min(ceiling, Math.max(o.maxIdlePerKey, b?.peak ?? 0))) {
        void conn.close()
        return
      }
      list.push({ conn, since: Date.now() })
      idle.set(key, list)
    },
    /** Closes every idle connection whose key starts with `prefix` (a toolkit changed or was deleted). */
    forget(prefix: string) {
      for (const [key, list] of idle)
        if (key.startsWith(prefix)) {
          for (const i of list) void i.conn.close()
          idle.delete(key)
        }
    },
    sweep,
    idleCount: () => [...idle.values()].reduce((n, l) => n + l.length, 0),
    close() {
      clearInterval(timer)
      for (const list of idle.values()) for (const i of list) void i.conn.close()
      idle.clear()
    },
  }
}
export type UpstreamPool = ReturnType<typeof upstreamPool>
