// Who may use the dashboard, and for how long: admin keys and the admin token only, every request re-checks the
// key (a revoked or expired key's session ends at once), sign-in is rate limited per address, sessions are capped,
// pages cannot be framed, and the cookie is Secure under an https public URL. Real HTTP to a real app.
import { afterAll, describe, expect, test } from 'bun:test'
import { call } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'

const apps: TestApp[] = []
afterAll(async () => {
  for (const a of apps) await a.stop()
})
async function start(env: Record<string, string> = {}) {
  const app = await startTestApp({ TOOLYARD_ADMIN_TOKEN: 'admin-token-for-the-dashboard-01234', ...env })
  apps.push(app)
  return app
}

const formPost = (app: TestApp, path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${app.base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: app.server.origin, 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body,
  })
const signInAs = (app: TestApp, key: string) => formPost(app, '/ui/sign-in', `key=${encodeURIComponent(key)}`)
async function cookieFor(app: TestApp, key: string): Promise<string> {
  const res = await signInAs(app, key)
  expect(res.status).toBe(303)
  return res.headers.get('set-cookie')!.split(';')[0]!
}
const getPage = (app: TestApp, path: string, cookie: string) =>
  fetch(`${app.base}${path}`, { headers: { cookie }, redirect: 'manual' })
const keyCount = async (app: TestApp) => ((await call(app, '/keys')).body.keys as unknown[]).length

describe('dashboard sign-in and sessions', () => {
  test('an mcp key, limited to a server or not, is refused at sign-in with a clear message and no session', async () => {
    const app = await start()
    const server = (await call(app, '/servers', { body: { name: 'Scoped' } })).body.data
    const plain = (await call(app, '/keys', { body: { role: 'mcp' } })).body.api_key
    const scoped = (await call(app, '/keys', { body: { role: 'mcp', server_ids: [server.id] } })).body.api_key
    for (const key of [plain, scoped]) {
      const res = await signInAs(app, key)
      expect(res.status).toBe(403)
      expect(res.headers.get('set-cookie')).toBeNull()
      expect(await res.text()).toContain('mcp key')
    }
  })

  test('a revoked admin key ends its session at once: pages and the Create key action are refused, no key minted', async () => {
    const app = await start()
    const second = (await call(app, '/keys', { body: { name: 'dashboard user' } })).body
    const cookie = await cookieFor(app, second.api_key)
    expect((await getPage(app, '/ui/servers', cookie)).status).toBe(200)
    expect((await call(app, `/keys/${second.id}`, { method: 'DELETE' })).status).toBe(200)
    const before = await keyCount(app)

    const create = await formPost(app, '/ui/keys', 'name=after-revoke', { cookie })
    expect(create.status).toBe(303)
    expect(create.headers.get('location')).toBe('/mcp/ui/sign-in')
    expect(await keyCount(app)).toBe(before)
    const page = await getPage(app, '/ui/keys', cookie)
    expect(page.status).toBe(303)
    expect(page.headers.get('location')).toBe('/mcp/ui/sign-in')
    expect(page.headers.get('set-cookie')).toContain('Max-Age=0')
  })

  test('an expired admin key ends its session the same way', async () => {
    const app = await start()
    const key = (await call(app, '/keys', { body: { name: 'short', expires_in_days: 1 } })).body
    const cookie = await cookieFor(app, key.api_key)
    expect((await getPage(app, '/ui/servers', cookie)).status).toBe(200)
    // Its day runs out: the database says it expired a second ago.
    await app.sql('UPDATE api_keys SET expires_at = $at WHERE id = $id', {
      id: key.id,
      at: new Date(Date.now() - 1000).toISOString(),
    })
    expect((await getPage(app, '/ui/servers', cookie)).headers.get('location')).toBe('/mcp/ui/sign-in')
  })

  test('the Keys page still creates a key and shows it once, after a redirect (post/redirect/get)', async () => {
    const app = await start()
    const cookie = await cookieFor(app, app.apiKey)
    const before = await keyCount(app)
    const res = await formPost(app, '/ui/keys', 'name=from-the-dashboard', { cookie })
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/mcp/ui/keys')
    const text = await (await getPage(app, '/ui/keys', cookie)).text()
    expect(text).toContain('id="new-key"')
    expect(text).toContain('Created mcp key “from-the-dashboard”.')
    expect(await keyCount(app)).toBe(before + 1)
    // Reloading the page does not make another key, and the key is not shown again.
    const again = await (await getPage(app, '/ui/keys', cookie)).text()
    expect(again).not.toContain('id="new-key"')
    expect(again).not.toContain('Created mcp key')
    expect(await keyCount(app)).toBe(before + 1)
  })

  test('sign-in is rate limited per client address, even with TOOLYARD_RATE_LIMITS=off and the right key', async () => {
    const app = await start({ TOOLYARD_DASHBOARD_SIGNIN_PER_MINUTE: '3' })
    for (let i = 0; i < 3; i++) expect((await signInAs(app, `tyk_wrong${i}`)).status).toBe(401)
    const limited = await signInAs(app, app.apiKey)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited.headers.get('set-cookie')).toBeNull()
    expect(await limited.text()).toContain('Too many sign-in attempts')
  })

  test('sessions are capped: the oldest ends first', async () => {
    const app = await start({ TOOLYARD_DASHBOARD_SESSIONS: '2' })
    const first = await cookieFor(app, app.apiKey)
    const second = await cookieFor(app, app.apiKey)
    const third = await cookieFor(app, app.apiKey)
    expect((await getPage(app, '/ui/servers', first)).status).toBe(303)
    expect((await getPage(app, '/ui/servers', second)).status).toBe(200)
    expect((await getPage(app, '/ui/servers', third)).status).toBe(200)
  })

  test('every dashboard page, redirect and sign-in answer refuses framing', async () => {
    const app = await start()
    const cookie = await cookieFor(app, app.apiKey)
    for (const res of [
      await fetch(`${app.base}/ui/sign-in`),
      await getPage(app, '/ui/servers', cookie),
      await getPage(app, '/ui/keys', 'toolyard_ui=none'),
      await signInAs(app, 'tyk_wrong'),
      await fetch(`${app.base}/docs`),
    ]) {
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(res.headers.get('x-frame-options')).toBe('DENY')
    }
  })

  test('the session cookie is Secure when the public URL is https, and not over plain http', async () => {
    const https = await start({ TOOLYARD_PUBLIC_URL: 'https://tools.example.com' })
    const res = await signInAs(https, https.apiKey)
    expect(res.status).toBe(303)
    expect(res.headers.get('set-cookie')).toContain('; Secure')
    const plain = await start()
    expect((await signInAs(plain, plain.apiKey)).headers.get('set-cookie')).not.toContain('Secure')
  })

  test('the admin token still signs in', async () => {
    const app = await start()
    const res = await signInAs(app, 'admin-token-for-the-dashboard-01234')
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/mcp/ui/projects')
  })
})
