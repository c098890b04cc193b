// Elysia's part of the one error envelope {error, code, details?, request_id}: its own failures (validation, parse, no
// route) and what a handler throws, rendered by the pipeline's rules (pipeline.ts). The request id, the body limit and
// the observation are applied once, before and after Elysia, by the one entry (entry.ts); the hooks here record the
// matched route for it.
import { Elysia } from 'elysia'
import { AppError, type ErrorDetail } from '../lib/errors'
import type { Logger } from '../lib/log'
import { type BodyLimits, jsonDeeperThan, ownBodyRoutes, TooDeepError } from './body-limit'
import { createJsonBodyCheck } from './json-body'
import { type ErrorAnswer, errorAnswer, internalError, recordRoute, requestIdOf } from './pipeline'
import { createStrictBodyCheck, pointerToField, type RouteInfo } from './strict-body'

// The protocol endpoint answers its own errors in the same envelope, with the same id.
export { errorBody, requestIdOf } from './pipeline'

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
      // Unknown fields are found before Elysia strips them, but answered only after the key check
      // (guards authenticate in the transform phase, this answers in beforeHandle or with the schema error).
      .onTransform({ as: 'global' }, (context) => {
        const { request, route, body } = context
        recordRoute(request, route)
        if (jsonDeeperThan(body, limits.maxJsonDepth)) throw new TooDeepError(limits.maxJsonDepth)
        const bad = jsonBody(request.method, route, request, body)
        if (bad) {
          badBodies.set(request, bad)
          return
        }
        const details = strictBody(request.method, route, body)
        if (!details) return
        unknownFields.set(request, details)
        // Already refused: Elysia's validation sees an empty body, not one its normalizer could spend seconds on.
        context.body = {}
      })
      .onBeforeHandle({ as: 'global' }, ({ request }) => {
        const bad = badBodies.get(request)
        if (bad) throw bad
        const details = unknownFields.get(request)
        if (details) throw invalidBody(details)
      })
      .onError({ as: 'global' }, ({ code, error, set, request, params, route }) => {
        // A failure before transform (a body that does not parse) still counts under its route.
        recordRoute(request, route)
        const requestId = requestIdOf(request)
        const rpc = () => readsOwnBody(request.method, new URL(request.url).pathname)
        const answer =
          errorAnswer(error, requestId, rpc, log) ??
          elysiaError(code, error, request, params as Record<string, string> | undefined, requestId) ??
          internalError(log, request, requestId, error)
        set.status = answer.status
        Object.assign(set.headers, answer.headers)
        set.headers['content-type'] = 'application/json'
        return answer.body
      })
  )

  /** Elysia's own failures (schema, parse, no route) in the one envelope; null for anything else. */
  function elysiaError(
    code: unknown,
    error: unknown,
    request: Request,
    params: Record<string, string> | undefined,
    requestId: string,
  ): ErrorAnswer | null {
    const answer = (e: AppError) => errorAnswer(e, requestId)
    if (code === 'VALIDATION') {
      const v = error as unknown as { type: string; value: unknown; all: ValidationIssue[] }
      const bad = v.type === 'body' ? badBodies.get(request) : undefined
      if (bad) return answer(bad)
      // The schema failure and the unknown fields are reported together.
      const unknown = v.type === 'body' ? unknownFields.get(request) : undefined
      if (unknown) return answer(invalidBody(unknown))
      const details =
        v.type === 'property'
          ? [{ field: coercedField(request, params, v.value), message: v.all?.[0]?.message ?? 'invalid value' }]
          : validationDetails(v.type, v.all ?? [])
      const names = details.map((d) => d.field).join(', ')
      const where = v.type === 'property' ? (details[0]!.field.split('.')[0] ?? 'request') : v.type
      return answer(new AppError('validation_failed', `invalid ${where}: ${names || 'schema mismatch'}`, details))
    }
    if (code === 'PARSE') return answer(new AppError('invalid_json', 'request body is not valid JSON'))
    if (code === 'NOT_FOUND')
      return answer(new AppError('not_found', `no route for ${request.method} ${new URL(request.url).pathname}`))
    return null
  }
}
