// The authorization endpoint of Toolyard's OAuth 2.1 server: check the request, show the consent page, and on approval
// with a key of the server's project issue a single-use code bound to the client, the PKCE challenge and the resource.
// Nothing is redirected before a person acted on the page, and nothing about the server is shown before a key
// (docs/decisions/0020-oauth-grants-registration-and-streams.md).

import { mayUseServer } from '../../lib/access'
import { newId, nowIso } from '../../lib/ids'
import { createHash, randomBytes } from '../../lib/node-crypto'
import type { ServerRow } from '../../lib/server'
import type { IdentityUsers } from '../identity/identity-users'
import { OidcError } from '../identity/oidc'
import type { IdentityProviders } from '../identity/provider'
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
  /**
   * A project with an identity provider signs the person in there instead of asking for a key; the grant then acts
   * for the user found or made by the provider's iss + sub (docs/decisions/0337-identity-provider.md).
   */
  identity?: {
    providers: IdentityProviders
    users: IdentityUsers
    bindGrant(grantId: string, userId: string): Promise<void>
  }
}

/**
 * What the authorization endpoint answers: a page (consent or error), or a redirect — back to the client, or to the
 * project's identity provider with the cookie that binds the sign-in to this browser.
 */
export type AuthorizeAnswer = { page: string; status: number } | { redirect: string; cookie?: string }

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
      if (typeof v === 'string' && k !== 'api_key' && k !== 'decision' && k !== 'signin') params[k] = v
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
  const consent = (c: Checked, error?: string, signedIn?: { as: string; ticket: string }): AuthorizeAnswer => ({
    page: consentPage({
      // Signed in at the provider, the form carries only the sealed ticket (the request and the user are inside it).
      params: signedIn ? { signin: signedIn.ticket } : c.params,
      clientName: c.client.client_name ?? c.client.client_id,
      clientId: c.client.client_id,
      redirectHost: new URL(c.redirectUri).host || c.redirectUri,
      serverName: c.slug,
      error,
      ...(signedIn ? { signedInAs: signedIn.as } : {}),
    }),
    status: 200,
  })

  const grantCode = async (
    c: Checked,
    server: ServerRow,
    by: { keyId: string } | { userId: string },
  ): Promise<AuthorizeAnswer> => {
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
        // OAuth access is never a key of its own: it ends with the key that approved it (or with its user).
        key_id: 'keyId' in by ? by.keyId : null,
      })
      if ('userId' in by) await deps.identity!.bindGrant(grantId, by.userId)
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
  }

  /** The project's identity provider sign-in for this request, when the server's project has one. */
  const providerSignIn = async (c: Checked): Promise<AuthorizeAnswer | null> => {
    if (!deps.identity) return null
    const server = await deps.servers.bySlug(c.slug)
    if (!server) return null
    const started = await deps.identity.providers.start(server.project_id, 'grant', c.params).catch((err: unknown) => {
      if (err instanceof OidcError) return { failed: err.message }
      throw err
    })
    if (!started) return null
    if ('failed' in started) return refused(`the project's identity provider cannot be reached: ${started.failed}`)
    return { redirect: started.url, cookie: started.cookie }
  }

  /** The person's decision on the page shown after the provider signed them in. */
  const decideSignedIn = async (form: Record<string, unknown>): Promise<AuthorizeAnswer> => {
    const ticket = deps.identity ? await deps.identity.providers.openTicket(String(form.signin)) : null
    if (!ticket) return refused('this sign-in has ended or is not valid: start the authorization again from the app')
    const { user_id: userId, user_label: label, ...params } = ticket.data
    const c = await check(params)
    if (!('client' in c)) return c
    if (form.decision === 'deny')
      return back(c.redirectUri, {
        error: 'access_denied',
        error_description: 'the request was denied',
        state: c.params.state,
      })
    if (form.decision !== 'approve')
      return consent(c, 'Choose Approve or Deny.', { as: label ?? '', ticket: String(form.signin) })
    const server = await deps.servers.bySlug(c.slug)
    if (!server || server.project_id !== ticket.projectId || !userId)
      return refused('the server of this request is gone: start the authorization again from the app')
    return grantCode(c, server, { userId })
  }

  return {
    /** GET: the consent page (or the request's error). */
    async show(query: Record<string, unknown>): Promise<AuthorizeAnswer> {
      const c = await check(query)
      if (!('client' in c)) return c
      return (await providerSignIn(c)) ?? consent(c)
    },

    /** The identity provider's redirect back: the person is signed in; the consent page names them. */
    async signedIn(query: Record<string, unknown>, cookie: string | null): Promise<AuthorizeAnswer> {
      if (!deps.identity) return refused('no identity provider sign-in is in progress')
      let done: Awaited<ReturnType<IdentityProviders['finish']>>
      try {
        done = await deps.identity.providers.finish('grant', query, cookie)
      } catch (err) {
        if (err instanceof OidcError) return refused(err.message)
        throw err
      }
      const c = await check(done.payload)
      if (!('client' in c)) return c
      const user = await deps.identity.users.userFor(done.projectId, done.claims)
      const label = user.email ?? user.name ?? user.external_id
      const ticket = await deps.identity.providers.ticket(done.projectId, {
        ...c.params,
        user_id: user.id,
        user_label: label,
      })
      return consent(c, undefined, { as: label, ticket })
    },

    /** POST: the person's decision, with an API key of the server's project for an approval. */
    async decide(form: Record<string, unknown>): Promise<AuthorizeAnswer> {
      if (typeof form.signin === 'string') return decideSignedIn(form)
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
      return grantCode(c, server, { keyId: auth.keyId })
    },
  }
}
