// In-memory read cache: entries keyed by resource id + requested uri, expiring after the resource's cache_ttl_seconds,
// bounded by total bytes (TOOLYARD_RESOURCE_CACHE_BYTES), least recently used out first.
// Kept in memory (not SQLite): a cache is disposable, and a restart simply reads the source again.
import { resultBytes } from '../../limits'
import type { ResourceContents } from '../../mcp/backend'

const MAX_ENTRIES = 5000

type Entry = { resourceId: string; expiresAt: number; contents: ResourceContents[]; bytes: number }

export function createReadCache(maxBytes = 64 * 1024 * 1024, now: () => number = Date.now) {
  // Map keeps insertion order; a hit is re-inserted, so the first key is always the least recently used.
  const entries = new Map<string, Entry>()
  let totalBytes = 0
  // Bumped on every drop so a read that started before an update cannot store its stale result afterwards.
  const generations = new Map<string, number>()
  const key = (resourceId: string, uri: string) => `${resourceId}\n${uri}`
  const remove = (k: string) => {
    const e = entries.get(k)
    if (!e) return
    totalBytes -= e.bytes
    entries.delete(k)
  }
  return {
    generation: (resourceId: string): number => generations.get(resourceId) ?? 0,
    get(resourceId: string, uri: string): ResourceContents[] | undefined {
      const k = key(resourceId, uri)
      const hit = entries.get(k)
      if (!hit) return undefined
      if (hit.expiresAt <= now()) {
        remove(k)
        return undefined
      }
      entries.delete(k)
      entries.set(k, hit)
      return hit.contents
    },
    set(resourceId: string, uri: string, ttlSeconds: number, contents: ResourceContents[], generation: number) {
      if (ttlSeconds <= 0 || generation !== (generations.get(resourceId) ?? 0)) return
      const bytes = resultBytes(contents)
      // One read larger than the whole budget is served but never kept.
      if (bytes > maxBytes) return
      const k = key(resourceId, uri)
      remove(k)
      while (entries.size && (entries.size >= MAX_ENTRIES || totalBytes + bytes > maxBytes))
        remove(entries.keys().next().value!)
      entries.set(k, { resourceId, expiresAt: now() + ttlSeconds * 1000, contents, bytes })
      totalBytes += bytes
    },
    /** Drops every cached read of one resource (all template expansions). */
    drop(resourceId: string) {
      generations.set(resourceId, (generations.get(resourceId) ?? 0) + 1)
      for (const [k, v] of entries) if (v.resourceId === resourceId) remove(k)
    },
    /** Bytes held now (for tests and the reliability figures). */
    bytes: (): number => totalBytes,
  }
}
export type ReadCache = ReturnType<typeof createReadCache>
