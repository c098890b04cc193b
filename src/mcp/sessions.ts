// MCP sessions (Mcp-Session-Id): bound to a principal and a server, expiring after idle time, holding the
// session's GET stream, protocol subscriptions, log level, in-flight requests and server→client requests.
// The id is the sealed immutable part (./session-id.ts); the mutable part is mirrored to the session directory
// (./session-directory.ts), so an instance that did not create a session can take it up from its id
// (docs/decisions/0042-mcp-sessions-across-instances.md). This process's copy is a cache of both.

import type { McpLogLevel } from '../lib/log'
import type { JsonObject } from './backend'
import { Cancellable } from './cancellable'
import { EventLog } from './replay'
import type { SessionChange, SessionDirectory } from './session-directory'
import type { SessionClaims, SessionIds } from './session-id'
import type { SseStream } from './sse'
import { atLeast, type ProtocolVersion } from './versions'

export const SESSION_TTL_MS = 30 * 60_000
/** How often one instance writes a session's "last seen" to the directory: far below the idle expiry. */
const SEEN_WRITE_MS = 60_000
const MAX_REMEMBERED_ENDS = 10_000

export interface ClientReply {
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

export interface Session {
  id: string
  /** The random reference sealed in the id: the session's key in the directory and between instances. */
  ref: string
  serverId: string
  projectId: string
  /** `key:<key id>` or, on public servers without a key, `addr:<client address>`. */
  principal: string
  protocolVersion: ProtocolVersion
  clientCapabilities: JsonObject
  logLevel: McpLogLevel
  subscriptions: Set<string>
  /** TOOLYARD_MAX_SESSION_SUBSCRIPTIONS: resources/subscribe past it is refused. */
  maxSubscriptions: number
  lastSeen: number
  /** When this instance last wrote lastSeen to the directory. */
  seenWritten: number
  /** The standalone GET stream; server notifications unrelated to a request go here. */
  stream: SseStream | null
  /** Event ids and replay for its streams (2025-11-25+), and notifications waiting for a GET stream. */
  log: EventLog
  /** Server→client requests (sampling, elicitation) waiting for the client's reply POST. */
  pending: Map<string, { resolve: (reply: ClientReply) => void; reject: (err: Error) => void }>
  /** Records a change (log level, subscription) in the directory, then applies it here; resolves once both are done. */
  record(change: SessionChange): Promise<void>
}

export interface SessionLimits {
  /** TOOLYARD_MAX_SESSIONS: past it the least recently used session ends. */
  maxSessions: number
  /**
   * TOOLYARD_MAX_SESSIONS_PER_KEY: sessions one principal (an API key, or a client address on a public server) holds
   * here; its next initialize ends its least recently used one. mcp-remote opens two sessions per launch and never
   * ends them, so without a cap a busy key piles them up.
   */
  maxSessionsPerKey?: number
  maxSubscriptions: number
  /** TOOLYARD_STREAM_BUFFER_BYTES: what one SSE stream may queue for a client that does not read (src/mcp/sse.ts). */
  streamBufferBytes?: number
}

/** Where this store sends what belongs to a session or call held by another instance (src/mcp/instance-bridge.ts). */
export interface SessionPeers {
  /** A client's reply to a server→client request this instance is not waiting for. */
  reply(ref: string, id: string | number, reply: ClientReply): void
  /** notifications/cancelled for a request this instance is not running. */
  cancel(key: string): void
}

export interface SessionParts {
  /** Seals and opens session ids (./session-id.ts, under the master key). */
  ids: SessionIds
  /** The mutable part's home: localSessionDirectory() for one process, PostgreSQL's for many. */
  directory: SessionDirectory
  now?: () => number
}

export function createSessionStore(
  limits: SessionLimits = { maxSessions: 10_000, maxSubscriptions: 1_000 },
  parts: SessionParts,
) {
  const { ids, directory } = parts
  const perPrincipal = limits.maxSessionsPerKey ?? 100
  const now = parts.now ?? Date.now
  // Insertion order is use order: every use re-inserts the session, so the first entry is the least recently used.
  const sessions = new Map<string, Session>()
  const byRef = new Map<string, Session>()
  /**
   * Sessions held here by principal, each set in use order: `create` finds a principal's least recently used one at the
   * cap without looking at anyone else's.
   */
  const byPrincipal = new Map<string, Set<Session>>()
  /** Sessions being taken up from the directory, by id: concurrent requests with one id share the look-up. */
  const reviving = new Map<string, Promise<Session | undefined>>()
  let peers: SessionPeers | null = null
  /**
   * References of sessions ended lately (here or announced): a look-up that read the directory just before the end
   * committed must not bring a copy back. Bounded; older ends are in the directory by then.
   */
  const ended = new Set<string>()
  const remember = (ref: string) => {
    ended.add(ref)
    if (ended.size > MAX_REMEMBERED_ENDS) ended.delete(ended.values().next().value!)
  }
  const use = (s: Session) => {
    const t = now()
    s.lastSeen = t
    if (sessions.delete(s.id)) sessions.set(s.id, s)
    const own = byPrincipal.get(s.principal)
    if (own?.delete(s)) own.add(s)
    if (t - s.seenWritten >= SEEN_WRITE_MS) {
      s.seenWritten = t
      // Best effort: a failed write only means another instance may see the session idle a minute early.
      directory.seen(s.ref, t).catch(() => {})
    }
  }
  /** Client requests in progress, by scope (session ref or principal+server) and JSON id, for notifications/cancelled. */
  const inflight = new Map<string, Cancellable>()
  const closers: (() => void)[] = []
  let lastSweep = now()

  /** Ends this instance's copy: its stream, its waiting server→client requests and its calls. The directory keeps it. */
  const drop = (s: Session) => {
    if (sessions.get(s.id) === s) sessions.delete(s.id)
    if (byRef.get(s.ref) === s) byRef.delete(s.ref)
    const own = byPrincipal.get(s.principal)
    if (own?.delete(s) && own.size === 0) byPrincipal.delete(s.principal)
    s.stream?.close()
    s.stream = null
    for (const p of s.pending.values()) p.reject(new Error('the MCP session ended'))
    s.pending.clear()
    const prefix = `${s.ref}\u0000`
    for (const [key, ac] of inflight) if (key.startsWith(prefix)) ac.abort()
  }
  /** Ends the session everywhere: dropped here, recorded as ended (other instances drop their copies). */
  const end = (s: Session): Promise<void> => {
    remember(s.ref)
    drop(s)
    return directory.change(s.ref, { ended: true })
  }

  const apply = (s: Session, change: SessionChange) => {
    if ('logLevel' in change) s.logLevel = change.logLevel
    else if ('subscribe' in change) s.subscriptions.add(change.subscribe)
    else if ('unsubscribe' in change) s.subscriptions.delete(change.unsubscribe)
    else {
      remember(s.ref)
      drop(s)
    }
  }

  const sweep = () => {
    const t = now()
    if (t - lastSweep < 60_000) return
    lastSweep = t
    // Idle here is not idle everywhere: the copy goes, and the directory's last-seen decides on the next use.
    for (const s of sessions.values()) if (t - s.lastSeen > SESSION_TTL_MS) drop(s)
  }

  const make = (id: string, claims: SessionClaims): Session => {
    const s: Session = {
      id,
      ref: claims.ref,
      serverId: claims.serverId,
      projectId: claims.projectId,
      principal: claims.principal,
      protocolVersion: claims.protocolVersion,
      clientCapabilities: claims.clientCapabilities,
      logLevel: 'info',
      subscriptions: new Set(),
      maxSubscriptions: limits.maxSubscriptions,
      lastSeen: now(),
      seenWritten: now(),
      stream: null,
      log: new EventLog(atLeast(claims.protocolVersion, '2025-11-25'), now),
      pending: new Map(),
      // Recorded first: a change the directory refused is not half made (here but nowhere else).
      record: async (change) => {
        await directory.change(s.ref, change)
        apply(s, change)
      },
    }
    return s
  }
  /**
   * Holds `s` here, making room: past TOOLYARD_MAX_SESSIONS the least recently used session ends — everywhere, so the
   * limit means the same on one instance and on several (a copy only dropped here would be revived by the next use).
   */
  const hold = (s: Session) => {
    while (sessions.size >= limits.maxSessions)
      void end(sessions.values().next().value!).catch(() => {
        // The directory is unreachable: the copy is gone here anyway; the session's own expiry ends it there.
      })
    sessions.set(s.id, s)
    byRef.set(s.ref, s)
    const own = byPrincipal.get(s.principal)
    if (own) own.add(s)
    else byPrincipal.set(s.principal, new Set([s]))
  }

  /** The principal's least recently used session held here, when it holds the most it may (else undefined). */
  const oldestAtCap = (principal: string): Session | undefined => {
    const own = byPrincipal.get(principal)
    if (!own || own.size < perPrincipal) return undefined
    // Each set is in use order, as `sessions` is: its first is the least recently used.
    return own.values().next().value
  }

  return {
    /** A new session: its id sealed, its record in the directory before the id is handed out. */
    async create(
      init: Pick<Session, 'serverId' | 'projectId' | 'principal' | 'protocolVersion' | 'clientCapabilities'>,
    ): Promise<Session> {
      sweep()
      // Indexed by principal: a new session costs the same beside ten thousand others as beside a hundred.
      const oldest = oldestAtCap(init.principal)
      if (oldest) void end(oldest).catch(() => {})
      const { id, claims } = ids.issue(init, now())
      await directory.opened(claims.ref, claims.issuedAt)
      const session = make(id, claims)
      hold(session)
      return session
    },
    /** A live session held here by id (touching it), or undefined: then `revive` may find it in the directory. */
    get(id: string): Session | undefined {
      sweep()
      const s = sessions.get(id)
      if (!s) return undefined
      if (now() - s.lastSeen > SESSION_TTL_MS) {
        drop(s)
        return undefined
      }
      use(s)
      return s
    },
    /**
     * A session this instance does not hold: its id opened and its state read from the directory, then held here.
     * Undefined for an id that is not ours, never recorded, ended, or idle past the expiry everywhere. Rejects only
     * when the directory cannot be read.
     */
    revive(id: string): Promise<Session | undefined> {
      const claims = ids.open(id)
      if (!claims) return Promise.resolve(undefined)
      let pending = reviving.get(id)
      if (pending) return pending
      pending = directory
        .lookup(claims.ref)
        .then((state) => {
          if (!state || state.ended || ended.has(claims.ref)) return undefined
          if (now() - state.lastSeen > SESSION_TTL_MS) {
            void directory.change(claims.ref, { ended: true }).catch(() => {})
            return undefined
          }
          const held = sessions.get(id)
          if (held) return held
          const s = make(id, claims)
          s.logLevel = state.logLevel
          s.subscriptions = new Set(state.subscriptions)
          hold(s)
          use(s)
          return s
        })
        .finally(() => reviving.delete(id))
      reviving.set(id, pending)
      return pending
    },
    touch: use,
    size: (): number => sessions.size,
    end,
    all: () => sessions.values(),
    // A number's JSON is its string form: no JSON.stringify for the common numeric id (a string id keeps its quotes,
    // so 1 and "1" stay apart).
    inflightKey: (scope: string, id: string | number) =>
      typeof id === 'number' ? `${scope}\u0000${id}` : `${scope}\u0000${JSON.stringify(id)}`,
    startRequest(key: string): Cancellable {
      const call = new Cancellable()
      inflight.set(key, call)
      return call
    },
    finishRequest(key: string, call: Cancellable) {
      if (inflight.get(key) === call) inflight.delete(key)
    },
    /** Cancels a request running here; one that is not is sent to the other instances. */
    cancelRequest(key: string) {
      const call = inflight.get(key)
      if (call) call.abort()
      else peers?.cancel(key)
    },
    /** Registers a server→client request id and resolves when the client POSTs its reply. */
    awaitReply(s: Session, id: string, signal: AbortSignal): Promise<ClientReply> {
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          s.pending.delete(id)
          reject(new Error('the request was cancelled'))
        }
        if (signal.aborted) return onAbort()
        signal.addEventListener('abort', onAbort, { once: true })
        s.pending.set(id, {
          resolve: (r) => {
            signal.removeEventListener('abort', onAbort)
            s.pending.delete(id)
            resolve(r)
          },
          reject: (e) => {
            signal.removeEventListener('abort', onAbort)
            s.pending.delete(id)
            reject(e)
          },
        })
      })
    },
    /** Routes a client's JSON-RPC response; one this instance is not waiting for goes to the others (late ones are ignored there). */
    deliverReply(s: Session, id: string | number, reply: ClientReply) {
      const waiting = s.pending.get(String(id))
      if (waiting) waiting.resolve(reply)
      else peers?.reply(s.ref, id, reply)
    },
    /** Where requests and replies this instance does not hold are sent; returns the disconnection. */
    connectPeers(p: SessionPeers): () => void {
      peers = p
      return () => {
        if (peers === p) peers = null
      }
    },
    /** What another instance sent: a change to a session (applied to the copy held here, if any). */
    changedElsewhere(ref: string, change: SessionChange) {
      if ('ended' in change) remember(ref)
      const s = byRef.get(ref)
      if (s) apply(s, change)
    },
    /** What another instance sent: a reply to a server→client request, delivered if this instance waits for it. */
    repliedElsewhere(ref: string, id: string | number, reply: ClientReply) {
      byRef.get(ref)?.pending.get(String(id))?.resolve(reply)
    },
    /** What another instance sent: notifications/cancelled for a request, aborted if it runs here. */
    cancelledElsewhere(key: string) {
      inflight.get(key)?.abort()
    },
    /**
     * Re-reads every held session from the directory (after this instance may have missed changes announced by
     * others): ended ones are dropped, log levels and subscriptions replaced. A session the directory cannot be asked
     * about now keeps its copy.
     */
    async resync(): Promise<void> {
      for (const s of [...sessions.values()]) {
        const state = await directory.lookup(s.ref).catch(() => undefined)
        if (state === undefined || sessions.get(s.id) !== s) continue
        if (!state || state.ended) {
          remember(s.ref)
          drop(s)
        } else {
          s.logLevel = state.logLevel
          s.subscriptions = new Set(state.subscriptions)
        }
      }
    },
    /** On shutdown: open streams would otherwise keep the HTTP server from stopping. */
    /** Other long-lived streams (2026-07-28 listen streams) that must end with the sessions on shutdown. */
    streamBufferBytes: limits.streamBufferBytes,
    onCloseAll(fn: () => void) {
      closers.push(fn)
    },
    /** Shutdown: every copy dropped here; the sessions themselves stay in the directory for the other instances. */
    closeAll() {
      for (const fn of closers) fn()
      for (const s of [...sessions.values()]) drop(s)
    },
  }
}
export type SessionStore = ReturnType<typeof createSessionStore>
