// The hosted redirect: a provider flow started without redirect_uri comes back to GET /mcp/oauth/redirect, which
// finishes it (callback + exchange) by itself; the browser following the provider's redirect is all it takes.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { type MockIdp, type RecordingApp, startMockIdp, startRecordingApp } from '../helpers/oauth-idp'

let app: RecordingApp
let idp: MockIdp

beforeAll(async () => {
  idp = await startMockIdp()
  app = await startRecordingApp()
  const res = await app.call('/providers', {
    body: {
      id: 'hostedidp',
      name: 'Hosted IdP',
      auth_type: 'oauth',
      authorize_url: `${idp.issuer}/authorize`,
      token_url: `${idp.issuer}/token`,
      scopes: ['read'],
      client_id: 'toolyard-hosted',
      client_secret: 'cs-hosted-redirect-secret',
    },
  })
  expect(res.status).toBe(201)
})
afterAll(async () => {
  await app?.stop()
  await idp?.stop()
})

describe('hosted OAuth redirect', () => {
  test('GET /providers names the hosted redirect_uri to register with a provider', async () => {
    const res = await app.call('/providers')
    expect(res.body.redirect_uri).toBe(`${app.base}/oauth/redirect`)
  })

  test('a flow without redirect_uri ends with an active credential, the test forwarding nothing', async () => {
    const init = await app.call('/oauth/init', { body: { provider_id: 'hostedidp' } })
    expect(init.status).toBe(200)
    expect(new URL(init.body.auth_url).searchParams.get('redirect_uri')).toBe(`${app.base}/oauth/redirect`)

    // The browser: the provider redirects to Toolyard, which answers the page a person sees.
    const page = await fetch(init.body.auth_url)
    expect(page.url).toStartWith(`${app.base}/oauth/redirect?`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toContain('text/html')
    expect(await page.text()).toContain('Connected Hosted IdP. You can close this window.')

    const status = await app.call('/oauth/status', { body: { state: init.body.state } })
    expect(status.body.status).toBe('active')
    const listed = await app.call('/credentials')
    const all = (listed.body.credentials ?? listed.body.data) as { id: string; status?: string }[]
    expect(all.find((c) => c.id === status.body.credential_id)?.status).toBe('active')
    expect(idp.calls.map((c) => c.grant_type)).toContain('authorization_code')

    // The same redirect again (a reload) connects nothing new and says why.
    const again = await fetch(page.url)
    expect(again.status).toBe(409)
    expect(await again.text()).toContain('Not connected')
  })

  test('an unknown state or a provider error is told in words', async () => {
    const unknown = await fetch(`${app.base}/oauth/redirect?code=abc&state=nope`)
    expect(unknown.status).toBe(400)
    expect(await unknown.text()).toContain('unknown or incomplete')

    const init = await app.call('/oauth/init', { body: { provider_id: 'hostedidp' } })
    const denied = await fetch(
      `${app.base}/oauth/redirect?error=access_denied&error_description=nope&state=${init.body.state}`,
    )
    expect(denied.status).toBe(400)
    expect(await denied.text()).toContain('access_denied')
    expect((await app.call('/oauth/status', { body: { state: init.body.state } })).body.status).toBe('failed')
  })
})
