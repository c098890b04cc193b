// The two routes outside /mcp: Protected Resource Metadata per server (RFC 9728) and the Authorization Server
// Metadata (RFC 8414). A PRM is answered for any well-formed slug, so it does not reveal which servers exist.
import { Elysia } from 'elysia'
import type { OAuthServer } from './build'

const HEADERS = {
  'content-type': 'application/json',
  'access-control-allow-origin': '*',
  'cache-control': 'max-age=300',
}
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: HEADERS })

export const wellKnownModule = (deps: { oauthServer: OAuthServer; urls: { get(): string } }) => {
  const as = deps.oauthServer
  return new Elysia({ name: 'toolyard.well-known', prefix: '/.well-known' })
    .get('/oauth-authorization-server', () => {
      const base = `${deps.urls.get()}/mcp/oauth`
      return json({
        issuer: as.issuer(),
        authorization_endpoint: `${base}/authorize`,
        token_endpoint: `${base}/token`,
        registration_endpoint: `${base}/register`,
        response_types_supported: ['code'],
        // client_credentials: machine clients registered by an admin key (the MCP client-credentials extension).
        grant_types_supported: [
          'authorization_code',
          'refresh_token',
          ...(as.machineClients ? ['client_credentials'] : []),
        ],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: [
          'none',
          ...(as.machineClients ? ['client_secret_basic', 'client_secret_post'] : []),
        ],
        client_id_metadata_document_supported: true,
      })
    })
    .get('/oauth-protected-resource/mcp/:slug', ({ params }) =>
      /^[a-z0-9-]{1,100}$/.test(params.slug)
        ? json({
            resource: as.resourceUrl(params.slug),
            authorization_servers: [as.issuer()],
            bearer_methods_supported: ['header'],
          })
        : json({ error: 'not_found' }, 404),
    )
}
