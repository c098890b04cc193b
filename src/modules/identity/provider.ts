// A project's identity provider (docs/decisions/0337-identity-provider.md): PUT checks the issuer by its discovery
// document and seals the client secret with the project's data key; GET answers everything but the secret. `signIn`
// runs a sign-in there for the OAuth consent page or the dashboard: the state sent to the provider is sealed (it holds
// the PKCE verifier and nonce) and bound to the browser by a cookie, so a callback from another browser is refused.
import type { Sealer } from '../../crypto/seal'
import { badRequest, notFound } from '../../lib/errors'
import { nowIso } from '../../lib/ids'
import { randomBytes } from '../../lib/node-crypto'
import { parseAdminClaim } from './admin-claim'
import type { IdentityProviderView, PutIdentityProviderBody } from './model'
import { type OidcClient, OidcError, type OidcRelyingParty } from './oidc'
import type { IdentityProviderRow, IdentityRepository } from './repository'

const DEFAULT_SCOPES = ['openid', 'profile', 'email']
/** How long a person has at the provider before the sign-in must start again. */
const SIGN_IN_TTL_MS = 10 * 60_000
const secretContext = (projectId: string) => `identity-provider:${projectId}:client_secret`
const STATE_CONTEXT = 'identity-provider:sign-in-state'
const TICKET_CONTEXT = 'identity-provider:signed-in-ticket'

/** What a sign-in is for: an MCP client's authorization, or the dashboard. */
export type SignInPurpose = 'grant' | 'dashboard'

/** The paths (under the public URL) the provider redirects back to, one per purpose. */
const CALLBACK_PATHS: Record<SignInPurpose, string> = {
  grant: '/mcp/oauth/idp/callback',
  dashboard: '/mcp/ui/sign-in/idp/callback',
}
const COOKIE_PREFIX = 'toolyard_idp_'

interface SealedState {
  /** purpose */
  k: SignInPurpose
  /** what the caller needs back after the sign-in (the authorization request's parameters) */
  d: Record<string, string>
  v: string
  n: string
  /** the browser binding: the value of the cookie set when the sign-in started */
  b: string
  /** expiry, ms since epoch */
  e: number
}

export interface SignedIn {
  projectId: string
  purpose: SignInPurpose
  payload: Record<string, string>
  claims: Record<string, unknown> & { iss: string; sub: string }
  adminClaim: string | null
}

export function identityProviders(deps: {
  repo: IdentityRepository
  sealer: Sealer
  oidc: OidcRelyingParty
  urls: { get(): string }
}) {
  const { repo } = deps
  const view = (row: IdentityProviderRow): IdentityProviderView => ({
    issuer: row.issuer,
    client_id: row.client_id,
    client_secret_set: true,
    scopes: row.scopes.split(' '),
    admin_claim: row.admin_claim,
    redirect_uris: {
      mcp_clients: `${deps.urls.get()}${CALLBACK_PATHS.grant}`,
      dashboard: `${deps.urls.get()}${CALLBACK_PATHS.dashboard}`,
    },
    dashboard_sign_in_url: `${deps.urls.get()}/mcp/ui/sign-in/idp/${row.project_id}`,
    created_at: row.created_at,
    updated_at: row.updated_at,
  })

  /** The provider with its secret opened, for a sign-in; null when the project has none. */
  const open = async (projectId: string): Promise<(OidcClient & { admin_claim: string | null }) | null> => {
    const row = await repo.provider(projectId)
    if (!row) return null
    return {
      issuer: row.issuer,
      client_id: row.client_id,
      client_secret: await deps.sealer.open(projectId, secretContext(projectId), row.client_secret_sealed),
      scopes: row.scopes.split(' '),
      admin_claim: row.admin_claim,
    }
  }
  const callbackUrl = (purpose: SignInPurpose) => `${deps.urls.get()}${CALLBACK_PATHS[purpose]}`

  return {
    async put(projectId: string, body: PutIdentityProviderBody): Promise<IdentityProviderView> {
      // Kept as given: an issuer is compared exactly (OpenID Connect Discovery 4.3), trailing slash included.
      const issuer = body.issuer.trim()
      let adminClaim: string | null = null
      if (body.admin_claim != null && body.admin_claim.trim() !== '') {
        const rule = parseAdminClaim(body.admin_claim)
        if (typeof rule === 'string')
          throw badRequest(`admin_claim ${rule}`, [{ field: 'body.admin_claim', message: rule }])
        adminClaim = body.admin_claim.trim()
      }
      const before = await repo.provider(projectId)
      if (!body.client_secret && !before)
        throw badRequest('client_secret is required when the identity provider is first set', [
          { field: 'body.client_secret', message: 'required' },
        ])
      const scopes = [...new Set(['openid', ...(body.scopes ?? DEFAULT_SCOPES)])]
      try {
        // Fresh: a changed provider is looked at again, not answered from the cache.
        const as = await deps.oidc.discover(issuer, true)
        // The discovery answer's issuer is checked by the library; keep it exactly as the provider spells it.
        if (as.issuer !== issuer && as.issuer.replace(/\/+$/, '') !== issuer) throw new OidcError('issuer mismatch')
      } catch (err) {
        const message = err instanceof OidcError ? err.message : 'the issuer could not be checked'
        throw badRequest(`issuer: ${message}`, [{ field: 'body.issuer', message }])
      }
      const at = nowIso()
      const sealed = body.client_secret
        ? await deps.sealer.seal(projectId, secretContext(projectId), body.client_secret)
        : before!.client_secret_sealed
      const row: IdentityProviderRow = {
        project_id: projectId,
        issuer,
        client_id: body.client_id,
        client_secret_sealed: sealed,
        scopes: scopes.join(' '),
        admin_claim: adminClaim,
        created_at: before?.created_at ?? at,
        updated_at: at,
      }
      await repo.putProvider(row)
      return view(row)
    },
    async get(projectId: string): Promise<IdentityProviderView> {
      const row = await repo.provider(projectId)
      if (!row) throw notFound('identity provider')
      return view(row)
    },
    async remove(projectId: string): Promise<{ deleted: true }> {
      if (!(await repo.deleteProvider(projectId))) throw notFound('identity provider')
      return { deleted: true }
    },
    /** Whether the project signs people in at a provider (the consent page asks before showing the key form). */
    has: async (projectId: string) => (await repo.provider(projectId)) !== null,

    /**
     * Starts a sign-in at the project's provider: the URL to redirect the browser to, and the cookie that binds the
     * sign-in to this browser. Null when the project has no provider.
     */
    async start(
      projectId: string,
      purpose: SignInPurpose,
      payload: Record<string, string>,
    ): Promise<{ url: string; cookie: string } | null> {
      const c = await open(projectId)
      if (!c) return null
      const binding = randomBytes(18).toString('base64url')
      // The state is written after the URL is made (it holds the verifier and nonce); the provider sees it sealed.
      const draft = await deps.oidc.authorizationUrl(c, callbackUrl(purpose))
      const sealed: SealedState = {
        k: purpose,
        d: payload,
        v: draft.verifier,
        n: draft.nonce,
        b: binding,
        e: Date.now() + SIGN_IN_TTL_MS,
      }
      const state = `${projectId}~${await deps.sealer.seal(projectId, STATE_CONTEXT, JSON.stringify(sealed))}`
      const url = new URL(draft.url)
      url.searchParams.set('state', state)
      return {
        url: url.href,
        cookie: bindingCookie(purpose, binding, new URL(callbackUrl(purpose)).pathname, this.secure()),
      }
    },
    secure: () => deps.urls.get().startsWith('https://'),

    /**
     * A sealed ticket carrying what a page's form must post back after the sign-in (who signed in, for what request):
     * it cannot be read or altered in the browser, and ends after ten minutes.
     */
    ticket: async (projectId: string, data: Record<string, string>): Promise<string> =>
      `${projectId}~${await deps.sealer.seal(projectId, TICKET_CONTEXT, JSON.stringify({ d: data, e: Date.now() + SIGN_IN_TTL_MS }))}`,
    /** The ticket's data and project, or null when it is not one of ours or has ended. */
    async openTicket(ticket: string): Promise<{ projectId: string; data: Record<string, string> } | null> {
      const cut = ticket.indexOf('~')
      if (cut < 1) return null
      const projectId = ticket.slice(0, cut)
      try {
        const t = JSON.parse(await deps.sealer.open(projectId, TICKET_CONTEXT, ticket.slice(cut + 1))) as {
          d: Record<string, string>
          e: number
        }
        return t.e >= Date.now() ? { projectId, data: t.d } : null
      } catch {
        return null
      }
    },

    /** Finishes a sign-in from the provider's redirect; throws OidcError with words for a page. */
    async finish(
      purpose: SignInPurpose,
      query: Record<string, unknown>,
      cookieHeader: string | null,
    ): Promise<SignedIn> {
      const params = new URLSearchParams()
      for (const [k, v] of Object.entries(query)) if (typeof v === 'string') params.set(k, v)
      const state = params.get('state') ?? ''
      const cut = state.indexOf('~')
      if (cut < 1) throw new OidcError('the sign-in answer has no state of this service: start again')
      const projectId = state.slice(0, cut)
      let s: SealedState
      try {
        s = JSON.parse(await deps.sealer.open(projectId, STATE_CONTEXT, state.slice(cut + 1))) as SealedState
      } catch {
        throw new OidcError('the sign-in answer has no state of this service: start again')
      }
      if (s.k !== purpose) throw new OidcError('this sign-in was started for something else: start again')
      if (s.e < Date.now()) throw new OidcError('the sign-in took too long: start again')
      if (cookieOf(cookieHeader, `${COOKIE_PREFIX}${purpose}`) !== s.b)
        throw new OidcError('this sign-in was started in another browser (or its cookie is gone): start again')
      const c = await open(projectId)
      if (!c) throw new OidcError('the project has no identity provider any more')
      const claims = await deps.oidc.finish(c, callbackUrl(purpose), params, {
        state,
        verifier: s.v,
        nonce: s.n,
      })
      return { projectId, purpose, payload: s.d, claims, adminClaim: c.admin_claim }
    },
  }
}
export type IdentityProviders = ReturnType<typeof identityProviders>

/**
 * The browser binding: SameSite=Lax (the provider's redirect back is a cross-site top-level GET, which carries Lax
 * cookies), HttpOnly, only on the callback's path as the browser sees it (under the public URL), ten minutes.
 */
function bindingCookie(purpose: SignInPurpose, value: string, path: string, secure: boolean): string {
  return `${COOKIE_PREFIX}${purpose}=${value}; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=${SIGN_IN_TTL_MS / 1000}${secure ? '; Secure' : ''}`
}

function cookieOf(header: string | null, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [k, ...rest] = part.trim().split('=')
    if (k === name) return rest.join('=')
  }
  return undefined
}
