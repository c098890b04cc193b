// The token endpoint: authorization_code (PKCE S256 checked, resource must match) and refresh_token (rotated: each
// refresh token works once; presenting a used one revokes the whole grant, as RFC 9700 advises for replay). No token
// outlives its grant: refresh tokens expire with it (docs/decisions/0020-oauth-grants-registration-and-streams.md).

import { nowIso } from '../../lib/ids'
import { createHash, randomBytes } from '../../lib/node-crypto'
import { OAuthError } from './clients'
import { grantEnd, grantLive } from './grants'
import type { GrantWithKey, OAuthServerRepository } from './repository'
import { sha256 } from './service'
import { ACCESS_TOKEN_TTL_S, type AccessTokens } from './tokens'

export function tokenEndpoint(deps: {
  repo: OAuthServerRepository
  tokens: AccessTokens
  /** Told when a grant is revoked here (refresh token reuse), so its open streams end. */
  onRevoked?: () => void
  /** The client_credentials grant of machine clients (docs/decisions/0339-machine-clients.md). */
  clientCredentials?: (form: Record<string, unknown>, authorization: string | null) => Promise<unknown>
}) {
  const str = (form: Record<string, unknown>, name: string) =>
    typeof form[name] === 'string' ? (form[name] as string) : undefined
  const invalidGrant = (why: string) => new OAuthError('invalid_grant', why)

  const liveGrant = async (
    id: string,
    clientId: string | undefined,
    resource: string | undefined,
  ): Promise<GrantWithKey> => {
    const grant = await deps.repo.grant(id)
    if (!grantLive(grant)) throw invalidGrant('the authorization was revoked or has expired')
    if (clientId !== grant.client_id) throw new OAuthError('invalid_client', 'client_id does not match the grant')
    if (resource !== undefined && resource !== grant.resource)
      throw new OAuthError('invalid_target', 'resource does not match the authorized server')
    return grant
  }

  const issue = async (grant: GrantWithKey) => {
    const refresh = `tyr_${randomBytes(32).toString('base64url')}`
    await deps.repo.insertRefresh({
      hash: sha256(refresh),
      grant_id: grant.id,
      // The grant's end, not now + 30 days: refreshing never extends an authorization.
      expires_at: new Date(grantEnd(grant)).toISOString(),
    })
    await deps.repo.touchGrant(grant.id, nowIso())
    const access = await deps.tokens.sign(
      { grantId: grant.id, projectId: grant.project_id, serverId: grant.server_id },
      grant.resource,
    )
    return { access_token: access, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S, refresh_token: refresh }
  }

  const byCode = async (form: Record<string, unknown>) => {
    const code = str(form, 'code')
    const verifier = str(form, 'code_verifier')
    if (!code || !verifier) throw new OAuthError('invalid_request', 'code and code_verifier are required')
    const row = await deps.repo.code(sha256(code))
    if (!row || row.used_at || Date.parse(row.expires_at) <= Date.now())
      throw invalidGrant('the authorization code is unknown, used or expired')
    const grant = await liveGrant(row.grant_id, str(form, 'client_id'), str(form, 'resource'))
    if (str(form, 'redirect_uri') !== row.redirect_uri) throw invalidGrant('redirect_uri does not match')
    if (createHash('sha256').update(verifier).digest('base64url') !== row.code_challenge)
      throw invalidGrant('code_verifier does not match the code_challenge (PKCE)')
    if (!(await deps.repo.useCode(row.hash, nowIso()))) throw invalidGrant('the authorization code was already used')
    return issue(grant)
  }

  const byRefresh = async (form: Record<string, unknown>) => {
    const token = str(form, 'refresh_token')
    if (!token) throw new OAuthError('invalid_request', 'refresh_token is required')
    const row = await deps.repo.refresh(sha256(token))
    if (!row || Date.parse(row.expires_at) <= Date.now()) throw invalidGrant('the refresh token is unknown or expired')
    const grant = await liveGrant(row.grant_id, str(form, 'client_id'), str(form, 'resource'))
    if (row.used_at || !(await deps.repo.useRefresh(row.hash, nowIso()))) {
      // A rotated-out token presented again: someone holds a copy, so the whole grant goes.
      await deps.repo.revokeGrant(grant.project_id, grant.id, nowIso())
      deps.onRevoked?.()
      throw invalidGrant('the refresh token was already used; the authorization is revoked')
    }
    return issue(grant)
  }

  return {
    grant(form: Record<string, unknown>, authorization: string | null = null) {
      const type = str(form, 'grant_type')
      if (type === 'authorization_code') return byCode(form)
      if (type === 'refresh_token') return byRefresh(form)
      if (type === 'client_credentials' && deps.clientCredentials) return deps.clientCredentials(form, authorization)
      throw new OAuthError(
        'unsupported_grant_type',
        'grant_type must be authorization_code, refresh_token or client_credentials',
      )
    },
  }
}
