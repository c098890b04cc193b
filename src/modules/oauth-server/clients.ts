// OAuth clients of Toolyard's authorization server: Dynamic Client Registration (RFC 7591, public clients only) and
// Client ID Metadata Documents (an https client_id URL whose JSON names the client; fetched through the egress guard,
// always on the strict policy). Registration needs no key (clients register before they hold any credential), so it
// is bounded instead: capped in all and per address, and never-used clients are pruned (docs/decisions/0020-oauth-grants-registration-and-streams.md).

import type { Egress } from '../../egress/client'
import { nowIso } from '../../lib/ids'
import { randomBytes } from '../../lib/node-crypto'
import type { OAuthServerRepository } from './repository'

export interface OAuthClient {
  client_id: string
  client_name?: string
  redirect_uris: string[]
}

/** An OAuth error answered as JSON: `{error, error_description}` (RFC 6749 §5.2, RFC 7591 §3.2.2). */
export class OAuthError extends Error {
  constructor(
    readonly error: string,
    message: string,
    readonly status = 400,
  ) {
    super(message)
  }
}

/** https anywhere; http only for loopback (RFC 8252); private-use schemes (com.example.app:/cb) for native apps. */
function redirectUriProblem(uri: unknown): string | null {
  if (typeof uri !== 'string' || uri.length > 2000) return 'must be a string URL'
  let url: URL
  try {
    url = new URL(uri)
  } catch {
    return 'must be an absolute URL'
  }
  if (url.hash) return 'must not have a fragment'
  if (/^(javascript|data|vbscript|file|blob):$/.test(url.protocol)) return `scheme ${url.protocol} is not allowed`
  if (url.protocol === 'http:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname))
    return 'http is allowed only for loopback addresses; use https'
  return null
}

export interface ClientLimits {
  /** TOOLYARD_OAUTH_MAX_CLIENTS: registered clients in all; past it the oldest never-used one goes. */
  maxClients: number
  /** TOOLYARD_OAUTH_MAX_CLIENTS_PER_ADDRESS: never-used clients registered from one address. */
  maxClientsPerAddress: number
}

/** One answer for every failure of a metadata document fetch, so the fetch tells nothing about the address it tried. */
const CIMD_UNREADABLE = 'the client metadata document could not be read or is not a valid client metadata document'

export function oauthClients(deps: {
  repo: OAuthServerRepository
  /** Must be the strict egress policy (no private addresses, whatever TOOLYARD_ALLOW_PRIVATE_EGRESS says). */
  strictEgress: Egress
  limits: ClientLimits
}) {
  const register = async (body: unknown, address: string) => {
    const meta = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>
    const uris = meta.redirect_uris
    if (!Array.isArray(uris) || uris.length === 0 || uris.length > 20)
      throw new OAuthError('invalid_redirect_uri', 'redirect_uris must be a non-empty array (at most 20)')
    for (const u of uris) {
      const problem = redirectUriProblem(u)
      if (problem) throw new OAuthError('invalid_redirect_uri', `redirect_uri ${JSON.stringify(u)}: ${problem}`)
    }
    const method = meta.token_endpoint_auth_method ?? 'none'
    if (method !== 'none')
      throw new OAuthError(
        'invalid_client_metadata',
        'only public clients are registered: token_endpoint_auth_method must be "none" (PKCE protects the code)',
      )
    const grants = (meta.grant_types as unknown[] | undefined) ?? ['authorization_code', 'refresh_token']
    if (!Array.isArray(grants) || grants.some((g) => g !== 'authorization_code' && g !== 'refresh_token'))
      throw new OAuthError('invalid_client_metadata', 'grant_types may hold only authorization_code and refresh_token')
    const name = typeof meta.client_name === 'string' ? meta.client_name.slice(0, 200) : null
    const row = {
      client_id: `tyc_${randomBytes(18).toString('base64url')}`,
      client_name: name,
      redirect_uris: JSON.stringify(uris),
      created_at: nowIso(),
      registered_from: address,
      last_used_at: null,
    }
    await deps.repo.transaction(async () => {
      if ((await deps.repo.countUnusedFrom(address)) >= deps.limits.maxClientsPerAddress)
        throw new OAuthError(
          'invalid_client_metadata',
          `too many clients registered from this address (${deps.limits.maxClientsPerAddress}) that never completed an authorization; unused clients are removed after a while`,
          429,
        )
      // At the global cap the oldest client that never completed an authorization makes room; clients in use stay.
      while ((await deps.repo.countClients()) >= deps.limits.maxClients)
        if (!(await deps.repo.deleteOldestUnusedClient()))
          throw new OAuthError('temporarily_unavailable', 'the registered client limit is reached', 503)
      await deps.repo.insertClient(row)
    })
    return {
      client_id: row.client_id,
      client_id_issued_at: Math.floor(Date.parse(row.created_at) / 1000),
      ...(name ? { client_name: name } : {}),
      redirect_uris: uris as string[],
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
    }
  }

  /**
   * A Client ID Metadata Document: its client_id must be the URL it was fetched from. Fetched without any key, so every
   * failure (refused address, closed port, not HTTP, TLS, bad document) gives the same words and nothing of the cause.
   */
  const fetchMetadataDocument = async (url: string): Promise<OAuthClient> => {
    const unreadable = () => new OAuthError('invalid_client', CIMD_UNREADABLE)
    let doc: Record<string, unknown>
    try {
      const res = await deps.strictEgress.fetch(url, { headers: { accept: 'application/json' }, timeoutMs: 5000 })
      if (res.status !== 200) throw unreadable()
      doc = JSON.parse(res.text) as Record<string, unknown>
    } catch {
      throw unreadable()
    }
    if (typeof doc !== 'object' || doc === null || doc.client_id !== url) throw unreadable()
    const uris = doc.redirect_uris
    if (!Array.isArray(uris) || uris.some((u) => redirectUriProblem(u))) throw unreadable()
    return {
      client_id: url,
      ...(typeof doc.client_name === 'string' ? { client_name: doc.client_name.slice(0, 200) } : {}),
      redirect_uris: uris as string[],
    }
  }

  return {
    register,
    /** The client behind a client_id: a registered one, or an https URL (Client ID Metadata Document). */
    async resolve(clientId: string | undefined): Promise<OAuthClient> {
      if (!clientId) throw new OAuthError('invalid_request', 'client_id is required')
      if (clientId.startsWith('https://')) return fetchMetadataDocument(clientId)
      const row = await deps.repo.client(clientId)
      if (!row) throw new OAuthError('invalid_client', 'unknown client_id: register the client first')
      return {
        client_id: row.client_id,
        ...(row.client_name ? { client_name: row.client_name } : {}),
        redirect_uris: JSON.parse(row.redirect_uris) as string[],
      }
    },
  }
}
export type OAuthClients = ReturnType<typeof oauthClients>
