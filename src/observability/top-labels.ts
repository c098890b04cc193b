// Which (server, tool) pairs the tool-call metrics name: the most called per process, at most `max` of them, the rest
// counted as `other` (docs/decisions/0352-metric-labels-server-and-tool.md). Calls are counted in a Space-Saving
// sketch of bounded size (a heavy hitter is never lost, whatever the order calls come in); the named set is chosen from
// it when the registry is read, so the request path pays a map update, never a sort.

export const OTHER = 'other'

export function topLabels(max = 200, sketchSize = max * 5) {
  /** Approximate call counts per pair key (`server\0tool`); at most `sketchSize` keys. */
  const sketch = new Map<string, number>()
  let named = new Set<string>()
  /**
   * Keys that had the least count when the sketch was last scanned: counts only grow and a newcomer starts above that
   * least, so each of them still at it is a least counted key. Evictions take them in turn and scan again only once
   * they are used up — with calls spread over thousands of servers (most calls a newcomer), a scan of the whole sketch
   * per call cost every tenant's calls several microseconds.
   */
  let least: string[] = []
  let leastCount = 0
  const leastKey = (): string => {
    for (;;) {
      const k = least.pop()
      if (k === undefined) break
      if (sketch.get(k) === leastCount) return k
    }
    leastCount = Number.POSITIVE_INFINITY
    for (const [k, v] of sketch)
      if (v < leastCount) {
        leastCount = v
        least = [k]
      } else if (v === leastCount) least.push(k)
    return least.pop()!
  }
  const count = (key: string) => {
    const n = sketch.get(key)
    if (n !== undefined) {
      sketch.set(key, n + 1)
      return
    }
    if (sketch.size < sketchSize) {
      sketch.set(key, 1)
      return
    }
    // Space-Saving: the newcomer takes a least counted key's place and count, plus one.
    const minKey = leastKey()
    const min = sketch.get(minKey)!
    sketch.delete(minKey)
    sketch.set(key, min + 1)
  }
  return {
    /** Counts a call of `key` and says whether it is named now (else it is `other`); named at once while there is room. */
    hit(key: string): boolean {
      count(key)
      if (named.has(key)) return true
      if (named.size >= max) return false
      named.add(key)
      return true
    },
    /** Chooses the named set again: the `max` most counted pairs. Returns it. */
    refresh(): ReadonlySet<string> {
      const top = [...sketch].sort((a, b) => b[1] - a[1]).slice(0, max)
      named = new Set(top.map(([k]) => k))
      return named
    },
  }
}
