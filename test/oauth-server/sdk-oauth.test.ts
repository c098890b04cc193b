// The official SDK client with an OAuthClientProvider against a key-protected server: discovery (401 → PRM → AS
// metadata), registration, the consent page approved with a key, then tool calls with the token; the token is refused
// on another server; refresh rotates the refresh token; revoking the client stops its tokens.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js'
import { json, serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { approve, submitConsent } from '../helpers/oauth-consent'

const REDIRECT = 'http://127.0.0.1:8976/callback'

class MemoryProvider implements OAuthClientProvider {
  info?: OAuthClientInformationMixed
  saved?: OAuthTokens
  verifier = ''
  authUrl?: URL
  get redirectUrl() {
    return REDIRECT
  }
  get clientMetadata() {
    return {
      client_name: 'SDK test client',
      redirect_uris: [REDIRECT],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    }
  }
  clientInformation() {
    return this.info
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.info = info
  }
  tokens() {
    return this.saved
  }
  saveTokens(tokens: OAuthTokens) {
    this.saved = tokens
  }
  redirectToAuthorization(url: URL) {
    this.authUrl = url
  }
  saveCodeVerifier(v: string) {
    this.verifier = v
  }
  codeVerifier() {
    return this.verifier
  }
}

let app: TestApp
let serverUrl: URL
let otherUrl: URL
const provider = new MemoryProvider()

const connect = async (url: URL) => {
  const transport = new StreamableHTTPClientTransport(url, { authProvider: provider })
  const client = new Client({ name: 'oauth-test', version: '1.0.0' })
  await client.connect(transport)
  return { client, transport }
}

const rawPing = (url: URL, token: string) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  })

beforeAll(async () => {
  app = await startTestApp()
  const kit = await toolkitWithTools(app, 'oauthkit', [
    { name: 'greet', code: 'export default async (input) => "hello " + input.who' },
  ])
  serverUrl = new URL((await serverWithToolkits(app, 'oauth target', [kit])).url)
  otherUrl = new URL((await serverWithToolkits(app, 'oauth other', [kit])).url)
})
afterAll(async () => {
  await app.stop()
})

describe('OAuth with the SDK client', () => {
  test('no credential: 401 naming the protected resource metadata, which names Toolyard as issuer', async () => {
    const res = await fetch(serverUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 5, method: 'ping' }),
    })
    expect(res.status).toBe(401)
    expect((await res.json()).error.code).toBe(-32600)
    const prm = /resource_metadata="([^"]+)"/.exec(res.headers.get('www-authenticate') ?? '')?.[1]
    expect(prm).toBe(`${serverUrl.origin}/.well-known/oauth-protected-resource${serverUrl.pathname}`)
    const meta = await json(await fetch(prm!), 200)
    expect(meta).toMatchObject({ resource: serverUrl.href, authorization_servers: [serverUrl.origin] })
    const as = await json(await fetch(`${serverUrl.origin}/.well-known/oauth-authorization-server`), 200)
    expect(as).toMatchObject({ issuer: serverUrl.origin, code_challenge_methods_supported: ['S256'] })
  })

  test('discovers, registers, is sent to the consent page, and after approval calls a tool', async () => {
    const first = new StreamableHTTPClientTransport(serverUrl, { authProvider: provider })
    await expect(new Client({ name: 'oauth-test', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(
      UnauthorizedError,
    )
    expect(provider.info?.client_id).toStartWith('tyc_')
    const authUrl = provider.authUrl!
    expect(authUrl.pathname).toBe('/mcp/oauth/authorize')
    expect(authUrl.searchParams.get('resource')).toBe(serverUrl.href)

    // The page names the client and the server's slug as asked (never its project, before a key); a wrong key shows
    // it again, with no code.
    const wrong = await submitConsent(authUrl.href, `tyk_${'z'.repeat(43)}`)
    expect(wrong.html).toContain('SDK test client')
    expect(wrong.html).toContain('oauth-target')
    expect(wrong.html).not.toContain('oauth target')
    expect(wrong.html).not.toMatch(/<script|https?:\/\/(?!127\.0\.0\.1)[^"<\s]*\.(css|js)/)
    expect(wrong.answer.status).toBe(200)
    expect(await wrong.answer.text()).toContain('not a valid key')

    const back = await approve(authUrl.href, app.apiKey)
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT)
    expect(back.searchParams.get('state')).toBe(authUrl.searchParams.get('state'))
    await first.finishAuth(back.searchParams.get('code')!)
    expect(provider.saved?.access_token).toBeString()

    const { client } = await connect(serverUrl)
    const result = await client.callTool({ name: 'greet', arguments: { who: 'oauth' } })
    expect((result.content as { text: string }[])[0]!.text).toBe('hello oauth')
    await client.close()
  })

  test('the token is refused on another server: 401 invalid_token', async () => {
    const res = await rawPing(otherUrl, provider.saved!.access_token)
    expect(res.status).toBe(401)
    expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"')
    expect(res.headers.get('www-authenticate')).toContain('resource_metadata="')
    const garbage = await rawPing(serverUrl, 'not-a-token')
    expect(garbage.status).toBe(401)
    // An invalid API key keeps the spec's HTTP 200 / -32600.
    const badKey = await rawPing(serverUrl, `tyk_${'q'.repeat(43)}`)
    expect(badKey.status).toBe(200)
    expect((await badKey.json()).error.code).toBe(-32600)
  })

  test('refresh rotates the refresh token; the old one then fails and revokes the grant', async () => {
    const token = `${serverUrl.origin}/mcp/oauth/token`
    const form = (refresh: string) =>
      fetch(token, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          grant_type: 'refresh_token',
          refresh_token: refresh,
          client_id: provider.info!.client_id,
          resource: serverUrl.href,
        }),
      })
    const old = provider.saved!.refresh_token!
    const res = await form(old)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const fresh = await json(res, 200)
    expect(fresh.refresh_token).not.toBe(old)
    expect((await rawPing(serverUrl, fresh.access_token)).status).toBe(200)
    // Replaying the rotated-out token is refused and ends the authorization.
    expect((await json(await form(old), 400)).error).toBe('invalid_grant')
    expect((await rawPing(serverUrl, fresh.access_token)).status).toBe(401)
  })

  test('GET /oauth/clients lists the authorization; DELETE revokes its tokens at once', async () => {
    provider.saved = undefined
    const first = new StreamableHTTPClientTransport(serverUrl, { authProvider: provider })
    await expect(new Client({ name: 'oauth-test', version: '1.0.0' }).connect(first)).rejects.toBeInstanceOf(
      UnauthorizedError,
    )
    await first.finishAuth((await approve(provider.authUrl!.href, app.apiKey)).searchParams.get('code')!)
    const access = provider.saved!.access_token
    expect((await rawPing(serverUrl, access)).status).toBe(200)
    const { clients } = await json(await app.api('/oauth/clients'), 200)
    const mine = clients.find((c: { client_id: string; server_id: string }) => c.client_id === provider.info!.client_id)
    expect(mine).toMatchObject({ client_name: 'SDK test client', resource: serverUrl.href })
    expect((await app.api(`/oauth/clients/${mine.id}`, { method: 'DELETE' })).status).toBe(200)
    const after = await rawPing(serverUrl, access)
    expect(after.status).toBe(401)
    expect(after.headers.get('www-authenticate')).toContain('invalid_token')
  })
})
