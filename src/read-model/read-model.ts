// The in-memory read model of the request path: caches that answer from memory until a commit touches what they
// hold (docs/decisions.md, "Hot path"). Built lazily, bounded, dropped per area.
import type { Area } from '../db/change-counters'
import type { ChangeSignal } from '../db/change-signal'
import { Lru, type LruOptions } from './lru'

interface MemoOptions<R> extends LruOptions<R> {
  /** The areas the value is read from: a commit to any of them drops the cache. */
  areas: readonly Area[]
}

export interface ReadModel {
  /**
   * A cached view of `load`: answers from memory while nothing it reads from changed; `key` names the arguments.
   * Results (undefined and null included) are kept; callers must not mutate what they get.
   */
  memo<A extends unknown[], R>(
    load: (...args: A) => R,
    key: (...args: A) => string,
    opts: MemoOptions<R>,
  ): (...args: A) => R
}

export interface ReadModelDeps {
  signal: ChangeSignal
  /** Each area's change counter; read only after the signal moved. */
  counters: () => Map<string, number>
  /** True while a write transaction is open on this connection: its reads may be rolled back, so they bypass caches. */
  inTransaction: () => boolean
}

export function createReadModel({ signal, counters, inTransaction }: ReadModelDeps): ReadModel {
  const caches: { areas: readonly Area[]; lru: Lru<string, unknown> }[] = []
  let seen = signal.version()
  let counted = counters()

  /** Drops the caches of every area a commit touched since the last check; false inside a transaction (do not cache). */
  const fresh = (): boolean => {
    if (inTransaction()) return false
    const now = signal.version()
    if (now === seen) return true
    seen = now
    const next = counters()
    const changed = new Set<string>()
    for (const [area, n] of next) if (counted.get(area) !== n) changed.add(area)
    counted = next
    if (changed.size) for (const c of caches) if (c.areas.some((a) => changed.has(a))) c.lru.clear()
    return true
  }

  return {
    memo<A extends unknown[], R>(
      load: (...args: A) => R,
      key: (...args: A) => string,
      opts: MemoOptions<R>,
    ): (...args: A) => R {
      const lru = new Lru<string, R>(opts)
      caches.push({ areas: opts.areas, lru: lru as Lru<string, unknown> })
      return (...args: A): R => {
        if (!fresh()) return load(...args)
        const k = key(...args)
        const hit = lru.entry(k)
        if (hit) return hit.value
        const before = seen
        const value = load(...args)
        // Keep nothing read across a commit (a load should not write, but another process may have committed).
        if (fresh() && seen === before) lru.set(k, value)
        return value
      }
    },
  }
}
