// Who made an audit entry: an API key (and the user it acts for, the OAuth client it was issued to), the admin token,
// a dashboard member, or the command line. Names and ids only, never a secret.
import { userInfo } from 'node:os'
import { requestIdOf } from '../../http/pipeline'
import type { AuthContext } from '../../lib/access'
import { dashboardMemberOf } from '../../lib/dashboard-member'

export interface AuditActor {
  kind: 'key' | 'admin_token' | 'dashboard' | 'cli' | 'anonymous' | 'approval_link'
  key_id?: string
  user_id?: string
  /** The OAuth client's name, when the key is an OAuth grant's token. */
  client?: string
  /** The dashboard session's member: the key it signed in with, or "admin token". */
  member?: string
  /** The operating-system user who ran a CLI command. */
  os_user?: string
  /** The caller's address, for a call on a public server without a key. */
  address?: string
}

/** The actor of a request context's principal (`key:<id>` or `addr:<ip>`). */
export function actorOfPrincipal(principal: string | undefined, userId?: string, client?: string): AuditActor {
  const actor: AuditActor = principal?.startsWith('key:')
    ? { kind: 'key', key_id: principal.slice(4) }
    : principal?.startsWith('addr:')
      ? { kind: 'anonymous', address: principal.slice(5) }
      : { kind: 'anonymous' }
  if (userId) actor.user_id = userId
  if (client) actor.client = client
  return actor
}

/**
 * The actor of a REST request admitted with a key, decided inside its handler: the dashboard and its member when the
 * dashboard made the call (its in-process call is running while the handler does), else the key.
 */
export function actorOfRequest(
  request: Request,
  auth: Pick<AuthContext, 'keyId' | 'userId'> & { clientName?: string },
): AuditActor {
  const member = dashboardMemberOf(requestIdOf(request))
  const actor: AuditActor = { kind: member ? 'dashboard' : 'key', key_id: auth.keyId }
  if (auth.userId) actor.user_id = auth.userId
  if (auth.clientName) actor.client = auth.clientName
  if (member) actor.member = member
  return actor
}

/** The command line's actor: the operating-system user running it. */
export function cliActor(): AuditActor {
  let os_user: string | undefined
  try {
    os_user = userInfo().username
  } catch {
    os_user = process.env.USER
  }
  return os_user ? { kind: 'cli', os_user } : { kind: 'cli' }
}
