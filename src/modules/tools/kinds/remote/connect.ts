// One connection to an upstream MCP server with the official SDK's client and transports: Streamable HTTP, the
// 2024-11-05 HTTP+SSE transport, or `auto` (Streamable HTTP, then SSE after a 4xx, as the MCP spec's backwards
// compatibility section says). Every request goes through the egress guard's streaming fetch. What the upstream asks
// or tells during a call (progress, logs, elicitation, sampling) goes to the call bound to the connection, so a
// connection serves one call at a time (./pool.ts).
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { isMcpLogLevel } from '../../../../lib/log'
import { isInputRequired } from '../../../../mcp/modern/mrtr'
import type { FunctionHost } from '../../../../runtime/host'
import { VERSION } from '../../../../version'
import { type LeanChannel, leanChannel } from './lean'
import type { RemoteSpec } from './model'
import { loadSdk, type Sdk, sdkIfLoaded } from './sdk'
import { streamDied } from './stream-death'

export type StreamingFetch = (input: string | URL, init?: RequestInit) => Promise<Response>

/** The call a connection serves now: where the upstream's questions and notices go. */
interface CallBinding {
  /** Read only when the upstream asks or tells something (the call may make it then). */
  readonly host: Pick<FunctionHost, 'log' | 'progress' | 'elicit' | 'sample' | 'listRoots'>
  /** The client could not answer now (a 2026-07-28 input-required round): the call ends at once. */
  onUnanswerable(): void
}

export interface UpstreamConnection {
  client: Client
  serverInfo?: { name: string; version: string; [k: string]: unknown }
  protocolVersion?: string
  /** The upstream said it sends notifications/tools/list_changed. */
  listChanged: boolean
  /** The upstream declared `logging` (it sends log lines: ./drain.ts). */
  logging: boolean
  /** Requests without the SDK client's per-request work (./lean.ts); absent on the 2024-11-05 SSE transport. */
  lean?: LeanChannel
  bind(call: CallBinding | undefined): void
  readonly closed: boolean
  close(): Promise<void>
}

export interface ConnectOptions {
  fetch: StreamingFetch
  /** The credential's header (Authorization or the named one), added to the spec's non-secret headers. */
  authHeaders: Record<string, string>
  /** The upstream announced a change of its tools. */
  onToolsChanged?: () => void
  /** The upstream announced a change of its resources or prompts (what servers carrying the toolkit list changes). */
  onPartsChanged?: (list: 'resources' | 'prompts') => void
  /** The upstream announced that a resource it was asked to watch changed (resources/subscribe: ./resource-watch.ts). */
  onResourceUpdated?: (uri: string) => void
  /** The connection ended without us closing it: the upstream went away or its stream died (./stream-death.ts). */
  onLost?: () => void
  /** What the calling client declared that the upstream may use through us (a sync has no client: nothing). */
  declare?: DeclaredToUpstream
  timeoutMs: number
}

/** Capabilities passed on to the upstream only when the downstream client declared them. */
export interface DeclaredToUpstream {
  roots?: boolean
  /** URL-mode elicitation (`elicitation.url`). */
  elicitUrl?: boolean
}

function transportFor(sdk: Sdk, kind: 'streamable_http' | 'sse', spec: RemoteSpec, o: ConnectOptions): Transport {
  const url = new URL(spec.url)
  const requestInit: RequestInit = { headers: { ...spec.headers, ...o.authHeaders } }
  if (kind === 'sse') return new sdk.SSEClientTransport(url, { fetch: o.fetch, requestInit })
  // One resume, no loop: a server that closes its stream on purpose (2025-11-25 SSE polling) is resumed; a stream that
  // cannot be resumed ends the connection (./stream-death.ts), and the pool or the watcher makes a new one.
  return new sdk.StreamableHTTPClientTransport(url, {
    fetch: o.fetch,
    requestInit,
    reconnectionOptions: {
      maxRetries: 1,
      initialReconnectionDelay: 500,
      maxReconnectionDelay: 500,
      reconnectionDelayGrowFactor: 1,
    },
  })
}

/** A 4xx other than 401/403 from the Streamable HTTP attempt: the server may speak only the older transport. */
const fallsBack = (error: unknown) => {
  const sdk = sdkIfLoaded()
  return (
    sdk !== undefined &&
    error instanceof sdk.StreamableHTTPError &&
    typeof error.code === 'number' &&
    error.code >= 400 &&
    error.code < 500 &&
    error.code !== 401 &&
    error.code !== 403
  )
}

async function open(kind: 'streamable_http' | 'sse', spec: RemoteSpec, o: ConnectOptions): Promise<UpstreamConnection> {
  const sdk = await loadSdk()
  const { ErrorCode, McpError } = sdk
  const refuse = (message: string) => new McpError(ErrorCode.InvalidRequest, message)
  let current: CallBinding | undefined
  let closed = false
  let protocolVersion: string | undefined
  const client = new sdk.Client(
    { name: 'toolyard', version: VERSION },
    // Declared so the upstream may ask; a question the calling client cannot answer is refused (never left waiting).
    { capabilities: upstreamCapabilities(o.declare) },
  )
  const ask = (method: 'elicit' | 'sample') => async (request: { params: Record<string, unknown> }) => {
    const call = current
    const put = call?.host[method]
    if (!call || !put)
      throw refuse(`the client cannot answer ${method === 'elicit' ? 'elicitation' : 'sampling'} requests`)
    try {
      // The SDK adds its own `_meta`/task fields; the client gets the upstream's question as it was asked.
      return (await put(request.params)) as never
    } catch (error) {
      // An input-required round (2026-07-28): the upstream gets an error and the call ends now, its result discarded;
      // the next round calls the upstream again and answers this question from the client's inputResponses.
      if (isInputRequired(error)) call.onUnanswerable()
      throw refuse(error instanceof Error ? error.message : 'the client did not answer')
    }
  }
  client.setRequestHandler(sdk.ElicitRequestSchema, ask('elicit'))
  client.setRequestHandler(sdk.CreateMessageRequestSchema, ask('sample'))
  if (o.declare?.roots)
    client.setRequestHandler(sdk.ListRootsRequestSchema, async () => {
      const list = current?.host.listRoots
      if (!list) throw refuse('the client cannot answer roots/list requests')
      return (await list()) as never
    })
  client.setNotificationHandler(sdk.LoggingMessageNotificationSchema, (n) => {
    const { level, data, logger } = n.params
    if (!isMcpLogLevel(level)) return
    const text = typeof data === 'string' ? data : JSON.stringify(data)
    current?.host.log(level, logger ? `${logger}: ${text}` : text)
  })
  client.setNotificationHandler(sdk.ToolListChangedNotificationSchema, () => o.onToolsChanged?.())
  const onParts = o.onPartsChanged
  if (onParts) {
    client.setNotificationHandler(sdk.ResourceListChangedNotificationSchema, () => onParts('resources'))
    client.setNotificationHandler(sdk.PromptListChangedNotificationSchema, () => onParts('prompts'))
  }
  const onUpdated = o.onResourceUpdated
  if (onUpdated)
    client.setNotificationHandler(sdk.ResourceUpdatedNotificationSchema, (n) => onUpdated(String(n.params.uri)))
  const transport = transportFor(sdk, kind, spec, o)
  // The negotiated version, as the SDK hands it to the transport after initialize.
  const setVersion = transport.setProtocolVersion?.bind(transport)
  transport.setProtocolVersion = (v: string) => {
    protocolVersion = v
    setVersion?.(v)
  }
  let closing = false
  let lean: LeanChannel | undefined
  client.onclose = () => {
    closed = true
    lean?.closed()
    if (!closing) o.onLost?.()
  }
  // A stream that died ends the connection at once: the SDK would otherwise wait for answers that cannot come (until
  // timeout_ms) or reconnect into a session the restarted upstream no longer knows.
  client.onerror = (error) => {
    if (streamDied(sdk, error)) void client.close().catch(() => {})
  }
  // Messages on their way out: closing aborts the transport's requests, so close() lets these go first (a cancelled
  // call's notifications/cancelled, sent as the call ends, would otherwise never reach the upstream).
  const sending = new Set<Promise<unknown>>()
  const track = (sent: Promise<unknown>) => {
    sending.add(sent)
    void sent.then(
      () => sending.delete(sent),
      () => sending.delete(sent),
    )
  }
  const send = transport.send.bind(transport)
  transport.send = (message, options) => {
    const sent = send(message, options)
    track(sent)
    return sent
  }
  // The whole connect within timeout_ms: the SDK's timeout covers `initialize`, but not the SSE transport's wait for
  // its `endpoint` event, which an upstream can withhold forever (docs/decisions/0038-review-of-the-third-round.md).
  await withinDeadline(client.connect(transport, { timeout: o.timeoutMs }), o.timeoutMs, () => {
    void client.close().catch(() => {})
  })
  if (transport instanceof sdk.StreamableHTTPClientTransport)
    lean = leanChannel(sdk, client, transport, {
      fetch: o.fetch,
      headers: { ...spec.headers, ...o.authHeaders },
      track,
    })
  return {
    client,
    ...(lean ? { lean } : {}),
    ...(client.getServerVersion() ? { serverInfo: client.getServerVersion() } : {}),
    get protocolVersion() {
      return protocolVersion
    },
    listChanged: client.getServerCapabilities()?.tools?.listChanged === true,
    logging: client.getServerCapabilities()?.logging !== undefined,
    bind: (call) => {
      current = call
    },
    get closed() {
      return closed
    },
    async close() {
      closed = true
      // Set before the wait: a stream that dies while the last messages go out is our own closing, not a lost upstream.
      closing = true
      // Bounded: a request whose answer streams back (a tools/call) is also "on its way" until its headers came.
      if (sending.size) await settledWithin([...sending], SEND_GRACE_MS)
      await client.close().catch(() => {})
    },
  }
}

/** `elicitation: {}` is form-only (the 2025-06-18 form); `url` and `roots` only when the calling client declared them. */
function upstreamCapabilities(declare: DeclaredToUpstream | undefined) {
  return {
    elicitation: declare?.elicitUrl ? { form: {}, url: {} } : {},
    sampling: {},
    ...(declare?.roots ? { roots: {} } : {}),
  }
}

/** How long close() waits for messages already being sent. */
const SEND_GRACE_MS = 2000

/** Waits until every promise settled or `ms` passed, whichever is first; never throws. */
async function settledWithin(promises: Promise<unknown>[], ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([Promise.allSettled(promises), new Promise((r) => (timer = setTimeout(r, ms)))])
  clearTimeout(timer)
}

/** `work`, or a timeout error after `ms` (then `onExpire` ends what is left of it). */
async function withinDeadline<T>(work: Promise<T>, ms: number, onExpire: () => void): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onExpire()
      const sdk = sdkIfLoaded()
      reject(
        sdk
          ? new sdk.McpError(sdk.ErrorCode.RequestTimeout, `upstream timed out after ${ms} ms while connecting`)
          : new Error(`upstream timed out after ${ms} ms while connecting`),
      )
    }, ms)
  })
  try {
    return await Promise.race([work, expired])
  } finally {
    clearTimeout(timer)
    work.catch(() => {})
  }
}

/** Connects and initializes; throws the transport's or the upstream's error (the caller words it). */
export async function connectUpstream(spec: RemoteSpec, o: ConnectOptions): Promise<UpstreamConnection> {
  if (spec.transport !== 'auto') return open(spec.transport, spec, o)
  try {
    return await open('streamable_http', spec, o)
  } catch (error) {
    if (!fallsBack(error)) throw error
    return open('sse', spec, o)
  }
}
