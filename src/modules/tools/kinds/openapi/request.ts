// Builds the HTTP request an operation's plan describes from a tool's arguments: path parameters substituted and
// encoded by style (simple, label, matrix), query parameters by style and explode (form, spaceDelimited,
// pipeDelimited, deepObject; arrays and objects), header and cookie parameters, the JSON body, and the credential
// placed as the security scheme says (OpenAPI 3.1 §4.8.12 "Style Values").
import { isDotSegment } from '../../../../runtime/http-url'
import type { OperationPlan, ParamPlan } from './plan'
import type { SchemePlan } from './security'

export interface BuiltRequest {
  url: string
  method: string
  headers: Record<string, string>
  body?: string
}

const enc = (v: string, allowReserved = false) =>
  allowReserved ? encodeURI(v).replace(/%5B/g, '[').replace(/%5D/g, ']') : encodeURIComponent(v)
const scalar = (v: unknown): string => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v))
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** `simple`, `label` and `matrix` (path) and header values; `e` encodes each piece. */
function pathValue(p: ParamPlan, value: unknown, e: (s: string) => string): string {
  const parts = Array.isArray(value)
    ? value.map((v) => e(scalar(v)))
    : isObject(value)
      ? Object.entries(value).map(([k, v]) => (p.explode ? `${e(k)}=${e(scalar(v))}` : `${e(k)},${e(scalar(v))}`))
      : [e(scalar(value))]
  const name = e(p.name)
  switch (p.style) {
    case 'label':
      return `.${parts.join(p.explode ? '.' : ',')}`
    case 'matrix':
      if (isObject(value)) return p.explode ? `;${parts.join(';')}` : `;${name}=${parts.join(',')}`
      if (Array.isArray(value) && p.explode) return parts.map((v) => `;${name}=${v}`).join('')
      return `;${name}=${parts.join(',')}`
    default:
      return parts.join(',')
  }
}

/** One query parameter as `name=value` pairs (already encoded). */
function queryPairs(p: ParamPlan, value: unknown): string[] {
  const e = (s: string) => enc(s, p.allowReserved)
  const name = enc(p.name)
  if (p.json) return [`${name}=${e(JSON.stringify(value))}`]
  if (Array.isArray(value)) {
    const items = value.map((v) => e(scalar(v)))
    if (p.style === 'spaceDelimited') return [`${name}=${items.join('%20')}`]
    if (p.style === 'pipeDelimited') return [`${name}=${items.join('|')}`]
    return p.explode ? items.map((v) => `${name}=${v}`) : [`${name}=${items.join(',')}`]
  }
  if (isObject(value)) {
    const entries = Object.entries(value)
    if (p.style === 'deepObject') return entries.map(([k, v]) => `${name}[${enc(k)}]=${e(scalar(v))}`)
    if (p.style === 'spaceDelimited' || p.style === 'pipeDelimited') {
      const sep = p.style === 'spaceDelimited' ? '%20' : '|'
      return [`${name}=${entries.map(([k, v]) => `${enc(k)}${sep}${e(scalar(v))}`).join(sep)}`]
    }
    return p.explode
      ? entries.map(([k, v]) => `${enc(k)}=${e(scalar(v))}`)
      : [`${name}=${entries.map(([k, v]) => `${enc(k)},${e(scalar(v))}`).join(',')}`]
  }
  return [`${name}=${e(scalar(value))}`]
}

/** The credential's secret under the field a scheme kind uses (a few common aliases accepted). */
const field = (data: Record<string, unknown>, ...names: string[]): string | undefined => {
  for (const n of names) if (typeof data[n] === 'string' && data[n] !== '') return data[n] as string
  return undefined
}

const FORM = 'application/x-www-form-urlencoded'

/** A form body: nested objects as `a[b]=v`, arrays as `a[0]=v` (the bracket convention Stripe and Rails read). */
function formBody(value: unknown): string {
  const pairs: string[] = []
  const walk = (v: unknown, key: string) => {
    if (v === undefined || v === null) return
    if (Array.isArray(v)) for (const [i, item] of v.entries()) walk(item, `${key}[${i}]`)
    else if (isObject(v)) for (const [k, item] of Object.entries(v)) walk(item, key ? `${key}[${k}]` : k)
    else pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`)
  }
  walk(value, '')
  return pairs.join('&')
}

/**
 * A multipart/form-data body: each property of the body object one part (arrays one part per item, objects as JSON
 * text); a property the document marks `format: binary` is a file part named after the property.
 */
function multipartBody(value: unknown, files: ReadonlySet<string>): { body: string; contentType: string } {
  const boundary = `toolyard-${crypto.randomUUID()}`
  const parts: string[] = []
  const quoted = (s: string) => s.replace(/["\r\n]/g, (c) => encodeURIComponent(c))
  for (const [key, v] of Object.entries(isObject(value) ? value : {}))
    for (const item of Array.isArray(v) ? v : [v]) {
      if (item === undefined || item === null) continue
      const file = files.has(key) ? `; filename="${quoted(key)}"` : ''
      const type = files.has(key) ? '\r\nContent-Type: application/octet-stream' : ''
      const text = typeof item === 'object' ? JSON.stringify(item) : String(item)
      parts.push(
        `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(key)}"${file}${type}\r\n\r\n${text}\r\n`,
      )
    }
  return { body: `${parts.join('')}--${boundary}--\r\n`, contentType: `multipart/form-data; boundary=${boundary}` }
}

export class MissingSecretError extends Error {}

/** A path parameter value that would make a `.` or `..` segment: the call fails and nothing is sent. */
export class PathValueError extends Error {}

/**
 * The operation's path with its path parameters substituted, each always percent-encoded (`allowReserved` is for
 * query parameters only: a path value never keeps `/`). Values go in as placeholders first, so the segments are found
 * from the document's own path; a segment a value makes `.` or `..` (raw or percent-encoded) is refused, as HTTP
 * templates do, since the URL parser would resolve it and climb (`/repos/{owner}/{repo}` with owner `..` → `/user`).
 */
export function fillPath(op: OperationPlan, args: Record<string, unknown>): string {
  const values: string[] = []
  let template = op.path
  for (const p of op.parameters) {
    if (p.in !== 'path') continue
    const value = args[p.arg] ?? p.default
    if (value === undefined || value === null) continue
    const text = pathValue(p, value, (v) => enc(v))
    template = template.split(`{${p.name}}`).join(`\uE000${values.push(text) - 1}\uE000`)
  }
  // No value went in: the document's own path, which no check refuses.
  if (!values.length) return op.path
  const fill = (part: string) => part.replace(/\uE000(\d+)\uE000/g, (_, n: string) => values[Number(n)] ?? '')
  for (const segment of template.split('/'))
    if (segment.includes('\uE000') && isDotSegment(fill(segment)))
      throw new PathValueError(
        `a path parameter makes the path segment ${JSON.stringify(fill(segment))} in ${op.path}: "." and ".." are refused, encoded or not`,
      )
  return fill(template)
}

function applySecurity(
  schemes: SchemePlan[],
  data: Record<string, unknown>,
  out: { headers: Record<string, string>; query: string[]; cookies: string[] },
): void {
  for (const s of schemes) {
    if (s.kind === 'api_key') {
      const key = field(data, 'api_key', 'token', 'access_token')
      if (!key) throw new MissingSecretError(`the credential has no api_key for scheme "${s.scheme}"`)
      if (s.in === 'header') out.headers[s.name!.toLowerCase()] = key
      else if (s.in === 'query') out.query.push(`${enc(s.name!)}=${enc(key)}`)
      else out.cookies.push(`${s.name}=${enc(key)}`)
    } else if (s.kind === 'basic') {
      const user = field(data, 'username')
      const password = typeof data.password === 'string' ? data.password : undefined
      if (user === undefined || password === undefined)
        throw new MissingSecretError(`the credential needs username and password for scheme "${s.scheme}"`)
      out.headers.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`
    } else {
      const token = field(data, 'access_token', 'token', 'api_key')
      if (!token) throw new MissingSecretError(`the credential has no access_token for scheme "${s.scheme}"`)
      out.headers.authorization = `Bearer ${token}`
    }
  }
}

export function buildRequest(
  op: OperationPlan,
  args: Record<string, unknown>,
  base: string,
  credential: Record<string, unknown> | undefined,
  /** The path as fillPath made it, when the caller has it already. */
  path: string = fillPath(op, args),
): BuiltRequest {
  const query: string[] = [...(op.query ?? [])]
  const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'Toolyard' }
  const cookies: string[] = []
  for (const p of op.parameters) {
    const value = args[p.arg] ?? p.default
    if (value === undefined || value === null) continue
    if (p.in === 'path') continue
    if (p.in === 'query') query.push(...queryPairs(p, value))
    else if (p.in === 'header')
      headers[p.name.toLowerCase()] = p.json ? JSON.stringify(value) : pathValue(p, value, (s) => s)
    else cookies.push(...queryPairs({ ...p, style: 'form' }, value).map((pair) => pair))
  }
  if (op.security.length && credential) applySecurity(op.security, credential, { headers, query, cookies })
  if (cookies.length) headers.cookie = cookies.join('; ')
  let body: string | undefined
  if (op.body && args.body !== undefined) {
    if (op.body.content_type === 'multipart/form-data') {
      const multipart = multipartBody(args.body, new Set(op.body.file_fields))
      body = multipart.body
      headers['content-type'] = multipart.contentType
    } else {
      body = op.body.content_type === FORM ? formBody(args.body) : JSON.stringify(args.body)
      headers['content-type'] = op.body.content_type
    }
  }
  const url = `${base.replace(/\/+$/, '')}${path}${query.length ? `?${query.join('&')}` : ''}`
  return { url, method: op.method, headers, ...(body !== undefined ? { body } : {}) }
}
