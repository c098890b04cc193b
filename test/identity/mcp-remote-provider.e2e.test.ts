// mcp-remote's browser OAuth flow on a project with an identity provider (a real OpenID provider, oauth2-mock-server):
// mcp-remote discovers Toolyard's authorization server, registers and "opens a browser" (BROWSER records the URL); the
// test is the browser: Toolyard sends it to the provider, the provider back, the person approves, and the redirect
// reaches mcp-remote's callback. The tool call is then made for the user the provider signed in.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { call, serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp, tempDirs } from '../helpers/app'
import { startMcpRemote } from '../helpers/mcp-remote'
import { decideSignedIn, type OidcProvider, signInThroughProvider, startOidcProvider } from '../helpers/oidc-sign-in'
import { waitFor } from '../helpers/poll'

let app: TestApp
let idp: OidcProvider
let url: string
const home = tempDirs('toolyard-mcp-remote-idp-')()
const opened = join(home, 'opened-urls.txt')
const browser = join(home, 'browser.sh')

function freePort(): number {
  const s = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() })
  const port = s.port!
  s.stop(true)
  return port
}

beforeAll(async () => {
  idp = await startOidcProvider()
  idp.person = { sub: 'remote-sub', email: 'remo@example.com', name: 'Remo' }
  app = await startTestApp()
  const kit = await toolkitWithTools(app, 'remote-idp-kit', [
    { name: 'greet', code: 'export default async (input) => `Hello, ${input.name}!`' },
  ])
  url = (await serverWithToolkits(app, 'remote idp server', [kit])).url
  const put = await call(app, '/identity-provider', {
    method: 'PUT',
    body: { issuer: idp.issuer, client_id: 'remote-app', client_secret: 'remote-app-secret' },
  })
  expect(put.status).toBe(200)
  writeFileSync(browser, `#!/bin/sh\necho "$1" >> '${opened}'\n`)
  chmodSync(browser, 0o755)
})
afterAll(async () => {
  await app.stop()
  await idp.stop()
})

test('mcp-remote signs in through the identity provider and calls a tool as that user', async () => {
  const env: Record<string, string> = {}
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && k !== 'DISPLAY' && k !== 'WAYLAND_DISPLAY') env[k] = v
  const { send, alive, response, stop } = startMcpRemote(
    [url, String(freePort())],
    { ...env, HOME: home, MCP_REMOTE_CONFIG_DIR: join(home, '.mcp-auth'), BROWSER: browser },
    50_000,
  )
  try {
    const authUrl = await waitFor(
      'mcp-remote to open the authorization URL',
      async () => {
        await alive()
        return existsSync(opened) ? readFileSync(opened, 'utf8').trim().split('\n')[0] : undefined
      },
      { timeoutMs: 30_000 },
    )
    const { res, html, providerUrl } = await signInThroughProvider(authUrl)
    expect(providerUrl.origin).toBe(new URL(idp.issuer).origin)
    expect(res.status).toBe(200)
    expect(html).toContain('remo@example.com')
    const answer = await decideSignedIn(new URL(url).origin, html)
    expect(answer.status).toBe(302)
    const back = new URL(answer.headers.get('location')!)
    const tryHost = async (host: string) => {
      const u = new URL(back)
      u.hostname = host
      return fetch(u).then(
        (r) => r.status,
        () => 0,
      )
    }
    const delivered = await waitFor(
      "mcp-remote's callback to take the code",
      async () => (await tryHost('127.0.0.1')) || (await tryHost('[::1]')) || undefined,
      { timeoutMs: 15_000 },
    )
    expect(delivered).toBe(200)

    send({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'stdio-host', version: '1.0.0' } },
    })
    expect((await response(0)).result.serverInfo.name).toBe('remote idp server')
    send({ jsonrpc: '2.0', method: 'notifications/initialized' })
    send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'greet', arguments: { name: 'IdP' } } })
    expect((await response(1)).result.content).toEqual([{ type: 'text', text: 'Hello, IdP!' }])
    // The approval acts for the user the provider signed in.
    const users = (await call(app, '/users')).body.users as { id: string; external_id: string }[]
    const remo = users.find((u) => u.external_id === 'remote-sub')!
    const { clients } = (await call(app, '/oauth/clients')).body
    expect(
      clients.some((c: { resource: string; user_id?: string }) => c.resource === url && c.user_id === remo.id),
    ).toBe(true)
  } finally {
    await stop()
  }
}, 60_000)
