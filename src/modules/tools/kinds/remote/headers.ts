// The `headers` a toolkit owner may send upstream (docs/decisions/0038-review-of-the-third-round.md): ordinary
// non-secret headers only. Host would aim the request at another virtual host than the checked URL names; credentials
// (Authorization, Cookie, …) belong in `auth` with a stored credential, since `headers` is shown back by export;
// hop-by-hop and framing headers would let the owner split or smuggle requests; the MCP transport's own headers are
// the transport's. A refused header is a 400 naming it.
import { credentialHeaderProblem } from '../../../../lib/credential-headers'
import { AppError } from '../../../../lib/errors'
import type { RemoteSpecInput } from './model'

/** Secrets: sent only from a stored credential (`auth`), never typed into `headers`. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'x-api-key'])
/** Set by the connection itself (and every `Mcp-*` header, the transport's): neither `headers` nor a credential's `header_name` may be one. */
const CONNECTION_HEADERS = new Set([
  'host',
  'set-cookie',
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'content-length',
  'content-type',
  'accept',
  'expect',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'last-event-id',
])
/** RFC 9110 token characters: nothing that could end the header line or start another. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/
/** Visible ASCII, space and tab (no CR, LF or NUL). */
const VALUE = /^[\t\x20-\x7e]*$/

const refused = (field: string, message: string) =>
  new AppError('validation_failed', `${field.replace(/^body\./, '')} ${message}`, [{ field, message }])

export function checkHeaders(input: RemoteSpecInput, field: string) {
  for (const [name, value] of Object.entries(input.headers ?? {})) {
    const at = `${field}.headers.${name}`
    const lower = name.toLowerCase()
    if (!TOKEN.test(name)) throw refused(at, 'is not a valid header name')
    if (CREDENTIAL_HEADERS.has(lower))
      throw refused(at, 'cannot be set in headers (they are shown back): use auth with a stored credential')
    if (CONNECTION_HEADERS.has(lower) || lower.startsWith('mcp-'))
      throw refused(at, 'cannot be set in headers: the connection sets it itself')
    if (!VALUE.test(value)) throw refused(at, 'must be visible ASCII without line breaks')
  }
  const auth = input.auth
  if (auth?.type !== 'header') return
  const problem = credentialHeaderProblem(auth.header_name)
  if (problem) throw refused(`${field}.auth.header_name`, problem)
  if (CONNECTION_HEADERS.has(auth.header_name.toLowerCase()))
    throw refused(`${field}.auth.header_name`, 'cannot be a header the connection sets itself')
}
