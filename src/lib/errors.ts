// The one application error type, its closed code list, and the code → HTTP status table. On the ground floor
// (src/lib) because every layer throws it: features, lib helpers, http and mcp (docs/architecture.md, "Layers").
const ERROR_STATUS = {
  bad_request: 400,
  validation_failed: 400,
  invalid_json: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  limit_reached: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  tool_not_configured: 500,
  internal_error: 500,
  upstream_error: 502,
  /** The database does not answer within TOOLYARD_DATABASE_TIMEOUT_MS, or is away (docs/reliability.md, "Faults"). */
  database_unavailable: 503,
  /** The database has no room for the change (disk full): nothing was written (docs/reliability.md, "Faults"). */
  insufficient_storage: 507,
  /** A remote MCP toolkit's upstream could not be reached or failed while it was listed (docs/decisions/README.md). */
  upstream_failed: 400,
  invalid_function: 400,
  in_use: 409,
} as const

export type ErrorCode = keyof typeof ERROR_STATUS

export interface ErrorDetail {
  field: string
  message: string
}

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message)
  }
  get status(): number {
    return ERROR_STATUS[this.code]
  }
}

/**
 * A fault of the storage under the service, not of the request: it may succeed later, so the answer carries
 * `Retry-After` (REST) or `retry_after_s` (the protocol's error data). Raised by the storage adapters from the driver's
 * error (src/lib/storage-errors.ts).
 */
export class StorageFault extends AppError {
  constructor(
    code: 'database_unavailable' | 'insufficient_storage',
    message: string,
    readonly retryAfterS: number,
  ) {
    super(code, message)
  }
}

export const notFound = (what: string) => new AppError('not_found', `${what} not found`)
export const conflict = (message: string) => new AppError('conflict', message)
export const badRequest = (message: string, details?: ErrorDetail[]) => new AppError('bad_request', message, details)
/** A tool, prompt or resource names a function the project does not have (nor a builtin). */
export const unknownFunction = (name: string) =>
  badRequest(
    `function_name: no function named "${name.slice(0, 200)}" exists in this project: create it first (POST /functions), or name a builtin (builtin.…)`,
    [{ field: 'body.function_name', message: `no function named "${name.slice(0, 200)}"` }],
  )

/**
 * The tool, prompt or resource a request names does not exist (REST 404). Its own type because the protocol answers
 * it in MCP's words (-32002 for a resource uri) rather than as any other not_found, e.g. a resource's missing file.
 */
export class UnknownNameError extends AppError {
  constructor(message: string) {
    super('not_found', message)
  }
}
