// Members sign into the dashboard through the project's identity provider (docs/decisions/0338-dashboard-sign-in-admin-claim.md):
// the provider signs them in; a person whose ID token satisfies the project's `admin_claim` gets a session backed by an
// admin key made for it (named after them, ending with the session, revoked at sign-out), so every page still goes
// through the REST API exactly as a key sign-in does. Anyone else is refused with a page that says why.
import { claimsGrantAdmin, parseAdminClaim } from '../modules/identity/admin-claim'
import { OidcError } from '../modules/identity/oidc'
import type { IdentityProviders } from '../modules/identity/provider'
import type { ProjectsService } from '../modules/projects/service'
import { FRAMING, html, page } from './html'
import type { UiSession } from './session'

/** The session's lifetime (src/ui/session.ts): the key made for it ends no later. */
const SESSION_MS = 8 * 3600_000

const htmlResponse = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...FRAMING, ...headers },
  })

const refusal = (title: string, message: string, status: number) =>
  htmlResponse(
    page(
      title,
      html`<div class="flash" id="sign-in-refused">${message}</div>
      <p><a href="/mcp/ui/sign-in">Back to sign-in</a></p>`,
    ),
    status,
  )

export function providerSignIn(deps: {
  providers: IdentityProviders
  projects: Pick<ProjectsService, 'createKey' | 'projectById'>
  createSession(session: Omit<UiSession, 'expires'>): string
  sessionCookie(id: string): string
}) {
  return {
    /** GET /ui/sign-in/idp/{project}: off to the project's provider, when it lets members sign in. */
    async start(projectId: string): Promise<Response> {
      const project = projectId ? await deps.projects.projectById(projectId).catch(() => null) : null
      const settings = project ? await deps.providers.get(projectId).catch(() => null) : null
      if (!settings?.admin_claim)
        return refusal(
          'Sign-in unavailable',
          'This project does not sign members in through an identity provider (none is set, or it has no admin_claim). Sign in with an admin key.',
          404,
        )
      try {
        const started = await deps.providers.start(projectId, 'dashboard', {})
        if (!started) return refusal('Sign-in unavailable', 'This project has no identity provider.', 404)
        return new Response(null, {
          status: 302,
          headers: { location: started.url, 'set-cookie': started.cookie, 'cache-control': 'no-store' },
        })
      } catch (err) {
        if (err instanceof OidcError)
          return refusal('Sign-in unavailable', `The identity provider cannot be reached: ${err.message}`, 502)
        throw err
      }
    },

    /** GET /ui/sign-in/idp/callback: the provider's answer; a member gets a session, anyone else a refusal page. */
    async callback(query: Record<string, unknown>, cookie: string | null): Promise<Response> {
      let done: Awaited<ReturnType<IdentityProviders['finish']>>
      try {
        done = await deps.providers.finish('dashboard', query, cookie)
      } catch (err) {
        if (err instanceof OidcError) return refusal('Sign-in failed', err.message, 400)
        throw err
      }
      const who = String(done.claims.email ?? done.claims.preferred_username ?? done.claims.sub).slice(0, 200)
      const rule = done.adminClaim ? parseAdminClaim(done.adminClaim) : null
      if (!rule || typeof rule === 'string' || !claimsGrantAdmin(rule, done.claims))
        return refusal(
          'Not a member',
          `Signed in as ${who}, but your account does not carry ${done.adminClaim ?? 'the admin claim'} at the identity provider, so it may not open this project's dashboard. Ask the project's administrators.`,
          403,
        )
      const { apiKey, key } = await deps.projects.createKey(done.projectId, {
        name: `dashboard: ${who}`.slice(0, 100),
        role: 'admin',
        expiresInMs: SESSION_MS,
      })
      const id = deps.createSession({
        apiKey,
        projectId: done.projectId,
        signedInKeyId: key.id,
        notice: `Signed in as ${who}.`,
      })
      // The provider's redirect is a cross-site navigation: a SameSite=Strict cookie set on it is not sent on a
      // redirect that follows it, so the next page is opened from this site (meta refresh), where it is.
      const next = '/mcp/ui/overview'
      return htmlResponse(
        html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="0;url=${next}">
<title>Signed in · Toolyard</title></head><body><p>Signed in as ${who}. <a href="${next}" id="continue">Continue</a></p></body></html>`
          .text,
        200,
        { 'set-cookie': deps.sessionCookie(id), 'referrer-policy': 'no-referrer' },
      )
    },
  }
}
