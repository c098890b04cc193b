// PUT/GET/DELETE /identity-provider against a real OpenID provider (oauth2-mock-server): the issuer is checked by its
// discovery document, the client secret is sealed and never answered, and bad input is a 400 naming the field.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call, expectError } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { type OidcProvider, startOidcProvider } from '../helpers/oidc-sign-in'

let app: TestApp
let idp: OidcProvider
const SECRET = 'idp-client-secret-value-9f3k'

beforeAll(async () => {
  idp = await startOidcProvider()
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
  await idp.stop()
})

describe('identity provider settings', () => {
  test('PUT checks the issuer, seals the secret, and GET answers everything but the secret', async () => {
    const put = await call(app, '/identity-provider', {
      method: 'PUT',
      body: { issuer: idp.issuer, client_id: 'toolyard', client_secret: SECRET, admin_claim: 'groups=admins' },
    })
    expect(put.status).toBe(200)
    expect(put.body).toMatchObject({
      issuer: idp.issuer,
      client_id: 'toolyard',
      client_secret_set: true,
      scopes: ['openid', 'profile', 'email'],
      admin_claim: 'groups=admins',
    })
    expect(put.body.redirect_uris.mcp_clients).toBe(`${app.base}/oauth/idp/callback`)
    expect(put.text).not.toContain(SECRET)
    const got = await call(app, '/identity-provider')
    expect(got.status).toBe(200)
    expect(got.text).not.toContain(SECRET)
    // Stored sealed: the database row does not hold the secret either.
    const rows = await app.sql('SELECT client_secret_sealed FROM identity_providers')
    expect(String(rows[0]!.client_secret_sealed)).not.toContain(SECRET)
    expect(String(rows[0]!.client_secret_sealed)).toStartWith('v1.')
  })

  test('a PUT without the secret keeps the stored one; scopes always include openid', async () => {
    const put = await call(app, '/identity-provider', {
      method: 'PUT',
      body: { issuer: idp.issuer, client_id: 'toolyard', scopes: ['email'] },
    })
    expect(put.status).toBe(200)
    expect(put.body.scopes).toEqual(['openid', 'email'])
  })

  test('an issuer without a discovery document is a 400 naming issuer', async () => {
    const res = await call(app, '/identity-provider', {
      method: 'PUT',
      body: { issuer: 'http://127.0.0.1:9/nothing', client_id: 'x', client_secret: 'y' },
    })
    expect(res.status).toBe(400)
    expect(res.body.details?.[0]?.field).toBe('body.issuer')
  })

  test('a malformed admin_claim is a 400 naming admin_claim', async () => {
    const res = await call(app, '/identity-provider', {
      method: 'PUT',
      body: { issuer: idp.issuer, client_id: 'x', client_secret: 'y', admin_claim: 'groups=' },
    })
    expect(res.status).toBe(400)
    expect(res.body.details?.[0]?.field).toBe('body.admin_claim')
  })

  test('an mcp key may not read or change it', async () => {
    const key = await call(app, '/keys', { body: { role: 'mcp' } })
    const res = await call(app, '/identity-provider', { key: key.body.api_key })
    expect(res.status).toBe(403)
  })

  test('a server named identity-provider gets another slug (a top-level path word)', async () => {
    const res = await call(app, '/servers', { body: { name: 'Identity Provider' } })
    expect(res.status).toBe(201)
    expect(res.body.data.slug).toBe('identity-provider-server')
  })

  test('DELETE removes it; then GET is 404', async () => {
    expect((await call(app, '/identity-provider', { method: 'DELETE' })).status).toBe(200)
    const res = await call(app, '/identity-provider')
    expect(res.status).toBe(404)
    expectError(res.body, 'not_found')
  })
})
