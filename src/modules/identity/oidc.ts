// The OpenID Connect relying party Toolyard is for a project's identity provider, on oauth4webapi (a maintained,
// dependency-free client): discovery, the authorization URL (code + PKCE + nonce), and the code exchange with the ID
// token's claims checked (issuer, audience, nonce, expiry). Every request goes through the egress client.
import * as oauth from 'oauth4webapi'
import type { Egress } from '../../egress/client'

export interface OidcClient {
  issuer: string
  client_id: string
  client_secret: string
  scopes: string[]
}

/** A failure of the provider or of the sign-in, said in words (never a secret, never the provider's raw body). */
export class OidcError extends Error {}

const DISCOVERY_TTL_MS = 10 * 60_000

export function oidcRelyingParty(deps: {
  egress: Egress
  /** Plain-http issuers (a local provider in development and tests): only when private egress is allowed. */
  allowHttp: boolean
}) {
  const discovered = new Map<string, { as: oauth.AuthorizationServer; at: number }>()
  // oauth4webapi calls fetch; this one goes through the egress guard and its time and size limits.
  const viaEgress = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const headers: Record<string, string> = {}
    new Headers(init.headers).forEach((v, k) => {
      headers[k] = v
    })
    const r = await deps.egress.fetch(url, {
      method: init.method ?? 'GET',
      headers,
      ...(typeof init.body === 'string' ? { body: init.body } : {}),
      ...(init.body instanceof URLSearchParams ? { body: init.body.toString() } : {}),
      timeoutMs: 10_000,
    })
    return new Response(r.status === 204 ? null : r.text, { status: r.status, headers: r.headers })
  }
  const options = () => ({
    [oauth.customFetch]: viaEgress as typeof fetch,
    ...(deps.allowHttp ? { [oauth.allowInsecureRequests]: true } : {}),
  })

  const issuerUrl = (issuer: string): URL => {
    let url: URL
    try {
      url = new URL(issuer)
    } catch {
      throw new OidcError('issuer must be an absolute URL')
    }
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && deps.allowHttp))
      throw new OidcError('issuer must be an https URL')
    if (url.search || url.hash) throw new OidcError('issuer must not have a query or fragment')
    return url
  }

  /** The provider's metadata (/.well-known/openid-configuration), kept for a few minutes per issuer. */
  async function discover(issuer: string, fresh = false): Promise<oauth.AuthorizationServer> {
    const hit = discovered.get(issuer)
    if (hit && !fresh && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.as
    const url = issuerUrl(issuer)
    let as: oauth.AuthorizationServer
    try {
      as = await oauth.processDiscoveryResponse(
        url,
        await oauth.discoveryRequest(url, { ...options(), algorithm: 'oidc' }),
      )
    } catch (err) {
      throw new OidcError(`the OpenID Connect discovery document of ${url.origin} could not be read: ${reason(err)}`)
    }
    if (!as.authorization_endpoint || !as.token_endpoint)
      throw new OidcError('the discovery document names no authorization_endpoint or token_endpoint')
    if (discovered.size > 1000) discovered.clear()
    discovered.set(issuer, { as, at: Date.now() })
    return as
  }

  return {
    discover,
    /** The URL to send the browser to (the caller adds `state`), and what finishing needs (kept sealed by the caller). */
    async authorizationUrl(c: OidcClient, redirectUri: string) {
      const as = await discover(c.issuer)
      const verifier = oauth.generateRandomCodeVerifier()
      const nonce = oauth.generateRandomNonce()
      const url = new URL(as.authorization_endpoint!)
      url.searchParams.set('client_id', c.client_id)
      url.searchParams.set('redirect_uri', redirectUri)
      url.searchParams.set('response_type', 'code')
      url.searchParams.set('scope', c.scopes.join(' '))
      url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier))
      url.searchParams.set('code_challenge_method', 'S256')
      url.searchParams.set('nonce', nonce)
      return { url: url.href, verifier, nonce }
    },
    /** Exchanges the code of the provider's redirect; answers the ID token's claims (iss and sub checked present). */
    async finish(
      c: OidcClient,
      redirectUri: string,
      callback: URLSearchParams,
      expected: { state: string; verifier: string; nonce: string },
    ): Promise<Record<string, unknown> & { iss: string; sub: string }> {
      const as = await discover(c.issuer)
      const client: oauth.Client = { client_id: c.client_id }
      try {
        const params = oauth.validateAuthResponse(as, client, callback, expected.state)
        const response = await oauth.authorizationCodeGrantRequest(
          as,
          client,
          oauth.ClientSecretPost(c.client_secret),
          params,
          redirectUri,
          expected.verifier,
          options(),
        )
        const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
          expectedNonce: expected.nonce,
          requireIdToken: true,
        })
        const claims = oauth.getValidatedIdTokenClaims(result)
        if (!claims?.sub) throw new OidcError('the ID token has no subject')
        return { ...claims, iss: claims.iss, sub: claims.sub }
      } catch (err) {
        if (err instanceof OidcError) throw err
        throw new OidcError(`the identity provider did not sign you in: ${reason(err)}`)
      }
    },
  }
}
export type OidcRelyingParty = ReturnType<typeof oidcRelyingParty>

/** A short reason: the provider's OAuth error code and description, or the library's message (no bodies, no tokens). */
function reason(err: unknown): string {
  if (err instanceof oauth.AuthorizationResponseError || err instanceof oauth.ResponseBodyError)
    return `${err.error}${err.error_description ? `: ${err.error_description.slice(0, 200)}` : ''}`
  return err instanceof Error ? err.message.slice(0, 200) : 'unknown error'
}
