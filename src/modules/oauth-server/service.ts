// The authorization endpoint of Toolyard's OAuth 2.1 server: check the request, show the consent page, and on approval
// with a key of the server's project issue a single-use code bound to the client, the PKCE challenge and the resource.
// Nothing is redirected before a person acted on the page, and nothing about the server is shown before a key
// (docs/decisions/0020-oauth-grants-registration-and-streams.md).

import { mayUseServer } from '../../lib/access'
import { newId, nowIso } from '../../lib/ids'
import { createHash, randomBytes } from '../../lib/node-crypto'
import type { ServerRow } from '../../lib/server'
import type { ProjectsService } from '../projects/service'
import type { OAuthClient, OAuthClients } from './clients'
import { consentPage, errorPage } from './consent-page'
import type { OAuthServerRepository } from './repository'

const CODE_TTL_MS = 5 * 60_000
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

export interface AuthorizeDeps {
  repo: OAuthServerRepository
  clients: OAuthClients
  projects: ProjectsService
  servers: { bySlug(slug: string): Promise<ServerRow | null | undefined> }
  /** The public URL (origin plus any base path), without a trailing slash. */
  publicUrl(): string
}

/** What the authorization endpoint answers: a page (consent or error) or a redirect back to the client. */
export type AuthorizeAnswer = { page: string; status: number } | { redirect: string }

/** A well-formed request of a known client; `slug` is the server it names, not yet known to exist. */
type Checked = { client: OAuthClient; slug: string; params: Record<string, string>; redirectUri: string }

export function authorizationEndpoint(deps: AuthorizeDeps) {
  /** The slug a resource indicator names: exactly `<public URL>/mcp/<slug>` (whether it exists is not looked at). */
  const slugOf = (resource: string | undefined): string | undefined => {
    const prefix = `${deps.publicUrl()}/mcp/`
    if (!resource?.startsWith(prefix)) return undefined
    const slug = resource.slice(prefix.length)
    return /^[a-z0-9-]{1,100}$/.test(slug) ? slug : undefined
  }

  const back = (redirectUri: string, fields: Record<string, string | undefined>) => {
    const url = new URL(redirectUri)
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) url.searchParams.set(k, v)
    return { redirect: url.href }
  }
  const refused = (message: string): AuthorizeAnswer => ({ page: errorPage(message), status: 400 })

  /**
   * Every error of the request is a page (400), never a redirect: with open registration anyone can register any
   * redirect URI, so a redirect before a person chose Approve or Deny would make this origin an open redirector.
   */
  const check = async (input: Record<string, unknown>): Promise<Checked | AuthorizeAnswer> => {
    const params: Record<string, string> = {}
    for (const [k, v] of Object.entries(input))
      if (typeof v === 'string' && k !== 'api_key' && k !== 'decision') params[k] = v
    let client: OAuthClient
    try {
      client = await deps.clients.resolve(params.client_id)
    } catch (err) {
      return refused((err as Error).message)
    }
    const redirectUri = params.redirect_uri
    if (!redirectUri || !client.redirect_uris.includes(redirectUri))
      return refused('redirect_uri is missing or not registered for this client')
    if (params.response_type !== 'code') return refused('unsupported_response_type: response_type must be code')
    if (!params.code_challenge || params.code_challenge_method !== 'S256')
      return refused('invalid_request: PKCE is required: code_challenge with code_challenge_method=S256')
    if (!params.resource) return refused('invalid_target: resource is required: the URL of the MCP server (RFC 8707)')
    const slug = slugOf(params.resource)
    if (!slug) return refused('invalid_target: resource is not the URL of an MCP server of this Toolyard')
    return { client, slug, params, redirectUri }
  }

  // The same page for any slug: no project name and no sign of whether the server exists until a key is checked.
  const consent = (c: Checked, error?: string): AuthorizeAnswer => ({
    page: consentPage({
      params: c.params,
      clientName: c.client.client_name ?? c.client.client_id,
      clientId: c.client.client_id,
      redirectHost: new URL(c.redirectUri).host || c.redirectUri,
      serverName: c.slug,
      error,
    }),
    status: 200,
  })

  return {
    /** GET: the consent page (or the request's error). */
    async show(query: Record<string, unknown>): Promise<AuthorizeAnswer> {
      const c = await check(query)
      return 'client' in c ? consent(c) : c
    },

    /** POST: the person's decision, with an API key of the server's project for an approval. */
    async decide(form: Record<string, unknown>): Promise<AuthorizeAnswer> {
      const c = await check(form)
      if (!('client' in c)) return c
      // The person chose Deny on a page that names where it goes back to.
      if (form.decision === 'deny')
        return back(c.redirectUri, {
          error: 'access_denied',
          error_description: 'the request was denied',
          state: c.params.state,
        })
      if (form.decision !== 'approve') return consent(c, 'Choose Approve or Deny.')
      const key = typeof form.api_key === 'string' ? form.api_key.trim() : ''
      const auth = await deps.projects.authenticate(key)
      const server = auth ? await deps.servers.bySlug(c.slug) : undefined
      // One answer for a bad key, an unknown server and another project's server.
      if (!auth || !server || auth.projectId !== server.project_id || !mayUseServer(auth, server.id))
        return consent(c, 'That key is not a valid key of this project allowed on this server. Try again.')
      const code = randomBytes(32).toString('base64url')
      const grantId = newId()
      const at = nowIso()
      await deps.repo.transaction(async () => {
        await deps.repo.insertGrant({
          id: grantId,
          project_id: server.project_id,
          server_id: server.id,
          client_id: c.client.client_id,
          client_name: c.client.client_name ?? null,
          resource: c.params.resource!,
          created_at: at,
          // OAuth access is never a key of its own: it ends with the key that approved it.
          key_id: auth.keyId,
        })
        await deps.repo.touchClient(c.client.client_id, at)
        await deps.repo.insertCode({
          hash: sha256(code),
          grant_id: grantId,
          redirect_uri: c.redirectUri,
          code_challenge: c.params.code_challenge!,
          expires_at: new Date(Date.now() + CODE_TTL_MS).toISOString(),
        })
      })
      return back(c.redirectUri, { code, state: c.params.state })
    },
  }
}
