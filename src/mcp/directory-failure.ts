// The answer when the session directory (PostgreSQL) cannot be read or written: HTTP 503 — or 507 when its storage is
// full — with Retry-After, and a JSON-RPC internal error that says which and when to retry (docs/reliability.md,
// "Faults"). Every failure is handed to `onInternal` to log; one that is not the storage's is answered as before,
// without its text.
import { RETRY_AFTER_S, storageFaultOf } from '../lib/storage-errors'
import { RPC, storageFaultError } from './errors'
import { jsonResponse } from './exchange'
import { failure, type RpcId } from './jsonrpc'

export function directoryFailure(
  id: RpcId | undefined,
  err: unknown,
  h: Record<string, string>,
  onInternal: (err: unknown) => void,
): Response {
  onInternal(err)
  const fault = storageFaultOf(err)
  if (!fault) {
    return jsonResponse(failure(id, RPC.INTERNAL_ERROR, 'Internal error: MCP sessions are unavailable'), 503, {
      ...h,
      'retry-after': String(RETRY_AFTER_S.database_unavailable),
    })
  }
  const e = storageFaultError(fault)
  return jsonResponse(failure(id, e.code, `MCP sessions are unavailable: ${e.message}`, e.data), fault.status, {
    ...h,
    'retry-after': String(fault.retryAfterS),
  })
}
