// The header a remote toolkit's credential becomes: `Authorization: Bearer …` or the named header, from the stored
// credential's `access_token` (OAuth, refreshed by the vault when near expiry), `token` or `api_key`. The caller's own
// key or token never gets here: only a credential from the vault is sent upstream.
import type { CredentialAccess, CredentialStatus } from '../../../../lib/credentials-port'
import type { RemoteAuth } from './model'

export type AuthResult =
  | { ok: true; headers: Record<string, string>; secret?: string }
  | { ok: false; status: Exclude<CredentialStatus, 'not_required' | 'configured'> | 'no_token' }
  /** The OAuth provider could not be reached to refresh an expired token: the access port's words, retry time included. */
  | { ok: false; status: 'unreachable'; message: string }

export async function authHeaders(
  credentials: CredentialAccess,
  projectId: string,
  auth: RemoteAuth,
  credentialId: string | undefined,
): Promise<AuthResult> {
  if (auth.type === 'none') return { ok: true, headers: {} }
  if (!credentialId) return { ok: false, status: 'missing' }
  const opened = await credentials.open(projectId, credentialId)
  if (opened.status === 'unreachable') return { ok: false, status: 'unreachable', message: opened.message }
  if (opened.status !== 'configured' || !opened.data)
    return { ok: false, status: opened.status === 'configured' ? 'missing' : opened.status }
  const d = opened.data
  const token = [d.access_token, d.token, d.api_key].find((v): v is string => typeof v === 'string' && v !== '')
  if (!token) return { ok: false, status: 'no_token' }
  const headers = auth.type === 'bearer' ? { Authorization: `Bearer ${token}` } : { [auth.header_name]: token }
  return { ok: true, headers, secret: token }
}

const PROBLEM = {
  missing: 'is missing: map a credential for this provider on the server (toolkit credentials)',
  expired: 'has expired: refresh it or authorize again',
  auth_required: 'needs re-authorization: run the OAuth flow again',
  no_token: 'holds no access_token, token or api_key to send',
} as const

export const credentialProblem = (provider: string, refused: Extract<AuthResult, { ok: false }>) =>
  refused.status === 'unreachable'
    ? refused.message
    : `The ${provider} credential for this remote toolkit ${PROBLEM[refused.status]}`
