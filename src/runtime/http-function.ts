// Runs a `runtime: "http"` function: Mustache templates over {args, credentials}, one call through the egress guard.
// Also the one declaration of an HTTP function's shape (the functions API validates `http` with it).
import { type Static, Type } from '@sinclair/typebox'
import Mustache from 'mustache'
import type { Egress } from '../egress/client'
import { credentialSecrets, redactorFor } from '../lib/redact'
import { renderUrl } from './http-url'
import type { RunOutcome } from './run-function'

const Templates = Type.Record(Type.String({ maxLength: 200 }), Type.String({ maxLength: 8000 }))

export const HttpFunctionSpec = Type.Object(
  {
    url: Type.String({ minLength: 1, maxLength: 4000 }),
    method: Type.Optional(
      Type.Union(
        ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD'].map((m) => Type.Literal(m)),
        { error: 'method must be GET, POST, PUT, PATCH, DELETE or HEAD' },
      ),
    ),
    headers: Type.Optional(Templates),
    query: Type.Optional(Templates),
    /** A string template, or JSON whose string leaves are templates (sent as application/json). */
    body: Type.Optional(Type.Union([Type.String({ maxLength: 100_000 }), Type.Record(Type.String(), Type.Any())])),
  },
  { additionalProperties: false },
)
export type HttpFunctionSpec = Static<typeof HttpFunctionSpec>

export interface RunHttpFunctionOptions {
  http: HttpFunctionSpec
  args: Record<string, unknown>
  credentials?: unknown
  egress: Egress
  signal?: AbortSignal
  /** The caller's cancellation without its signal (FunctionHost.onCancel): used instead of `signal` when given. */
  onCancel?: (listener: () => void) => (() => void) | undefined
  timeoutMs?: number
}

/** No HTML escaping: values go in verbatim; objects and arrays go in as JSON (a URL or header is not HTML). */
const renderOptions = { escape: (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')) }

/**
 * One writer for every compiled template: a template is parsed when its spec is first run, and its tokens kept with
 * the compiled spec. The writer's own cache of tokens by text serves specs handed out anew (the invoke route); it is
 * emptied every few thousand parses so distinct templates cannot grow it without bound.
 */
const writer = new Mustache.Writer()
let parses = 0
const MAX_PARSES_KEPT = 5_000

/** A template made ready to render over a call's view (a Mustache context, shared by the call's templates). */
type Render = (context: Mustache.Context) => string

function compileTemplate(template: string): Render {
  // No tag: the text is its own rendering.
  if (!template.includes('{{')) return () => template
  if (++parses > MAX_PARSES_KEPT) {
    writer.clearCache()
    parses = 1
  }
  const tokens = writer.parse(template)
  return (context) => writer.renderTokens(tokens, context, {}, template, renderOptions)
}

/** A JSON body template: its string leaves compiled, the rest kept as it is. */
function compileJson(value: unknown): (context: Mustache.Context) => unknown {
  if (typeof value === 'string') return compileTemplate(value)
  if (Array.isArray(value)) {
    const items = value.map(compileJson)
    return (context) => items.map((item) => item(context))
  }
  if (value && typeof value === 'object') {
    const fields = Object.entries(value).map(([k, v]) => [k, compileJson(v)] as const)
    // fromEntries, as before: a key such as "__proto__" stays an own field.
    return (context) => Object.fromEntries(fields.map(([k, field]) => [k, field(context)]))
  }
  return () => value
}

/** What a spec's every call needs, worked out once per spec object (lookups hand out one object per version). */
interface CompiledSpec {
  method: string
  headers: (readonly [string, Render])[]
  query: (readonly [string, Render])[]
  /** Whether a header template names the content type (then a JSON body does not set it). */
  namesContentType: boolean
  body?: { text: Render } | { json: (context: Mustache.Context) => unknown }
}

const compiledSpecs = new WeakMap<HttpFunctionSpec, CompiledSpec>()

function compiledSpec(http: HttpFunctionSpec): CompiledSpec {
  let compiled = compiledSpecs.get(http)
  if (compiled) return compiled
  const templates = (record: Record<string, string> | undefined) =>
    Object.entries(record ?? {}).map(([name, value]) => [name, compileTemplate(value)] as const)
  compiled = {
    method: (http.method ?? 'GET').toUpperCase(),
    headers: templates(http.headers),
    query: templates(http.query),
    namesContentType: Object.keys(http.headers ?? {}).some((k) => k.toLowerCase() === 'content-type'),
    ...(http.body === undefined || http.body === null
      ? {}
      : {
          body: typeof http.body === 'string' ? { text: compileTemplate(http.body) } : { json: compileJson(http.body) },
        }),
  }
  compiledSpecs.set(http, compiled)
  return compiled
}

const queryValue = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v))

/**
 * 2xx → the body as text (JSON bodies pretty-printed with 2 spaces); other statuses → a failure
 * `HTTP <status>: <first 500 characters of the body>`. Egress refusals and network failures throw EgressError.
 */
export async function runHttpFunction(options: RunHttpFunctionOptions): Promise<RunOutcome> {
  // The upstream may echo the credential a template sent, as sent or encoded: cut out of its answer and errors.
  const redactor = redactorFor(credentialSecrets(options.credentials))
  try {
    const outcome = await send(options)
    return outcome.ok
      ? { ...outcome, value: redactor.deep(outcome.value) }
      : { ...outcome, message: redactor.text(outcome.message) }
  } catch (error) {
    // An egress error can name the URL, whose query may carry the credential.
    if (error instanceof Error) error.message = redactor.text(error.message)
    throw error
  }
}

async function send(options: RunHttpFunctionOptions): Promise<RunOutcome> {
  const { http, args, egress } = options
  const spec = compiledSpec(http)
  const view = { args, credentials: options.credentials ?? {} }
  const context = new Mustache.Context(view)
  const method = spec.method
  // Arguments are encoded into the URL's path and query, never able to change which URL is called.
  const url = new URL(renderUrl(http.url, view))
  for (const [name, render] of spec.query) url.searchParams.append(name, render(context))
  const headers: Record<string, string> = {}
  for (const [name, render] of spec.headers) headers[name] = render(context)

  let body: string | undefined
  if (spec.body) {
    if ('text' in spec.body) body = spec.body.text(context)
    else {
      body = JSON.stringify(spec.body.json(context))
      if (!spec.namesContentType) headers['content-type'] = 'application/json'
    }
  } else if (method === 'GET' || method === 'HEAD') {
    for (const [name, value] of Object.entries(args)) {
      if (value === undefined || value === null) continue
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, queryValue(item))
    }
  } else {
    body = JSON.stringify(args)
    if (!spec.namesContentType) headers['content-type'] = 'application/json'
  }

  const response = await egress.fetch(url.href, {
    method,
    headers,
    body,
    ...(options.onCancel ? { onCancel: options.onCancel } : { signal: options.signal }),
    timeoutMs: options.timeoutMs,
  })
  if (response.status < 200 || response.status > 299)
    return { ok: false, kind: 'http_status', message: `HTTP ${response.status}: ${response.text.slice(0, 500)}` }
  return { ok: true, value: prettyJson(response.text) }
}

function prettyJson(text: string): string {
  const trimmed = text.trim()
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return text
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2)
  } catch {
    return text
  }
}
