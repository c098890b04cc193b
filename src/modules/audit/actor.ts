// Who made an audit entry: an API key (and the user it acts for, the OAuth client it was issued to), the admin token,
// a dashboard member, or the command line. Names and ids only, never a secret.
import { userInfo } from 'node:os'

export interface AuditActor {
  kind: 'key' | 'admin_token' | 'dashboard' | 'cli' | 'anonymous'
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
