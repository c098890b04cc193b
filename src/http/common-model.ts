// Schemas shared by many routes: the error envelope, id params and list query.
import { t } from 'elysia'

export const ErrorBody = t.Object({
  error: t.String(),
  code: t.String(),
  details: t.Optional(t.Array(t.Object({ field: t.String(), message: t.String() }))),
  request_id: t.String(),
})

export const IdParams = t.Object({ id: t.String({ minLength: 1, maxLength: 64 }) })

export const ListQuery = t.Object({
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: 200, default: 50 })),
  cursor: t.Optional(t.String({ maxLength: 200 })),
})

/**
 * Error responses every authenticated route can give; 503 and 507 are the storage's faults (database_unavailable,
 * insufficient_storage, with Retry-After: docs/reliability.md, "Faults").
 */
export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  429: ErrorBody,
  500: ErrorBody,
  503: ErrorBody,
  507: ErrorBody,
}
