// The authorization endpoint of Toolyard's OAuth 2.1 server: check the request, show the consent page, and on approval
// with a key of the server's project issue a single-use code bound to the client, the PKCE challenge and the resource.
import { createHash, randomBytes } from 'node:crypto'
import { newId, nowIso } from '../../lib/ids'
import { mayUseServer } from '../keys/access'
import type { ProjectsService } from '../projects/service'
import type { ServerRow } from '../servers/repository'
import type { OAuthClient, OAuthClients } from './clients'
import { consentPage, errorPage } from './consent-page'
import type { OAuthServerRepository } from './repository'

const CODE_TTL_MS = 5 * 60_000
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

export interface AuthorizeDeps {
  repo: OAuthServerRepository
  clients: OAuthClients
  projects: ProjectsService
  servers: { bySlug(slug: string): ServerRow | null | undefined }
  /** The public URL (origin plus any base path), without a trailing slash. */
  publicUrl(): string
}

/** What the authorization endpoint answers: a page (consent or error) or a redirect back to the client. */
export type AuthorizeAnswer = { page: string; status: number } | { redirect: string }

type Checked = { client: OAuthClient; server: ServerRow; params: Record<string, string>; redirectUri: string }

export function authorizationEndpoint(deps: AuthorizeDeps) {
  /** The server a resource indicator names: exactly `<public URL>/mcp/<slug>`. */
  const serverOf = (resource: string | undefined): ServerRow | undefined => {
    const prefix = `${deps.publicUrl()}/mcp/`
    if (!resource?.startsWith(prefix)) return undefined
    const slug = resource.slice(prefix.length)
    return /^[a-z0-9-]+$/.test(slug) ? (deps.servers.bySlug(slug) ?? undefined) : undefined
  }

  const back = (redirectUri: string, fields: Record<string, string | undefined>) => {
    const url = new URL(redirectUri)
    for (const [k, v] of Object.entries(fields)) if (v !== undefined) url.searchParams.set(k, v)
    return { redirect: url.href }
  }

  /** Errors before the redirect_uri is trusted are shown as a page; later ones go back to the client (RFC 6749 §4.1.2.1). */
  const check = async (input: Record<string, unknown>): Promise<Checked | AuthorizeAnswer> => {
    const params: Record<string, string> = {}
    for (const [k, v] of Object.entries(input))
      if (typeof v === 'string' && k !== 'api_key' && k !== 'decision') params[k] = v
    let client: OAuthClient
    try {
      client = await deps.clients.resolve(params.client_id)
    } catch (err) {
      return { page: errorPage((err as Error).message), status: 400 }
    }
    const redirectUri = params.redirect_uri
    if (!redirectUri || !client.redirect_uris.includes(redirectUri))
      return { page: errorPage('redirect_uri is missing or not registered for this client'), status: 400 }
    const fail = (error: string, description: string) =>
      back(redirectUri, { error, error_description: description, state: params.state })
    if (params.response_type !== 'code') return fail('unsupported_response_type', 'response_type must be code')
    if (!params.code_challenge || params.code_challenge_method !== 'S256')
      return fail('invalid_request', 'PKCE is required: code_challenge with code_challenge_method=S256')
    if (!params.resource) return fail('invalid_target', 'resource is required: the URL of the MCP server (RFC 8707)')
    const server = serverOf(params.resource)
    if (!server) return fail('invalid_target', 'resource does not name a server of this Toolyard')
    return { client, server, params, redirectUri }
  }

  const consent = (c: Checked, error?: string): AuthorizeAnswer => ({
    page: consentPage({
      params: c.params,
      clientName: c.client.client_name ?? c.client.client_id,
      clientId: c.client.client_id,
      redirectHost: new URL(c.redirectUri).host || c.redirectUri,
      serverName: c.server.display_name ?? c.server.name,
      projectName: deps.projects.projectById(c.server.project_id)?.name ?? c.server.project_id,
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
      if (form.decision === 'deny')
        return back(c.redirectUri, {
          error: 'access_denied',
          error_description: 'the request was denied',
          state: c.params.state,
        })
      if (form.decision !== 'approve') return consent(c, 'Choose Approve or Deny.')
      const key = typeof form.api_key === 'string' ? form.api_key.trim() : ''
      const auth = deps.projects.authenticate(key)
      if (!auth || auth.projectId !== c.server.project_id || !mayUseServer(auth, c.server.id))
        return consent(c, 'That key is not a valid key of this project allowed on this server. Try again.')
      const code = randomBytes(32).toString('base64url')
      const grantId = newId()
      deps.repo.transaction(() => {
        deps.repo.insertGrant({
          id: grantId,
          project_id: c.server.project_id,
          server_id: c.server.id,
          client_id: c.client.client_id,
          client_name: c.client.client_name ?? null,
          resource: c.params.resource!,
          created_at: nowIso(),
        })
        deps.repo.insertCode({
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
