// End-to-end OAuth against a real authorization server: init → authorize → callback → exchange → a tool gets the token →
// forced expiry → the refresh job → the tool gets the new token; cancel, expiry, failures, deletion; and a secrets scan.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { refreshOAuthTokens } from '../../src/modules/credentials/oauth/refresh-job'
import {
  authorize,
  fingerprint,
  type MockIdp,
  type RecordingApp,
  startMockIdp,
  startRecordingApp,
  TOOL_CODE,
} from '../helpers/oauth-idp'
import { allRowsText } from '../helpers/rows-text'

const CLIENT_SECRET = 'cs-e2e-oauth-client-secret-3b8d41f0'
const STATIC_SECRET = 'static-api-key-e2e-9d2c77aa'
const REDIRECT = 'http://127.0.0.1:1/oauth/done'

let app: RecordingApp
let idp: MockIdp
const seenCodes: string[] = []
const seenStates: string[] = []

beforeAll(async () => {
  idp = await startMockIdp()
  app = await startRecordingApp()
  // The scheduled job is exercised in refresh-schedule.test.ts; here refreshes happen only when a test asks.
  app.server.deps.scheduler.stop()
  const res = await app.call('/providers', {
    body: {
      id: 'mockidp',
      name: 'Mock IdP',
      auth_type: 'oauth',
      authorize_url: `${idp.issuer}/authorize`,
      token_url: `${idp.issuer}/token`,
      scopes: ['read', 'write'],
      client_id: 'toolyard-e2e',
      client_secret: CLIENT_SECRET,
    },
  })
  expect(res.status).toBe(201)
})

afterAll(async () => {
  await app?.stop()
  await idp?.stop()
})

async function startFlow(scopes = ['read', 'write']) {
  const init = await app.call('/oauth/init', { body: { provider_id: 'mockidp', redirect_uri: REDIRECT, scopes } })
  expect(init.status).toBe(200)
  seenStates.push(init.body.state)
  return init.body as { auth_url: string; state: string; expires_in: number }
}

async function flowToCredential(): Promise<string> {
  const { auth_url, state } = await startFlow()
  const { code } = await authorize(auth_url)
  seenCodes.push(code)
  expect((await app.call('/oauth/callback', { body: { code, state } })).status).toBe(200)
  const ex = await app.call('/oauth/exchange-token', { body: { state } })
  expect(ex.status).toBe(200)
  return ex.body.credential_id
}

async function makeServer(credentialId: string, label: string): Promise<string> {
  const fn = await app.call('/functions', {
    body: { name: `show-token-${label}`, runtime: 'javascript', code: TOOL_CODE },
  })
  expect(fn.status).toBe(201)
  const kit = await app.call('/toolkits', { body: { name: `oauth-kit-${label}` } })
  expect(kit.status).toBe(201)
  const tool = await app.call('/tools', {
    body: {
      toolkit_id: kit.body.id,
      name: `whoami_${label}`,
      function_name: `show-token-${label}`,
      input_schema: { type: 'object' },
      credential_provider: 'mockidp',
    },
  })
  expect(tool.status).toBe(201)
  const server = await app.call('/servers', {
    body: { name: `oauth ${label}`, toolkits: [{ toolkit_id: kit.body.id, credentials: { mockidp: credentialId } }] },
  })
  expect(server.status).toBe(201)
  return server.body.data.id
}

async function callTool(serverId: string, label: string) {
  const res = await app.call('/tools/call', { body: { server_id: serverId, name: `whoami_${label}`, arguments: {} } })
  expect(res.status).toBe(200)
  return res.body as { content: { type: string; text: string }[]; isError: boolean }
}

const expireNow = (credentialId: string) =>
  app.sql('UPDATE credentials SET expires_at = $at WHERE id = $id', {
    at: new Date(Date.now() - 60_000).toISOString(),
    id: credentialId,
  })
const expireFlow = (state: string) =>
  app.sql('UPDATE oauth_flows SET expires_at = $at WHERE state = $state', {
    at: new Date(Date.now() - 1000).toISOString(),
    state,
  })
const refreshCalls = () => idp.calls.filter((c) => c.grant_type === 'refresh_token').length

describe('the authorization-code flow', () => {
  let credentialId = ''
  let serverId = ''
  let firstToken = ''

  test('init returns an authorization URL with PKCE S256, a random state and expires_in 600', async () => {
    const a = await startFlow()
    const b = await startFlow()
    expect(a.expires_in).toBe(600)
    expect(a.state).not.toBe(b.state)
    expect(a.state.length).toBeGreaterThanOrEqual(32)
    const url = new URL(a.auth_url)
    expect(url.origin + url.pathname).toBe(`${idp.issuer}/authorize`)
    expect(url.searchParams.get('response_type')).toBe('code')
    expect(url.searchParams.get('client_id')).toBe('toolyard-e2e')
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT)
    expect(url.searchParams.get('scope')).toBe('read write')
    expect(url.searchParams.get('state')).toBe(a.state)
    expect(url.searchParams.get('code_challenge_method')).toBe('S256')
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const status = await app.call(`/oauth/status?state=${encodeURIComponent(a.state)}`)
    expect(status.body).toEqual({ status: 'pending', provider_id: 'mockidp', scopes: ['read', 'write'] })
  })

  test('authorize → GET callback → exchange: an active credential with scopes and expiry', async () => {
    const { auth_url, state } = await startFlow()
    const redirect = await authorize(auth_url)
    expect(redirect.state).toBe(state)
    expect(redirect.location.origin + redirect.location.pathname).toBe(REDIRECT)
    seenCodes.push(redirect.code)

    const cb = await app.call(
      `/oauth/callback?code=${encodeURIComponent(redirect.code)}&state=${encodeURIComponent(state)}`,
    )
    expect(cb.status).toBe(200)
    expect(cb.body.status).toBe('code_received')
    expect(cb.body.message).toContain('exchange-token')
    expect((await app.call('/oauth/status', { body: { state } })).body.status).toBe('code_received')

    const before = idp.calls.length
    const ex = await app.call('/oauth/exchange-token', { body: { state } })
    expect(ex.status).toBe(200)
    expect(ex.body).toMatchObject({ status: 'active', provider_id: 'mockidp' })
    expect(ex.body.scopes).toEqual(['dummy']) // what the provider granted (its `scope` answer), not what was asked
    expect(Date.parse(ex.body.expires_at)).toBeGreaterThan(Date.now())
    credentialId = ex.body.credential_id

    // The token request carried the PKCE verifier, the code, the redirect URI and client authentication.
    const tokenCall = idp.calls[before]!
    expect(tokenCall.grant_type).toBe('authorization_code')
    expect(tokenCall.body.code).toBe(redirect.code)
    expect(tokenCall.body.redirect_uri).toBe(REDIRECT)
    expect(tokenCall.body.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/)
    expect(tokenCall.body.client_id).toBe('toolyard-e2e')
    expect(tokenCall.body.client_secret).toBe(CLIENT_SECRET)
    firstToken = idp.issued[idp.issued.length - 3]!

    const status = await app.call('/oauth/status', { body: { state } })
    expect(status.body).toEqual({
      status: 'active',
      provider_id: 'mockidp',
      scopes: ['dummy'],
      credential_id: credentialId,
      expires_at: ex.body.expires_at,
    })
    const list = await app.call('/credentials')
    const cred = list.body.credentials.find((c: { id: string }) => c.id === credentialId)
    expect(cred).toMatchObject({
      provider_id: 'mockidp',
      status: 'active',
      scopes: ['dummy'],
      expires_at: ex.body.expires_at,
    })
    // Exchanging twice is refused: the code was used.
    expect((await app.call('/oauth/exchange-token', { body: { state } })).status).toBe(409)
  })

  test('a tool mapped to the credential receives the access token', async () => {
    serverId = await makeServer(credentialId, 'main')
    const result = await callTool(serverId, 'main')
    expect(result.isError).toBe(false)
    expect(result.content[0]!.text).toBe(fingerprint(firstToken))
    const detail = await app.call(`/servers/${serverId}`)
    expect(detail.body.data.tools[0].credential_status).toBe('configured')
  })

  test('forced expiry → the refresh job gets a new token → the tool receives it', async () => {
    await expireNow(credentialId)
    const calls = refreshCalls()
    const report = await refreshOAuthTokens(app.server.deps)
    expect(report.refreshed).toBe(1)
    expect(refreshCalls()).toBe(calls + 1)
    const refreshCall = idp.calls.at(-1)!
    expect(refreshCall.body.client_secret).toBe(CLIENT_SECRET)
    const newToken = idp.issued[idp.issued.length - 3]!
    expect(newToken).not.toBe(firstToken)
    const result = await callTool(serverId, 'main')
    expect(result.content[0]!.text).toBe(fingerprint(newToken))
    const cred = (await app.call('/credentials')).body.credentials.find((c: { id: string }) => c.id === credentialId)
    expect(cred.status).toBe('active')
    expect(Date.parse(cred.expires_at)).toBeGreaterThan(Date.now())
    // Nothing is due any more.
    expect((await refreshOAuthTokens(app.server.deps)).due).toBe(0)
  })

  test('a tool call finding an expired token refreshes first; concurrent calls share one refresh', async () => {
    await expireNow(credentialId)
    const calls = refreshCalls()
    const results = await Promise.all([1, 2, 3, 4, 5].map(() => callTool(serverId, 'main')))
    expect(refreshCalls()).toBe(calls + 1)
    const newToken = idp.issued[idp.issued.length - 3]!
    for (const r of results) expect(r.content[0]!.text).toBe(fingerprint(newToken))
  })

  test('POST /oauth/refresh-token refreshes on request and returns the new expiry', async () => {
    const before = (await app.call('/credentials')).body.credentials.find(
      (c: { id: string }) => c.id === credentialId,
    ).expires_at
    await Bun.sleep(5)
    const res = await app.call('/oauth/refresh-token', { body: { credential_id: credentialId } })
    expect(res.status).toBe(200)
    expect(res.body.credential_id).toBe(credentialId)
    expect(res.body.status).toBe('active')
    expect(Date.parse(res.body.expires_at)).toBeGreaterThan(Date.parse(before))
    expect(
      (await app.call('/oauth/refresh-token', { body: { credential_id: '0190f0f0-0000-7000-8000-000000000000' } }))
        .status,
    ).toBe(404)
    const staticCred = await app.call('/credentials', {
      body: { name: 'static', provider_id: 'api_key', credential_data: { api_key: STATIC_SECRET } },
    })
    expect((await app.call('/oauth/refresh-token', { body: { credential_id: staticCred.body.id } })).status).toBe(400)
  })

  test('a provider outage during refresh: a backoff, no hammering, the caller told the provider is unreachable', async () => {
    const id = await flowToCredential()
    await expireNow(id)
    idp.failNext(503, { error: 'temporarily_unavailable' })
    const calls = idp.calls.length
    const first = await refreshOAuthTokens(app.server.deps)
    expect(first.failed).toBe(1)
    expect(idp.calls.length).toBe(calls + 1)
    // Inside the backoff (5 s after a first failure) the job leaves it alone, and a tool call does not hit the provider
    // either: it is told the provider is unreachable and when the next attempt is.
    expect((await refreshOAuthTokens(app.server.deps)).due).toBe(0)
    const opened = await app.server.deps.credentials.open(app.projectId, id)
    expect(opened).toEqual({
      status: 'unreachable',
      message: expect.stringMatching(
        new RegExp(`^OAuth provider "mockidp" for credential ${id} is unreachable; next retry in [1-5] s$`),
      ),
    })
    expect(idp.calls.length).toBe(calls + 1)
    expect(await app.server.deps.credentials.status(app.projectId, id)).toBe('expired')
    const cred = (await app.call('/credentials')).body.credentials.find((c: { id: string }) => c.id === id)
    expect(cred.status).toBe('expired')
    // An explicit refresh ignores the backoff; the outage answers 502.
    idp.failNext(500, { error: 'server_error' })
    const explicit = await app.call('/oauth/refresh-token', { body: { credential_id: id } })
    expect(explicit.status).toBe(502)
    expect(explicit.body.error).toContain('HTTP 500')
    // Once the provider is back an explicit refresh recovers it.
    expect((await app.call('/oauth/refresh-token', { body: { credential_id: id } })).body.status).toBe('active')
  })

  test('a refused refresh → auth_required; the tool result is an error asking for re-authorization', async () => {
    const id = await flowToCredential()
    const sid = await makeServer(id, 'revoked')
    expect((await callTool(sid, 'revoked')).isError).toBe(false)
    await expireNow(id)
    idp.failNext(400, { error: 'invalid_grant', error_description: 'refresh token revoked' })
    const report = await refreshOAuthTokens(app.server.deps)
    expect(report.failed).toBe(1)
    expect(await app.server.deps.credentials.status(app.projectId, id)).toBe('auth_required')
    const cred = (await app.call('/credentials')).body.credentials.find((c: { id: string }) => c.id === id)
    expect(cred.status).toBe('auth_required')
    const calls = idp.calls.length
    const result = await callTool(sid, 'revoked')
    expect(result.isError).toBe(true)
    expect(result.content[0]!.text).toMatch(/re-authoriz/)
    expect(idp.calls.length).toBe(calls) // no further token request
    const detail = await app.call(`/servers/${sid}`)
    expect(detail.body.data.tools[0].credential_status).toBe('auth_required')
    // Nothing to do for the job either.
    expect((await refreshOAuthTokens(app.server.deps)).due).toBe(0)
    // An explicit refresh that is refused again says so.
    idp.failNext(400, { error: 'invalid_grant' })
    const again = await app.call('/oauth/refresh-token', { body: { credential_id: id } })
    expect(again.status).toBe(400)
    expect(again.body.error).toContain('invalid_grant')
  })

  test('callback by POST and status by POST; a provider error on the callback fails the flow', async () => {
    const { auth_url, state } = await startFlow(['read'])
    const { code } = await authorize(auth_url)
    seenCodes.push(code)
    const cb = await app.call('/oauth/callback', { body: { code, state } })
    expect(cb.body.status).toBe('code_received')
    expect((await app.call('/oauth/status', { body: { state } })).body).toEqual({
      status: 'code_received',
      provider_id: 'mockidp',
      scopes: ['read'],
    })
    // A second callback for the same flow is refused.
    expect((await app.call('/oauth/callback', { body: { code, state } })).status).toBe(409)

    const denied = await startFlow()
    const res = await app.call(
      `/oauth/callback?state=${encodeURIComponent(denied.state)}&error=access_denied&error_description=user+said+no`,
    )
    expect(res.status).toBe(200)
    expect(res.body.status).toBe('failed')
    expect(res.body.message).toContain('access_denied')
    const st = await app.call('/oauth/status', { body: { state: denied.state } })
    expect(st.body.status).toBe('failed')
    expect(st.body.error).toContain('access_denied')
    expect((await app.call('/oauth/exchange-token', { body: { state: denied.state } })).status).toBe(409)
  })

  test('cancel: pending and code_received flows only', async () => {
    const a = await startFlow()
    const c = await app.call('/oauth/cancel', { body: { state: a.state } })
    expect(c.status).toBe(200)
    expect(c.body.status).toBe('canceled')
    expect(c.body.message).toContain('canceled')
    expect((await app.call('/oauth/status', { body: { state: a.state } })).body.status).toBe('canceled')
    expect((await app.call('/oauth/cancel', { body: { state: a.state } })).status).toBe(409)
    const { code } = await authorize(a.auth_url)
    seenCodes.push(code)
    expect((await app.call('/oauth/callback', { body: { code, state: a.state } })).status).toBe(409)

    const b = await startFlow()
    const redirect = await authorize(b.auth_url)
    seenCodes.push(redirect.code)
    await app.call('/oauth/callback', { body: { code: redirect.code, state: b.state } })
    expect((await app.call('/oauth/cancel', { body: { state: b.state } })).body.status).toBe('canceled')
    expect((await app.call('/oauth/exchange-token', { body: { state: b.state } })).status).toBe(409)
  })

  test('a flow expires 600 s after init', async () => {
    const a = await startFlow()
    await expireFlow(a.state)
    const st = await app.call(`/oauth/status?state=${encodeURIComponent(a.state)}`)
    expect(st.body.status).toBe('expired')
    const { code } = await authorize(a.auth_url)
    seenCodes.push(code)
    const cb = await app.call('/oauth/callback', { body: { code, state: a.state } })
    expect(cb.status).toBe(400)
    expect(cb.body.error).toContain('expired')
    expect((await app.call('/oauth/cancel', { body: { state: a.state } })).status).toBe(400)

    // Expiry also catches a flow waiting for its exchange.
    const b = await startFlow()
    const redirect = await authorize(b.auth_url)
    seenCodes.push(redirect.code)
    await app.call('/oauth/callback', { body: { code: redirect.code, state: b.state } })
    await expireFlow(b.state)
    expect((await app.call('/oauth/exchange-token', { body: { state: b.state } })).status).toBe(400)
    expect((await app.call('/oauth/status', { body: { state: b.state } })).body.status).toBe('expired')
  })

  test('a failed exchange → failed with a clear message (400 refused, 502 outage)', async () => {
    for (const [status, error, httpStatus] of [
      [400, 'invalid_grant', 400],
      [500, 'server_error', 502],
    ] as const) {
      const { auth_url, state } = await startFlow()
      const { code } = await authorize(auth_url)
      seenCodes.push(code)
      await app.call('/oauth/callback', { body: { code, state } })
      idp.failNext(status, { error, error_description: 'the code is no good' })
      const ex = await app.call('/oauth/exchange-token', { body: { state } })
      expect(ex.status).toBe(httpStatus)
      expect(ex.body.error).toContain(error)
      expect(ex.body.error).toContain('start again')
      const st = await app.call('/oauth/status', { body: { state } })
      expect(st.body.status).toBe('failed')
      expect(st.body.error).toContain(error)
      expect(st.body.credential_id).toBeUndefined()
    }
  })

  test('unknown or foreign state → 404; a provider without an OAuth client → 400', async () => {
    expect((await app.call('/oauth/status?state=nope')).status).toBe(404)
    expect((await app.call('/oauth/callback', { body: { code: 'x', state: 'nope' } })).status).toBe(404)
    const a = await startFlow()
    const other = await app.newProject('other-oauth')
    expect((await app.call('/oauth/status', { body: { state: a.state }, key: other.apiKey })).status).toBe(404)
    expect((await app.call('/oauth/cancel', { body: { state: a.state }, key: other.apiKey })).status).toBe(404)
    const gh = await app.call('/oauth/init', { body: { provider_id: 'github', redirect_uri: REDIRECT, scopes: [] } })
    expect(gh.status).toBe(400)
    expect(gh.body.error).toContain('POST /providers')
    expect((await app.call('/oauth/init', { body: { provider_id: 'api_key', redirect_uri: REDIRECT } })).status).toBe(
      400,
    )
    expect(
      (await app.call('/oauth/init', { body: { provider_id: 'mockidp', redirect_uri: 'not a url' } })).status,
    ).toBe(400)
  })

  test('build-auth-url answers like init', async () => {
    const res = await app.call('/oauth/build-auth-url', {
      body: { provider_id: 'mockidp', redirect_uri: REDIRECT, scopes: ['read'] },
    })
    expect(res.status).toBe(200)
    expect(res.body.expires_in).toBe(600)
    seenStates.push(res.body.state)
    expect(new URL(res.body.auth_url).searchParams.get('state')).toBe(res.body.state)
    expect((await app.call('/oauth/status', { body: { state: res.body.state } })).body.status).toBe('pending')
  })

  test('a deleted credential: the tool fails with a clear error and credential_status missing', async () => {
    expect((await app.call(`/credentials/${credentialId}`, { method: 'DELETE' })).status).toBe(200)
    const result = await callTool(serverId, 'main')
    expect(result.isError).toBe(true)
    expect(result.content[0]!.text).toContain('missing')
    const detail = await app.call(`/servers/${serverId}`)
    expect(detail.body.data.tools[0].credential_status).toBe('missing')
  })
})

describe('secrets', () => {
  test('no response body, log line or database row contains a secret', async () => {
    const secrets = [
      CLIENT_SECRET,
      STATIC_SECRET,
      ...idp.issued,
      ...seenCodes,
      ...idp.calls.map((c) => c.body.code_verifier).filter((v): v is string => !!v),
    ]
    expect(idp.issued.length).toBeGreaterThan(10)
    expect(app.logLines.length).toBeGreaterThan(0)
    for (const s of secrets) {
      for (const body of app.bodies) expect(body.includes(s)).toBe(false)
      for (const line of app.logLines) expect(line.includes(s)).toBe(false)
    }
    const rows = await allRowsText(app)
    expect(rows).toContain('toolyard-e2e')
    for (const s of secrets) expect(rows.includes(s)).toBe(false)
  })
})
