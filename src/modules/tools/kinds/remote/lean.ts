// The lean request on an open Streamable HTTP connection (docs/decisions/0394-lean-remote-calls.md): what the SDK's
// `Client.request` does for a `tools/call` — the POST with the session's headers through the egress guard's fetch, a
// progress token, a timeout, cancellation upstream — without its per-request machinery (zod parses of the message and
// of the result, Headers built per request, maps and abort listeners). An `application/json` answer is checked by its
// shape here; anything the shape check does not know goes to the SDK's own schema, so what is accepted, refused or
// kept is what the SDK would have done. A `text/event-stream` answer (progress, logs, questions, resumption) is handed
// to the SDK transport's own stream handling; its messages come back through the transport's `onmessage`, where the
// ones for a lean request are taken out and every other one goes on to the SDK client (logs, questions, list_changed).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js'
import type { Sdk } from './sdk'

type Json = Record<string, unknown>
type Fetch = (input: string | URL, init?: RequestInit) => Promise<Response>

/** The answer was a redirect: the request did not run there, and the SDK (which follows it within the origin) sends it. */
export const NOT_LEAN: unique symbol = Symbol('not lean')

interface LeanRequest<T> {
  /** The result, or NOT_LEAN; rejects as `Client.request` would (McpError, StreamableHTTPError, a network error). */
  result: Promise<T | typeof NOT_LEAN>
  /** Ends the request now: notifications/cancelled upstream, and `result` rejects with `reason` (as the SDK does). */
  cancel(reason: unknown): void
}

export interface LeanChannel {
  /**
   * Sends `method` with `params` (with `onprogress`, a progress token added to its `_meta`); `check` turns a result
   * into the value or throws what the SDK's result schema would.
   */
  request<T>(
    method: string,
    params: Json,
    o: { timeoutMs: number; onprogress?: (p: { progress: number; total?: number; message?: string }) => void },
    check: (result: Json) => T,
  ): LeanRequest<T>
  /**
   * The connection closed: every lean request whose answer was coming fails as the SDK's would (ConnectionClosed). One
   * whose POST has had no answer yet is left to that answer: a connection closed because its standalone stream died
   * (an upstream restarting) must not turn a POST the new process refuses as a stale session (retried once,
   * ./stale-session.ts) into a failed call.
   */
  closed(): void
}

/** What a waiting lean request is told. */
interface Waiter {
  /** Its POST has had no answer yet (no status, no headers). */
  sending: boolean
  /** Ends the POST's fetch (and the reading of a streamed answer). */
  abort: AbortController
  answer(message: Json): void
  progress(params: Json): void
  fail(error: unknown): void
}

/** The SDK transport's members the lean path reads; another SDK version without them gets no lean path. */
interface TransportParts {
  _url: URL
  _sessionId?: string
  _protocolVersion?: string
  _handleSseStream(stream: ReadableStream<Uint8Array> | null, options: object, isReconnectable: boolean): void
  onmessage?: (message: JSONRPCMessage, extra?: unknown) => void
}

const ACCEPT = 'application/json, text/event-stream'

/**
 * The lean channel of a connected Streamable HTTP client, or undefined when the SDK's internals it relies on are not
 * there. `headers` are the spec's and the credential's (what the transport's requestInit carries); `track` is told of
 * each POST until its answer's headers came (closing waits for messages on their way out: ./connect.ts).
 */
export function leanChannel(
  sdk: Sdk,
  client: Client,
  transport: StreamableHTTPClientTransport,
  o: { fetch: Fetch; headers: Record<string, string>; track: (sent: Promise<unknown>) => void },
): LeanChannel | undefined {
  const t = transport as unknown as TransportParts
  const ids = client as unknown as { _requestMessageId: number }
  if (
    typeof ids._requestMessageId !== 'number' ||
    typeof t._handleSseStream !== 'function' ||
    !(t._url instanceof URL) ||
    typeof t.onmessage !== 'function'
  )
    return undefined
  const { ErrorCode, McpError, StreamableHTTPError } = sdk
  const waiting = new Map<number, Waiter>()
  /** The connection closed (./connect.ts): no answer can come through its transport any more. */
  let isClosed = false
  const closedError = () => McpError.fromError(ErrorCode.ConnectionClosed, 'Connection closed')

  // Messages for a lean request are taken out here; every other one goes on to the SDK client as before.
  const toClient = t.onmessage
  t.onmessage = (message, extra) => {
    if (waiting.size) {
      const m = message as Json
      if (m.method === undefined && m.id !== undefined) {
        const id = Number(m.id)
        const w = waiting.get(id)
        if (w) {
          waiting.delete(id)
          return w.answer(m)
        }
      } else if (m.method === 'notifications/progress') {
        const w = waiting.get(Number((m.params as Json | undefined)?.progressToken))
        if (w) return w.progress(m.params as Json)
      }
    }
    toClient(message, extra)
  }

  // The session's headers, made again only when the session or the negotiated version changes.
  let headers: Record<string, string> | undefined
  let madeFor: [string | undefined, string | undefined] = [undefined, undefined]
  const headersNow = () => {
    const sid = t._sessionId
    const version = t._protocolVersion
    if (!headers || madeFor[0] !== sid || madeFor[1] !== version) {
      headers = {
        ...(sid ? { 'mcp-session-id': sid } : {}),
        ...(version ? { 'mcp-protocol-version': version } : {}),
        ...o.headers,
        'content-type': 'application/json',
        accept: ACCEPT,
      }
      madeFor = [sid, version]
    }
    return headers
  }

  /** A JSON answer's message as the SDK's JSONRPCMessageSchema would give it (parsed by it when not a plain response). */
  const checked = (m: unknown): Json => (plainResponse(m) ? m : (sdk.JSONRPCMessageSchema.parse(m) as Json))

  /** POSTs one message; resolves once its answer is read (JSON) or handed on (a stream), or NOT_LEAN for a redirect. */
  async function post(body: string, signal: AbortSignal): Promise<typeof NOT_LEAN | undefined> {
    const sending = o.fetch(t._url, {
      method: 'POST',
      headers: headersNow(),
      body,
      // Its own signal, not the transport's: closing the transport must not abort a POST still waiting for its answer.
      signal,
    })
    o.track(sending)
    const response = await sending
    const sid = response.headers.get('mcp-session-id')
    if (sid) t._sessionId = sid
    if (!response.ok) {
      if (response.status >= 300 && response.status < 400) {
        await response.body?.cancel()
        return NOT_LEAN
      }
      const text = await response.text().catch(() => null)
      throw new StreamableHTTPError(response.status, `Error POSTing to endpoint: ${text}`)
    }
    // 202: the answer comes on the standalone stream (through onmessage above).
    if (response.status === 202) {
      await response.body?.cancel()
      return undefined
    }
    const contentType = response.headers.get('content-type')
    // The common bare values need no parse.
    const type =
      contentType === 'application/json' || contentType === 'text/event-stream'
        ? contentType
        : sdk.mediaTypeEssence(contentType)
    if (type === 'text/event-stream') {
      t._handleSseStream(response.body, {}, false)
      return undefined
    }
    if (type === 'application/json') {
      const data: unknown = await response.json()
      const messages = Array.isArray(data) ? data.map(checked) : [checked(data)]
      for (const m of messages) t.onmessage?.(m as JSONRPCMessage)
      return undefined
    }
    await response.body?.cancel()
    throw new StreamableHTTPError(-1, `Unexpected content type: ${contentType}`)
  }

  return {
    request<T>(
      method: string,
      params: Json,
      ro: { timeoutMs: number; onprogress?: (p: { progress: number; total?: number; message?: string }) => void },
      check: (result: Json) => T,
    ): LeanRequest<T> {
      // The client's own counter: a lean request and an SDK one never share an id.
      const id = ids._requestMessageId++
      let settle!: { resolve: (v: T | typeof NOT_LEAN) => void; reject: (e: unknown) => void }
      const result = new Promise<T | typeof NOT_LEAN>((resolve, reject) => {
        settle = { resolve, reject }
      })
      let timer: ReturnType<typeof setTimeout> | undefined
      const done = () => {
        waiting.delete(id)
        clearTimeout(timer)
      }
      const cancel = (reason: unknown) => {
        if (!waiting.has(id)) return
        done()
        void transport
          .send({
            jsonrpc: '2.0',
            method: 'notifications/cancelled',
            params: { requestId: id, reason: String(reason) },
          })
          .catch((error) => client.onerror?.(new Error(`Failed to send cancellation: ${error}`)))
        settle.reject(reason instanceof McpError ? reason : new McpError(ErrorCode.RequestTimeout, String(reason)))
      }
      const abort = new AbortController()
      waiting.set(id, {
        sending: true,
        abort,
        answer(m) {
          clearTimeout(timer)
          if (m.error !== undefined) {
            const e = m.error as { code: number; message: string; data?: unknown }
            settle.reject(McpError.fromError(e.code, e.message, e.data))
            return
          }
          try {
            settle.resolve(check(m.result as Json))
          } catch (error) {
            settle.reject(error)
          }
        },
        progress(p) {
          // As the SDK's ProgressNotificationSchema: a notice of another shape is dropped.
          if (
            ro.onprogress &&
            typeof p.progress === 'number' &&
            (p.total === undefined || typeof p.total === 'number') &&
            (p.message === undefined || typeof p.message === 'string')
          )
            ro.onprogress({ progress: p.progress, total: p.total as number | undefined, message: p.message as string })
        },
        fail(error) {
          done()
          settle.reject(error)
        },
      })
      timer = setTimeout(
        () => cancel(McpError.fromError(ErrorCode.RequestTimeout, 'Request timed out', { timeout: ro.timeoutMs })),
        ro.timeoutMs,
      )
      // As the SDK: a progress token (the request's id) only when progress is listened to.
      const sent = ro.onprogress
        ? { ...params, _meta: { ...(params._meta as Json | undefined), progressToken: id } }
        : params
      const body = JSON.stringify({ method, params: sent, jsonrpc: '2.0', id })
      post(body, abort.signal).then(
        (outcome) => {
          const w = waiting.get(id)
          if (!w) return
          w.sending = false
          // Answered on a stream of a connection that closed meanwhile, or sent elsewhere: nothing more can come.
          if (isClosed) {
            w.fail(closedError())
            abort.abort()
          } else if (outcome === NOT_LEAN) {
            done()
            settle.resolve(NOT_LEAN)
          }
        },
        (error) => waiting.get(id)?.fail(error),
      )
      return { result, cancel }
    },
    closed() {
      isClosed = true
      for (const w of [...waiting.values()]) {
        if (w.sending) continue
        w.fail(closedError())
        w.abort.abort()
      }
    },
  }
}

/** A JSON-RPC result or error response with nothing the SDK's strict response schemas would refuse. */
function plainResponse(m: unknown): m is Json {
  if (typeof m !== 'object' || m === null || Array.isArray(m)) return false
  const r = m as Json
  if (r.jsonrpc !== '2.0' || !(typeof r.id === 'string' || Number.isInteger(r.id))) return false
  if (keyCount(r) !== 3) return false
  if ('result' in r) return isObject(r.result) && r.result._meta === undefined
  if (!('error' in r) || !isObject(r.error)) return false
  const e = r.error
  return Number.isInteger(e.code) && typeof e.message === 'string'
}

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)

/** Own keys of a parsed JSON object, counted without making their list. */
function keyCount(o: Json): number {
  let n = 0
  for (const k in o) if (Object.hasOwn(o, k)) n++
  return n
}

/**
 * A `tools/call` result kept as it came when its shape is the common one the SDK's CallToolResultSchema would give
 * back unchanged: text blocks of `type` and `text` only, an object `structuredContent`, a boolean `isError`. Anything
 * else is parsed by the schema itself (what it strips, defaults or refuses stays the SDK's call).
 */
export function plainToolResult(result: Json): boolean {
  if (result._meta !== undefined) return false
  if (result.isError !== undefined && typeof result.isError !== 'boolean') return false
  if (result.structuredContent !== undefined && !isObject(result.structuredContent)) return false
  const content = result.content
  if (!Array.isArray(content)) return false
  for (const c of content) {
    if (!isObject(c) || c.type !== 'text' || typeof c.text !== 'string') return false
    if (keyCount(c) !== 2) return false
  }
  return true
}
