// mcp-remote's browser OAuth flow against a key-protected server, no header given: it discovers Toolyard's
// authorization server, registers, and "opens a browser". BROWSER points at a script that records the URL; the test
// is the person (consent form with a key) and the browser (following the redirect to mcp-remote's callback).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp, tempDirs } from '../helpers/app'
import { startMcpRemote } from '../helpers/mcp-remote'
import { approve } from '../helpers/oauth-consent'
import { waitFor } from '../helpers/poll'

let app: TestApp
let url: string
const home = tempDirs('toolyard-mcp-remote-oauth-')()
const opened = join(home, 'opened-urls.txt')
const browser = join(home, 'browser.sh')

/** A free local port for mcp-remote's OAuth callback listener. */
function freePort(): number {
  const s = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() })
  const port = s.port!
  s.stop(true)
  return port
}

beforeAll(async () => {
  app = await startTestApp()
  const kit = await toolkitWithTools(app, 'remote-oauth-kit', [
    { name: 'greet', code: 'export default async (input) => `Hello, ${input.name}!`' },
  ])
  url = (await serverWithToolkits(app, 'remote oauth server', [kit])).url
  writeFileSync(browser, `#!/bin/sh\necho "$1" >> '${opened}'\n`)
  chmodSync(browser, 0o755)
})
afterAll(async () => {
  await app.stop()
})

test('mcp-remote completes its OAuth flow (browser step driven by the test) and calls a tool', async () => {
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
    expect(new URL(authUrl).pathname).toBe('/mcp/oauth/authorize')
    expect(new URL(authUrl).searchParams.get('resource')).toBe(url)
    // The browser follows the 302 to mcp-remote's local callback, which exchanges the code.
    const back = await approve(authUrl, app.apiKey)
    expect(back.searchParams.get('code')).toBeString()
    // "localhost" may resolve to either loopback address; mcp-remote listens on one of them.
    const tryHost = async (host: string) => {
      const u = new URL(back)
      u.hostname = host
      return fetch(u).then(
        (r) => r.status,
        () => 0,
      )
    }
    // Under load the callback listener may answer a moment late: the code is delivered once it does.
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
    expect((await response(0)).result.serverInfo.name).toBe('remote oauth server')
    send({ jsonrpc: '2.0', method: 'notifications/initialized' })
    send({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'greet', arguments: { name: 'OAuth' } } })
    expect((await response(1)).result.content).toEqual([{ type: 'text', text: 'Hello, OAuth!' }])
    // The approval is listed as an authorized client of the project.
    const { clients } = await (await app.api('/oauth/clients')).json()
    expect(clients.some((c: { resource: string }) => c.resource === url)).toBe(true)
  } finally {
    await stop()
  }
}, 60_000)
