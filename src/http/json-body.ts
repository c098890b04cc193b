// The one rule for every REST route that declares a body schema: the body is a JSON object sent as
// `Content-Type: application/json` (docs/decisions/0019-dashboard-sign-in-request-bodies-and-key-commands.md).
// Elysia would otherwise parse text/plain and form bodies too, and give `[]`, `"s"`, `null` or an empty body to a
// schema whose fields are all optional as if it were `{}` (POST /keys then made an admin key).
import { OptionalKind } from '@sinclair/typebox'
import { AppError } from '../lib/errors'
import type { RouteInfo } from './strict-body'

const UNSUPPORTED = 'request body must be JSON: send Content-Type: application/json'

/**
 * `application/json`, with or without parameters (`; charset=utf-8`). Lower case only: Elysia's parser reads no
 * other spelling as JSON, so `Application/JSON` is told to send the one it reads rather than mis-parsed.
 */
const isJsonMediaType = (header: string | null): boolean => header?.split(';')[0]?.trim() === 'application/json'

/**
 * A declared length says whether there is a body (zero bytes is none, whatever the content type); without one, the
 * request has a body stream only when it carries one (chunked, or built in-process as the dashboard does).
 */
function hasBody(request: Request): boolean {
  const length = request.headers.get('content-length')
  if (length !== null) return Number(length) > 0
  return request.body !== null
}

const isObject = (v: unknown): boolean => typeof v === 'object' && v !== null && !Array.isArray(v)

const notAnObject = (message: string) =>
  new AppError('validation_failed', `invalid body: ${message}`, [{ field: 'body', message }])

/**
 * Returns a check of one request against its route: the error to answer (415 `unsupported_media_type` for another
 * content type, 400 naming `body` for a missing body or JSON that is not an object), or null when the body is fine
 * or the route declares none (form endpoints by design: the OAuth token endpoint and consent form, the dashboard's
 * forms; the protocol endpoint reads its own body).
 */
export function createJsonBodyCheck(routes: () => readonly RouteInfo[]) {
  let indexedCount = -1
  // `METHOD /path` → whether the body may be left out (a `t.Optional` body schema).
  const declared = new Map<string, { optional: boolean }>()
  const index = () => {
    const all = routes()
    if (all.length === indexedCount) return
    declared.clear()
    indexedCount = all.length
    for (const r of all) {
      const body = r.hooks?.body as Record<PropertyKey, unknown> | undefined
      if (body && typeof body === 'object') declared.set(`${r.method} ${r.path}`, { optional: !!body[OptionalKind] })
    }
  }
  return (method: string, route: string, request: Request, body: unknown): AppError | null => {
    index()
    const rule = declared.get(`${method} ${route}`)
    if (!rule) return null
    if (!hasBody(request))
      return rule.optional ? null : notAnObject('a JSON object is required (send {} to take every default)')
    if (!isJsonMediaType(request.headers.get('content-type')))
      return new AppError('unsupported_media_type', UNSUPPORTED, [
        { field: 'headers.content-type', message: UNSUPPORTED },
      ])
    return isObject(body) ? null : notAnObject('must be a JSON object')
  }
}
