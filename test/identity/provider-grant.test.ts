// An MCP client (the official SDK client with an OAuthClientProvider) on a project with an identity provider: the
// consent page sends the person to the provider (a real OpenID provider, oauth2-mock-server) instead of asking for a
// key, finds or makes the user by iss + sub, and the grant's access token carries that user.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js'
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js'
import { call, createServer, serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { initializeWith } from '../helpers/oauth-grant'
import { decideSignedIn, type OidcProvider, signInThroughProvider, startOidcProvider } from '../helpers/oidc-sign-in'
import { waitFor } from '../helpers/poll'

const REDIRECT = 'http://127.0.0.1:8977/callback'

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
      client_name: 'SDK identity test',
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
let idp: OidcProvider
let serverUrl: URL

/** The SDK client's whole flow: 401 → discovery → registration → the provider's sign-in → approval → tokens. */
async function signedInClient(provider: MemoryProvider) {
  const first = new StreamableHTTPClientTransport(serverUrl, { authProvider: provider })
  await expect(new Client({ name: 'idp-test', version: '1' }).connect(first)).rejects.toBeInstanceOf(UnauthorizedError)
  const { res, html, providerUrl } = await signInThroughProvider(provider.authUrl!.href)
  expect(providerUrl.origin).toBe(new URL(idp.issuer).origin)
  expect(res.status).toBe(200)
  const answer = await decideSignedIn(serverUrl.origin, html)
  expect(answer.status).toBe(302)
  const back = new URL(answer.headers.get('location')!)
  expect(back.searchParams.get('state')).toBe(provider.authUrl!.searchParams.get('state'))
  await first.finishAuth(back.searchParams.get('code')!)
  const transport = new StreamableHTTPClientTransport(serverUrl, { authProvider: provider })
  const client = new Client({ name: 'idp-test', version: '1' })
  await client.connect(transport)
  return { client, html }
}

beforeAll(async () => {
  idp = await startOidcProvider()
  app = await startTestApp()
  const kit = await toolkitWithTools(app, 'idp-kit', [
    { name: 'greet', code: 'export default async (input) => "hello " + input.who' },
  ])
  serverUrl = new URL((await serverWithToolkits(app, 'idp target', [kit])).url)
  const put = await call(app, '/identity-provider', {
    method: 'PUT',
    body: { issuer: idp.issuer, client_id: 'toolyard-app', client_secret: 'provider-secret-1' },
  })
  expect(put.status).toBe(200)
})
afterAll(async () => {
  await app.stop()
  await idp.stop()
})

describe('OAuth grants through the identity provider', () => {
  test('the consent page sends the person to the provider, names them after, and the token carries the user', async () => {
    idp.person = { sub: 'alice-sub', email: 'alice@example.com', name: 'Alice' }
    const provider = new MemoryProvider()
    const { client, html } = await signedInClient(provider)
    expect(html).toContain('Signed in as')
    expect(html).toContain('alice@example.com')
    expect(html).not.toContain('name="api_key"')
    const result = await client.callTool({ name: 'greet', arguments: { who: 'idp' } })
    expect(result.content).toEqual([{ type: 'text', text: 'hello idp' }])
    await client.close()

    // The user was made by iss + sub, with the provider's name and email; the grant names it.
    const users = await call(app, '/users')
    const alice = users.body.users.find((u: { external_id: string }) => u.external_id === 'alice-sub')
    expect(alice).toMatchObject({ email: 'alice@example.com', name: 'Alice' })
    const grants = await call(app, '/oauth/clients')
    expect(grants.body.clients.map((g: { user_id?: string }) => g.user_id)).toContain(alice.id)
    // The call made with the grant's token is logged for that user.
    const logged = await waitFor('the call to be logged for the user', async () => {
      const calls = (await call(app, `/calls?user_id=${alice.id}`)).body.calls as { name: string }[]
      return calls.find((c) => c.name === 'greet')
    })
    expect(logged).toBeDefined()
  })

  test('the same person signing in again is the same user; another person is another user', async () => {
    idp.person = { sub: 'alice-sub', email: 'alice@example.com' }
    await (await signedInClient(new MemoryProvider())).client.close()
    idp.person = { sub: 'bob-sub', email: 'bob@example.com' }
    await (await signedInClient(new MemoryProvider())).client.close()
    const users = (await call(app, '/users')).body.users as { external_id: string }[]
    expect(users.filter((u) => u.external_id === 'alice-sub')).toHaveLength(1)
    expect(users.filter((u) => u.external_id === 'bob-sub')).toHaveLength(1)
  })

  test('deleting the user ends the access tokens of its grants', async () => {
    idp.person = { sub: 'carol-sub', email: 'carol@example.com' }
    const provider = new MemoryProvider()
    await (await signedInClient(provider)).client.close()
    const token = provider.saved!.access_token
    expect((await initializeWith(serverUrl.href, token)).status).toBe(200)
    const carol = ((await call(app, '/users')).body.users as { id: string; external_id: string }[]).find(
      (u) => u.external_id === 'carol-sub',
    )!
    expect((await call(app, `/users/${carol.id}`, { method: 'DELETE' })).status).toBe(200)
    expect((await initializeWith(serverUrl.href, token)).status).toBe(401)
  })

  test('a sign-in answer brought back without the browser cookie that started it is refused', async () => {
    const provider = new MemoryProvider()
    const first = new StreamableHTTPClientTransport(serverUrl, { authProvider: provider })
    await expect(new Client({ name: 'idp-test', version: '1' }).connect(first)).rejects.toBeInstanceOf(
      UnauthorizedError,
    )
    const { res, html } = await signInThroughProvider(provider.authUrl!.href, { dropCookie: true })
    expect(res.status).toBe(400)
    expect(html).toContain('another browser')
  })

  test('Deny on the signed-in page sends the client access_denied', async () => {
    const provider = new MemoryProvider()
    const first = new StreamableHTTPClientTransport(serverUrl, { authProvider: provider })
    await expect(new Client({ name: 'idp-test', version: '1' }).connect(first)).rejects.toBeInstanceOf(
      UnauthorizedError,
    )
    const { html } = await signInThroughProvider(provider.authUrl!.href)
    const answer = await decideSignedIn(serverUrl.origin, html, 'deny')
    expect(answer.status).toBe(302)
    expect(new URL(answer.headers.get('location')!).searchParams.get('error')).toBe('access_denied')
  })

  test('without an identity provider the consent page asks for a key again', async () => {
    const other = await app.newProject('no-idp')
    const kit = await toolkitWithTools(
      app,
      'plain-kit',
      [{ name: 'x', code: 'export default async () => 1' }],
      other.apiKey,
    )
    const url = (await createServer(app, { name: 'plain server', toolkits: [{ toolkit_id: kit }] }, other.apiKey)).url
    const provider = new MemoryProvider()
    const first = new StreamableHTTPClientTransport(new URL(url), { authProvider: provider })
    await expect(new Client({ name: 'idp-test', version: '1' }).connect(first)).rejects.toBeInstanceOf(
      UnauthorizedError,
    )
    const page = await fetch(provider.authUrl!, { redirect: 'manual' })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('name="api_key"')
  })

  test('the provider refusing, a failed code exchange, or a made-up answer is a page saying so, never a 5xx', async () => {
    const provider = new MemoryProvider()
    const first = new StreamableHTTPClientTransport(serverUrl, { authProvider: provider })
    await expect(new Client({ name: 'idp-test', version: '1' }).connect(first)).rejects.toBeInstanceOf(
      UnauthorizedError,
    )
    const start = await fetch(provider.authUrl!, { redirect: 'manual' })
    const cookie = start.headers.get('set-cookie')!.split(';')[0]!
    const state = new URL(start.headers.get('location')!).searchParams.get('state')!
    const callback = `${serverUrl.origin}/mcp/oauth/idp/callback`
    const denied = await fetch(`${callback}?${new URLSearchParams({ error: 'access_denied', state })}`, {
      headers: { cookie },
    })
    expect(denied.status).toBe(400)
    expect(await denied.text()).toContain('access_denied')

    idp.failNext(400, { error: 'invalid_grant', error_description: 'code expired' })
    const { res, html } = await signInThroughProvider(provider.authUrl!.href)
    expect(res.status).toBe(400)
    expect(html).toContain('invalid_grant')

    const madeUp = await fetch(`${callback}?code=x&state=nothing-of-ours`, { headers: { cookie } })
    expect(madeUp.status).toBe(400)
    expect(await madeUp.text()).toContain('start again')
  })
})
