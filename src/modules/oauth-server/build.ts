// Builds Toolyard's OAuth 2.1 authorization server for its own servers, and the access-token check the protocol
// endpoint uses (docs/decisions.md, "Keys and MCP authorization").
import type { Keyring } from '../../crypto/master-key'
import type { Db } from '../../db/open'
import type { Egress } from '../../egress/client'
import { nowIso } from '../../lib/ids'
import type { AuthContext, ProjectsService } from '../projects/service'
import type { ServerRow } from '../servers/repository'
import { oauthClients } from './clients'
import { oauthServerRepository } from './repository'
import { authorizationEndpoint } from './service'
import { tokenEndpoint } from './token'
import { accessTokens } from './tokens'

export function createOAuthServer(deps: {
  db: Db
  keyring: Keyring
  egress: Egress
  projects: ProjectsService
  servers: { bySlug(slug: string): ServerRow | null | undefined }
  urls: { get(): string }
}) {
  const repo = oauthServerRepository(deps.db)
  const publicUrl = () => deps.urls.get()
  // The issuer is the public URL's origin: clients look for /.well-known/oauth-authorization-server there.
  const issuer = () => new URL(publicUrl()).origin
  const tokens = accessTokens(deps.keyring, issuer)
  const clients = oauthClients({ repo, egress: deps.egress })
  const resourceUrl = (slug: string) => `${publicUrl()}/mcp/${slug}`

  return {
    issuer,
    clients,
    authorize: authorizationEndpoint({ repo, clients, projects: deps.projects, servers: deps.servers, publicUrl }),
    token: tokenEndpoint({ repo, tokens }),
    resourceUrl,
    /** RFC 9728: the well-known path is inserted between the origin and the resource's path. */
    metadataUrl: (slug: string) => {
      const r = new URL(resourceUrl(slug))
      return `${r.origin}/.well-known/oauth-protected-resource${r.pathname}`
    },
    /** An access token as a caller: an `mcp` key limited to its one server, while its grant is not revoked. */
    async authenticate(token: string): Promise<AuthContext | null> {
      const claims = await tokens.verify(token)
      if (!claims) return null
      const grant = repo.grant(claims.grantId)
      if (!grant || grant.revoked_at || grant.server_id !== claims.serverId) return null
      return { projectId: grant.project_id, keyId: `oauth:${grant.id}`, role: 'mcp', serverIds: [grant.server_id] }
    },
    /** The project's authorized clients (one entry per approval: a client on one server). */
    listGrants: (projectId: string) =>
      repo.grantsOfProject(projectId).map((g) => ({
        id: g.id,
        client_id: g.client_id,
        ...(g.client_name ? { client_name: g.client_name } : {}),
        server_id: g.server_id,
        resource: g.resource,
        created_at: g.created_at,
        ...(g.last_used_at ? { last_used_at: g.last_used_at } : {}),
      })),
    /** Revokes an approval: its access and refresh tokens stop working at once. */
    revokeGrant: (projectId: string, id: string) => repo.revokeGrant(projectId, id, nowIso()),
    /**
     * The pruning job: deletes codes and refresh tokens past their expiry. A used refresh token is kept until then,
     * because presenting it again is what revokes its grant (reuse detection); once expired it is refused anyway.
     */
    pruneExpired: (): number => repo.deleteExpired(nowIso()),
  }
}
export type OAuthServer = ReturnType<typeof createOAuthServer>
