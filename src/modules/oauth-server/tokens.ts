// Access tokens: HS256 JWTs (jose) signed with a key derived from the master key (kid = the master key's id, so a
// rotation leaves tokens signed before it verifiable). 1 h; `aud` is the server URL (the RFC 8707 resource). jose is
// loaded on the first token signed or verified, not at start (docs/decisions/0015-hot-path.md: cold start).

import type { Keyring } from '../../crypto/master-key'
import { createHmac } from '../../lib/node-crypto'

export const ACCESS_TOKEN_TTL_S = 3600

export interface AccessClaims {
  grantId: string
  projectId: string
  serverId: string
}

export function accessTokens(keyring: Pick<Keyring, 'current' | 'byId'>, issuer: () => string) {
  const signingKey = (master: Buffer) =>
    new Uint8Array(createHmac('sha256', master).update('toolyard oauth access tokens v1').digest())

  return {
    async sign(claims: AccessClaims, audience: string): Promise<string> {
      const master = keyring.current()
      const { SignJWT } = await import('jose')
      return new SignJWT({ pid: claims.projectId, srv: claims.serverId })
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', kid: master.id })
        .setIssuer(issuer())
        .setAudience(audience)
        .setSubject(claims.grantId)
        .setIssuedAt()
        .setExpirationTime(`${ACCESS_TOKEN_TTL_S}s`)
        .sign(signingKey(master.key))
    },
    /** The claims of a valid, unexpired token of this issuer; null for anything else. */
    async verify(token: string): Promise<(AccessClaims & { audience: string }) | null> {
      try {
        const { jwtVerify } = await import('jose')
        const { payload } = await jwtVerify(
          token,
          (header) => {
            const master = header.kid ? keyring.byId(header.kid) : undefined
            if (!master) throw new Error('unknown key id')
            return signingKey(master.key)
          },
          { issuer: issuer(), algorithms: ['HS256'], typ: 'at+jwt' },
        )
        const { sub, pid, srv, aud } = payload
        if (typeof sub !== 'string' || typeof pid !== 'string' || typeof srv !== 'string' || typeof aud !== 'string')
          return null
        return { grantId: sub, projectId: pid, serverId: srv, audience: aud }
      } catch {
        return null
      }
    },
  }
}
export type AccessTokens = ReturnType<typeof accessTokens>
