// The hostile review of the dashboard (docs/decisions/0038-review-of-the-third-round.md): text an upstream MCP server
// chooses (tool titles, descriptions, parameter names, its server name) is shown escaped on every page that
// shows it, the playground included; every new form refuses a cross-origin post.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { randomUUID } from 'node:crypto'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import { z } from 'zod'
import { startTestApp, type TestApp } from '../helpers/app'
import { type MockIdp, startMockIdp } from '../helpers/oauth-idp'

const XSS = '<img src=x onerror=alert(1)>'
const HOSTILE_TOOL = 'pwn'
const HOSTILE_PARAM = `"><script>alert('param')</script>`

let app: TestApp
let cookie: string
let stopUpstream: () => void
let serverId: string
let toolkitId: string
let idp: MockIdp

const formPost = (path: string, body: string, origin = app.server.origin) =>
  fetch(`${app.base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded', cookie },
    body,
  })
const page = async (path: string) => (await fetch(`${app.base}${path}`, { headers: { cookie } })).text()

beforeAll(async () => {
  const transports = new Map<string, WebStandardStreamableHTTPServerTransport>()
  const http = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const id = req.headers.get('mcp-session-id')
      const existing = id ? transports.get(id) : undefined
      if (existing) return existing.handleRequest(req)
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (sid) => {
          transports.set(sid, transport)
        },
      })
      const s = new McpServer({ name: `evil${XSS}`, version: XSS })
      // A name with markup is left out at sync (test/remote/hostile.test.ts); what else it writes is shown escaped.
      s.registerTool(`named${XSS}`, { inputSchema: {} }, async () => ({ content: [] }))
      s.registerTool(
        HOSTILE_TOOL,
        {
          title: `<script>alert('title')</script>`,
          description: `</pre><script>alert('description')</script>`,
          inputSchema: { [HOSTILE_PARAM]: z.string().describe(`<b onmouseover=alert(2)>d</b>`) },
        },
        async () => ({ content: [{ type: 'text', text: `</pre><script>alert('result')</script>` }] }),
      )
      await s.connect(transport)
      return transport.handleRequest(req)
    },
  })
  stopUpstream = () => http.stop(true)
  idp = await startMockIdp()
  app = await startTestApp()
  const kit = await app.api('/toolkits', {
    body: { name: 'evil-kit', toolkit_type: 'remote', remote: { url: `http://127.0.0.1:${http.port}/mcp` } },
  })
  expect(kit.status).toBe(201)
  toolkitId = ((await kit.json()) as { id: string }).id
  const server = await app.api('/servers', { body: { name: 'evil server', toolkits: [{ toolkit_id: toolkitId }] } })
  serverId = ((await server.json()) as { data: { id: string } }).data.id
  const signIn = await fetch(`${app.base}/ui/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: app.server.origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: `key=${encodeURIComponent(app.apiKey)}`,
  })
  cookie = signIn.headers.get('set-cookie')!.split(';')[0]!
})
afterAll(async () => {
  await app?.stop()
  stopUpstream?.()
  await idp?.stop()
})

/** No markup the upstream wrote survives as markup. */
function expectEscaped(html: string) {
  expect(html).not.toContain('<script>alert')
  expect(html).not.toContain('<img src=x')
  expect(html).not.toContain('<b onmouseover')
  expect(html).not.toContain(`"><script>`)
}

describe('upstream text on dashboard pages', () => {
  test("every page runs only the dashboard's own script files (a missed escape would still run nothing)", async () => {
    for (const path of [`/ui/servers/${serverId}`, '/ui/toolkits', '/ui/overview', '/ui/sign-in']) {
      const res = await fetch(`${app.base}${path}`, { headers: { cookie } })
      const csp = res.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("script-src 'self'")
      expect(csp).not.toContain('unsafe-inline')
      expect(csp).toContain("object-src 'none'")
      // And no page carries an inline script the policy would block.
      expect(await res.text()).not.toMatch(/<script(?![^>]*\ssrc=)[^>]*>/)
    }
  })

  test('the server page, the toolkits page and the tools page show it escaped', async () => {
    const server = await page(`/ui/servers/${serverId}`)
    expect(server).toContain('&lt;/pre&gt;&lt;script&gt;alert(&#39;description&#39;)')
    expect(server).not.toContain('named')
    expectEscaped(server)
    expectEscaped(await page('/ui/toolkits'))
    expectEscaped(await page('/ui/tools'))
    expectEscaped(await page(`/ui/toolkits/${toolkitId}`))
  })

  test("the playground's form and result show it escaped", async () => {
    const form = await page(`/ui/servers/${serverId}/playground?tool=${encodeURIComponent(HOSTILE_TOOL)}`)
    expect(form).toContain('id="playground"')
    expectEscaped(form)
    const param = `arg.${HOSTILE_PARAM}`
    const result = await formPost(
      `/ui/servers/${serverId}/playground`,
      new URLSearchParams({ tool: HOSTILE_TOOL, [param]: 'x' }).toString(),
    )
    const text = await result.text()
    expect(text).toContain('&lt;/pre&gt;&lt;script&gt;')
    expectEscaped(text)
  })
})

describe('cross-origin posts', () => {
  test.each([
    [`/ui/servers/${'ID'}/toolkits`, 'toolkit_id=x'],
    [`/ui/servers/${'ID'}/toolkits/TK/detach`, ''],
    [`/ui/servers/${'ID'}/toolkits/TK/credentials`, 'provider=p&credential_id=c'],
    [`/ui/servers/${'ID'}/playground`, `tool=x`],
    ['/ui/keys', 'name=k&role=admin'],
    ['/ui/toolkits/remote', 'name=r&url=http://127.0.0.1:1/mcp'],
    ['/ui/toolkits/import/openapi', 'name=o&spec_url=http://127.0.0.1:1/x'],
    ['/ui/oauth/connect', 'provider_id=p'],
  ])('%s is refused from another origin, and with no Origin at all', async (path, body) => {
    const real = path.replace('ID', serverId).replace('TK', toolkitId)
    const before = await (await app.api('/keys')).text()
    for (const origin of ['https://evil.example', '']) {
      const r = await formPost(real, body, origin)
      expect(r.status).toBe(403)
      expect(await r.text()).toContain('cross-origin form refused')
    }
    expect(await (await app.api('/keys')).text()).toBe(before)
  })
})

describe('the OAuth callback', () => {
  test("the provider's cross-site redirect (no Strict cookie on it) is resumed from this site once, and then finishes", async () => {
    const provider = await app.api('/providers', {
      body: {
        id: 'review-idp',
        name: 'Review IdP',
        auth_type: 'oauth',
        authorize_url: `${idp.issuer}/authorize`,
        token_url: `${idp.issuer}/token`,
        scopes: ['read'],
        client_id: 'review-client',
        client_secret: 'review-client-secret',
      },
    })
    expect(provider.status).toBe(201)
    const connect = await formPost('/ui/oauth/connect', 'provider_id=review-idp')
    expect(connect.status).toBe(303)
    const atProvider = await fetch(connect.headers.get('location')!, { redirect: 'manual' })
    const back = new URL(atProvider.headers.get('location')!)
    // A browser sends no SameSite=Strict cookie on the navigation the provider started.
    const first = await fetch(`${app.base}/ui/oauth/callback${back.search}`, { redirect: 'manual' })
    expect(first.status).toBe(200)
    expect(first.headers.get('referrer-policy')).toBe('no-referrer')
    const body = await first.text()
    expect(body).toContain('http-equiv="refresh"')
    const again = /id="resume-oauth" href="([^"]+)"|href="([^"]+)" id="resume-oauth"/.exec(body)!
    const resumeUrl = (again[1] ?? again[2]!).replaceAll('&amp;', '&')
    expect(resumeUrl.startsWith('/mcp/ui/oauth/callback?')).toBe(true)
    expect(new URL(resumeUrl, app.base).searchParams.get('state')).toBe(back.searchParams.get('state'))
    // Still no cookie on the resumed one: sign in (no loop).
    const stillNone = await fetch(`${app.server.origin}${resumeUrl}`, { redirect: 'manual' })
    expect(stillNone.status).toBe(303)
    expect(stillNone.headers.get('location')).toBe('/mcp/ui/sign-in')
    // The page's own navigation carries the cookie: the code is exchanged for a credential.
    const done = await fetch(`${app.server.origin}${resumeUrl}`, { redirect: 'manual', headers: { cookie } })
    expect(done.status).toBe(303)
    expect(done.headers.get('location')).toBe('/mcp/ui/credentials')
    const status = await app.api(`/oauth/status?state=${back.searchParams.get('state')}`)
    expect(((await status.json()) as { status: string }).status).toBe('active')
  })
})

describe('another project through the dashboard', () => {
  test("the playground cannot call another project's server, nor can a key be made for its servers or revoke its keys", async () => {
    const other = await app.newProject('dashboard-other')
    const theirs = await app.api('/servers', {
      body: { name: 'their server', toolkits: [{ toolkit_id: 'prebuilt-utilities' }] },
      key: other.apiKey,
    })
    const theirServer = ((await theirs.json()) as { data: { id: string } }).data
    const play = await formPost(`/ui/servers/${theirServer.id}/playground`, 'tool=echo&arg.text=hi')
    const played = await play.text()
    expect(played).not.toContain('"hi"')
    expect(played.toLowerCase()).toContain('not found')
    const form = await page(`/ui/servers/${theirServer.id}/playground?tool=echo`)
    expect(form).not.toContain('id="playground"')

    const before = await (await app.api('/keys')).text()
    const key = await formPost('/ui/keys', `name=sneaky&role=mcp&server_ids=${theirServer.id}`)
    expect(await key.text()).toContain('unknown server')
    expect(await (await app.api('/keys')).text()).toBe(before)
    const theirKeys = (await (await app.api('/keys', { key: other.apiKey })).json()) as { keys: { id: string }[] }
    const revoke = await formPost(`/ui/delete/keys/${theirKeys.keys[0]!.id}`, '')
    expect(revoke.status).not.toBe(303)
    expect((await app.api('/servers', { key: other.apiKey })).status).toBe(200)
  })
})
