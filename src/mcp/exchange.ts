// One client request → one HTTP response. The answer is JSON unless the call emits something first (a log,
// progress, or a server→client request): then the response switches lazily to an SSE stream that carries those
// messages and, last, the result. notifications/cancelled aborts the call and no result is sent.
import { MCP_LOG_LEVELS, type McpLogLevel } from '../lib/log'
import type { OnServer } from '../lib/request-context'
import type { FunctionHost, ListName } from '../runtime/host'
import type { JsonObject, McpBackend } from './backend'
import type { Cancellable } from './cancellable'
import { dispatch } from './dispatch'
import { failureFrom, notification, progressNotification, type RpcRequest, success } from './jsonrpc'
import { declaresUrlElicitation } from './modern/host'
import { serializeAnswer } from './raw-json'
import type { Session, SessionStore } from './sessions'
import { createSse, type SseStream } from './sse'
import { atLeast } from './versions'

export interface ExchangeOptions {
  req: RpcRequest
  /** The request context built at admission; each message completes it with its host. */
  ctx: Omit<OnServer, 'host'>
  /** Serves the methods (src/mcp/dispatch.ts); answers go straight to jsonResponse, so a tools/list may be RawJson. */
  backend: McpBackend
  sessions: SessionStore
  /** Scope of the request id for cancellation: the session id, or principal + server when stateless. */
  scope: string
  acceptsSse: boolean
  headers: Record<string, string>
  /** Lifts Bun's idle timeout for this request once it streams. */
  keepOpen: () => void
  onInternal: (err: unknown) => void
  /** ctx.notifyListChanged: list_changed for the calling server. */
  notify?: (list: ListName) => void
  /** The 2026-07-28 path: its own host and methods, an HTTP status per error, and the HTTP request's abort. */
  modern?: {
    run: (signal: AbortSignal, emit: (message: unknown) => boolean) => Promise<unknown>
    statusOf: (outcome: unknown) => number
    signal: AbortSignal
  }
}

const ABORTED = Symbol('aborted')

/** The headers of an answer that adds none of its own (no CORS, no RateLimit): one object, never written to. */
const JSON_ONLY: Record<string, string> = Object.freeze({ 'content-type': 'application/json' }) as Record<
  string,
  string
>

/** Whether an object has an own enumerable key (without making the array Object.keys would). */
const hasAny = (o: object): boolean => {
  for (const _ in o) return true
  return false
}

export const jsonResponse = (body: unknown, status: number, headers: Record<string, string>) =>
  new Response(serializeAnswer(body), {
    status,
    headers: hasAny(headers) ? { ...headers, 'content-type': 'application/json' } : JSON_ONLY,
  })

export function exchange(o: ExchangeOptions): Promise<Response> {
  const { req, ctx, sessions } = o
  const key = sessions.inflightKey(o.scope, req.id)
  const call = sessions.startRequest(key)
  let sse: SseStream | null = null
  let done = false
  let settle!: (r: Response) => void
  const response = new Promise<Response>((r) => (settle = r))

  const log = (ctx.session as Session | undefined)?.log
  let streamId: string | undefined
  const stream = (): SseStream => {
    if (!sse) {
      sse = createSse({ maxBufferedBytes: sessions.streamBufferBytes })
      if (log?.resumable) {
        streamId = log.newStream()
        log.sinks.set(streamId, sse)
      }
      o.keepOpen()
      settle(sse.response(o.headers))
    }
    return sse
  }
  /**
   * On a resumable session every message is logged with an event id and goes to whichever connection carries the
   * stream now (a GET with Last-Event-ID may have taken it over); a closed connection only loses the live copy.
   */
  const write = (message: unknown): boolean => {
    const s = stream()
    if (!log || streamId === undefined) return s.send(message)
    const id = log.append(streamId, message)
    ;(log.sinks.get(streamId) ?? s).send(message, id)
    return true
  }
  const closeStream = (open: SseStream) => {
    if (log && streamId !== undefined) {
      log.sinks.get(streamId)?.close()
      log.sinks.delete(streamId)
    }
    open.close()
  }
  /** Messages related to this request travel on its own stream; without SSE in Accept they are dropped. */
  const emit = (message: unknown): boolean => {
    if (done || call.aborted || !o.acceptsSse) return false
    return write(message)
  }

  const modern = o.modern
  // A stateless client that goes away (closes the response) cancels its call: nobody is left to read the answer.
  modern?.signal.addEventListener('abort', () => call.abort(), { once: true })
  /** The first of the answer and the cancellation ends the exchange; the other is ignored. */
  const finish = (outcome: unknown) => {
    if (done) return
    done = true
    sessions.finishRequest(key, call)
    const open = sse as SseStream | null
    if (outcome === ABORTED) {
      // Cancelled: no response is sent; the HTTP exchange still has to end.
      if (open) closeStream(open)
      else if (o.acceptsSse) settle(createClosedSse(o.headers))
      else settle(new Response(null, { status: 202, headers: o.headers }))
      return
    }
    if (open) {
      write(outcome)
      closeStream(open)
    } else settle(jsonResponse(outcome, modern ? modern.statusOf(outcome) : 200, o.headers))
  }
  call.onAbort = () => finish(ABORTED)
  // The method runs a turn later, from the microtask queue: its stack starts here (docs/architecture.md, "Call paths").
  // The answer is shaped and the exchange finished in one step after it.
  void Promise.resolve()
    .then(() =>
      modern
        ? modern.run(call.signal, emit)
        : dispatch(withHost(o, call, emit), req.method, req.params, o.backend, true),
    )
    .then(
      (result) => finish(success(req.id, result)),
      (err) => finish(failureFrom(req.id, err, o.onInternal)),
    )
  return response
}

function createClosedSse(headers: Record<string, string>): Response {
  const s = createSse()
  const r = s.response(headers)
  s.close()
  return r
}

/**
 * The admission's context, completed with this message's host: the one context object of the call. The host is made
 * on first read (a tools/list never builds one), as before; the context is never spread after this. A class with its
 * fields set one by one, not a spread of the admission's object: the spread was ~2% of a builtin call's main thread.
 */
class MessageContext implements OnServer {
  readonly requestId: string
  readonly principal: string
  readonly role: OnServer['role']
  readonly userId: OnServer['userId']
  readonly groups: OnServer['groups']
  readonly inTask: OnServer['inTask']
  readonly clientName: OnServer['clientName']
  readonly projectId: string
  readonly server: OnServer['server']
  readonly version: string
  readonly session: OnServer['session']
  #host: FunctionHost | undefined
  readonly #make: () => FunctionHost

  constructor(base: Omit<OnServer, 'host'>, make: () => FunctionHost) {
    this.requestId = base.requestId
    this.principal = base.principal
    this.role = base.role
    this.userId = base.userId
    this.groups = base.groups
    this.inTask = base.inTask
    this.clientName = base.clientName
    this.projectId = base.projectId
    this.server = base.server
    this.version = base.version
    this.session = base.session
    this.#make = make
  }

  get host(): FunctionHost {
    this.#host ??= this.#make()
    return this.#host
  }
}

// Every field of the one context is copied above: a field added to RequestContext (src/lib/request-context.ts) that is
// not would be dropped on the protocol path, so this fails to compile until MessageContext copies it.
type Uncopied = Exclude<keyof OnServer, keyof MessageContext>
true satisfies [Uncopied] extends [never] ? true : never

function withHost(o: ExchangeOptions, call: Cancellable, emit: (message: unknown) => boolean): OnServer {
  return new MessageContext(o.ctx, () => buildHost(o, call, emit))
}

/** The FunctionHost of this request: its signal, and messages to the client on this request's stream. */
function buildHost(o: ExchangeOptions, call: Cancellable, emit: (message: unknown) => boolean): FunctionHost {
  const { ctx, req } = o
  const session = ctx.session as Session | undefined
  const host: FunctionHost = {
    // Made on first read (see Cancellable): a host object is never spread, or the getter would run.
    get signal() {
      return call.signal
    },
    onCancel: (listener) => call.listen(listener),
    log(level: McpLogLevel, data: string) {
      const at = MCP_LOG_LEVELS.indexOf(level)
      // Read on every call: logging/setLevel may arrive while the tool runs.
      if (at < 0 || at < MCP_LOG_LEVELS.indexOf(session?.logLevel ?? 'info')) return
      emit(notification('notifications/message', { level, data }))
    },
    progress(progress: number, total?: number, message?: string) {
      // The token is read when the tool reports progress: most calls never do.
      const meta = req.params._meta as JsonObject | undefined
      const token = meta?.progressToken
      if (typeof token !== 'string' && typeof token !== 'number') return
      // Progress messages came with 2025-03-26; older clients get none.
      emit(progressNotification(token, progress, total, atLeast(ctx.version, '2025-03-26') ? message : undefined))
    },
  }
  // A stateless call can ask the client nothing (no session to route the reply through): none of these exist then.
  if (session) askingHost(host, o, session, call, emit)
  if (o.notify) host.notifyListChanged = o.notify
  return host
}

/** The server→client requests a session's client declared it takes (set on `host` only when they exist). */
function askingHost(
  host: FunctionHost,
  o: ExchangeOptions,
  session: Session,
  call: Cancellable,
  emit: (message: unknown) => boolean,
): void {
  const { ctx, sessions } = o
  const ask = async (method: string, params: JsonObject): Promise<JsonObject> => {
    const id = crypto.randomUUID()
    const reply = sessions.awaitReply(session, id, call.signal)
    if (!emit({ jsonrpc: '2.0', id, method, params })) {
      sessions.deliverReply(session, id, { error: { code: -32603, message: 'the client stream is closed' } })
    }
    const r = await reply
    if (r.error) throw new Error(`${method} failed: ${r.error.message}`)
    return (r.result ?? {}) as JsonObject
  }
  // A server MUST NOT send these requests to a client that did not declare the capability (and needs a stream).
  if (!o.acceptsSse) return
  const caps = session.clientCapabilities ?? {}
  const canSample = caps.sampling !== undefined && caps.sampling !== null
  const canElicit = caps.elicitation !== undefined && caps.elicitation !== null && atLeast(ctx.version, '2025-06-18')
  // Set only when they exist: assigned, not spread from empty objects.
  if (canSample) host.sample = (request: JsonObject) => ask('sampling/createMessage', request)
  if (canElicit) host.elicit = (request: JsonObject) => ask('elicitation/create', request)
  if (canElicit && declaresUrlElicitation(caps)) host.elicitUrl = true
  if (caps.roots !== undefined && caps.roots !== null) host.listRoots = () => ask('roots/list', {})
}
