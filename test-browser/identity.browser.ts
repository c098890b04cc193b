// The Users page and the identity provider in a real browser (Debian's chromium through playwright-core) against a
// real OpenID provider (oauth2-mock-server): an admin saves the provider settings and makes a user and a token (shown
// once), then a member signs into the dashboard through the provider and lands on the overview.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { startTestApp, type TestApp } from '../test/helpers/app'
import { type OidcProvider, startOidcProvider } from '../test/helpers/oidc-sign-in'
import { launch, shot, signIn } from './browser'

let app: TestApp
let idp: OidcProvider
let browser: Browser
let page: Page

beforeAll(async () => {
  idp = await startOidcProvider()
  app = await startTestApp()
  ;({ browser, page } = await launch())
  await signIn(page, app.base, app.apiKey)
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await idp?.stop()
}, 30_000)

test('an admin sets the identity provider on the Users page; the secret is not shown back', async () => {
  await page.click('header >> text=Users')
  await page.fill('input[name=issuer]', idp.issuer)
  await page.fill('input[name=client_id]', 'browser-app')
  await page.fill('input[name=client_secret]', 'browser-secret-value')
  await page.fill('input[name=admin_claim]', 'groups=admins')
  await page.click('#save-identity-provider')
  await page.waitForSelector('#idp-dashboard-url')
  expect(await page.textContent('#idp-redirect-mcp')).toBe(`${app.base}/oauth/idp/callback`)
  expect(await page.content()).not.toContain('browser-secret-value')
  await shot(page, 'users')
})

test('a user is made from the page, and a token for it is shown once', async () => {
  await page.fill('#new-user input[name=external_id]', 'browser-user')
  await page.fill('#new-user input[name=email]', 'bea@example.com')
  await page.click('#create-user')
  await page.waitForSelector('#user-external-id')
  expect(await page.textContent('#user-external-id')).toBe('browser-user')
  await page.click('#create-user-token')
  const token = await page.textContent('#new-user-token-value')
  expect(token).toStartWith('tyk_')
  await page.reload()
  expect(await page.content()).not.toContain(token!)
})

test('a member signs into the dashboard through the provider', async () => {
  await page.click('header button:has-text("Sign out")')
  await page.waitForURL('**/mcp/ui/sign-in')
  idp.person = { sub: 'member-sub', email: 'mia@example.com', groups: ['admins'] }
  await page.fill('#idp-project', app.projectId)
  await page.click('#sign-in-idp')
  await page.waitForURL('**/mcp/ui/overview')
  expect(await page.textContent('main')).toContain('Signed in as mia@example.com')
})
