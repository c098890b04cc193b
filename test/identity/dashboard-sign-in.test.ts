// Members sign into the dashboard through the project's identity provider (a real OpenID provider, oauth2-mock-server):
// an ID token carrying the admin_claim opens the project's dashboard; one without it gets a refusal page saying why.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { type OidcProvider, signInThroughProvider, startOidcProvider } from '../helpers/oidc-sign-in'

let app: TestApp
let idp: OidcProvider

beforeAll(async () => {
  idp = await startOidcProvider()
  app = await startTestApp()
  const put = await call(app, '/identity-provider', {
    method: 'PUT',
    body: { issuer: idp.issuer, client_id: 'dash', client_secret: 'dash-secret', admin_claim: 'groups=admins' },
  })
  expect(put.status).toBe(200)
  expect(put.body.dashboard_sign_in_url).toBe(`${app.base}/ui/sign-in/idp/${app.projectId}`)
})
afterAll(async () => {
  await app.stop()
  await idp.stop()
})

const sessionCookieOf = (res: Response) => res.headers.get('set-cookie')?.split(';')[0] ?? ''

describe('dashboard sign-in through the identity provider', () => {
  test('a member whose ID token carries the admin claim opens the project dashboard', async () => {
    idp.person = { sub: 'admin-sub', email: 'ada@example.com', groups: ['staff', 'admins'] }
    const { res, html } = await signInThroughProvider(`${app.base}/ui/sign-in/idp/${app.projectId}`)
    expect(res.status).toBe(200)
    expect(html).toContain('Signed in as ada@example.com')
    const cookie = sessionCookieOf(res)
    expect(cookie).toStartWith('toolyard_ui=')
    const overview = await fetch(`${app.base}/ui/overview`, { headers: { cookie }, redirect: 'manual' })
    expect(overview.status).toBe(200)
    // The session's key is a named admin key of the project, ending with the session; sign-out revokes it.
    const keys = (await call(app, '/keys')).body.keys as { name: string; expires_at?: string; revoked_at?: string }[]
    const made = keys.find((k) => k.name === 'dashboard: ada@example.com')
    expect(made?.expires_at).toBeDefined()
    const out = await fetch(`${app.base}/ui/sign-out`, {
      method: 'POST',
      headers: { cookie, origin: new URL(app.base).origin },
      redirect: 'manual',
    })
    expect(out.status).toBe(303)
    const after = (await call(app, '/keys')).body.keys as { name: string; revoked_at?: string }[]
    expect(after.find((k) => k.name === 'dashboard: ada@example.com')?.revoked_at).toBeDefined()
  })

  test('a person without the admin claim is refused with a page naming the claim', async () => {
    idp.person = { sub: 'guest-sub', email: 'gus@example.com', groups: ['staff'] }
    const { res, html } = await signInThroughProvider(`${app.base}/ui/sign-in/idp/${app.projectId}`)
    expect(res.status).toBe(403)
    expect(html).toContain('groups=admins')
    expect(html).toContain('gus@example.com')
    expect(res.headers.get('set-cookie')).toBeNull()
  })

  test('a project without an identity provider says so', async () => {
    const other = await app.newProject('no provider')
    const res = await fetch(`${app.base}/ui/sign-in/idp/${other.projectId}`, { redirect: 'manual' })
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('does not sign members in')
  })
})
