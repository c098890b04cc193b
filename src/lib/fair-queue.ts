// Waiting lines, one per project: bounded, and served round-robin, so one project's backlog never stands in front of
// another project's work (sandbox calls, webhook deliveries; docs/decisions/0013-isolation.md).
export class ProjectQueues<T> {
  /** Map order is the round-robin order: a project that was just served moves to the back. */
  private readonly lines = new Map<string, T[]>()

  /** Adds an item at the back of its project's line; false when the line already holds `limit` items. */
  push(project: string, item: T, limit = Number.POSITIVE_INFINITY): boolean {
    const line = this.lines.get(project) ?? []
    if (line.length >= limit) return false
    line.push(item)
    this.lines.set(project, line)
    return true
  }

  /** Puts an item back at the front of its line (e.g. a call sent to a worker that stopped before starting it). */
  unshift(project: string, item: T): void {
    const line = this.lines.get(project) ?? []
    line.unshift(item)
    this.lines.set(project, line)
  }

  remove(project: string, item: T): boolean {
    const line = this.lines.get(project)
    const at = line?.indexOf(item) ?? -1
    if (!line || at < 0) return false
    line.splice(at, 1)
    if (line.length === 0) this.lines.delete(project)
    return true
  }

  /**
   * The first item, in round-robin order over projects, for which `place` finds room (it sees the line's first item);
   * undefined when none can go.
   */
  next<P>(place: (project: string, first: T) => P | undefined): { item: T; place: P } | undefined {
    for (const [project, line] of this.lines) {
      const found = place(project, line[0] as T)
      if (found === undefined) continue
      const item = line.shift() as T
      this.lines.delete(project)
      if (line.length) this.lines.set(project, line)
      return { item, place: found }
    }
    return undefined
  }
}
