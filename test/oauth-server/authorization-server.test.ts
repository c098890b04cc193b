// The hand-written parts of Toolyard's authorization server, edge by edge: registration checks, authorization
// request checks (page vs redirect), the consent decision with different keys, and every token-endpoint refusal.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createHash, randomBytes } from 'node:crypto'
import { json, serverWithToolkits } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { approve, submitConsent } from '../helpers/oauth-consent'

const REDIRECT = 'http://127.0.0.1:9/cb'
let app: TestApp
let origin: string
let resource: string
let serverId: string
let clientId: string

const register = (body: unknown) =>
  fetch(`${origin}/mcp/oauth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

const authUrl = (over: Record<string, string | undefined> = {}, challenge = pkce().challenge) => {
  const params: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: clientId,
    redirect_uri: REDIRECT,
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st-1',
    resource,
    ...over,
  }
  const u = new URL(`${origin}/mcp/oauth/authorize`)
  for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v)
  return u.href
}

const token = (form: Record<string, string>) =>
  fetch(`${origin}/mcp/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  })

/** A fresh code for this client and its PKCE verifier. */
const freshCode = async () => {
  const p = pkce()
  const back = await approve(authUrl({}, p.challenge), app.apiKey)
  return { code: back.searchParams.get('code')!, verifier: p.verifier }
}

beforeAll(async () => {
  app = await startTestApp()
  origin = app.server.origin
  const s = await serverWithToolkits(app, 'as edges', [])
  resource = s.url
  serverId = s.id
  clientId = (await json(await register({ client_name: 'Edge <Client>', redirect_uris: [REDIRECT] }), 201)).client_id
})
afterAll(async () => {
  await app.stop()
})

describe('registration', () => {
  test('a public client is registered with its redirect URIs', async () => {
    const body = await json(await register({ redirect_uris: ['https://app.example/cb', 'com.example.app:/cb'] }), 201)
    expect(body).toMatchObject({
      token_endpoint_auth_method: 'none',
      grant_types: ['authorization_code', 'refresh_token'],
    })
  })
  test('refused: no redirect URIs, http off loopback, javascript:, a confidential client', async () => {
    for (const [body, error] of [
      [{}, 'invalid_redirect_uri'],
      [{ redirect_uris: ['http://evil.example/cb'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: ['javascript:alert(1)'] }, 'invalid_redirect_uri'],
      [{ redirect_uris: [REDIRECT], token_endpoint_auth_method: 'client_secret_basic' }, 'invalid_client_metadata'],
      [{ redirect_uris: [REDIRECT], grant_types: ['client_credentials'] }, 'invalid_client_metadata'],
    ] as const) {
      const res = await register(body)
      expect(res.status).toBe(400)
      expect((await res.json()).error).toBe(error)
    }
  })
})

describe('authorization request', () => {
  test('the consent page escapes what the client says and loads nothing from outside', async () => {
    const res = await fetch(authUrl())
    const html = await res.text()
    expect(html).toContain('Edge &lt;Client&gt;')
    expect(html).not.toContain('<Client>')
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(html).not.toMatch(/<script|<link|src=/)
  })

  test('an unknown client or an unregistered redirect_uri is a page, never a redirect', async () => {
    for (const url of [authUrl({ client_id: 'tyc_nope' }), authUrl({ redirect_uri: 'http://127.0.0.1:9/other' })]) {
      const res = await fetch(url, { redirect: 'manual' })
      expect(res.status).toBe(400)
      expect(await res.text()).toContain('cannot be completed')
    }
  })

  test('other errors of the request are a page too, never a redirect (nothing goes back before a decision)', async () => {
    for (const [over, error] of [
      [{ code_challenge: undefined }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ resource: undefined }, 'invalid_target'],
      [{ resource: 'https://elsewhere.example/mcp/x' }, 'invalid_target'],
      [{ response_type: 'token' }, 'unsupported_response_type'],
    ] as const) {
      const res = await fetch(authUrl(over), { redirect: 'manual' })
      expect(res.status).toBe(400)
      expect(res.headers.get('location')).toBeNull()
      expect(await res.text()).toContain(error)
    }
  })

  test('a client ID metadata document is fetched through the egress guard', async () => {
    // With private egress refused (the default), a client_id URL on a private address is never fetched.
    const guarded = await startTestApp({ TOOLYARD_ALLOW_PRIVATE_EGRESS: 'false' })
    try {
      const s = await serverWithToolkits(guarded, 'cimd', [])
      const u = new URL(`${guarded.server.origin}/mcp/oauth/authorize`)
      const params = { response_type: 'code', client_id: 'https://127.0.0.1:1/client.json', redirect_uri: REDIRECT }
      for (const [k, v] of Object.entries({
        ...params,
        code_challenge: pkce().challenge,
        code_challenge_method: 'S256',
        resource: s.url,
      }))
        u.searchParams.set(k, v)
      const res = await fetch(u, { redirect: 'manual' })
      expect(res.status).toBe(400)
      const text = await res.text()
      expect(text).toContain('could not be read')
    } finally {
      await guarded.stop()
    }
  })
})

describe('the decision', () => {
  test('deny → access_denied with the state', async () => {
    const { answer } = await submitConsent(authUrl(), app.apiKey, 'deny')
    const loc = new URL(answer.headers.get('location')!)
    expect([loc.searchParams.get('error'), loc.searchParams.get('state'), loc.searchParams.get('code')]).toEqual([
      'access_denied',
      'st-1',
      null,
    ])
  })

  test('keys: another project or an mcp key for another server shows the page again; an allowed mcp key approves', async () => {
    const other = await app.newProject('as-edges-other')
    const elsewhere = await serverWithToolkits(app, 'as edges two', [])
    const limited = await json(await app.api('/keys', { body: { role: 'mcp', server_ids: [elsewhere.id] } }), 201)
    const allowed = await json(await app.api('/keys', { body: { role: 'mcp', server_ids: [serverId] } }), 201)
    for (const key of [other.apiKey, limited.api_key, 'garbage']) {
      const { answer } = await submitConsent(authUrl(), key)
      expect(answer.status).toBe(200)
      expect(await answer.text()).toContain('not a valid key')
    }
    const back = await approve(authUrl(), allowed.api_key)
    expect(back.searchParams.get('code')).toBeString()
  })
})

describe('token endpoint', () => {
  test('a good exchange: JSON, no-store, Bearer, 1 h, a refresh token', async () => {
    const { code, verifier } = await freshCode()
    const res = await token({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: clientId,
      redirect_uri: REDIRECT,
      resource,
    })
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(await json(res, 200)).toMatchObject({
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: expect.any(String),
    })
    // The code works once.
    const again = await token({
      grant_type: 'authorization_code',
      code,
      code_verifier: verifier,
      client_id: clientId,
      redirect_uri: REDIRECT,
    })
    expect((await json(again, 400)).error).toBe('invalid_grant')
  })

  test('refusals: PKCE, redirect_uri, client, resource, grant type, unknown code', async () => {
    const cases: [Record<string, string>, string][] = []
    for (const [change, error] of [
      [{ code_verifier: pkce().verifier }, 'invalid_grant'],
      [{ redirect_uri: 'http://127.0.0.1:9/other' }, 'invalid_grant'],
      [{ client_id: 'tyc_other' }, 'invalid_client'],
      [{ resource: `${origin}/mcp/other` }, 'invalid_target'],
    ] as const) {
      const { code, verifier } = await freshCode()
      cases.push([
        {
          grant_type: 'authorization_code',
          code,
          code_verifier: verifier,
          client_id: clientId,
          redirect_uri: REDIRECT,
          ...change,
        },
        error,
      ])
    }
    cases.push([{ grant_type: 'password', username: 'a' }, 'unsupported_grant_type'])
    cases.push([
      { grant_type: 'authorization_code', code: 'nope', code_verifier: 'x', client_id: clientId },
      'invalid_grant',
    ])
    cases.push([{ grant_type: 'authorization_code' }, 'invalid_request'])
    cases.push([{ grant_type: 'refresh_token', refresh_token: 'tyr_nope', client_id: clientId }, 'invalid_grant'])
    for (const [form, error] of cases) {
      const res = await token(form)
      expect(`${form.grant_type} ${res.status} ${(await res.json()).error}`).toBe(`${form.grant_type} 400 ${error}`)
    }
  })
})
