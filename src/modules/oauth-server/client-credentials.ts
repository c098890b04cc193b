// The client_credentials grant (the MCP client-credentials extension; docs/decisions/0339-machine-clients.md): a
// machine client authenticates with its secret (HTTP Basic or form fields, RFC 6749 §2.3.1) and gets a one-hour access
// token for its project or user, limited to its servers — or, with `resource`, to that one server. No refresh token:
// the client holds its secret and asks again (RFC 6749 §4.4.3).
import type { ServerRow } from '../../lib/server'
import type { MachineClientPrincipal } from '../identity/machine-clients'
import { OAuthError } from './clients'
import { ACCESS_TOKEN_TTL_S, type AccessTokens } from './tokens'

/** The subject prefix that marks a machine client's token (a grant's subject is the grant id). */
export const MACHINE_SUBJECT = 'client:'
/** The `srv` claim of a token good for all of the client's servers. */
export const ANY_SERVER = '*'

export interface ClientCredentialsDeps {
  verify(clientId: string, secret: string): Promise<MachineClientPrincipal | null>
  tokens: AccessTokens
  servers: { bySlug(slug: string): Promise<ServerRow | null | undefined> }
  publicUrl(): string
}

/** client_id and secret from `Authorization: Basic` (form-urlencoded, then base64) or from the form. */
function presented(form: Record<string, unknown>, authorization: string | null) {
  if (authorization?.toLowerCase().startsWith('basic ')) {
    const decoded = Buffer.from(authorization.slice(6).trim(), 'base64').toString('utf8')
    const cut = decoded.indexOf(':')
    if (cut < 0) return { basic: true }
    try {
      return {
        basic: true,
        id: decodeURIComponent(decoded.slice(0, cut).replace(/\+/g, ' ')),
        secret: decodeURIComponent(decoded.slice(cut + 1).replace(/\+/g, ' ')),
      }
    } catch {
      return { basic: true }
    }
  }
  const id = typeof form.client_id === 'string' ? form.client_id : undefined
  const secret = typeof form.client_secret === 'string' ? form.client_secret : undefined
  return { basic: false, id, secret }
}

export function clientCredentialsGrant(deps: ClientCredentialsDeps) {
  const invalidClient = () =>
    new OAuthError('invalid_client', 'client authentication failed: unknown client or wrong secret', 401)

  /** The one server a `resource` names, if the client may use it; otherwise invalid_target. */
  const target = async (client: MachineClientPrincipal, resource: string): Promise<ServerRow> => {
    const prefix = `${deps.publicUrl()}/mcp/`
    const slug = resource.startsWith(prefix) ? resource.slice(prefix.length) : ''
    const server = /^[a-z0-9-]{1,100}$/.test(slug) ? await deps.servers.bySlug(slug) : undefined
    if (
      !server ||
      server.project_id !== client.project_id ||
      (client.serverIds && !client.serverIds.includes(server.id))
    )
      throw new OAuthError('invalid_target', 'resource is not the URL of an MCP server this client may use')
    return server
  }

  return async (form: Record<string, unknown>, authorization: string | null) => {
    const { id, secret } = presented(form, authorization)
    if (!id || !secret) throw invalidClient()
    const client = await deps.verify(id, secret)
    if (!client) throw invalidClient()
    const resource = typeof form.resource === 'string' && form.resource ? form.resource : undefined
    const server = resource ? await target(client, resource) : undefined
    const access = await deps.tokens.sign(
      {
        grantId: `${MACHINE_SUBJECT}${client.client_id}`,
        projectId: client.project_id,
        serverId: server?.id ?? ANY_SERVER,
      },
      resource ?? `${deps.publicUrl()}/mcp`,
    )
    return { access_token: access, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S }
  }
}
