// The dashboard at /mcp/ui: server-rendered pages plus htmx (embedded, no CDN). Signed-in pages read and write through
// the REST API with the session's key, so they see exactly what that key may see. Only admin keys and the admin
// token sign in, and every request re-checks the key (docs/decisions.md, "Dashboard sign-in, request bodies and key
// commands").
import { Elysia } from 'elysia'
import htmxJs from 'htmx.org/dist/htmx.min.js' with { type: 'text' }
import type { Config } from '../config'
import type { Egress } from '../egress/client'
import { clientAddress } from '../http/guard'
import type { AdminService } from '../modules/admin/service'
import type { ProjectsService } from '../modules/projects/service'
import type { FunctionSpec } from '../runtime/run-function'
import { FRAMING, type Html, html, page } from './html'
import * as pages from './pages'
import { clearedCookie, createUiSessions, sameOrigin, sessionCookie, type UiSession } from './session'
import { createSignInLimit } from './sign-in-limit'

export interface UiDeps {
  projects: ProjectsService
  admin?: AdminService
  config: Pick<Config, 'dashboardSigninPerMinute' | 'dashboardSessions'>
  urls: { get(): string }
  egress: Egress
  findFunction: (projectId: string, name: string) => FunctionSpec | undefined
  /** The app itself: the dashboard calls the REST API in-process. */
  handle: (request: Request) => Promise<Response>
}

const PROJECT_NAV: [string, string][] = [
  ['/mcp/ui/servers', 'Servers'],
  ['/mcp/ui/tools', 'Tools'],
  ['/mcp/ui/functions', 'Functions'],
  ['/mcp/ui/credentials', 'Credentials'],
  ['/mcp/ui/resources', 'Resources'],
  ['/mcp/ui/prompts', 'Prompts'],
  ['/mcp/ui/subscriptions', 'Subscriptions'],
  ['/mcp/ui/calls', 'Call log'],
  ['/mcp/ui/keys', 'Keys'],
  ['/mcp/docs', 'API docs'],
]
const ADMIN_NAV: [string, string][] = [
  ['/mcp/ui/projects', 'Projects and keys'],
  ['/mcp/docs', 'API docs'],
]

const HTMX_ETAG = `"${Bun.hash(htmxJs).toString(16)}"`
const htmlResponse = (body: string, status = 200, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...FRAMING, ...headers } })
const redirect = (location: string, headers: Record<string, string> = {}) =>
  new Response(null, { status: 303, headers: { location, ...FRAMING, ...headers } })
const MCP_KEY_REFUSED =
  'That is an mcp key: it is for MCP clients only. Sign in with an admin key of the project or the admin token.'
const form = (body: unknown) => (body && typeof body === 'object' ? (body as Record<string, unknown>) : {})

export function uiModule(deps: UiDeps) {
  const sessions = createUiSessions(deps.config.dashboardSessions)
  const signIns = createSignInLimit(deps.config.dashboardSigninPerMinute)
  const secure = () => deps.urls.get().startsWith('https://')
  const signInPage = (error?: string, status = 200, headers: Record<string, string> = {}) =>
    htmlResponse(page('Sign in', pages.signInPage(error)), status, headers)

  /**
   * The request's session, its key checked again: a key revoked or expired since sign-in (or no longer an admin key)
   * ends the session at once. The admin token is fixed for the process's life.
   */
  function current(request: Request): UiSession | undefined {
    const s = sessions.get(request)
    if (!s?.apiKey) return s
    const auth = deps.projects.authenticate(s.apiKey)
    if (auth?.role === 'admin' && auth.projectId === s.projectId) return s
    sessions.end(request)
    return undefined
  }
  const toSignIn = () => redirect('/mcp/ui/sign-in', { 'set-cookie': clearedCookie(secure()) })

  /** One REST call with the session's key; answers the parsed JSON or throws with the API's message. */
  // biome-ignore lint/suspicious/noExplicitAny: the pages read a few fields of each answer
  async function api(s: UiSession, method: string, path: string, body?: unknown): Promise<any> {
    const res = await deps.handle(
      new Request(`http://toolyard.internal/mcp${path}`, {
        method,
        headers: { 'x-api-key': s.apiKey ?? '', ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
    )
    const data = (await res.json().catch(() => ({}))) as Record<string, unknown>
    if (!res.ok) throw new Error(String(data.error ?? `HTTP ${res.status}`))
    return data
  }

  const render = (s: UiSession, current: string, title: string, body: Html) =>
    htmlResponse(page(title, body, { links: s.admin ? ADMIN_NAV : PROJECT_NAV, current }))

  async function projectPage(s: UiSession, name: string, query: Record<string, string | undefined>): Promise<Html> {
    switch (name) {
      case 'servers':
        return pages.serversPage((await api(s, 'GET', '/servers')).data)
      case 'tools': {
        const list = (await api(s, 'GET', '/servers')).data as { id: string }[]
        return pages.toolsPage(await Promise.all(list.map(async (x) => (await api(s, 'GET', `/servers/${x.id}`)).data)))
      }
      case 'functions':
        return pages.functionsPage((await api(s, 'GET', '/functions?limit=200')).functions)
      case 'credentials':
        return pages.credentialsPage(
          (await api(s, 'GET', '/credentials?limit=200')).credentials,
          (await api(s, 'GET', '/providers')).providers,
        )
      case 'resources':
        return pages.resourcesPage((await api(s, 'GET', '/resources?limit=200')).resources)
      case 'prompts':
        return pages.promptsPage((await api(s, 'GET', '/prompts?limit=200')).prompts)
      case 'subscriptions': {
        const subs = (await api(s, 'GET', '/subscriptions?limit=200')).subscriptions as { id: string }[]
        return pages.subscriptionsPage(
          await Promise.all(
            subs.map(async (x) => ({
              ...x,
              deliveries: (await api(s, 'GET', `/subscriptions/${x.id}/deliveries`)).deliveries,
            })),
          ),
        )
      }
      case 'calls': {
        const cursor = query.cursor ? `&cursor=${encodeURIComponent(query.cursor)}` : ''
        const r = await api(s, 'GET', `/calls?limit=50${cursor}`)
        return pages.callsPage(r.calls, r.next_cursor)
      }
      case 'keys':
        return pages.keysPage((await api(s, 'GET', '/keys')).keys)
      default:
        throw new Error(`no page "${name}"`)
    }
  }

  /** POST actions of a project session; each answers a redirect (or, for Run, an htmx fragment). */
  async function projectAction(s: UiSession, path: string, body: Record<string, unknown>): Promise<Response> {
    const text = (k: string) => String(body[k] ?? '').trim()
    if (path === 'servers') {
      await api(s, 'POST', '/servers', { name: text('name') })
      return redirect('/mcp/ui/servers')
    }
    if (path === 'functions') {
      const code = 'export default async (input, ctx) => {\n  ctx.log("info", "hello")\n  return { echo: input }\n}'
      await api(s, 'POST', '/functions', { name: text('name'), runtime: 'javascript', code })
      return redirect('/mcp/ui/functions')
    }
    const fn = /^functions\/([^/]+)(\/run)?$/.exec(path)
    if (fn) {
      const current = await api(s, 'GET', `/functions/${fn[1]}`)
      if (typeof body.code === 'string' && body.code !== current.code)
        await api(s, 'PATCH', `/functions/${fn[1]}`, { code: body.code })
      if (!fn[2]) return redirect('/mcp/ui/functions')
      let input: unknown
      try {
        input = JSON.parse(text('input') || '{}')
      } catch {
        return htmlResponse(
          pages.runResult({ ok: false, error: 'input is not valid JSON', logs: [], duration_ms: 0 }).text,
        )
      }
      const isObject = input !== null && typeof input === 'object' && !Array.isArray(input)
      // The Run button is the REST invoke endpoint: the same runtime, limits and result mapping as a tool call.
      const run = await api(s, 'POST', `/functions/${fn[1]}/invoke`, { input: isObject ? input : {} }).catch(
        (error: Error) => ({ error: error.message }),
      )
      const result = run.result
        ? { ok: !run.result.isError, result: run.result, logs: run.logs, duration_ms: run.duration_ms }
        : { ok: false, error: String(run.error), logs: [], duration_ms: 0 }
      return htmlResponse(pages.runResult(result).text)
    }
    // Keys go through the REST API like everything else, so the session's key must be allowed to manage keys.
    if (path === 'keys') {
      const created = await api(s, 'POST', '/keys', { name: text('name') || 'dashboard' })
      return render(s, '/mcp/ui/keys', 'Keys', pages.keysPage((await api(s, 'GET', '/keys')).keys, created.api_key))
    }
    const revoke = /^keys\/([^/]+)\/revoke$/.exec(path)
    if (revoke) {
      await api(s, 'DELETE', `/keys/${encodeURIComponent(revoke[1]!)}`)
      return redirect('/mcp/ui/keys')
    }
    if (path === 'oauth/connect') {
      const redirect_uri = `${deps.urls.get()}/mcp/ui/oauth/callback`
      const r = await api(s, 'POST', '/oauth/init', { provider_id: text('provider_id'), redirect_uri })
      return redirect(r.auth_url)
    }
    throw new Error(`no action "${path}"`)
  }

  return new Elysia({ name: 'toolyard.ui' })
    .get(
      '/ui/htmx.min.js',
      () =>
        new Response(htmxJs, {
          headers: {
            'content-type': 'text/javascript; charset=utf-8',
            'cache-control': 'public, max-age=86400',
            etag: HTMX_ETAG,
          },
        }),
    )
    .get('/ui', ({ request }) => redirect(current(request) ? '/mcp/ui/servers' : '/mcp/ui/sign-in'))
    .get('/ui/sign-in', () => signInPage())
    .post('/ui/sign-in', ({ request, body, server }) => {
      if (!sameOrigin(request, deps.urls.get())) return htmlResponse('cross-origin form refused', 403)
      // Every attempt counts, before the key is looked at: guessing costs the same whether a guess is right or not.
      const retryAfter = signIns.attempt(clientAddress(server, request))
      if (retryAfter !== null)
        return signInPage(`Too many sign-in attempts: try again in ${retryAfter} s.`, 429, {
          'retry-after': String(retryAfter),
        })
      const key = String(form(body).key ?? '').trim()
      const auth = deps.projects.authenticate(key)
      if (auth && auth.role !== 'admin') return signInPage(MCP_KEY_REFUSED, 403)
      let session: Omit<UiSession, 'expires'> | undefined
      if (auth) session = { apiKey: key, projectId: auth.projectId }
      else if (deps.admin) {
        try {
          deps.admin.checkToken(`Bearer ${key}`)
          session = { admin: true }
        } catch {}
      }
      if (!session) return signInPage('That key is not valid.', 401)
      const id = sessions.create(session)
      const cookie = sessionCookie(id, secure())
      return redirect(session.admin ? '/mcp/ui/projects' : '/mcp/ui/servers', { 'set-cookie': cookie })
    })
    .post('/ui/sign-out', ({ request }) => {
      if (sameOrigin(request, deps.urls.get())) sessions.end(request)
      return toSignIn()
    })
    .get('/ui/oauth/callback', async ({ request, query }) => {
      const s = current(request)
      if (!s?.apiKey) return toSignIn()
      const params = new URLSearchParams(query as Record<string, string>).toString()
      try {
        await api(s, 'GET', `/oauth/callback?${params}`)
        return redirect('/mcp/ui/credentials')
      } catch (err) {
        return render(s, '/mcp/ui/credentials', 'OAuth', html`<div class="flash">${(err as Error).message}</div>`)
      }
    })
    .get('/ui/*', async ({ request, params, query }) => {
      const s = current(request)
      if (!s) return toSignIn()
      const name = params['*']
      try {
        if (s.admin) {
          const projects = deps.projects.listProjects().map((p) => ({ ...p, keys: deps.projects.listKeys(p.id) }))
          return render(s, '/mcp/ui/projects', 'Projects and keys', pages.projectsPage(projects))
        }
        const title = PROJECT_NAV.find(([href]) => href === `/mcp/ui/${name}`)?.[1] ?? name
        return render(s, `/mcp/ui/${name}`, title, await projectPage(s, name, query as Record<string, string>))
      } catch (err) {
        return render(s, '', 'Problem', html`<div class="flash">${(err as Error).message}</div>`)
      }
    })
    .post('/ui/*', async ({ request, params, body }) => {
      if (!sameOrigin(request, deps.urls.get())) return htmlResponse('cross-origin form refused', 403)
      const s = current(request)
      if (!s) return toSignIn()
      try {
        if (s.admin && params['*'] === 'projects') {
          deps.projects.createProject(String(form(body).name ?? '').trim())
          return redirect('/mcp/ui/projects')
        }
        if (s.admin) throw new Error('the admin token manages projects and keys only')
        return await projectAction(s, params['*'], form(body))
      } catch (err) {
        const message = html`<div class="flash">${(err as Error).message}</div>`
        return request.headers.get('hx-request') ? htmlResponse(message.text) : render(s, '', 'Problem', message)
      }
    })
}
