// A bounded map that forgets the least recently used entries once a count or a total weight is exceeded.

export interface LruOptions<V> {
  maxEntries: number
  /** Total weight allowed (e.g. tools held); an entry heavier than this is never kept. */
  maxWeight?: number
  weigh?: (value: V) => number
}

export class Lru<K, V> {
  private readonly map = new Map<K, { value: V; weight: number }>()
  private weight = 0

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

  /** The value, marked as just used; undefined when absent. */
  get(key: K): V | undefined {
    const hit = this.map.get(key)
    if (!hit) return undefined
    // Map keeps insertion order: re-inserting moves the entry to the young end.
    this.map.delete(key)
    this.map.set(key, hit)
    return hit.value
  }

  set(key: K, value: V): void {
    const weight = this.opts.weigh?.(value) ?? 1
    const max = this.opts.maxWeight ?? Number.POSITIVE_INFINITY
    this.delete(key)
    if (weight > max) return
    this.map.set(key, { value, weight })
    this.weight += weight
    while (this.map.size > this.opts.maxEntries || this.weight > max) {
      const oldest = this.map.keys().next()
      if (oldest.done) break
      this.delete(oldest.value)
    }
  }

  delete(key: K): void {
    const hit = this.map.get(key)
    if (!hit) return
    this.map.delete(key)
    this.weight -= hit.weight
  }

  clear(): void {
    this.map.clear()
    this.weight = 0
  }
}
