// The dashboard's Users page over plain HTTP with a key session: the identity-provider settings (saved through the
// form, the secret never shown back), users with their connections, tokens and grants, revoking a token, and
// machine clients whose secret is shown once.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { type OidcProvider, startOidcProvider } from '../helpers/oidc-sign-in'

let app: TestApp
let idp: OidcProvider
let origin: string
let cookie: string

const formPost = (path: string, body: Record<string, string> | URLSearchParams) =>
  fetch(`${app.base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin, cookie, 'content-type': 'application/x-www-form-urlencoded' },
    body: body instanceof URLSearchParams ? body : new URLSearchParams(body),
  })
const pageText = async (path: string) => {
  const res = await fetch(`${app.base}${path}`, { headers: { cookie }, redirect: 'manual' })
  expect(res.status).toBe(200)
  return res.text()
}

beforeAll(async () => {
  idp = await startOidcProvider()
  app = await startTestApp()
  origin = app.server.origin
  const res = await fetch(`${app.base}/ui/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ key: app.apiKey }),
  })
  cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!
})
afterAll(async () => {
  await app.stop()
  await idp.stop()
})

describe('dashboard: the Users page', () => {
  test('the navigation links it; the identity provider is saved through the form, its secret never shown', async () => {
    const first = await pageText('/ui/users')
    expect(first).toContain('href="/mcp/ui/users"')
    expect(first).toContain('id="save-identity-provider"')
    const saved = await formPost('/ui/identity-provider', {
      issuer: idp.issuer,
      client_id: 'dash-ui',
      client_secret: 'ui-secret-never-shown',
      scopes: 'openid email',
      admin_claim: 'groups=admins',
    })
    expect(saved.status).toBe(303)
    const page = await pageText('/ui/users')
    expect(page).toContain(`${app.base}/oauth/idp/callback`)
    expect(page).toContain('groups=admins')
    expect(page).not.toContain('ui-secret-never-shown')
    expect((await call(app, '/identity-provider')).body.client_id).toBe('dash-ui')
  })

  test('a refused save shows the form again with the field named', async () => {
    const res = await formPost('/ui/identity-provider', { issuer: idp.issuer, client_id: 'x', admin_claim: 'groups=' })
    expect(res.status).toBe(400)
    expect(await res.text()).toContain('admin_claim')
  })

  test('users: create, see its page with tokens and connections, make a token (shown once) and revoke it', async () => {
    const made = await formPost('/ui/users', { external_id: 'ui-user-1', name: 'Uma', email: 'uma@example.com' })
    expect(made.status).toBe(303)
    const userPath = made.headers.get('location')!.replace('/mcp', '')
    const list = await pageText('/ui/users')
    expect(list).toContain('ui-user-1')
    const token = await formPost(`${userPath}/tokens`, { expires_in_hours: '2' })
    expect(token.status).toBe(303)
    const withSecret = await pageText(userPath)
    expect(withSecret).toContain('id="new-user-token-value"')
    const shown = /id="new-user-token-value">([^<]+)</.exec(withSecret)![1]!
    // Shown once: the next view has no secret.
    expect(await pageText(userPath)).not.toContain(shown)
    const userId = userPath.split('/').pop()!
    const detail = await call(app, `/users/${userId}`)
    const tokenId = detail.body.tokens[0].id as string
    expect(withSecret).toContain(`/mcp/ui/delete/keys/${tokenId}`)
    const revoke = await formPost(`/ui/delete/keys/${tokenId}`, { back: `users/${userId}` })
    expect(revoke.status).toBe(303)
    expect((await call(app, `/users/${userId}`)).body.tokens[0].revoked_at).toBeDefined()
  })

  test('machine clients: created from the page, secret shown once, listed, deleted', async () => {
    const made = await formPost('/ui/machine-clients', { name: 'ui-backend' })
    expect(made.status).toBe(303)
    const page = await pageText('/ui/users')
    expect(page).toContain('id="new-client-secret"')
    const listed = (await call(app, '/oauth/clients')).body.machine_clients as { client_id: string; name: string }[]
    const client = listed.find((m) => m.name === 'ui-backend')!
    expect(page).toContain(client.client_id)
    expect(await pageText('/ui/users')).not.toContain('id="new-client-secret"')
    const gone = await formPost(`/ui/delete/machine-clients/${client.client_id}`, {})
    expect(gone.status).toBe(303)
    const after = (await call(app, '/oauth/clients')).body.machine_clients as { client_id: string }[]
    expect(after.map((m) => m.client_id)).not.toContain(client.client_id)
  })

  test('removing the identity provider from the page', async () => {
    expect((await formPost('/ui/identity-provider/remove', {})).status).toBe(303)
    expect((await call(app, '/identity-provider')).status).toBe(404)
  })
})
