// In-memory read cache: entries keyed by resource id + requested uri, expiring after the resource's cache_ttl_seconds.
// Kept in memory (not SQLite): a cache is disposable, and a restart simply reads the source again.
import type { ResourceContents } from '../../mcp/backend'

const MAX_ENTRIES = 5000

export function createReadCache(now: () => number = Date.now) {
  const entries = new Map<string, { resourceId: string; expiresAt: number; contents: ResourceContents[] }>()
  // Bumped on every drop so a read that started before an update cannot store its stale result afterwards.
  const generations = new Map<string, number>()
  const key = (resourceId: string, uri: string) => `${resourceId}\n${uri}`
  return {
    generation: (resourceId: string): number => generations.get(resourceId) ?? 0,
    get(resourceId: string, uri: string): ResourceContents[] | undefined {
      const k = key(resourceId, uri)
      const hit = entries.get(k)
      if (!hit) return undefined
      if (hit.expiresAt <= now()) {
        entries.delete(k)
        return undefined
      }
      return hit.contents
    },
    set(resourceId: string, uri: string, ttlSeconds: number, contents: ResourceContents[], generation: number) {
      if (ttlSeconds <= 0 || generation !== (generations.get(resourceId) ?? 0)) return
      // Oldest first: Map keeps insertion order, so the first key is the oldest entry.
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!)
      entries.set(key(resourceId, uri), { resourceId, expiresAt: now() + ttlSeconds * 1000, contents })
    },
    /** Drops every cached read of one resource (all template expansions). */
    drop(resourceId: string) {
      generations.set(resourceId, (generations.get(resourceId) ?? 0) + 1)
      for (const [k, v] of entries) if (v.resourceId === resourceId) entries.delete(k)
    },
  }
}
export type ReadCache = ReturnType<typeof createReadCache>
