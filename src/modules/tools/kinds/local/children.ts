// The running children of local servers, one per (toolkit, credential): started on first use (one start shared by
// every call that comes during it), stopped after `idleMs` unused, and after a crash or a failed start started again
// by the next use once a backoff has passed (1 s doubling to 60 s); a use during the backoff is refused at once with
// the last failure's words, never left waiting (docs/decisions/0365-local-servers.md).
import { type LocalChild, LocalStartError } from './child'

interface Entry {
  projectId: string
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

/** Refused: the project's children are all busy and it holds as many as it may. */
export class LocalBusy extends Error {}

export function localChildren(o: { idleMs: number; maxPerProject: number }) {
  const entries = new Map<string, Entry>()
  const entryOf = (key: string, projectId: string) => {
    let e = entries.get(key)
    if (!e) {
      e = { projectId, inFlight: 0, lastUsed: Date.now(), startedAt: 0, failures: 0, retryAt: 0 }
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

  /**
   * A project holds at most `maxPerProject` children (TOOLYARD_MAX_LOCAL_CHILDREN_PER_PROJECT): before one more starts,
   * its least recently used idle child is stopped; when every one is in a call, the start is refused.
   */
  const makeRoom = (projectId: string) => {
    const own = [...entries.values()].filter(
      (x) => x.projectId === projectId && ((x.child && !x.child.closed) || x.starting),
    )
    if (own.length < o.maxPerProject) return
    const idle = own
      .filter((x) => x.child && x.inFlight === 0 && !x.starting)
      .sort((a, b) => a.lastUsed - b.lastUsed)[0]
    if (!idle?.child)
      throw new LocalBusy(
        `this project already runs ${own.length} local server children, each in a call (TOOLYARD_MAX_LOCAL_CHILDREN_PER_PROJECT); retry later`,
      )
    void idle.child.close()
    idle.child = undefined
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
      projectId: string,
      key: string,
      start: (onExit: (stderr: string[]) => void) => Promise<LocalChild>,
    ): Promise<LocalChild> {
      const e = entryOf(key, projectId)
      e.lastUsed = Date.now()
      if (e.child && !e.child.closed) {
        e.inFlight++
        return e.child
      }
      // Ended, and its end not told yet (the stderr tail comes a moment later): a crash all the same.
      if (e.child) {
        fail(e, 'exited', e.child.stderr(), Date.now() - e.startedAt)
        e.child = undefined
      }
      if (!e.starting) {
        if (e.failure && Date.now() < e.retryAt) {
          const wait = Math.ceil((e.retryAt - Date.now()) / 1000)
          throw new LocalUnavailable(
            `${e.failure.message}; started again in ${wait} s at the earliest`,
            e.failure.stderr,
          )
        }
        makeRoom(projectId)
        const began = Date.now()
        let mine: LocalChild | undefined
        const onExit = (stderr: string[]) => {
          // Told once per child, and only while it is still this key's child (not one closed and replaced since).
          if (entries.get(key) !== e || !mine || e.child !== mine) return
          e.child = undefined
          fail(e, 'exited', stderr, Date.now() - e.startedAt)
        }
        e.starting = start(onExit).then(
          (child) => {
            mine = child
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
    /** Stops every child whose key starts with `prefix` (a toolkit was deleted); resolves once they ended. */
    async forget(prefix: string): Promise<void> {
      const closing: Promise<void>[] = []
      for (const [key, e] of entries)
        if (key.startsWith(prefix)) {
          if (e.child) closing.push(e.child.close())
          entries.delete(key)
        }
      await Promise.all(closing)
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
