// The list_changed watcher after its connection was lost (the upstream restarted, or its stream died): the toolkit is
// re-synced — which lists it again (catching what changed while it was away) and keeps the new connection as the
// watcher — after 250 ms, then doubling up to 1 s, so an upstream that comes back is watched again and its changes
// seen within about 2 s. An upstream away for longer than RETRY_FAST_MS is tried every RETRY_SLOW_MS: a gone server
// is not knocked on every second forever (docs/decisions/0181-remote-upstream-restarts.md).
import { AppError } from '../../../../lib/errors'

const FIRST_MS = 250
const FAST_CAP_MS = 1000
const RETRY_FAST_MS = 120_000
const RETRY_SLOW_MS = 30_000

export function rewatcher(o: {
  /** Lists the toolkit again and keeps a new watcher; throws when the upstream is still away. */
  resync: (projectId: string, toolkitId: string) => Promise<unknown>
}) {
  /** Toolkits waiting for their next attempt (or running it). */
  const pending = new Map<string, ReturnType<typeof setTimeout> | 'running'>()
  /** Bumped by cancel: an attempt of an earlier epoch neither reschedules nor clears a newer one. */
  const epochs = new Map<string, number>()
  const delay = (since: number, attempt: number) =>
    Date.now() - since > RETRY_FAST_MS ? RETRY_SLOW_MS : Math.min(FAST_CAP_MS, FIRST_MS * 2 ** attempt)

  function schedule(projectId: string, toolkitId: string, since: number, attempt: number) {
    const epoch = epochs.get(toolkitId) ?? 0
    const timer = setTimeout(
      async () => {
        if ((epochs.get(toolkitId) ?? 0) !== epoch) return
        pending.set(toolkitId, 'running')
        try {
          await o.resync(projectId, toolkitId)
          if ((epochs.get(toolkitId) ?? 0) === epoch) pending.delete(toolkitId)
        } catch (error) {
          if ((epochs.get(toolkitId) ?? 0) !== epoch) return
          // The toolkit is gone: nothing to watch.
          if (error instanceof AppError && error.code === 'not_found') pending.delete(toolkitId)
          else schedule(projectId, toolkitId, since, attempt + 1)
        }
      },
      delay(since, attempt),
    )
    timer.unref?.()
    pending.set(toolkitId, timer)
  }

  return {
    /** The toolkit's watcher connection was lost: watch again as soon as the upstream answers. */
    lost(projectId: string, toolkitId: string) {
      const p = pending.get(toolkitId)
      // A watcher made by the attempt running now and lost at once is tried again after that attempt.
      if (p === 'running') {
        epochs.set(toolkitId, (epochs.get(toolkitId) ?? 0) + 1)
        schedule(projectId, toolkitId, Date.now(), 1)
      } else if (!p) schedule(projectId, toolkitId, Date.now(), 0)
    },
    cancel(toolkitId: string) {
      const p = pending.get(toolkitId)
      if (!p) return
      if (p !== 'running') clearTimeout(p)
      pending.delete(toolkitId)
      epochs.set(toolkitId, (epochs.get(toolkitId) ?? 0) + 1)
    },
    close() {
      for (const id of [...pending.keys()]) this.cancel(id)
    },
  }
}
