// The in-memory read model of the request path: caches that answer from memory until a commit touches what they
// hold (docs/decisions/0015-hot-path.md). Built lazily, bounded, dropped per area.
import type { Area } from '../db/change-counters'
import type { ChangeSignal } from '../db/change-signal'
import { ANY_AREA } from '../db/postgres/change-feed'
import { Lru, type LruOptions } from './lru'

interface ViewOptions<R> extends LruOptions<R> {
  /** The areas the value is read from: a commit to any of them drops the cache (or, with `projectOf`, part of it). */
  areas: readonly Area[]
  /**
   * The project an entry belongs to (from its key or its value), when the value is read from that project's rows
   * only: a commit that touched other projects' rows then leaves the entry alone. Undefined (an unknown slug, a key
   * hash not found) means any commit to the areas drops it.
   */
  projectOf?: (key: string, value: R) => string | undefined
}

/** A view's key made `${projectId}\u0000…` (or the project id alone): its project. */
export const projectOfKey = (key: string): string => {
  const end = key.indexOf('\u0000')
  return end === -1 ? key : key.slice(0, end)
}

export interface ReadModel {
  /**
   * A cached view of an asynchronous `load` (a repository port): `peek` answers a hit synchronously, with no promise
   * made (the request path's lookups); `get` answers a hit the same way wrapped in a resolved promise, and a miss by
   * loading — concurrent misses for one key share one load. Results (undefined and null included) are kept.
   */
  view<A extends unknown[], R>(
    load: (...args: A) => Promise<R>,
    key: (...args: A) => string,
    opts: ViewOptions<R>,
  ): CachedView<A, R>
}

/** What `peek` returns when the value is not in memory (or must not be read from it now). */
export const MISS: unique symbol = Symbol('miss')

interface CachedView<A extends unknown[], R> {
  peek(...args: A): R | typeof MISS
  get(...args: A): Promise<R>
}

export interface ReadModelDeps {
  signal: ChangeSignal
  /** Each area's change counter; read only after the signal moved. */
  counters: () => Map<string, number>
  /**
   * True when the caller runs inside the open transaction (`store.inTransaction`): its reads may be rolled back, so
   * they bypass the caches; another request's hits stay valid (a commit drops them), and its misses wait in the store.
   */
  inTransaction: () => boolean
  /**
   * The projects whose rows of `area` changed after its counter stood at `after` (null: not known — every entry of
   * the area goes). Absent: every change drops whole areas.
   */
  projectsChanged?: (area: string, after: number) => ReadonlySet<string> | null
}

export function createReadModel({ signal, counters, inTransaction, projectsChanged }: ReadModelDeps): ReadModel {
  const caches: {
    areas: readonly Area[]
    lru: Lru<string, unknown>
    projectOf: ((key: string, value: unknown) => string | undefined) | undefined
  }[] = []
  let seen = signal.version()
  let counted = counters()

  /** Drops the caches of every area a commit touched since the last check; false inside the caller's transaction. */
  const freshFor = (): boolean => (inTransaction() ? false : dropChanged())
  const dropChanged = (): boolean => {
    const now = signal.version()
    if (now === seen) return true
    seen = now
    const next = counters()
    // Each changed area, with the projects it changed in (null: not known, the whole area goes).
    const changed = new Map<string, ReadonlySet<string> | null>()
    for (const [area, n] of next) {
      const before = counted.get(area)
      if (before === n) continue
      changed.set(area, before === undefined || !projectsChanged ? null : projectsChanged(area, before))
    }
    counted = next
    if (changed.size === 0) return true
    // `*`: the PostgreSQL change feed may have missed notifications (src/db/postgres/change-feed.ts): drop everything.
    const all = changed.has(ANY_AREA)
    for (const c of caches) dropFrom(c, all, changed)
    return true
  }
  /**
   * Drops what a commit touched from one cache: entries of the projects it changed when the cache knows its entries'
   * projects (a write in one tenant leaves every other tenant's tool sets warm), else the whole cache.
   */
  const dropFrom = (c: (typeof caches)[number], all: boolean, changed: Map<string, ReadonlySet<string> | null>) => {
    let whole = all
    const projects = new Set<string>()
    let touched = all
    for (const area of c.areas) {
      if (!changed.has(area)) continue
      touched = true
      const inProjects = changed.get(area)
      if (inProjects === null || inProjects === undefined) whole = true
      else for (const p of inProjects) projects.add(p)
    }
    if (!touched) return
    const { projectOf } = c
    if (whole || !projectOf) return c.lru.clear()
    c.lru.deleteWhere((key, value) => {
      const project = projectOf(key, value)
      return project === undefined || projects.has(project)
    })
  }

  return {
    view<A extends unknown[], R>(
      load: (...args: A) => Promise<R>,
      key: (...args: A) => string,
      opts: ViewOptions<R>,
    ): CachedView<A, R> {
      const lru = new Lru<string, R>(opts)
      caches.push({
        areas: opts.areas,
        lru: lru as Lru<string, unknown>,
        projectOf: opts.projectOf as ((key: string, value: unknown) => string | undefined) | undefined,
      })
      // Loads under way, by key: a burst of misses for one key reads the row once.
      const loading = new Map<string, Promise<R>>()
      const peek = (...args: A): R | typeof MISS => {
        if (!freshFor()) return MISS
        const hit = lru.entry(key(...args))
        return hit ? hit.value : MISS
      }
      const fill = (k: string, args: A): Promise<R> => {
        const inFlight = loading.get(k)
        if (inFlight !== undefined) return inFlight
        const before = seen
        const p = load(...args).then(
          (value) => {
            loading.delete(k)
            // Keep nothing read across a commit, nor anything read inside the caller's own transaction.
            if (freshFor() && seen === before) lru.set(k, value)
            else opts.dispose?.(value)
            return value
          },
          (e) => {
            loading.delete(k)
            throw e
          },
        )
        loading.set(k, p)
        return p
      }
      return {
        peek,
        get(...args: A): Promise<R> {
          // Inside the caller's own transaction: read through, uncached and unshared (it may roll back). The value is
          // the caller's alone: what it holds on its behalf is given back at once (it stays usable).
          if (!freshFor()) {
            const { dispose } = opts
            if (!dispose) return load(...args)
            return load(...args).then((value) => {
              dispose(value)
              return value
            })
          }
          const k = key(...args)
          const hit = lru.entry(k)
          return hit ? Promise.resolve(hit.value) : fill(k, args)
        },
      }
    },
  }
}
