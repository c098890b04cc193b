// Errors of reading a resource. An unknown uri is its own type so the protocol can answer -32002 for it alone.
import { AppError, UnknownNameError } from '../../lib/errors'

export class UnknownResourceError extends UnknownNameError {
  constructor(readonly uri: string) {
    super(`resource not found: ${uri}`)
  }
}

/** The source behind a resource failed (upstream down, non-2xx, function threw): REST 502, protocol -32603. */
export const upstreamError = (message: string) => new AppError('upstream_error', message)
