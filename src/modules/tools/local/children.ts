// The running children of local servers, one per (toolkit, credential): started on first use (one start shared by
// every call that comes during it), stopped after `idleMs` unused, and after a crash or a failed start started again
// by the next use once a backoff has passed (1 s doubling to 60 s); a use during the backoff is refused at once with
// the last failure's words, never left waiting (docs/decisions/0365-local-servers.md).
import { type LocalChild, LocalStartError } from './child'

interface Entry {
  child?: LocalChild
  starting?: Promise<LocalChild>
  /** Calls holding the child now (it is not stopped for idleness while one runs). */
  inFlight: number
  lastUsed: number
  startedAt: number
  failures: number
  retryAt: number
  /** The last failure (start or crash) in words, with the stderr tail it left. */
  failure?: { message: string; stderr: string[]; at: string }
}

const BACKOFF_MIN_MS = 1000
const BACKOFF_MAX_MS = 60_000
/** A child that ran this long before it crashed starts its backoff anew. */
const HEALTHY_MS = 60_000

/** Refused: the child is failing and waits out its backoff (its last failure's words and stderr). */
class LocalUnavailable extends LocalStartError {}

export interface ChildState {
  key: string
  state: 'running' | 'starting' | 'failed' | 'stopped'
  last_error: string | null
  stderr: string[]
}

export function localChildren(o: { idleMs: number }) {
  const entries = new Map<string, Entry>()
  const entryOf = (key: string) => {
    let e = entries.get(key)
    if (!e) {
      e = { inFlight: 0, lastUsed: Date.now(), startedAt: 0, failures: 0, retryAt: 0 }
      entries.set(key, e)
    }
    return e
  }
  const fail = (e: Entry, message: string, stderr: string[], ranMs: number) => {
    if (ranMs >= HEALTHY_MS) e.failures = 0
    e.failures++
    e.retryAt = Date.now() + Math.min(BACKOFF_MAX_MS, BACKOFF_MIN_MS * 2 ** (e.failures - 1))
    e.failure = { message, stderr, at: new Date().toISOString() }
  }

  const sweep = (now = Date.now()) => {
    for (const [key, e] of entries) {
      if (e.child && e.inFlight === 0 && now - e.lastUsed >= o.idleMs) {
        void e.child.close()
        e.child = undefined
      }
      if (!e.child && !e.starting && !e.failure) entries.delete(key)
    }
  }
  const timer = setInterval(sweep, Math.max(1000, Math.min(o.idleMs, 30_000)))
  timer.unref?.()

  return {
    /**
     * The running child of `key`, started with `start(onExit)` when there is none; every `acquire` that resolves is
     * followed by one `release`. Throws LocalStartError (a failed start) or LocalUnavailable (in its backoff).
     */
    async acquire(
      key: string,
      start: (onExit: (stderr: string[]) => void) => Promise<LocalChild>,
    ): Promise<LocalChild> {
      const e = entryOf(key)
      e.lastUsed = Date.now()
      if (e.child && !e.child.closed) {
        e.inFlight++
        return e.child
      }
      if (!e.starting) {
        if (e.failure && Date.now() < e.retryAt) {
          const wait = Math.ceil((e.retryAt - Date.now()) / 1000)
          throw new LocalUnavailable(
            `${e.failure.message}; started again in ${wait} s at the earliest`,
            e.failure.stderr,
          )
        }
        const began = Date.now()
        const onExit = (stderr: string[]) => {
          if (entries.get(key) !== e) return
          e.child = undefined
          fail(e, 'exited', stderr, Date.now() - e.startedAt)
        }
        e.starting = start(onExit).then(
          (child) => {
            e.child = child
            e.startedAt = began
            e.failure = undefined
            return child
          },
          (error: unknown) => {
            const stderr = error instanceof LocalStartError ? error.stderr : []
            fail(e, error instanceof Error ? error.message : String(error), stderr, 0)
            throw error
          },
        )
        void e.starting
          .finally(() => {
            e.starting = undefined
          })
          .catch(() => {})
      }
      const child = await e.starting
      e.inFlight++
      return child
    },
    release(key: string) {
      const e = entries.get(key)
      if (!e) return
      e.inFlight = Math.max(0, e.inFlight - 1)
      e.lastUsed = Date.now()
    },
    /** Every child whose key starts with `prefix` (a toolkit), as the toolkit's status shows it. */
    states(prefix: string): ChildState[] {
      return [...entries]
        .filter(([key]) => key.startsWith(prefix))
        .map(([key, e]) => ({
          key,
          state: e.child && !e.child.closed ? 'running' : e.starting ? 'starting' : e.failure ? 'failed' : 'stopped',
          last_error: e.failure?.message ?? null,
          stderr: e.failure?.stderr ?? [],
        }))
    },
    /** Stops every child whose key starts with `prefix` (a toolkit changed or was deleted). */
    forget(prefix: string) {
      for (const [key, e] of entries)
        if (key.startsWith(prefix)) {
          void e.child?.close()
          entries.delete(key)
        }
    },
    running: () => [...entries.values()].filter((e) => e.child && !e.child.closed).length,
    sweep,
    close() {
      clearInterval(timer)
      for (const e of entries.values()) void e.child?.close()
      entries.clear()
    },
  }
}
export type LocalChildren = ReturnType<typeof localChildren>
