// The dashboard at /mcp/ui: server-rendered pages plus htmx (embedded, no CDN). Signed-in pages read and write through
// the REST API with the session's key, so they see exactly what that key may see. Only admin keys and the admin
// token sign in, and every request re-checks the key (docs/decisions/0019-dashboard-sign-in-request-bodies-and-key-commands.md).
import { Elysia } from 'elysia'
import type { Config } from '../config'
import type { Egress } from '../egress/client'
import { clientAddress } from '../http/guard'
import { formBody } from '../http/request-bodies'
import type { AdminService } from '../modules/admin/service'
import type { AuditLog } from '../modules/audit/service'
import type { IdentityProviders } from '../modules/identity/provider'
import type { ProjectsService } from '../modules/projects/service'
import type { FunctionSpec } from '../runtime/run-function'
import { adminAction, adminPage } from './admin-pages'
import { apiClient } from './api-client'
import { assetResponse } from './assets'
import { FormFailure } from './form-save'
import { FRAMING, type Html, html, page } from './html'
import * as pages from './pages'
import { projectAction } from './project-actions'
import { type PageContext, projectPage } from './project-pages'
import { providerSignIn } from './provider-sign-in'
import { clearedCookie, createUiSessions, sameOrigin, sessionCookie, type UiSession } from './session'
import { createSignInLimit } from './sign-in-limit'

export interface UiDeps {
  projects: ProjectsService
  admin?: AdminService
  config: Pick<Config, 'dashboardSigninPerMinute' | 'dashboardSessions'>
  urls: { get(): string }
  egress: Egress
  findFunction: (projectId: string, name: string) => FunctionSpec | undefined | Promise<FunctionSpec | undefined>
  /** The audit trail: the admin token's actions (projects and keys) are made without the REST API. */
  audit?: Pick<AuditLog, 'record'>
  /** The app itself: the dashboard calls the REST API in-process. */
  handle: (request: Request) => Promise<Response>
  /** Members sign in through the project's identity provider (src/ui/provider-sign-in.ts). */
  identity?: { providers: IdentityProviders }
}

const PROJECT_NAV: [string, string][] = [
  ['/mcp/ui/overview', 'Overview'],
  ['/mcp/ui/servers', 'Servers'],
  ['/mcp/ui/toolkits', 'Toolkits'],
  ['/mcp/ui/tools', 'Tools'],
  ['/mcp/ui/functions', 'Functions'],
  ['/mcp/ui/credentials', 'Credentials'],
  ['/mcp/ui/providers', 'Providers'],
  ['/mcp/ui/resources', 'Resources'],
  ['/mcp/ui/prompts', 'Prompts'],
  ['/mcp/ui/subscriptions', 'Subscriptions'],
  ['/mcp/ui/calls', 'Call log'],
  ['/mcp/ui/approvals', 'Approvals'],
  ['/mcp/ui/keys', 'Keys'],
  ['/mcp/ui/users', 'Users'],
  ['/mcp/docs', 'API docs'],
]
const ADMIN_NAV: [string, string][] = [
  ['/mcp/ui/projects', 'Projects and keys'],
  ['/mcp/docs', 'API docs'],
]

const htmlResponse = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...FRAMING, ...headers } })
const redirect = (location: string, headers: Record<string, string> = {}) =>
  new Response(null, { status: 303, headers: { location, ...FRAMING, ...headers } })
const MCP_KEY_REFUSED =
  'That is an mcp key: it is for MCP clients only. Sign in with an admin key of the project or the admin token.'
/**
 * A page that opens the OAuth callback again from this site (docs/decisions/0038-review-of-the-third-round.md): the
 * same query plus `resumed=1`, by a meta refresh (no script needed) and a link. The code in the URL is sent nowhere
 * else (no referrer).
 */
function resumeCallback(params: Record<string, string>): Response {
  const again = `/mcp/ui/oauth/callback?${new URLSearchParams({ ...params, resumed: '1' }).toString()}`
  const body = html`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta http-equiv="refresh" content="0;url=${again}"><meta name="referrer" content="no-referrer">
<title>Finishing the connection · Toolyard</title></head>
<body><p>Finishing the connection… <a href="${again}" id="resume-oauth">Continue</a></p></body></html>`
  return htmlResponse(body.text, 200, { 'referrer-policy': 'no-referrer', 'cache-control': 'no-store' })
}
const form = (body: unknown) => (body && typeof body === 'object' ? (body as Record<string, unknown>) : {})

export function uiModule(deps: UiDeps) {
  const sessions = createUiSessions(deps.config.dashboardSessions)
  const signIns = createSignInLimit(deps.config.dashboardSigninPerMinute)
  const secure = () => deps.urls.get().startsWith('https://')
  const signInPage = (error?: string, status = 200, headers: Record<string, string> = {}) =>
    htmlResponse(page('Sign in', pages.signInPage(error)), status, headers)
  const throughProvider = deps.identity
    ? providerSignIn({
        providers: deps.identity.providers,
        projects: deps.projects,
        createSession: (s) => sessions.create(s),
        sessionCookie: (id) => sessionCookie(id, secure()),
      })
    : undefined

  /**
   * The request's session, its key checked again: a key revoked or expired since sign-in (or no longer an admin key)
   * ends the session at once. The admin token is fixed for the process's life.
   */
  async function current(request: Request): Promise<UiSession | undefined> {
    const s = sessions.get(request)
    if (!s?.apiKey) return s
    const auth = await deps.projects.authenticate(s.apiKey)
    if (auth?.role === 'admin' && auth.projectId === s.projectId) return s
    sessions.end(request)
    return undefined
  }
  const toSignIn = () => redirect('/mcp/ui/sign-in', { 'set-cookie': clearedCookie(secure()) })

  const ctx = (s: UiSession): PageContext => ({
    ...apiClient(s, deps.handle, deps.urls.get()),
    publicUrl: () => deps.urls.get(),
  })
  /** A whole page; the session's notice (what the last action did) is said on it once. */
  const render = (s: UiSession, current: string, title: string, body: Html, status = 200) => {
    const notice = s.notice
    s.notice = undefined
    return htmlResponse(page(title, body, { links: s.admin ? ADMIN_NAV : PROJECT_NAV, current }, notice), status)
  }

  return (
    new Elysia({ name: 'toolyard.ui' })
      // The embedded assets (htmx, uPlot, the editor bundle, the dashboard's script): public, no session needed.
      .get(
        '/ui/assets/:name',
        ({ params, request }) =>
          assetResponse(params.name, request.headers.get('if-none-match')) ??
          new Response('not found', { status: 404 }),
      )
      .get('/ui/htmx.min.js', ({ request }) => assetResponse('htmx.min.js', request.headers.get('if-none-match')))
      .get('/ui', async ({ request }) => redirect((await current(request)) ? '/mcp/ui/overview' : '/mcp/ui/sign-in'))
      .get('/ui/sign-in', () => signInPage())
      .post(
        '/ui/sign-in',
        async ({ request, body, server }) => {
          if (!sameOrigin(request, deps.urls.get())) return htmlResponse('cross-origin form refused', 403)
          // Every attempt counts, before the key is looked at: guessing costs the same whether a guess is right or not.
          const retryAfter = signIns.attempt(clientAddress(server, request))
          if (retryAfter !== null)
            return signInPage(`Too many sign-in attempts: try again in ${retryAfter} s.`, 429, {
              'retry-after': String(retryAfter),
            })
          const key = String(form(body).key ?? '').trim()
          const auth = await deps.projects.authenticate(key)
          if (auth && auth.role !== 'admin') return signInPage(MCP_KEY_REFUSED, 403)
          let session: Omit<UiSession, 'expires'> | undefined
          if (auth) session = { apiKey: key, projectId: auth.projectId, member: `key:${auth.keyId}` }
          else if (deps.admin) {
            try {
              deps.admin.checkToken(`Bearer ${key}`)
              session = { admin: true }
            } catch {}
          }
          if (!session) return signInPage('That key is not valid.', 401)
          const id = sessions.create(session)
          const cookie = sessionCookie(id, secure())
          return redirect(session.admin ? '/mcp/ui/projects' : '/mcp/ui/overview', { 'set-cookie': cookie })
        },
        {
          detail: {
            requestBody: formBody('The sign-in form', { key: 'an admin API key or the admin token' }),
          },
        },
      )
      .get('/ui/sign-in/idp/callback', ({ query, request }) =>
        throughProvider ? throughProvider.callback(query, request.headers.get('cookie')) : toSignIn(),
      )
      .get('/ui/sign-in/idp/:project', ({ params }) =>
        throughProvider ? throughProvider.start(params.project) : toSignIn(),
      )
      .get('/ui/sign-in/idp', ({ query }) =>
        throughProvider ? throughProvider.start(String(query.project ?? '').trim()) : toSignIn(),
      )
      .post('/ui/sign-out', async ({ request }) => {
        if (sameOrigin(request, deps.urls.get())) {
          // A session opened through the identity provider ends its own key with it.
          const keyId = sessions.get(request)?.signedInKeyId
          if (keyId) await deps.projects.revokeKey(keyId).catch(() => {})
          sessions.end(request)
        }
        return toSignIn()
      })
      .get('/ui/oauth/callback', async ({ request, query }) => {
        const s = await current(request)
        const { resumed, ...params } = query as Record<string, string>
        if (!s?.apiKey) {
          // The provider's redirect is a cross-site navigation: the browser leaves the SameSite=Strict cookie off it.
          // One navigation started by our own page carries the cookie, so the code is not lost (once: no loop).
          if (!resumed && params.state && (params.code || params.error)) return resumeCallback(params)
          return toSignIn()
        }
        try {
          // The provider's redirect moves the flow to code_received; the exchange makes the credential (both REST).
          await ctx(s).api('GET', `/oauth/callback?${new URLSearchParams(params).toString()}`)
          if (params.code && params.state) {
            const made = await ctx(s).api('POST', '/oauth/exchange-token', { state: params.state })
            s.notice = `Connected: credential for ${made.provider_id} added.`
          }
          return redirect('/mcp/ui/credentials')
        } catch (err) {
          return render(
            s,
            '/mcp/ui/credentials',
            'OAuth',
            html`<div class="flash">${(err as Error).message}</div>
          <p><a href="/mcp/ui/credentials">Back to credentials</a></p>`,
          )
        }
      })
      .get('/ui/*', async ({ request, params, query }) => {
        const s = await current(request)
        if (!s) return toSignIn()
        const name = params['*']
        try {
          // A secret made by the last action is shown on the page it redirected to, once (not on a polled fragment).
          const once = request.headers.get('hx-request') === null ? s.once : undefined
          if (once) s.once = undefined
          if (s.admin && deps.admin) {
            const shown = await adminPage({ projects: deps.projects, admin: deps.admin }, name, query, once)
            return render(s, '/mcp/ui/projects', shown.title, shown.body)
          }
          const shown = await projectPage(ctx(s), name, query as Record<string, string>, undefined, once)
          if (shown.fragment) return htmlResponse(shown.body.text)
          return render(s, `/mcp/ui/${shown.nav ?? name}`, shown.title, shown.body)
        } catch (err) {
          return render(
            s,
            '',
            'Problem',
            html`<div class="flash">${(err as Error).message}</div>
          <p><a href="/mcp/ui/overview">Back to the overview</a></p>`,
          )
        }
      })
      .post(
        '/ui/*',
        async ({ request, params, body }) => {
          if (!sameOrigin(request, deps.urls.get())) return htmlResponse('cross-origin form refused', 403)
          const s = await current(request)
          if (!s) return toSignIn()
          const hx = request.headers.get('hx-request') !== null
          try {
            const done =
              s.admin && deps.admin
                ? await adminAction(
                    { projects: deps.projects, admin: deps.admin, ...(deps.audit ? { audit: deps.audit } : {}) },
                    params['*'],
                    form(body),
                  )
                : await projectAction(ctx(s), params['*'], form(body))
            if (done.fragment) return htmlResponse(done.fragment.text)
            s.notice = done.notice
            s.once = done.once
            return redirect(done.redirect ?? '/mcp/ui/overview')
          } catch (err) {
            const message = html`<div class="flash">${(err as Error).message}</div>`
            if (hx) return htmlResponse(message.text)
            // A refused save shows its page again, the form kept with its values and the error above it.
            if (err instanceof FormFailure && !s.admin) {
              const shown = await projectPage(ctx(s), err.page, {}, err.draft).catch(() => undefined)
              if (shown) return render(s, `/mcp/ui/${shown.nav ?? err.page}`, shown.title, shown.body, 400)
            }
            return render(
              s,
              '',
              'Problem',
              html`${message}<p><a href="/mcp/ui/overview">Back to the overview</a></p>`,
              400,
            )
          }
        },
        { detail: { requestBody: formBody("A dashboard page's form, posted by the browser") } },
      )
  )
}
