// In-band consent and connect links: a user whose own credential is missing is sent a connect link — as JSON-RPC
// -32042 with a URL elicitation (the SDK client declaring elicitation.url on 2025-11-25, then
// notifications/elicitation/complete), as an input-required round (2026-07-28), or as a tool error giving the link —
// and after connecting (the link's API-key form, or a real provider's OAuth: oauth2-mock-server) the same call
// succeeds. Links are single use and expire; the call log names the user.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { ElicitationCompleteNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { call, createServer, createTool, createToolkit, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { startRecorder } from '../helpers/http-recorder'
import { connectClient, openSession, post, rpcError } from '../helpers/mcp'
import { type MockIdp, startMockIdp, TOOL_CODE } from '../helpers/oauth-idp'
import { waitFor } from '../helpers/poll'

let app: TestApp
let idp: MockIdp
let slug: string
const api = startRecorder((req) => Response.json({ saw: req.headers['x-api-key'] ?? null }))

async function newUser(externalId: string) {
  const user = await json(await app.api('/users', { body: { external_id: externalId } }), 201)
  const { token } = await json(await app.api(`/users/${user.id}/tokens`, { body: {} }), 201)
  return { id: user.id as string, token: token as string }
}

/** Fills and posts the link's API-key form as a browser would (same origin, form-encoded). */
async function submitForm(url: string, apiKey: string) {
  const page = await fetch(url)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('name="api_key"')
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ api_key: apiKey }),
  })
}

beforeAll(async () => {
  app = await startTestApp()
  idp = await startMockIdp()
  await json(
    await app.api('/providers', {
      body: {
        id: 'acmeoauth',
        name: 'Acme OAuth',
        auth_type: 'oauth',
        authorize_url: `${idp.issuer}/authorize`,
        token_url: `${idp.issuer}/token`,
        scopes: ['read'],
        client_id: 'toolyard-connect',
        client_secret: 'cs-connect-secret',
      },
    }),
    201,
  )
  const kit = await createToolkit(app, 'consent-kit')
  await json(
    await app.api('/functions', {
      body: {
        name: 'consent.fetch',
        runtime: 'http',
        http: { url: `${api.origin}/whoami`, headers: { 'X-Api-Key': '{{credentials.api_key}}' } },
      },
    }),
    201,
  )
  await createTool(app, {
    toolkit_id: kit.id,
    name: 'whoami',
    function_name: 'consent.fetch',
    credential_provider: 'api_key',
  })
  await json(await app.api('/functions', { body: { name: 'show-token', runtime: 'javascript', code: TOOL_CODE } }), 201)
  await createTool(app, {
    toolkit_id: kit.id,
    name: 'acme_token',
    function_name: 'show-token',
    credential_provider: 'acmeoauth',
  })
  slug = (await createServer(app, { name: 'consent', toolkits: [{ toolkit_id: kit.id, credential_mode: 'per_user' }] }))
    .slug
})
afterAll(async () => {
  await app.stop()
  await idp.stop()
})

const LINK = /https?:\/\/127\.0\.0\.1:\d+\/mcp\/connect\/[A-Za-z0-9_-]{43}/

describe('2025-11-25 with URL elicitation (the SDK client)', () => {
  test('-32042 carries a connect link; after the form, elicitation/complete arrives and the same call succeeds', async () => {
    const user = await newUser('dana')
    const { client } = await connectClient(app, slug, { key: user.token, capabilities: { elicitation: { url: {} } } })
    const completed: string[] = []
    client.setNotificationHandler(ElicitationCompleteNotificationSchema, (n) => {
      completed.push(n.params.elicitationId)
    })
    const refused = await rpcError(client.callTool({ name: 'whoami', arguments: {} }))
    expect(refused.code).toBe(-32042)
    const [elicitation] = (refused.data as { elicitations: { mode: string; url: string; elicitationId: string }[] })
      .elicitations
    expect(elicitation!.mode).toBe('url')
    expect(elicitation!.url).toMatch(LINK)
    expect(api.requests.length).toBe(0)

    const done = await submitForm(elicitation!.url, 'dana-own-key')
    expect(done.status).toBe(200)
    expect(await done.text()).toContain('Connected')
    await waitFor('notifications/elicitation/complete', () => completed.includes(elicitation!.elicitationId))

    const r = await client.callTool({ name: 'whoami', arguments: {} })
    expect(r.isError).toBe(false)
    expect(api.last().headers['x-api-key']).toBe('dana-own-key')
    await client.close()

    // The link worked once.
    const again = await fetch(elicitation!.url)
    expect(again.status).toBe(410)
    expect(await again.text()).toContain('already used')
    const detail = await json(await app.api(`/users/${user.id}`), 200)
    expect(detail.connections.map((c: { provider_id: string }) => c.provider_id)).toEqual(['api_key'])
  })

  test('GET /calls?user_id= lists that user’s calls only, each naming the user', async () => {
    const erin = await newUser('erin')
    const other = await newUser('frank')
    for (const u of [erin, other])
      await call(app, '/tools/call', {
        key: u.token,
        body: { name: 'whoami', arguments: {}, server_id: (await json(await app.api('/servers'), 200)).data[0].id },
      })
    const listed = await waitFor('erin’s call in the log', async () => {
      const r = await json(await app.api(`/calls?user_id=${erin.id}`), 200)
      return r.calls.length ? r.calls : undefined
    })
    expect(listed.every((c: { user_id?: string }) => c.user_id === erin.id)).toBe(true)
  })
})

describe('clients without URL elicitation', () => {
  test('a 2025-11-25 session that declared no elicitation gets isError whose text gives the link', async () => {
    const user = await newUser('gina')
    const { headers } = await openSession(app, slug, '2025-11-25', {}, user.token)
    const res = await post(
      app,
      slug,
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'whoami', arguments: {} } },
      { key: user.token, headers },
    )
    const text = await res.text()
    expect(text).toContain('"isError":true')
    expect(text).toMatch(LINK)
  })

  test('REST /tools/call with a user token answers the link in an isError result', async () => {
    const user = await newUser('hal')
    const serverId = (await json(await app.api('/servers'), 200)).data[0].id
    const r = await call(app, '/tools/call', {
      key: user.token,
      body: { name: 'whoami', arguments: {}, server_id: serverId },
    })
    expect(r.status).toBe(200)
    expect(r.body.isError).toBe(true)
    expect(r.body.content[0].text).toMatch(LINK)
  })
})

describe('2026-07-28', () => {
  const V = '2026-07-28'
  const send = (token: string, params: Record<string, unknown>) =>
    post(
      app,
      slug,
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: {
          name: 'whoami',
          arguments: {},
          ...params,
          _meta: {
            'io.modelcontextprotocol/protocolVersion': V,
            'io.modelcontextprotocol/clientCapabilities': { elicitation: { url: {} } },
          },
        },
      },
      { key: token, headers: { 'mcp-protocol-version': V, 'mcp-method': 'tools/call', 'mcp-name': 'whoami' } },
    ).then((r) => r.json() as Promise<any>)

  test('an input-required result asks for the URL elicitation; answered after connecting, the call completes', async () => {
    const user = await newUser('ivy')
    const r1 = (await send(user.token, {})).result
    expect(r1.resultType).toBe('input_required')
    const asked = r1.inputRequests['connect-api_key']
    expect(asked.method).toBe('elicitation/create')
    expect(asked.params.mode).toBe('url')
    expect(asked.params.url).toMatch(LINK)

    expect((await submitForm(asked.params.url, 'ivy-own-key')).status).toBe(200)
    const r2 = (
      await send(user.token, {
        requestState: r1.requestState,
        inputResponses: { 'connect-api_key': { action: 'accept' } },
      })
    ).result
    expect(r2.resultType).toBe('complete')
    expect(r2.isError).toBe(false)
    expect(api.last().headers['x-api-key']).toBe('ivy-own-key')
  })
})

describe('connect links', () => {
  test("an OAuth provider's link runs its sign-in (oauth2-mock-server) and stores the credential for that user only", async () => {
    const user = await newUser('jo')
    const bystander = await newUser('kim')
    const made = await call(app, `/users/${user.id}/connect`, { body: { provider_id: 'acmeoauth' } })
    expect(made.status).toBe(201)
    expect(made.body.url).toMatch(LINK)
    expect(Math.round((Date.parse(made.body.expires_at) - Date.now()) / 60_000)).toBe(10)

    // The browser: the link redirects to the provider, which redirects to Toolyard's hosted redirect.
    const page = await fetch(made.body.url)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Connected Acme OAuth')
    const mine = await json(await app.api(`/users/${user.id}`), 200)
    expect(mine.connections).toMatchObject([{ provider_id: 'acmeoauth', kind: 'oauth', status: 'active' }])
    expect((await json(await app.api(`/users/${bystander.id}`), 200)).connections).toEqual([])

    // The user's own token reaches the tool; another user's call does not get it.
    const serverId = (await json(await app.api('/servers'), 200)).data[0].id
    const used = await call(app, '/tools/call', {
      key: user.token,
      body: { name: 'acme_token', arguments: {}, server_id: serverId },
    })
    expect(used.body.content[0].text).toStartWith('token ')
    const theirs = await call(app, '/tools/call', {
      key: bystander.token,
      body: { name: 'acme_token', arguments: {}, server_id: serverId },
    })
    expect(theirs.body.isError).toBe(true)
    expect(theirs.body.content[0].text).toMatch(LINK)

    // Used once: opening it again stores nothing more and says so.
    const codes = idp.calls.length
    const again = await fetch(made.body.url)
    expect(again.status).toBe(410)
    expect(await again.text()).toContain('already used')
    expect(idp.calls.length).toBe(codes)

    // Revoked at the provider (re-authorization needed): the user is sent a new link, and after it the call works.
    await app.sql("UPDATE credentials SET status = 'auth_required' WHERE user_id = $user", { user: user.id })
    const revoked = await call(app, '/tools/call', {
      key: user.token,
      body: { name: 'acme_token', arguments: {}, server_id: serverId },
    })
    expect(revoked.body.isError).toBe(true)
    expect(revoked.body.content[0].text).toContain('renewed')
    const link = revoked.body.content[0].text.match(LINK)![0]
    expect((await fetch(link)).status).toBe(200)
    const renewed = await call(app, '/tools/call', {
      key: user.token,
      body: { name: 'acme_token', arguments: {}, server_id: serverId },
    })
    expect(renewed.body.isError).toBe(false)
    expect(renewed.body.content[0].text).toStartWith('token ')
  })

  test('an expired link is a clear page and stores nothing', async () => {
    const user = await newUser('lee')
    const made = await json(await app.api(`/users/${user.id}/connect`, { body: { provider_id: 'api_key' } }), 201)
    await app.sql("UPDATE connect_links SET expires_at = '2000-01-01T00:00:00.000Z'")
    const page = await fetch(made.url)
    expect(page.status).toBe(410)
    expect(await page.text()).toContain('expired')
    const posted = await fetch(made.url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ api_key: 'too-late' }),
    })
    expect(posted.status).toBe(410)
    expect((await json(await app.api(`/users/${user.id}`), 200)).connections).toEqual([])
  })

  test('an unknown provider is 400 naming provider_id; another project’s user is 404; a garbage link is 404', async () => {
    const user = await newUser('mo')
    const bad = await call(app, `/users/${user.id}/connect`, { body: { provider_id: 'nope' } })
    expect(bad.status).toBe(400)
    expect(JSON.stringify(bad.body.details)).toContain('provider_id')
    const other = await app.newProject('connect-other')
    expect(
      (await call(app, `/users/${user.id}/connect`, { key: other.apiKey, body: { provider_id: 'api_key' } })).status,
    ).toBe(404)
    expect((await fetch(`${app.base}/connect/not-a-token`)).status).toBe(404)
  })
})
