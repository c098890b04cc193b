// Request ids on every response and the one error envelope: {error, code, details?, request_id}.
import { Elysia } from 'elysia'
import type { Logger } from '../lib/log'
import { AppError, type ErrorDetail } from './errors'
import { RateLimitedError } from './guard'

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/

interface ValidationIssue {
  path?: string
  message?: string
  summary?: string
  schema?: { error?: string }
}

/** Turns Elysia/TypeBox validation issues into `details` naming each field (`body.name`, `query.limit`). */
function validationDetails(where: string, issues: ValidationIssue[]): ErrorDetail[] {
  const seen = new Set<string>()
  const out: ErrorDetail[] = []
  for (const issue of issues) {
    const path = (issue.path ?? '').replace(/^\//, '').replace(/\//g, '.')
    const field = path ? `${where}.${path}` : where
    const message = issue.schema?.error ?? issue.message ?? 'invalid value'
    const key = `${field}:${message}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ field, message })
  }
  return out
}

export function errorBody(requestId: string, code: string, message: string, details?: ErrorDetail[]) {
  return { error: message, code, ...(details?.length ? { details } : {}), request_id: requestId }
}

export const errorsPlugin = (log: Logger) =>
  new Elysia({ name: 'toolyard.errors' })
    .derive({ as: 'global' }, ({ request, set }) => {
      const incoming = request.headers.get('x-request-id')
      const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : Bun.randomUUIDv7()
      set.headers['x-request-id'] = requestId
      return { requestId }
    })
    .onError({ as: 'global' }, ({ code, error, set, request, requestId: rid }) => {
      const requestId = (rid as string | undefined) ?? Bun.randomUUIDv7()
      set.headers['x-request-id'] = requestId
      set.headers['content-type'] = 'application/json'
      if (error instanceof RateLimitedError) {
        Object.assign(set.headers, error.headers)
        set.status = 429
        return { error: error.message, code: 'rate_limited', request_id: requestId }
      }
      if (error instanceof AppError) {
        set.status = error.status
        return errorBody(requestId, error.code, error.message, error.details)
      }
      if (code === 'VALIDATION') {
        const v = error as unknown as { type: string; all: ValidationIssue[] }
        const details = validationDetails(v.type === 'body' ? 'body' : v.type, v.all ?? [])
        set.status = 400
        const names = details.map((d) => d.field).join(', ')
        return errorBody(requestId, 'validation_failed', `invalid ${v.type}: ${names || 'schema mismatch'}`, details)
      }
      if (code === 'PARSE') {
        set.status = 400
        return errorBody(requestId, 'invalid_json', 'request body is not valid JSON')
      }
      if (code === 'NOT_FOUND') {
        set.status = 404
        return errorBody(requestId, 'not_found', `no route for ${request.method} ${new URL(request.url).pathname}`)
      }
      log.error('unhandled error', { request_id: requestId, method: request.method, path: new URL(request.url).pathname, error: String((error as Error)?.stack ?? error) })
      set.status = 500
      return errorBody(requestId, 'internal_error', 'internal server error')
    })
