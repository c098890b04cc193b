// Routes of Toolyard's authorization server under /mcp: register (RFC 7591), authorize (consent page and decision),
// token, and the project's authorized clients. The keyless ones share the `other` rate group per client address.
import { Elysia, t } from 'elysia'
import { errorResponses, IdParams } from '../../http/common-model'
import { clientAddress, type GuardDeps, guard } from '../../http/guard'
import { formBody, jsonBody } from '../../http/request-bodies'
import { notFound } from '../../lib/errors'
import { MachineClientView } from '../identity/model'
import type { OAuthServer } from './build'
import { OAuthError } from './clients'
import { errorPage, HTML_HEADERS } from './consent-page'
import type { AuthorizeAnswer } from './service'

const tags = ['oauth-server']
// Public clients run in browsers too (the token and registration endpoints are called cross-origin).
const JSON_HEADERS = {
  'content-type': 'application/json',
  'cache-control': 'no-store',
  'access-control-allow-origin': '*',
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: JSON_HEADERS })

/** OAuthError → `{error, error_description}`; anything else is the app's own failure. */
async function oauthJson(run: () => unknown | Promise<unknown>, status = 200): Promise<Response> {
  try {
    return json(await run(), status)
  } catch (err) {
    if (err instanceof OAuthError) return json({ error: err.error, error_description: err.message }, err.status)
    throw err
  }
}

const answer = (a: AuthorizeAnswer) =>
  'redirect' in a
    ? new Response(null, {
        status: 302,
        headers: {
          location: a.redirect,
          'cache-control': 'no-store',
          ...(a.cookie ? { 'set-cookie': a.cookie } : {}),
        },
      })
    : new Response(a.page, { status: a.status, headers: HTML_HEADERS })

/**
 * The consent form is posted by its own page: a browser marks a post from another site (`Sec-Fetch-Site`, or an
 * `Origin` of another site), and such a post is refused with a page, so no other site can make this origin redirect
 * its visitors to a URI anyone may register. The page's own post may carry `Origin: null` (its referrer policy is
 * no-referrer); a client that is not a browser sends neither header.
 */
function foreignPost(request: Request, issuer: string): boolean {
  const site = request.headers.get('sec-fetch-site')
  if (site && site !== 'same-origin') return true
  const origin = request.headers.get('origin')
  return !!origin && origin !== 'null' && origin !== issuer && origin !== new URL(request.url).origin
}

const asRecord = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {}

const GrantView = t.Object({
  id: t.String(),
  client_id: t.String(),
  client_name: t.Optional(t.String()),
  server_id: t.String(),
  resource: t.String(),
  created_at: t.String(),
  last_used_at: t.Optional(t.String()),
  user_id: t.Optional(t.String()),
})

export const oauthServerModule = (deps: GuardDeps & { oauthServer: OAuthServer }) => {
  const as = deps.oauthServer
  const preflight = () =>
    new Response(null, {
      status: 204,
      headers: {
        'access-control-allow-origin': '*',
        'access-control-allow-methods': 'POST, OPTIONS',
        'access-control-allow-headers': 'content-type, authorization',
        'access-control-max-age': '86400',
      },
    })
  return new Elysia({ name: 'toolyard.oauth-server' })
    .use(guard(deps))
    .post(
      '/oauth/register',
      ({ body, request, server }) => oauthJson(() => as.clients.register(body, clientAddress(server, request)), 201),
      {
        // Its own group: registrations per client address are far fewer than other keyless requests.
        limit: 'oauth_register',
        detail: {
          tags,
          summary: 'Register a public OAuth client (RFC 7591)',
          requestBody: jsonBody('Client metadata (RFC 7591): redirect_uris, client_name, …'),
        },
      },
    )
    .options('/oauth/register', preflight, { detail: { tags, summary: 'CORS preflight' } })
    .get('/oauth/authorize', async ({ query }) => answer(await as.authorize.show(query)), {
      limit: 'other',
      detail: { tags, summary: 'Authorization endpoint: the consent page' },
    })
    .post(
      '/oauth/authorize',
      async ({ body, request }) =>
        foreignPost(request, as.issuer())
          ? answer({ page: errorPage('the consent form was posted from another site'), status: 403 })
          : answer(await as.authorize.decide(asRecord(body))),
      {
        limit: 'other',
        detail: {
          tags,
          summary: 'The consent form: original parameters + api_key + decision=approve|deny',
          requestBody: formBody('The consent page form, posted by the browser'),
        },
      },
    )
    .get(
      '/oauth/idp/callback',
      async ({ query, request }) => answer(await as.authorize.signedIn(query, request.headers.get('cookie'))),
      {
        limit: 'other',
        detail: { tags, summary: "The project's identity provider sends the person back here: the consent page" },
      },
    )
    .post(
      '/oauth/token',
      ({ body, request }) => oauthJson(() => as.token.grant(asRecord(body), request.headers.get('authorization'))),
      {
        limit: 'other',
        detail: {
          tags,
          summary: 'Token endpoint: authorization_code, refresh_token and client_credentials grants',
          requestBody: formBody('A token request (RFC 6749 section 4.1.3, 4.4 and 6), form-encoded as OAuth says', {
            grant_type: 'authorization_code, refresh_token or client_credentials',
            code: 'authorization_code: the code from the redirect',
            redirect_uri: 'authorization_code: the redirect URI of the authorization request',
            code_verifier: 'authorization_code: the PKCE verifier',
            refresh_token: 'refresh_token: the refresh token',
            client_id: 'the registered client (or a machine client, with client_secret or HTTP Basic)',
            client_secret: 'client_credentials: the machine client secret, when not sent with HTTP Basic',
            resource: 'optional: the MCP server URL the token is for (RFC 8707)',
          }),
        },
      },
    )
    .options('/oauth/token', preflight, { detail: { tags, summary: 'CORS preflight' } })
    .get(
      '/oauth/clients',
      async ({ auth }) => ({
        clients: await as.listGrants(auth.projectId),
        machine_clients: (await as.listMachineClients?.(auth.projectId)) ?? [],
      }),
      {
        api: 'oauth_misc',
        response: {
          200: t.Object({ clients: t.Array(GrantView), machine_clients: t.Array(MachineClientView) }),
          ...errorResponses,
        },
        detail: {
          tags,
          summary: 'Clients authorized through OAuth on this project’s servers, and its machine clients',
        },
      },
    )
    .delete(
      '/oauth/clients/:id',
      async ({ auth, params }) => {
        // An authorized client (grant id) or a machine client (client_id): either way it stops working at once.
        if (!(await as.revokeGrant(auth.projectId, params.id))) throw notFound('authorized client')
        return { id: params.id, revoked: true }
      },
      {
        api: 'oauth_write',
        params: IdParams,
        response: { 200: t.Object({ id: t.String(), revoked: t.Boolean() }), ...errorResponses },
        detail: { tags, summary: 'Revoke an authorized client: its tokens stop working at once' },
      },
    )
}
