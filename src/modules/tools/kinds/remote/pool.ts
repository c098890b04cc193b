// Upstream connections kept per (toolkit, credential, upstream settings): a call takes an idle one or opens one, and
// gives it back when it ends; one left idle longer than `idleMs` is closed. A connection serves one call at a time, so
// what the upstream sends during a call (progress, logs, questions) belongs to that call.
import type { UpstreamConnection } from './connect'

interface Idle {
  conn: UpstreamConnection
  since: number
}

export function upstreamPool(o: { idleMs: number; maxIdlePerKey: number }) {
  const idle = new Map<string, Idle[]>()
  const sweep = (now = Date.now()) => {
    for (const [key, list] of idle) {
      const keep = list.filter((i) => !i.conn.closed && now - i.since < o.idleMs)
      for (const i of list) if (!keep.includes(i)) void i.conn.close()
      if (keep.length) idle.set(key, keep)
      else idle.delete(key)
    }
  }
  const timer = setInterval(sweep, Math.max(1000, Math.min(o.idleMs, 30_000)))
  timer.unref?.()

  return {
    async acquire(key: string, open: () => Promise<UpstreamConnection>): Promise<UpstreamConnection> {
      const list = idle.get(key)
      while (list?.length) {
        const { conn } = list.pop()!
        if (!conn.closed) return conn
      }
      return open()
    },
    release(key: string, conn: UpstreamConnection) {
      if (conn.closed) return
      const list = idle.get(key) ?? []
      if (list.length >= o.maxIdlePerKey) {
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
