// A bounded map that forgets the least recently used entries once a count or a total weight is exceeded.

export interface LruOptions<V> {
  maxEntries: number
  /** Total weight allowed (e.g. tools held); an entry heavier than this is never kept. */
  maxWeight?: number
  weigh?: (value: V) => number
  /**
   * Called once with each value that leaves (deleted, evicted, replaced, cleared, or never kept for its weight): what
   * the value holds elsewhere on its behalf (a shared schema's count of holders) is given back.
   */
  dispose?: (value: V) => void
}

interface Entry<V> {
  value: V
  weight: number
  used: number
}

/** How many of the oldest entries an eviction looks at; the least recently used of them goes. */
const SAMPLE = 8

/**
 * Reads only stamp the entry (no Map reordering: a hit on the request path costs one lookup). An eviction samples the
 * oldest-inserted entries and drops the least recently used among them — LRU for all practical purposes, O(1) per
 * insert even when full.
 */
export class Lru<K, V> {
  private readonly map = new Map<K, Entry<V>>()
  private weight = 0
  private clock = 0

  constructor(private readonly opts: LruOptions<V>) {}

  get size(): number {
    return this.map.size
  }

  get totalWeight(): number {
    return this.weight
  }

  has(key: K): boolean {
    return this.map.has(key)
  }

  /** The entry, marked as just used; undefined when absent (so a cached undefined value is still a hit). */
  entry(key: K): { value: V } | undefined {
    const hit = this.map.get(key)
    if (hit) hit.used = ++this.clock
    return hit
  }

  get(key: K): V | undefined {
    return this.entry(key)?.value
  }

  set(key: K, value: V): void {
    const weight = this.opts.weigh?.(value) ?? 1
    const max = this.opts.maxWeight ?? Number.POSITIVE_INFINITY
    const had = this.map.get(key)
    // The same value again: still held, nothing to give back.
    if (had !== undefined && had.value === value) {
      had.used = ++this.clock
      return
    }
    this.delete(key)
    if (weight > max) {
      this.opts.dispose?.(value)
      return
    }
    this.map.set(key, { value, weight, used: ++this.clock })
    this.weight += weight
    while (this.map.size > this.opts.maxEntries || this.weight > max) this.evictOne()
  }

  delete(key: K): void {
    const hit = this.map.get(key)
    if (!hit) return
    this.map.delete(key)
    this.weight -= hit.weight
    this.opts.dispose?.(hit.value)
  }

  /** Deletes every entry `drop` says so of (a walk of all of them: for a change that touched a part of what is held). */
  deleteWhere(drop: (key: K, value: V) => boolean): void {
    for (const [key, e] of this.map)
      if (drop(key, e.value)) {
        this.map.delete(key)
        this.weight -= e.weight
        this.opts.dispose?.(e.value)
      }
  }

  clear(): void {
    const { dispose } = this.opts
    const values = dispose ? [...this.map.values()] : []
    this.map.clear()
    this.weight = 0
    for (const e of values) dispose!(e.value)
  }

  private evictOne(): void {
    let victim: K | undefined
    let oldest = Number.POSITIVE_INFINITY
    let seen = 0
    for (const [key, e] of this.map) {
      if (e.used < oldest) {
        oldest = e.used
        victim = key
      }
      if (++seen >= SAMPLE) break
    }
    if (seen === 0) return
    this.delete(victim as K)
  }
}
