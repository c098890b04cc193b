// Request ids on every response and the one error envelope: {error, code, details?, request_id}.
import { Elysia } from 'elysia'
import { AppError, type ErrorDetail } from '../lib/errors'
import type { Logger } from '../lib/log'
import {
  type BodyLimits,
  bodyLimitError,
  boundedRequest,
  declaredTooLarge,
  jsonDeeperThan,
  ownBodyRoutes,
  PayloadTooLargeError,
  rpcTooLarge,
  TooDeepError,
} from './body-limit'
import { RateLimitedError } from './guard'
import { createJsonBodyCheck } from './json-body'
import { createStrictBodyCheck, pointerToField, type RouteInfo } from './strict-body'

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/

// One id per request, shared by the success path and the error handler (which may run before any derive).
const ids = new WeakMap<Request, string>()
/** A copy of a request (its body read and given again) keeps the original's id. */
export function shareRequestId(from: Request, to: Request): void {
  ids.set(to, requestIdOf(from))
}

export function requestIdOf(request: Request): string {
  let id = ids.get(request)
  if (!id) {
    const incoming = request.headers.get('x-request-id')
    id = incoming && REQUEST_ID.test(incoming) ? incoming : Bun.randomUUIDv7()
    ids.set(request, id)
  }
  return id
}

interface ValidationIssue {
  path?: string
  message?: string
  schema?: { error?: unknown }
}

/** Turns Elysia/TypeBox validation issues into `details` naming each field (`body.name`, `query.limit`). */
function validationDetails(where: string, issues: ValidationIssue[]): ErrorDetail[] {
  const seen = new Set<string>()
  const out: ErrorDetail[] = []
  for (const issue of issues) {
    const field = pointerToField(where, issue.path ?? '')
    const message = typeof issue.schema?.error === 'string' ? issue.schema.error : (issue.message ?? 'invalid value')
    const key = `${field}:${message}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ field, message })
  }
  return out
}

/**
 * Elysia reports a failed numeric coercion (`?limit=0`) as type "property" without a path; the
 * field is recovered by finding the query parameter or path parameter that carried the value.
 */
function coercedField(request: Request, params: Record<string, string> | undefined, value: unknown): string {
  const same = (raw: string) => raw === String(value) || (raw.trim() !== '' && Number(raw) === value)
  for (const [k, v] of new URL(request.url).searchParams) if (same(v)) return `query.${k}`
  for (const [k, v] of Object.entries(params ?? {})) if (same(v)) return `params.${k}`
  return 'request'
}

export function errorBody(requestId: string, code: string, message: string, details?: ErrorDetail[]) {
  return { error: message, code, ...(details?.length ? { details } : {}), request_id: requestId }
}

const DEFAULT_BODY_LIMITS: BodyLimits = { maxBodyBytes: 4 * 1024 * 1024, maxJsonDepth: 64 }

/**
 * `routes` lets the unknown-field check find each route's body schema (pass `() => app.routes`); `limits` bound every
 * body this parses (the protocol endpoint reads its own, under the same limits).
 */
export const errorsPlugin = (
  log: Logger,
  routes: () => readonly RouteInfo[] = () => [],
  limits: BodyLimits = DEFAULT_BODY_LIMITS,
) => {
  const strictBody = createStrictBodyCheck(routes)
  const jsonBody = createJsonBodyCheck(routes)
  // A body that is not a JSON object (or not JSON): found in transform, answered after the key check like unknown
  // fields, and before them (there are no fields to name).
  const badBodies = new WeakMap<Request, AppError>()
  const readsOwnBody = ownBodyRoutes(routes)
  const unknownFields = new WeakMap<Request, ErrorDetail[]>()
  const invalidBody = (details: ErrorDetail[]) =>
    new AppError('validation_failed', `invalid body: ${details.map((d) => d.field).join(', ')}`, details)
  return (
    new Elysia({ name: 'toolyard.errors' })
      // Bodies are bounded before anything reads them: the declared length is refused at once, and a body without
      // one is read through a counting stream that fails past the limit (Elysia's parser or the protocol endpoint's
      // reader then stops). This runs before routing, so before the key lookup too.
      .onRequest((ctx) => {
        const { request, set } = ctx
        set.headers['x-request-id'] = requestIdOf(request)
        if (declaredTooLarge(request.headers, limits.maxBodyBytes)) throw new PayloadTooLargeError(limits.maxBodyBytes)
        // The length first: touching `request.body` makes a stream, which a body with a declared length never needs.
        if (request.headers.get('content-length') === null && request.body) {
          const bounded = boundedRequest(request, limits.maxBodyBytes)
          ids.set(bounded, requestIdOf(request))
          ctx.request = bounded
        }
      })
      .derive({ as: 'global' }, ({ request, set }) => {
        const requestId = requestIdOf(request)
        set.headers['x-request-id'] = requestId
        return { requestId }
      })
      // Unknown fields are found before Elysia strips them, but answered only after the key check
      // (guards authenticate in the transform phase, this answers in beforeHandle or with the schema error).
      .onTransform({ as: 'global' }, ({ request, route, body }) => {
        if (jsonDeeperThan(body, limits.maxJsonDepth)) throw new TooDeepError(limits.maxJsonDepth)
        const bad = jsonBody(request.method, route, request, body)
        if (bad) {
          badBodies.set(request, bad)
          return
        }
        const details = strictBody(request.method, route, body)
        if (details) unknownFields.set(request, details)
      })
      .onBeforeHandle({ as: 'global' }, ({ request }) => {
        const bad = badBodies.get(request)
        if (bad) throw bad
        const details = unknownFields.get(request)
        if (details) throw invalidBody(details)
      })
      .onError({ as: 'global' }, ({ code, error, set, request, params }) => {
        const requestId = requestIdOf(request)
        set.headers['x-request-id'] = requestId
        set.headers['content-type'] = 'application/json'
        if (error instanceof RateLimitedError) {
          Object.assign(set.headers, error.headers)
          set.status = 429
          return { error: error.message, code: 'rate_limited', request_id: requestId }
        }
        // The body checks fail inside Elysia's parser (wrapped as a parse error) or before routing.
        const bodyError = bodyLimitError(error)
        if (bodyError instanceof PayloadTooLargeError && readsOwnBody(request.method, new URL(request.url).pathname)) {
          set.status = 413
          set.headers.connection = 'close'
          return rpcTooLarge(bodyError)
        }
        if (bodyError) {
          set.status = bodyError.status
          if (bodyError instanceof PayloadTooLargeError) set.headers.connection = 'close'
          return errorBody(requestId, bodyError.code, bodyError.message)
        }
        if (error instanceof AppError) {
          set.status = error.status
          return errorBody(requestId, error.code, error.message, error.details)
        }
        if (code === 'VALIDATION') {
          const v = error as unknown as { type: string; value: unknown; all: ValidationIssue[] }
          const bad = v.type === 'body' ? badBodies.get(request) : undefined
          if (bad) {
            set.status = bad.status
            return errorBody(requestId, bad.code, bad.message, bad.details)
          }
          // The schema failure and the unknown fields are reported together.
          const unknown = v.type === 'body' ? unknownFields.get(request) : undefined
          if (unknown) {
            const e = invalidBody(unknown)
            set.status = 400
            return errorBody(requestId, e.code, e.message, e.details)
          }
          const details =
            v.type === 'property'
              ? [
                  {
                    field: coercedField(request, params as Record<string, string> | undefined, v.value),
                    message: v.all?.[0]?.message ?? 'invalid value',
                  },
                ]
              : validationDetails(v.type, v.all ?? [])
          set.status = 400
          const names = details.map((d) => d.field).join(', ')
          const where = v.type === 'property' ? (details[0]!.field.split('.')[0] ?? 'request') : v.type
          return errorBody(requestId, 'validation_failed', `invalid ${where}: ${names || 'schema mismatch'}`, details)
        }
        if (code === 'PARSE') {
          set.status = 400
          return errorBody(requestId, 'invalid_json', 'request body is not valid JSON')
        }
        if (code === 'NOT_FOUND') {
          set.status = 404
          return errorBody(requestId, 'not_found', `no route for ${request.method} ${new URL(request.url).pathname}`)
        }
        log.error('unhandled error', {
          request_id: requestId,
          method: request.method,
          path: new URL(request.url).pathname,
          error: String((error as Error)?.stack ?? error),
        })
        set.status = 500
        return errorBody(requestId, 'internal_error', 'internal server error')
      })
  )
}
