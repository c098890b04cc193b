// A call that meets an upstream which restarted since the connection was opened: the old `Mcp-Session-Id` (or SSE
// session) is unknown to it (404, or 400 naming the session from servers that answer so), or the connection is
// refused or reset while it comes back. The request did not run on the new process, so the call re-initialises
// and tries once more (docs/decisions/0181-remote-upstream-restarts.md).
import { sdkIfLoaded } from './sdk'

/** What servers answer to a session they do not know, when they answer 400 rather than the spec's 404. */
const UNKNOWN_SESSION = /session|not initiali[sz]ed/i
/** The SSE transport's POST failure for an unknown session: "Error POSTing to endpoint (HTTP 404): …". */
const SSE_POST_REFUSED = /Error POSTing to endpoint \(HTTP (404|400)\)/
/** Connection-level failures (Node's and Bun's codes) that mean the upstream's process is gone or coming back. */
const NETWORK =
  /ECONNREFUSED|ECONNRESET|ConnectionRefused|ConnectionReset|ECONNABORTED|socket connection was closed|Unable to connect/i

export function staleSession(error: unknown): boolean {
  const sdk = sdkIfLoaded()
  if (sdk && error instanceof sdk.StreamableHTTPError)
    return error.code === 404 || (error.code === 400 && UNKNOWN_SESSION.test(error.message))
  return SSE_POST_REFUSED.test(messageOf(error)) || networkFailure(error)
}

function networkFailure(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && NETWORK.test(code)) return true
    if (NETWORK.test(messageOf(e))) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : typeof e === 'string' ? e : '')

/** A process coming back needs a moment to listen again; an unknown session is answered by a live one at once. */
export const pauseBeforeRetry = (error: unknown) => Bun.sleep(networkFailure(error) ? 300 : 0)
