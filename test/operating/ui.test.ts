// The dashboard and the API reference over plain HTTP: sign-in with an API key or the admin token, the session
// cookie's flags, the Origin check on forms, every page, the Run button's fragment, the embedded assets.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startTestApp, type TestApp } from '../helpers/app'

const ADMIN = 'admin-token-for-the-dashboard-01234'
let app: TestApp
let origin: string

beforeAll(async () => {
  app = await startTestApp({ TOOLYARD_ADMIN_TOKEN: ADMIN })
  origin = app.server.origin
})
afterAll(() => app.stop())

const formPost = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${app.base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  })

async function signIn(key: string): Promise<string> {
  const res = await formPost('/ui/sign-in', `key=${encodeURIComponent(key)}`)
  expect(res.status).toBe(303)
  const cookie = res.headers.get('set-cookie') ?? ''
  expect(cookie).toContain('HttpOnly')
  expect(cookie).toContain('SameSite=Strict')
  // The cookie names a server-side session; the key itself is not in it.
  expect(cookie).not.toContain(key)
  return cookie.split(';')[0]!
}

describe('operating: the dashboard', () => {
  test('signed out, every page sends you to sign in; a bad key is refused', async () => {
    const page = await fetch(`${app.base}/ui/servers`, { redirect: 'manual' })
    expect(page.status).toBe(303)
    expect(page.headers.get('location')).toBe('/mcp/ui/sign-in')
    const form = await fetch(`${app.base}/ui/sign-in`)
    expect(await form.text()).toContain('name="key"')
    expect((await formPost('/ui/sign-in', 'key=tyk_nope')).status).toBe(401)
  })

  test('forms from another origin (or without Origin) are refused', async () => {
    const cookie = await signIn(app.apiKey)
    expect((await formPost('/ui/servers', 'name=evil', { cookie, origin: 'https://evil.example' })).status).toBe(403)
    const noOrigin = await fetch(`${app.base}/ui/servers`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'name=evil',
    })
    expect(noOrigin.status).toBe(403)
    const servers = (await (await app.api('/servers')).json()) as { data: { name: string }[] }
    expect(servers.data.map((s) => s.name)).not.toContain('evil')
  })

  test('an API key session: create a server, see its client configs, run a function, read the call log and keys', async () => {
    const cookie = await signIn(app.apiKey)
    expect((await formPost('/ui/servers', 'name=Dash+demo', { cookie })).status).toBe(303)
    const servers = await (await fetch(`${app.base}/ui/servers`, { headers: { cookie } })).text()
    for (const needle of [`${app.base}/dash-demo`, 'claude mcp add', 'mcpServers', '&quot;servers&quot;', 'mcp-remote'])
      expect(servers).toContain(needle)
    expect(servers).not.toContain(app.apiKey)

    expect((await formPost('/ui/functions', 'name=hello', { cookie })).status).toBe(303)
    const { functions } = (await (await app.api('/functions')).json()) as { functions: { id: string; name: string }[] }
    const fn = functions.find((f) => f.name === 'hello')!
    const code = 'export default async (i, ctx) => { ctx.log("info", "from the editor"); return { twice: i.n * 2 } }'
    const run = await formPost(
      `/ui/functions/${fn.id}/run`,
      `code=${encodeURIComponent(code)}&input=${encodeURIComponent('{"n":21}')}`,
      { cookie, 'hx-request': 'true' },
    )
    expect(run.status).toBe(200)
    const fragment = await run.text()
    // The Run button shows the MCP tool result the function gives (the invoke endpoint's `result`).
    expect(fragment).toContain('&quot;isError&quot;: false')
    expect(fragment).toMatch(/twice\\?&quot;: 42/)
    expect(fragment).toContain('[info] from the editor')
    // Run saved the edited code first.
    expect(((await (await app.api(`/functions/${fn.id}`)).json()) as { code: string }).code).toBe(code)

    for (const name of [
      'tools',
      'functions',
      'credentials',
      'resources',
      'prompts',
      'subscriptions',
      'calls',
      'keys',
    ]) {
      const res = await fetch(`${app.base}/ui/${name}`, { headers: { cookie } })
      expect({ name, status: res.status }).toEqual({ name, status: 200 })
      expect(await res.text()).not.toContain('class="flash"')
    }
    const keys = await (await fetch(`${app.base}/ui/keys`, { headers: { cookie } })).text()
    expect(keys).toContain(app.apiKey.slice(0, 8))
    expect(keys).not.toContain(app.apiKey)

    const out = await formPost('/ui/sign-out', '', { cookie })
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0')
    expect((await fetch(`${app.base}/ui/servers`, { headers: { cookie }, redirect: 'manual' })).status).toBe(303)
  })

  test('credentials: OAuth connect sends the browser to the provider with the dashboard as redirect', async () => {
    const provider = await app.api('/providers', {
      body: {
        id: 'uiidp',
        name: 'UI IdP',
        auth_type: 'oauth',
        authorize_url: 'https://idp.example/authorize',
        token_url: 'https://idp.example/token',
        scopes: ['read'],
        client_id: 'dashboard-client',
        client_secret: 'dashboard-client-secret',
      },
    })
    expect(provider.status).toBe(201)
    const cookie = await signIn(app.apiKey)
    const page = await (await fetch(`${app.base}/ui/credentials`, { headers: { cookie } })).text()
    expect(page).toContain('value="uiidp"><button>Connect with OAuth</button>')
    expect(page).not.toContain('dashboard-client-secret')
    const connect = await formPost('/ui/oauth/connect', 'provider_id=uiidp', { cookie })
    expect(connect.status).toBe(303)
    const target = new URL(connect.headers.get('location')!)
    expect(target.origin + target.pathname).toBe('https://idp.example/authorize')
    expect(target.searchParams.get('client_id')).toBe('dashboard-client')
    expect(target.searchParams.get('redirect_uri')).toBe(`${app.base}/ui/oauth/callback`)
  })

  test('the admin token signs in to projects and keys', async () => {
    const cookie = await signIn(ADMIN)
    expect((await formPost('/ui/projects', 'name=from-dashboard', { cookie })).status).toBe(303)
    const page = await (await fetch(`${app.base}/ui/projects`, { headers: { cookie } })).text()
    expect(page).toContain('from-dashboard')
    expect(page).toContain('Projects and keys')
  })

  test('the admin token makes a key for a project (shown once) and revokes one after a confirmation', async () => {
    const cookie = await signIn(ADMIN)
    const get = async (path: string) => (await fetch(`${app.base}${path}`, { headers: { cookie } })).text()
    const project = (await app.newProject('admin-keys-project')).projectId
    const made = await formPost(`/ui/projects/${project}/keys`, 'name=ops&expires_in=30d', { cookie })
    expect(made.status).toBe(303)
    const shown = await get('/ui/projects?q=admin-keys-project')
    const key = /<code id="new-key">(tyk_[^<]+)<\/code>/.exec(shown)?.[1]
    expect(key).toBeString()
    expect(shown).toContain('Created key “ops”.')
    expect(shown).toContain('1 of 1 match for “admin-keys-project”')
    expect((await app.api('/servers', { key })).status).toBe(200)
    expect(await get('/ui/projects')).not.toContain('id="new-key"')
    const keyId = /href="\/mcp\/ui\/delete\/keys\/([^"]+)"/.exec(shown.slice(shown.indexOf('>ops<')))?.[1]
    expect(await get(`/ui/delete/keys/${keyId}`)).toContain('<strong class="confirm-name">ops (')
    expect((await app.api('/servers', { key })).status).toBe(200)
    expect((await formPost(`/ui/delete/keys/${keyId}`, '', { cookie })).status).toBe(303)
    expect(await get('/ui/projects')).toContain('Revoked key “ops”.')
    expect((await app.api('/servers', { key })).status).toBe(401)
  })

  test('htmx and the API reference are served from the binary', async () => {
    const htmx = await fetch(`${app.base}/ui/htmx.min.js`)
    expect(htmx.status).toBe(200)
    expect(htmx.headers.get('content-type')).toContain('javascript')
    expect(await htmx.text()).toContain('htmx')
    const docs = await (await fetch(`${app.base}/docs`)).text()
    expect(docs).toContain('API reference')
    expect(docs).toContain('/mcp/calls')
    expect(docs).toContain('/mcp/servers')
    expect(docs).not.toMatch(/<script[^>]+src="https?:/)
  })
})
