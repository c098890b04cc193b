// JSON-RPC error codes, the protocol's own error type, and the one table from a feature's AppError to JSON-RPC.
// Tool failures are results with isError, never these.
import { AppError, type ErrorCode, StorageFault, UnknownNameError } from '../lib/errors'
import { storageFaultOf } from '../lib/storage-errors'

export const RPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  RESOURCE_NOT_FOUND: -32002,
  /** 2026-07-28: a header disagrees with the body, or a required one is missing. */
  HEADER_MISMATCH: -32020,
  /** 2026-07-28: the request lacks a client capability the method needs. */
  MISSING_CAPABILITY: -32021,
  /** 2026-07-28: the MCP-Protocol-Version header names a revision this server does not speak. */
  UNSUPPORTED_VERSION: -32022,
} as const

export class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

/** What the client did wrong is -32602 (its params name something absent or invalid); what failed here is -32603. */
const RPC_CODE: Record<ErrorCode, number> = {
  bad_request: RPC.INVALID_PARAMS,
  validation_failed: RPC.INVALID_PARAMS,
  invalid_json: RPC.INVALID_PARAMS,
  unauthorized: RPC.INVALID_REQUEST,
  forbidden: RPC.INVALID_REQUEST,
  not_found: RPC.INVALID_PARAMS,
  method_not_allowed: RPC.METHOD_NOT_FOUND,
  conflict: RPC.INVALID_PARAMS,
  limit_reached: RPC.INVALID_REQUEST,
  payload_too_large: RPC.INVALID_PARAMS,
  unsupported_media_type: RPC.INVALID_REQUEST,
  rate_limited: RPC.INTERNAL_ERROR,
  tool_not_configured: RPC.INTERNAL_ERROR,
  internal_error: RPC.INTERNAL_ERROR,
  upstream_error: RPC.INTERNAL_ERROR,
  upstream_failed: RPC.INTERNAL_ERROR,
  database_unavailable: RPC.INTERNAL_ERROR,
  insufficient_storage: RPC.INTERNAL_ERROR,
  invalid_function: RPC.INVALID_PARAMS,
  in_use: RPC.INVALID_PARAMS,
}

export interface ProtocolWording {
  /** MCP's message for the tool or prompt the request names when it does not exist (`Unknown tool: x`). */
  unknown?: string
  /**
   * resources/read of this uri: MCP defines -32002 "Resource not found" for an unknown uri; any other failure of a
   * known resource (its source is down, its file missing, its credential unusable) is an internal error. Both
   * carry `{uri}`.
   */
  resource?: string
}

/**
 * A storage fault as the protocol answers it: an internal error (the server failed, not the request) that says which
 * and when to retry, in words and in `data` ({code, retry_after_s}), as REST's 503/507 with Retry-After do.
 */
export const storageFaultError = (fault: StorageFault) =>
  new ProtocolError(RPC.INTERNAL_ERROR, fault.message, { code: fault.code, retry_after_s: fault.retryAfterS })

/** An AppError as the protocol answers it (message kept, no stack); anything else is passed on unchanged. */
export function toProtocolError(error: unknown, wording: ProtocolWording = {}): unknown {
  const fault = error instanceof StorageFault ? error : storageFaultOf(error)
  if (fault) return storageFaultError(fault)
  if (!(error instanceof AppError)) return error
  const unknown = error instanceof UnknownNameError
  if (wording.resource !== undefined) {
    const data = { uri: wording.resource }
    return unknown
      ? new ProtocolError(RPC.RESOURCE_NOT_FOUND, 'Resource not found', data)
      : new ProtocolError(RPC.INTERNAL_ERROR, error.message, data)
  }
  return new ProtocolError(RPC_CODE[error.code], unknown && wording.unknown ? wording.unknown : error.message)
}
