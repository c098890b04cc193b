// The in-memory read model of the request path: caches that answer from memory until the change signal moves
// (docs/decisions.md, "Hot path"). Built lazily, bounded, dropped whole on any write.
import type { ChangeSignal } from './change-signal'
import { Lru, type LruOptions } from './lru'

export interface ReadModel {
  /**
   * A cached view of `load`: answers from memory while nothing was written; `key` names the arguments. Results
   * (undefined and null included) are kept; callers must not mutate what they get.
   */
  memo<A extends unknown[], R>(
    load: (...args: A) => R,
    key: (...args: A) => string,
    opts: LruOptions<R>,
  ): (...args: A) => R
  /** Whether the caches were valid at the last check, and how many times they were dropped (tests, bench). */
  stats(): { drops: number; entries: number }
}

export interface ReadModelDeps {
  signal: ChangeSignal
  /** True while a write transaction is open on this connection: its reads may be rolled back, so they bypass caches. */
  inTransaction: () => boolean
}

export function createReadModel({ signal, inTransaction }: ReadModelDeps): ReadModel {
  const caches: Lru<string, unknown>[] = []
  let seen = signal.version()
  let drops = 0

  /** Drops every cache when the signal moved since the last check; false inside a transaction (do not cache). */
  const fresh = (): boolean => {
    if (inTransaction()) return false
    const now = signal.version()
    if (now !== seen) {
      seen = now
      drops++
      for (const c of caches) c.clear()
    }
    return true
  }

  return {
    memo<A extends unknown[], R>(
      load: (...args: A) => R,
      key: (...args: A) => string,
      opts: LruOptions<R>,
    ): (...args: A) => R {
      const cache = new Lru<string, R>(opts)
      caches.push(cache as Lru<string, unknown>)
      return (...args: A): R => {
        if (!fresh()) return load(...args)
        const k = key(...args)
        if (cache.has(k)) return cache.get(k) as R
        const value = load(...args)
        // A load that wrote (it should not) moved the signal: keep nothing built across a write.
        if (signal.version() === seen) cache.set(k, value)
        return value
      }
    },
    stats: () => ({ drops, entries: caches.reduce((n, c) => n + c.size, 0) }),
  }
}
