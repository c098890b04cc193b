// The one outbound HTTP client (ofetch): resolves each hop's host once, checks the addresses and connects to the one
// it checked (no second lookup to rebind), follows redirects by hand, caps time and body size. What ofetch does is used
// (no retry, statuses as answers, its FetchError unwrapped); what it cannot say is done here and says why: a deadline
// over every hop and the body, a byte cap on the body. The streaming fetch below stays a plain fetch: the MCP SDK's
// transports take a fetch and read Server-Sent Events from its body.
import { FetchError, ofetch } from 'ofetch'
import { isIP, lookupAll } from '../lib/net'
import { readCapped } from '../lib/read-capped'
import { inSpan, traceFields, tracingOn } from '../lib/tracing'
import { assertAddressAllowed, EgressError } from './guard'

export { EgressError } from './guard'

export interface EgressOptions {
  /** TOOLYARD_ALLOW_PRIVATE_EGRESS: reach loopback/private/link-local/metadata addresses too. */
  allowPrivate: boolean
  /** Default wall-clock limit of one call, redirects and body included (10 s). */
  timeoutMs?: number
  /** Largest response body read (5 MB); a bigger one fails the call. */
  maxBodyBytes?: number
  /** Host names (exactly as in the URL) reachable even when they resolve to private addresses: an operator allow-list. */
  allowHosts?: string[]
  /** How host names are resolved (default: the system resolver, as node:dns lookup with all: true). */
  lookup?: (host: string) => Promise<{ address: string }[]>
  /** How long a host's allowed verdict and checked address are reused (10 s; 0: every request resolves again). */
  hostVerdictMs?: number
}

interface EgressRequest {
  method?: string
  headers?: Record<string, string>
  body?: string
  timeoutMs?: number
  signal?: AbortSignal
  /**
   * The caller's cancellation without its signal (FunctionHost.onCancel): registers a listener and returns its removal,
   * or undefined when already cancelled. Used instead of `signal` when given: a host that makes its AbortController
   * lazily then makes none, and no listener goes on a signal (~2 µs of a call).
   */
  onCancel?: (listener: () => void) => (() => void) | undefined
}

interface EgressResponse {
  status: number
  headers: Headers
  text: string
  /** The URL that answered, after redirects. */
  url: string
}

export interface Egress {
  fetch(url: string, init?: EgressRequest): Promise<EgressResponse>
}

const MAX_REDIRECTS = 5
/** What a request to another origin keeps after a redirect: nothing a credential or template put there. */
const CROSS_ORIGIN_HEADERS = ['accept', 'accept-language', 'content-type', 'user-agent']
const systemLookup = lookupAll

/** Hosts whose allowed verdict is kept at once; the oldest goes first beyond it. */
const MAX_HOST_VERDICTS = 10_000
const DEFAULT_HOST_VERDICT_MS = 10_000

type Checked = string | undefined

/**
 * Checks one hop's URL and returns the address to connect to (undefined: the URL's host is already an address). An
 * allowed verdict is kept per host name for `hostVerdictMs` (docs/decisions/0398-egress-host-verdicts.md): within it the
 * request goes to the address that was checked, with no lookup at all, so a rebinding DNS server still never gets a
 * second answer used; a refusal or a failed lookup is never kept. Concurrent first requests to a host share one lookup.
 * Answers synchronously on a kept verdict (no promise made).
 */
function hostChecker(options: EgressOptions): (url: URL) => Checked | Promise<Checked> {
  const resolve = options.lookup ?? systemLookup
  const keepMs = options.hostVerdictMs ?? DEFAULT_HOST_VERDICT_MS
  const verdicts = new Map<string, { address: Checked; until: number }>()
  const pending = new Map<string, Promise<Checked>>()
  const keep = (host: string, address: Checked) => {
    if (keepMs <= 0) return
    verdicts.delete(host)
    if (verdicts.size >= MAX_HOST_VERDICTS) verdicts.delete(verdicts.keys().next().value!)
    verdicts.set(host, { address, until: Date.now() + keepMs })
  }

  async function resolveChecked(host: string, allowed: boolean): Promise<Checked> {
    let addresses: { address: string }[]
    try {
      addresses = await resolve(host)
      if (!addresses[0]) throw Object.assign(new Error('no address'), { code: 'ENODATA' })
    } catch (error) {
      throw new EgressError(
        `egress failed: could not resolve host ${host} (${(error as { code?: string }).code ?? 'DNS error'})`,
        'network',
      )
    }
    // Every address must be public (a name that mixes public and private ones is refused whole).
    if (!allowed) for (const { address } of addresses) assertAddressAllowed(host, address, false)
    // IPv4 first: many hosts have no IPv6 route, and a name like localhost often lists ::1 before 127.0.0.1.
    const address = (addresses.find((a) => isIP(a.address) === 4) ?? addresses[0]!).address
    keep(host, address)
    return address
  }

  return function checkHost(url: URL): Checked | Promise<Checked> {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new EgressError(
        `egress refused: only http and https URLs are allowed, not ${url.protocol.slice(0, -1)}:`,
        'refused',
      )
    }
    const kept = verdicts.get(url.hostname)
    if (kept && kept.until > Date.now()) return kept.address
    const host = url.hostname.replace(/^\[|\]$/g, '')
    const allowed = options.allowPrivate || (options.allowHosts?.includes(host) ?? false)
    if (isIP(host)) {
      if (!allowed) assertAddressAllowed(host, host, false)
      keep(url.hostname, undefined)
      return undefined
    }
    let lookup = pending.get(host)
    if (!lookup) {
      lookup = resolveChecked(host, allowed).finally(() => pending.delete(host))
      pending.set(host, lookup)
    }
    // Each request gets its own error (a caller may reword its message, e.g. to redact it).
    return lookup.catch((e: unknown) => {
      throw e instanceof EgressError ? new EgressError(e.message, e.reason) : e
    })
  }
}

/**
 * A fetch with the same address guard for clients that read the body as a stream (the MCP SDK's transports behind
 * remote toolkits): each request's host is checked and pinned, redirects are not followed (the caller sees the 3xx,
 * so every hop it follows is checked again), and a body over `maxBodyBytes` fails. Its caller bounds time.
 */
export function createStreamingFetch(
  options: EgressOptions,
): (input: string | URL, init?: RequestInit) => Promise<Response> {
  const checkHost = hostChecker(options)
  // One response (a POST's answer, or a whole SSE stream) may carry this much (default 32 MB).
  const maxBody = options.maxBodyBytes ?? 32 * 1024 * 1024
  const send = async (input: string | URL, init: RequestInit = {}) => {
    const url = parseUrl(String(input))
    const checked = checkHost(url)
    const address = checked instanceof Promise ? await checked : checked
    const headers = new Headers(init.headers)
    if (address) headers.set('host', url.host)
    const response = await fetch(pinned(url, address), {
      ...init,
      headers,
      redirect: 'manual',
      ...(address && url.protocol === 'https:' ? { tls: { serverName: url.hostname } } : {}),
    } as RequestInit)
    return capped(response, init.method ?? 'GET', maxBody, url)
  }
  // Inside a traced request, each upstream request is a client span whose context goes on in its headers.
  return (input, init = {}) =>
    tracingOn() && traceFields()
      ? upstreamSpan(init.method ?? 'GET', String(input), (fields) =>
          send(input, { ...init, headers: withTraceHeaders(new Headers(init.headers), fields) }),
        )
      : send(input, init)
}

/** The W3C fields added to an upstream request's headers. */
function withTraceHeaders(headers: Headers, fields: Record<string, string> | undefined): Headers {
  for (const [k, v] of Object.entries(fields ?? {})) headers.set(k, v)
  return headers
}

/** A client span for one upstream HTTP request (remote MCP, OpenAPI, HTTP functions, ctx.fetch). */
function upstreamSpan<T extends { status: number }>(
  method: string,
  rawUrl: string,
  send: (fields: Record<string, string> | undefined) => Promise<T>,
): Promise<T> {
  let url: URL | undefined
  try {
    url = new URL(rawUrl)
  } catch {}
  return inSpan(
    method.toUpperCase(),
    'client',
    {
      'http.request.method': method.toUpperCase(),
      ...(url ? { 'server.address': url.hostname, 'url.full': `${url.origin}${url.pathname}` } : {}),
    },
    async (span) => {
      const response = await send(traceFields())
      span.setAttribute('http.response.status_code', response.status)
      return response
    },
    undefined,
    (response) => (response.status >= 500 ? String(response.status) : undefined),
  )
}

/**
 * The response with a body that fails once more than `maxBytes` came through: a peer cannot grow our memory. A body
 * whose declared length fits (a JSON answer, not a stream) cannot pass it, and is handed on as fetch gave it.
 */
function capped(response: Response, method: string, maxBytes: number, url: URL): Response {
  const length = declaredLength(response, method.toUpperCase())
  if (length !== undefined && length <= maxBytes) return response
  if (!response.body) return response
  let seen = 0
  const limit = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      seen += chunk.byteLength
      if (seen > maxBytes) controller.error(tooLargeError(url, maxBytes))
      else controller.enqueue(chunk)
    },
  })
  return new Response(response.body.pipeThrough(limit), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  })
}

export function createEgress(options: EgressOptions): Egress {
  const defaultTimeout = options.timeoutMs ?? 10_000
  const maxBody = options.maxBodyBytes ?? 5 * 1024 * 1024
  const checkHost = hostChecker(options)

  // Inside a traced request, each upstream request is a client span whose context goes on in its headers.
  const traced = (rawUrl: string, init: EgressRequest = {}): Promise<EgressResponse> =>
    tracingOn() && traceFields()
      ? upstreamSpan(init.method ?? 'GET', rawUrl, (fields) =>
          fetch(rawUrl, { ...init, headers: { ...init.headers, ...fields } }),
        )
      : fetch(rawUrl, init)

  async function fetch(rawUrl: string, init: EgressRequest = {}): Promise<EgressResponse> {
    const timeoutMs = init.timeoutMs ?? defaultTimeout
    // One signal per request, ended by the caller's or by the deadline, and let go of when the request ends:
    // `AbortSignal.timeout` with `AbortSignal.any` kept every request's signals, and what fetch hung on them, alive
    // until the deadline passed (docs/decisions/0151-remote-calls-hold-no-memory.md).
    const controller = new AbortController()
    const signal = controller.signal
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort(new DOMException(`timed out after ${timeoutMs} ms`, 'TimeoutError'))
    }, timeoutMs)
    let canceled = false
    const cancel = () => {
      canceled = true
      controller.abort(init.signal?.reason)
    }
    let stopListening: (() => void) | undefined
    if (init.onCancel) {
      stopListening = init.onCancel(cancel)
      if (!stopListening) cancel()
    } else if (init.signal?.aborted) cancel()
    else init.signal?.addEventListener('abort', cancel, { once: true })
    let url = parseUrl(rawUrl)
    let method = (init.method ?? 'GET').toUpperCase()
    // Never changed in place (a redirect makes a new object), so the caller's own is used as it is.
    let headers: Record<string, string> = init.headers ?? {}
    let body = init.body

    try {
      for (let hop = 0; ; hop++) {
        const checked = checkHost(url)
        const address = checked instanceof Promise ? await checked : checked
        if (signal.aborted) throw signal.reason
        // One hop through ofetch: never retried (a POST sent twice could act twice; retrying is the caller's call),
        // every status an answer (callers read 4xx/5xx bodies; 3xx are followed here), the body handed back unread and
        // read below with a byte cap (ofetch's text/json response types read a body of any size). The deadline is the
        // controller above, not ofetch's `timeout`: that one ends at the response headers and is ignored beside a
        // signal, and ours covers every hop and the body.
        const response = await ofetch.raw(pinned(url, address), {
          method,
          // The URL names the address; the server still sees the host name (Host, and SNI + certificate name).
          headers: address ? { ...withoutHeaders(headers, ['host']), host: url.host } : headers,
          ...(address && url.protocol === 'https:' ? { tls: { serverName: url.hostname } } : {}),
          body,
          redirect: 'manual',
          ignoreResponseError: true,
          retry: 0,
          responseType: 'stream',
          signal,
        })
        const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null
        if (location) {
          await response.body?.cancel().catch(() => {})
          if (hop >= MAX_REDIRECTS)
            throw new EgressError(
              `egress failed: more than ${MAX_REDIRECTS} redirects from ${describe(parseUrl(rawUrl))}`,
              'too_many_redirects',
            )
          const next = parseUrl(location, url)
          // Fetch's rules: 303 (and 301/302 after POST) turn into a body-less GET.
          if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
            if (method !== 'HEAD') method = 'GET'
            body = undefined
            headers = withoutHeaders(headers, ['content-type', 'content-length'])
          }
          // Credentials meant for one origin are not forwarded to another, whatever header carries them.
          if (next.origin !== url.origin) headers = onlyHeaders(headers, CROSS_ORIGIN_HEADERS)
          url = next
          continue
        }
        const text = await readBody(response, method, maxBody, url)
        return { status: response.status, headers: response.headers, text, url: url.href }
      }
    } catch (error) {
      throw toEgressError(error, { url, timeoutMs, timedOut, aborted: canceled })
    } finally {
      clearTimeout(timer)
      if (stopListening) stopListening()
      else init.signal?.removeEventListener('abort', cancel)
    }
  }

  return { fetch: traced }
}

function parseUrl(value: string, base?: URL): URL {
  try {
    return new URL(value, base)
  } catch {
    throw new EgressError(`egress refused: ${JSON.stringify(value.slice(0, 200))} is not a valid URL`, 'refused')
  }
}

/** A byte limit in words: whole MB when it is at least one, bytes otherwise (never "0 MB"). */
const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MB` : `${bytes} bytes`

/** The URL without credentials or query (which may carry secrets) for messages. */
function describe(url: URL): string {
  return `${url.origin}${url.pathname}`
}

function withoutHeaders(headers: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !names.includes(k.toLowerCase())))
}

function onlyHeaders(headers: Record<string, string>, names: string[]): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => names.includes(k.toLowerCase())))
}

/** The URL with its host name replaced by the checked address, so fetch does not resolve the name again. */
function pinned(url: URL, address: string | undefined): string {
  if (!address) return url.href
  const target = new URL(url.href)
  target.hostname = address.includes(':') ? `[${address}]` : address
  return target.href
}

/**
 * The length a body will have as it is read, when its headers say so and nothing changes it on the way: a
 * Content-Length, no Transfer-Encoding, and no Content-Encoding (fetch decompresses, and a small compressed body can
 * grow without bound). The connection's framing stops the body at that length, so no more can come through.
 */
function declaredLength(response: Response, method: string): number | undefined {
  // A HEAD answer, a 204 and a 304 have no body whatever their Content-Length says.
  if (method === 'HEAD' || response.status === 204 || response.status === 304) return undefined
  const headers = response.headers
  const length = headers.get('content-length')
  if (length === null || !/^\d{1,15}$/.test(length)) return undefined
  if (headers.has('transfer-encoding')) return undefined
  const encoding = headers.get('content-encoding')
  if (encoding !== null && encoding.trim().toLowerCase() !== 'identity') return undefined
  return Number(length)
}

const tooLargeError = (url: URL, maxBytes: number) =>
  new EgressError(`egress failed: response from ${describe(url)} is larger than ${sizeOf(maxBytes)}`, 'too_large')

/**
 * The body as text, at most `maxBytes`: read whole in one step when its declared length is known and fits (no stream
 * reader, no chunks to join: ~6 µs a call), refused unread when it declares more, else read chunk by chunk and given up
 * once past the cap. The request's deadline covers either way (its signal ends the body too).
 */
async function readBody(response: Response, method: string, maxBytes: number, url: URL): Promise<string> {
  const length = declaredLength(response, method)
  if (length !== undefined) {
    if (length > maxBytes) {
      await response.body?.cancel().catch(() => {})
      throw tooLargeError(url, maxBytes)
    }
    return response.text()
  }
  return new TextDecoder().decode(await readCapped(response.body, maxBytes, () => tooLargeError(url, maxBytes)))
}

function toEgressError(
  error: unknown,
  at: { url: URL; timeoutMs: number; timedOut: boolean; aborted: boolean },
): EgressError {
  if (error instanceof EgressError) return error
  const target = describe(at.url)
  if (at.timedOut)
    return new EgressError(`egress failed: request to ${target} timed out after ${at.timeoutMs}ms`, 'timeout')
  if (at.aborted) return new EgressError(`egress failed: request to ${target} was canceled`, 'aborted')
  // ofetch reports what fetch threw (refused, reset, TLS) as the cause of its FetchError, whose own message repeats
  // the whole URL (query included): only the cause is described.
  const thrown = error instanceof FetchError && error.cause ? error.cause : error
  const cause = (thrown as { cause?: { code?: string; message?: string } })?.cause
  const code = (thrown as { code?: string })?.code ?? cause?.code
  const detail = code ?? cause?.message ?? (thrown instanceof Error ? thrown.message : String(thrown))
  return new EgressError(`egress failed: request to ${target} failed (${detail})`, 'network')
}
