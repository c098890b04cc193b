// Builds Toolyard's OAuth 2.1 authorization server for its own servers, and the access-token check the protocol
// endpoint uses (docs/decisions/0014-keys-and-mcp-authorization.md).
import type { Keyring } from '../../crypto/master-key'
import { createEgress } from '../../egress/client'
import type { AuthContext } from '../../lib/access'
import { nowIso } from '../../lib/ids'
import type { ServerRow } from '../../lib/server'
import type { IdentityUsers } from '../identity/identity-users'
import type { MachineClients } from '../identity/machine-clients'
import type { IdentityProviders } from '../identity/provider'
import type { ProjectsService } from '../projects/service'
import { ANY_SERVER, clientCredentialsGrant, MACHINE_SUBJECT } from './client-credentials'
import { type ClientLimits, oauthClients } from './clients'
import { grantLive } from './grants'
import type { OAuthServerRepository } from './repository'
import { authorizationEndpoint } from './service'
import { tokenEndpoint } from './token'
import { accessTokens } from './tokens'

export function createOAuthServer(deps: {
  /** Either backend's repository (src/storage.ts). */
  repo: OAuthServerRepository
  keyring: Keyring
  projects: ProjectsService
  servers: { bySlug(slug: string): Promise<ServerRow | null | undefined> }
  urls: { get(): string }
  /** Registered clients: caps, and how long a never-used one is kept (TOOLYARD_OAUTH_CLIENT_UNUSED_TTL_S). */
  limits: ClientLimits & { clientUnusedTtlS: number }
  /** Told after a grant is revoked, so its open MCP streams end at once. */
  onRevoked?: () => void
  /** Identity-provider sign-in on the consent page, and machine clients (src/modules/identity). */
  identity?: {
    providers: IdentityProviders
    users: IdentityUsers
    machineClients: MachineClients
    bindGrant(grantId: string, userId: string): Promise<void>
  }
}) {
  const { repo } = deps
  const publicUrl = () => deps.urls.get()
  // The issuer is the public URL's origin: clients look for /.well-known/oauth-authorization-server there.
  const issuer = () => new URL(publicUrl()).origin
  const tokens = accessTokens(deps.keyring, issuer)
  // The metadata document fetch needs no key: it always runs on the strict egress policy, whatever
  // TOOLYARD_ALLOW_PRIVATE_EGRESS allows functions, so nobody can use it to probe private addresses.
  const clients = oauthClients({ repo, strictEgress: createEgress({ allowPrivate: false }), limits: deps.limits })
  const resourceUrl = (slug: string) => `${publicUrl()}/mcp/${slug}`
  const { identity } = deps

  /**
   * A machine client's token as a caller, while the client (and its user) exists: its servers, or the one server the
   * token was asked for.
   */
  const machineCaller = async (claims: { grantId: string; projectId: string; serverId: string }) => {
    const client = await identity?.machineClients.live(claims.grantId.slice(MACHINE_SUBJECT.length))
    if (!client || client.project_id !== claims.projectId) return null
    if (claims.serverId !== ANY_SERVER && client.serverIds && !client.serverIds.includes(claims.serverId)) return null
    const serverIds = claims.serverId === ANY_SERVER ? client.serverIds : [claims.serverId]
    const auth: AuthContext = {
      projectId: client.project_id,
      keyId: `oauth:${claims.grantId}`,
      role: 'mcp',
      ...(serverIds ? { serverIds } : {}),
      ...(client.user_id ? { userId: client.user_id } : {}),
      clientName: client.name,
    }
    return auth
  }

  return {
    issuer,
    clients,
    authorize: authorizationEndpoint({
      repo,
      clients,
      projects: deps.projects,
      servers: deps.servers,
      publicUrl,
      ...(identity ? { identity } : {}),
    }),
    token: tokenEndpoint({
      repo,
      tokens,
      onRevoked: deps.onRevoked,
      ...(identity
        ? {
            clientCredentials: clientCredentialsGrant({
              verify: identity.machineClients.verify,
              tokens,
              servers: deps.servers,
              publicUrl,
            }),
          }
        : {}),
    }),
    /** Whether the token endpoint takes client_credentials (the metadata document says so). */
    machineClients: !!identity,
    resourceUrl,
    /** RFC 9728: the well-known path is inserted between the origin and the resource's path. */
    metadataUrl: (slug: string) => {
      const r = new URL(resourceUrl(slug))
      return `${r.origin}/.well-known/oauth-protected-resource${r.pathname}`
    },
    /**
     * An access token as a caller: an `mcp` key limited to its one server, while its grant lives (not revoked, its
     * approving key not revoked or expired, within 30 days of approval): checked on every request.
     */
    async authenticate(token: string): Promise<AuthContext | null> {
      const claims = await tokens.verify(token)
      if (!claims) return null
      if (claims.grantId.startsWith(MACHINE_SUBJECT)) return machineCaller(claims)
      const grant = await repo.grant(claims.grantId)
      if (!grantLive(grant) || grant.server_id !== claims.serverId) return null
      return {
        projectId: grant.project_id,
        keyId: `oauth:${grant.id}`,
        role: 'mcp',
        serverIds: [grant.server_id],
        ...(grant.user_id ? { userId: grant.user_id } : {}),
        // The name the client registered with (RFC 7591 client_name), else its id: what the audit trail names.
        clientName: grant.client_name ?? grant.client_id,
      }
    },
    /** The project's authorized clients (one entry per approval: a client on one server). */
    listGrants: async (projectId: string) =>
      (await repo.grantsOfProject(projectId))
        .filter((g) => grantLive(g))
        .map((g) => ({
          id: g.id,
          client_id: g.client_id,
          ...(g.client_name ? { client_name: g.client_name } : {}),
          server_id: g.server_id,
          resource: g.resource,
          created_at: g.created_at,
          ...(g.last_used_at ? { last_used_at: g.last_used_at } : {}),
          ...(g.user_id ? { user_id: g.user_id } : {}),
        })),
    /** The project's machine clients (never their secrets). */
    listMachineClients: identity ? (projectId: string) => identity.machineClients.list(projectId) : undefined,
    /** Revokes an approval: its access and refresh tokens stop working at once, and its open streams end. */
    async revokeGrant(projectId: string, id: string): Promise<boolean> {
      const done =
        (await repo.revokeGrant(projectId, id, nowIso())) ||
        (!!identity && (await identity.machineClients.removeIfOwn(projectId, id)))
      if (done) deps.onRevoked?.()
      return done
    },
    /** Whether a grant (by id) or a machine client (`client:<id>`) still works; for re-checking open streams. */
    grantLive: async (id: string): Promise<boolean> =>
      id.startsWith(MACHINE_SUBJECT)
        ? !!(await identity?.machineClients.live(id.slice(MACHINE_SUBJECT.length)))
        : grantLive(await repo.grant(id)),
    /**
     * The pruning job: deletes codes and refresh tokens past their expiry, and registered clients never used within
     * TOOLYARD_OAUTH_CLIENT_UNUSED_TTL_S. A used refresh token is kept until its expiry, because presenting it again is
     * what revokes its grant (reuse detection); once expired it is refused anyway.
     */
    pruneExpired: async (): Promise<number> =>
      (await repo.deleteExpired(nowIso())) +
      (await repo.deleteUnusedClients(new Date(Date.now() - deps.limits.clientUnusedTtlS * 1000).toISOString())),
  }
}
export type OAuthServer = ReturnType<typeof createOAuthServer>
