// Calls a provider's token endpoint (authorization_code and refresh_token grants) through the egress guard.
// Error messages name the provider's error code and status, never a token, code, verifier or client secret.
import type { Egress } from '../../../egress/client'
import type { OAuthClient } from '../providers/service'

export interface TokenSet {
  access_token: string
  token_type: string
  refresh_token?: string
  expires_in?: number
  scope?: string
  id_token?: string
}

/** `rejected`: the provider refused the grant (re-authorization needed); `unavailable`: network or server trouble, try later. */
export class TokenEndpointError extends Error {
  constructor(
    message: string,
    readonly kind: 'rejected' | 'unavailable',
    readonly oauthError?: string,
  ) {
    super(message)
  }
}

const clip = (s: string, n = 200) => (s.length > n ? `${s.slice(0, n)}…` : s)
const safeWord = (s: unknown) => (typeof s === 'string' ? clip(s.replace(/[^\w .,:;'()/-]/g, ''), 200) : undefined)

function parseBody(text: string, contentType: string | null): Record<string, unknown> | undefined {
  try {
    const v = JSON.parse(text)
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>
  } catch {
    // Some providers (GitHub without Accept) answer form-encoded.
    if (
      contentType?.includes('application/x-www-form-urlencoded') ||
      /^[\w.%-]+=[^&]*(&[\w.%-]+=[^&]*)*$/.test(text.trim())
    ) {
      return Object.fromEntries(new URLSearchParams(text.trim()))
    }
  }
  return undefined
}

export async function requestToken(
  egress: Egress,
  client: OAuthClient,
  grant: Record<string, string>,
): Promise<TokenSet> {
  // One client authentication method per request (RFC 6749 §2.3); public clients send only client_id (PKCE).
  const form = new URLSearchParams(grant)
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  }
  if (client.client_secret !== undefined && client.token_auth_method === 'client_secret_basic') {
    const enc = (s: string) => encodeURIComponent(s)
    headers.authorization = `Basic ${Buffer.from(`${enc(client.client_id)}:${enc(client.client_secret)}`).toString('base64')}`
  } else {
    form.set('client_id', client.client_id)
    if (client.client_secret !== undefined) form.set('client_secret', client.client_secret)
  }
  let res: Awaited<ReturnType<typeof egress.fetch>>
  try {
    res = await egress.fetch(client.token_url, { method: 'POST', headers, body: form.toString() })
  } catch (err) {
    throw new TokenEndpointError(
      `token endpoint of "${client.providerId}" unreachable: ${(err as Error).message}`,
      'unavailable',
    )
  }
  const body = parseBody(res.text, res.headers.get('content-type'))
  const oauthError = safeWord(body?.error)
  if (res.status >= 500 || res.status === 429) {
    throw new TokenEndpointError(
      `token endpoint of "${client.providerId}" answered HTTP ${res.status}${oauthError ? ` (${oauthError})` : ''}`,
      'unavailable',
      oauthError,
    )
  }
  if (res.status >= 300 || oauthError || typeof body?.access_token !== 'string') {
    const description = safeWord(body?.error_description)
    const what = oauthError
      ? `${oauthError}${description ? `: ${description}` : ''}`
      : body
        ? 'no access_token in the response'
        : 'response is not JSON'
    // A 2xx without a usable body is the provider misbehaving, not a refusal of the grant.
    const kind = res.status >= 300 || oauthError ? 'rejected' : 'unavailable'
    throw new TokenEndpointError(
      `token endpoint of "${client.providerId}" answered HTTP ${res.status}: ${what}`,
      kind,
      oauthError,
    )
  }
  const expires = Number(body.expires_in)
  return {
    access_token: body.access_token,
    token_type: typeof body.token_type === 'string' ? body.token_type : 'Bearer',
    ...(typeof body.refresh_token === 'string' && body.refresh_token ? { refresh_token: body.refresh_token } : {}),
    ...(Number.isFinite(expires) && expires > 0 ? { expires_in: expires } : {}),
    ...(typeof body.scope === 'string' ? { scope: body.scope } : {}),
    ...(typeof body.id_token === 'string' ? { id_token: body.id_token } : {}),
  }
}

/** Token scopes: the provider's `scope` answer when given (it may grant fewer), else what was requested. GitHub separates with commas. */
export const grantedScopes = (tokens: TokenSet, requested: string[]): string[] =>
  tokens.scope !== undefined ? tokens.scope.split(/[\s,]+/).filter(Boolean) : requested

export const expiryFrom = (tokens: TokenSet, now = Date.now()): string | null =>
  tokens.expires_in !== undefined ? new Date(now + tokens.expires_in * 1000).toISOString() : null
