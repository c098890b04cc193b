// Open streams (a session's GET stream, subscriptions/listen) are checked against their caller's key or OAuth grant:
// at once when this process revokes one, and every TOOLYARD_STREAM_RECHECK_S for what it cannot hear (a revocation by
// the CLI or another process, an expiry). A dead caller's sessions and streams end (docs/decisions/0020-oauth-grants-registration-and-streams.md).
import type { EventBus } from '../lib/events'
import type { Revocations } from '../lib/revocations'
import type { McpBackend } from './backend'
import { createListenRegistry, type ListenRegistry } from './modern/listen'
import type { SessionStore } from './sessions'

interface StreamGuardDeps {
  sessions: SessionStore
  listeners: ListenRegistry
  /** An API key by id: still valid? (asynchronous: the storage port) */
  keyLive(keyId: string): Promise<boolean>
  /** An OAuth grant by id: still valid? (asynchronous: the storage port) */
  grantLive(grantId: string): Promise<boolean>
  revocations: Revocations
  recheckS: number
}

/** The endpoint's listen registry, its streams and the sessions' guarded; all of it ends with the sessions. */
export function guardedListeners(deps: {
  events: EventBus
  mcpSessions: SessionStore
  projects: { keyLive(keyId: string): Promise<boolean> }
  oauthServer: { grantLive(grantId: string): Promise<boolean> }
  revocations: Revocations
  config: { streamRecheckS: number }
  mcpBackend?: Pick<McpBackend, 'subscribeResource'>
}): ListenRegistry {
  const sessions = deps.mcpSessions
  const subscribe = deps.mcpBackend?.subscribeResource
  const listeners = createListenRegistry(
    deps.events,
    sessions.streamBufferBytes,
    subscribe ? (server, uri) => subscribe(server, uri) : undefined,
  )
  sessions.onCloseAll(() => listeners.closeAll())
  const stop = guardStreams({
    sessions,
    listeners,
    keyLive: (id) => deps.projects.keyLive(id),
    grantLive: (id) => deps.oauthServer.grantLive(id),
    revocations: deps.revocations,
    recheckS: deps.config.streamRecheckS,
  })
  sessions.onCloseAll(stop)
  return listeners
}

function guardStreams(deps: StreamGuardDeps): () => void {
  /** `key:<id>` is an API key, `key:oauth:<grant>` an access token; `addr:` (public servers) has nothing to revoke. */
  const live = async (principal: string): Promise<boolean> => {
    if (principal.startsWith('key:oauth:')) return deps.grantLive(principal.slice('key:oauth:'.length))
    if (principal.startsWith('key:')) return deps.keyLive(principal.slice('key:'.length))
    return true
  }
  const recheck = async () => {
    // One look-up per caller per pass, however many sessions and streams it has.
    const seen = new Map<string, boolean>()
    const principals = new Set([...deps.sessions.all()].map((s) => s.principal))
    // A predicate that closes nothing: it only collects the streams' callers, looked up below.
    deps.listeners.closeWhere((principal) => {
      principals.add(principal)
      return false
    })
    for (const principal of principals) seen.set(principal, await live(principal))
    const dead = (principal: string) => seen.get(principal) === false
    for (const s of [...deps.sessions.all()]) if (dead(s.principal)) void deps.sessions.end(s).catch(() => {})
    deps.listeners.closeWhere((principal) => dead(principal))
  }
  // A pass that fails (the database closing under a stopping app) waits for the next one; a timer must not throw.
  const pass = () => void recheck().catch(() => {})
  deps.revocations.onRevoked(pass)
  const timer = setInterval(pass, deps.recheckS * 1000)
  // The timer alone never keeps the process alive.
  timer.unref?.()
  return () => clearInterval(timer)
}
