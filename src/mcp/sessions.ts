// MCP sessions (Mcp-Session-Id): bound to a principal and a server, expiring after idle time, holding the
// session's GET stream, protocol subscriptions, log level, in-flight requests and server→client requests.

import type { McpLogLevel } from '../lib/log'
import { randomBytes } from '../lib/node-crypto'
import type { JsonObject } from './backend'
import { Cancellable } from './cancellable'
import { EventLog } from './replay'
import type { SseStream } from './sse'
import { atLeast, type ProtocolVersion } from './versions'

const SESSION_TTL_MS = 30 * 60_000
/** mcp-remote opens two sessions per launch and never ends them; a cap keeps a busy key from piling them up. */
const MAX_SESSIONS_PER_PRINCIPAL = 100

export interface ClientReply {
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

export interface Session {
  id: string
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
  /** The standalone GET stream; server notifications unrelated to a request go here. */
  stream: SseStream | null
  /** Event ids and replay for its streams (2025-11-25+), and notifications waiting for a GET stream. */
  log: EventLog
  /** Server→client requests (sampling, elicitation) waiting for the client's reply POST. */
  pending: Map<string, { resolve: (reply: ClientReply) => void; reject: (err: Error) => void }>
}

export interface SessionLimits {
  /** TOOLYARD_MAX_SESSIONS: past it the least recently used session ends. */
  maxSessions: number
  maxSubscriptions: number
  /** TOOLYARD_STREAM_BUFFER_BYTES: what one SSE stream may queue for a client that does not read (src/mcp/sse.ts). */
  streamBufferBytes?: number
}

export function createSessionStore(
  limits: SessionLimits = { maxSessions: 10_000, maxSubscriptions: 1_000 },
  now: () => number = Date.now,
) {
  // Insertion order is use order: every use re-inserts the session, so the first entry is the least recently used.
  const sessions = new Map<string, Session>()
  const use = (s: Session) => {
    s.lastSeen = now()
    if (sessions.delete(s.id)) sessions.set(s.id, s)
  }
  /** Client requests in progress, by scope (session id or principal+server) and JSON id, for notifications/cancelled. */
  const inflight = new Map<string, Cancellable>()
  const closers: (() => void)[] = []
  let lastSweep = now()

  const end = (s: Session) => {
    sessions.delete(s.id)
    s.stream?.close()
    s.stream = null
    for (const p of s.pending.values()) p.reject(new Error('the MCP session ended'))
    s.pending.clear()
    const prefix = `${s.id}\u0000`
    for (const [key, ac] of inflight) if (key.startsWith(prefix)) ac.abort()
  }

  const sweep = () => {
    const t = now()
    if (t - lastSweep < 60_000) return
    lastSweep = t
    for (const s of sessions.values()) if (t - s.lastSeen > SESSION_TTL_MS) end(s)
  }

  return {
    create(
      init: Pick<Session, 'serverId' | 'projectId' | 'principal' | 'protocolVersion' | 'clientCapabilities'>,
    ): Session {
      sweep()
      const mine = [...sessions.values()].filter((s) => s.principal === init.principal)
      if (mine.length >= MAX_SESSIONS_PER_PRINCIPAL) end(mine.sort((a, b) => a.lastSeen - b.lastSeen)[0]!)
      while (sessions.size >= limits.maxSessions) end(sessions.values().next().value!)
      // 32 random bytes, base64url: only visible ASCII, as the transport requires.
      const session: Session = {
        ...init,
        id: randomBytes(32).toString('base64url'),
        logLevel: 'info',
        subscriptions: new Set(),
        maxSubscriptions: limits.maxSubscriptions,
        lastSeen: now(),
        stream: null,
        log: new EventLog(atLeast(init.protocolVersion, '2025-11-25'), now),
        pending: new Map(),
      }
      sessions.set(session.id, session)
      return session
    },
    /** A live session by id (touching it), or undefined when unknown or expired. */
    get(id: string): Session | undefined {
      sweep()
      const s = sessions.get(id)
      if (!s) return undefined
      if (now() - s.lastSeen > SESSION_TTL_MS) {
        end(s)
        return undefined
      }
      use(s)
      return s
    },
    touch: use,
    size: (): number => sessions.size,
    end,
    all: () => sessions.values(),
    inflightKey: (scope: string, id: string | number) => `${scope}\u0000${JSON.stringify(id)}`,
    startRequest(key: string): Cancellable {
      const call = new Cancellable()
      inflight.set(key, call)
      return call
    },
    finishRequest(key: string, call: Cancellable) {
      if (inflight.get(key) === call) inflight.delete(key)
    },
    cancelRequest(key: string) {
      inflight.get(key)?.abort()
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
    /** Routes a client's JSON-RPC response; unknown ids are ignored (late replies). */
    deliverReply(s: Session, id: string | number, reply: ClientReply) {
      s.pending.get(String(id))?.resolve(reply)
    },
    /** On shutdown: open streams would otherwise keep the HTTP server from stopping. */
    /** Other long-lived streams (2026-07-28 listen streams) that must end with the sessions on shutdown. */
    streamBufferBytes: limits.streamBufferBytes,
    onCloseAll(fn: () => void) {
      closers.push(fn)
    },
    closeAll() {
      for (const fn of closers) fn()
      for (const s of [...sessions.values()]) end(s)
    },
  }
}
export type SessionStore = ReturnType<typeof createSessionStore>
