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
  timeoutMs?: number
}

/** No HTML escaping: values go in verbatim; objects and arrays go in as JSON (a URL or header is not HTML). */
const renderOptions = { escape: (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')) }

function renderTemplate(template: string, view: object): string {
  return Mustache.render(template, view, {}, renderOptions)
}

function renderJson(value: unknown, view: object): unknown {
  if (typeof value === 'string') return renderTemplate(value, view)
  if (Array.isArray(value)) return value.map((v) => renderJson(v, view))
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, renderJson(v, view)]))
  return value
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
  const view = { args, credentials: options.credentials ?? {} }
  const method = (http.method ?? 'GET').toUpperCase()
  // Arguments are encoded into the URL's path and query, never able to change which URL is called.
  const url = new URL(renderUrl(http.url, view))
  for (const [name, value] of Object.entries(http.query ?? {}))
    url.searchParams.append(name, renderTemplate(value, view))
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(http.headers ?? {})) headers[name] = renderTemplate(value, view)
  const hasHeader = (name: string) => Object.keys(headers).some((k) => k.toLowerCase() === name)

  let body: string | undefined
  if (http.body !== undefined && http.body !== null) {
    if (typeof http.body === 'string') body = renderTemplate(http.body, view)
    else {
      body = JSON.stringify(renderJson(http.body, view))
      if (!hasHeader('content-type')) headers['content-type'] = 'application/json'
    }
  } else if (method === 'GET' || method === 'HEAD') {
    for (const [name, value] of Object.entries(args)) {
      if (value === undefined || value === null) continue
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, queryValue(item))
    }
  } else {
    body = JSON.stringify(args)
    if (!hasHeader('content-type')) headers['content-type'] = 'application/json'
  }

  const response = await egress.fetch(url.href, {
    method,
    headers,
    body,
    signal: options.signal,
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
