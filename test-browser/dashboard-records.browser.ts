// The dashboard does what a REST user does, in a real browser (Debian's chromium through playwright-core): lists past
// 200 counted and paged, search, a toolkit page with its sync status, every credential kind, delete after a
// confirmation, copy buttons, and no page wider than a 390 px phone. With TOOLYARD_SCREENSHOTS=1 it rewrites
// docs/screenshots/{tools-paged,toolkit,credentials,delete-confirm,mobile-servers}.png.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { startTestApp, type TestApp } from '../test/helpers/app'
import { startUpstream, type Upstream } from '../test/helpers/upstream-mcp'
import { launch, shot, signIn } from './browser'

let app: TestApp
let upstream: Upstream
let browser: Browser
let page: Page
let serverId: string
let remoteId: string
/** The 230 hosted tools plus the remote toolkit's upstream tools: every tool of the project. */
let total: number

// biome-ignore lint/suspicious/noExplicitAny: a test reads a few fields of each answer
async function post(path: string, body: unknown): Promise<Record<string, any>> {
  const res = await app.api(path, { body })
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return await res.json()
}
const countText = () => page.textContent('.list-count')

beforeAll(async () => {
  app = await startTestApp()
  upstream = await startUpstream({ transport: 'streamable_http', name: 'weather-upstream' })
  await post('/functions', { name: 'noop', runtime: 'javascript', code: 'export default async () => 1' })
  const kit = await post('/toolkits', { name: 'big-kit', description: 'many tools' })
  for (let i = 0; i < 230; i++)
    await post('/tools', {
      toolkit_id: kit.id,
      name: `tool_${String(i).padStart(3, '0')}`,
      description: i % 10 === 7 ? 'lucky seven' : 'plain',
      function_name: 'noop',
      input_schema: { type: 'object' },
    })
  remoteId = (await post('/toolkits', { name: 'weather', toolkit_type: 'remote', remote: { url: upstream.url } })).id
  const remoteTools = ((await (await app.api(`/toolkits/${remoteId}`)).json()) as { tools: unknown[] }).tools.length
  total = 230 + remoteTools
  serverId = (await post('/servers', { name: 'phone check', toolkits: [{ toolkit_id: kit.id }] })).data.id
  await post('/resources', {
    server_id: serverId,
    name: 'Readme',
    uri: 'docs://readme',
    resource_type: 'static',
    content: 'x',
  })
  await post('/prompts', { name: 'review', template: 'Review {{code}}', arguments: [{ name: 'code', required: true }] })
  ;({ browser, page } = await launch())
  await signIn(page, app.base, app.apiKey)
}, 60_000)

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  await upstream?.stop()
}, 30_000)

test('the Tools page counts every tool and pages past 200', async () => {
  await page.click('header >> text=Tools')
  expect(await countText()).toBe(`1–50 of ${total} tools`)
  expect(await page.locator('table tr').count()).toBe(51)
  for (let i = 0; i < 4; i++) await page.click('.pager .next')
  expect(await countText()).toBe(`201–${Math.min(250, total)} of ${total} tools`)
  expect(await page.textContent('main')).toContain('tool_229')
  expect(await page.locator('.pager .next').count()).toBe(0)
  await shot(page, 'tools-paged')
})

test('search narrows the list and keeps the words in the box', async () => {
  await page.fill('.list-search', 'lucky seven')
  await page.click('.list-search-go')
  await page.waitForURL('**q=lucky+seven**')
  expect(await countText()).toBe(`1–23 of 23 matches for “lucky seven” among ${total} tools`)
  expect(await page.inputValue('.list-search')).toBe('lucky seven')
  await page.click('.list-bar >> text=Clear')
  expect(await countText()).toBe(`1–50 of ${total} tools`)
})

test('a toolkit page lists its tools and its sync status; Refresh says what changed', async () => {
  await page.click('header >> text=Toolkits')
  await page.fill('.list-search', 'weather')
  await page.click('.list-search-go')
  await page.click('a.toolkit-link >> text=weather')
  await page.waitForURL(`**/ui/toolkits/${remoteId}`)
  expect(await page.textContent('#sync-status .sync-state')).toBe('in sync')
  expect(await page.textContent('#sync-status')).toContain('weather-upstream 9.9.9')
  expect(await page.getAttribute('#sync-status time', 'title')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/)
  expect(await page.locator('.tool-name', { hasText: 'echo' }).count()).toBe(1)
  await page.click('#refresh-toolkit')
  await page.waitForSelector('#notice')
  expect(await page.textContent('#notice')).toMatch(/^Refreshed: \d+ added, \d+ updated, \d+ removed, \d+ unchanged\.$/)
  expect(page.url()).toEndWith(`/ui/toolkits/${remoteId}`)
  await shot(page, 'toolkit')
})

test('creates a credential of every kind, and OAuth client settings that make a Connect button', async () => {
  await page.click('header >> text=Credentials')
  const kinds: [string, (form: string) => Promise<void>][] = [
    ['api_key', (f) => page.fill(`${f} input[name=api_key]`, 'sk-browser-1')],
    [
      'basic',
      async (f) => {
        await page.fill(`${f} input[name=username]`, 'ada')
        await page.fill(`${f} input[name=password]`, 'pw-browser-2')
      },
    ],
    ['custom', (f) => page.fill(`${f} textarea[name=fields]`, 'X-Api-Token: tok-browser-3\nregion: eu')],
  ]
  for (const [kind, fill] of kinds) {
    const form = `#credential-${kind}`
    await page.fill(`${form} input[name=name]`, `browser-${kind}`)
    await fill(form)
    await page.click(`${form} button`)
    await page.waitForSelector('#notice')
    expect(await page.textContent('#notice')).toStartWith(`Added credential “browser-${kind}”`)
  }
  const names = await page.locator('.credential-name').allTextContents()
  expect(names).toEqual(expect.arrayContaining(['browser-api_key', 'browser-basic', 'browser-custom']))
  await page.fill('#oauth-settings input[name=id]', 'acme')
  await page.fill('#oauth-settings input[name=name]', 'Acme')
  await page.fill('#oauth-settings input[name=authorize_url]', 'https://auth.acme.test/authorize')
  await page.fill('#oauth-settings input[name=token_url]', 'https://auth.acme.test/token')
  await page.fill('#oauth-settings input[name=client_id]', 'acme-client')
  await page.fill('#oauth-settings input[name=client_secret]', 'acme-secret-4')
  await page.click('#save-oauth-settings')
  await page.waitForSelector('#notice')
  expect(await page.locator('button', { hasText: 'Connect with OAuth' }).count()).toBe(1)
  const html = await page.content()
  for (const secret of ['sk-browser-1', 'pw-browser-2', 'tok-browser-3', 'acme-secret-4'])
    expect(html).not.toContain(secret)
  await shot(page, 'credentials')
})

test('Delete asks first: Cancel keeps the record, the confirmation deletes it and says so', async () => {
  await page.click('header >> text=Credentials')
  const row = page.locator('tr', { hasText: 'browser-basic' })
  await row.locator('a.delete').click()
  await page.waitForSelector('.confirm')
  expect(await page.textContent('.confirm-name')).toBe('browser-basic')
  await shot(page, 'delete-confirm', false)
  await page.click('#cancel-delete')
  expect(await page.locator('.credential-name', { hasText: 'browser-basic' }).count()).toBe(1)
  await page.locator('tr', { hasText: 'browser-basic' }).locator('a.delete').click()
  await page.click('#confirm-delete')
  await page.waitForSelector('#notice')
  expect(await page.textContent('#notice')).toBe('Deleted credential “browser-basic”.')
  expect(await page.locator('.credential-name', { hasText: 'browser-basic' }).count()).toBe(0)
  // A tool on the Tools page goes the same way.
  await page.goto(`${app.base}/ui/tools?q=tool_229`)
  await page.click('tr:has-text("tool_229") a.delete')
  await page.click('#confirm-delete')
  await page.waitForSelector('#notice')
  expect(await page.textContent('#notice')).toBe('Deleted tool “tool_229”.')
  expect(await countText()).toBe(`1–50 of ${total - 1} tools`)
  await page.fill('.list-search', 'tool_229')
  await page.click('.list-search-go')
  await page.waitForSelector('text=No tool matches.')
})

test('a Copy button puts the server URL on the clipboard', async () => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.server.origin })
  await page.goto(`${app.base}/ui/servers/${serverId}`)
  const url = await page.textContent('.server-url')
  await page.click('.server button.copy')
  await page.waitForSelector('.server button.copy:text("Copied")')
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url!)
})

test('Read shows a resource, Try gets a prompt, through a server as an MCP client would', async () => {
  await page.goto(`${app.base}/ui/resources`)
  await page.click('tr:has-text("docs://readme") .read-resource')
  await page.waitForSelector('.resource-text')
  expect(await page.textContent('.resource-text')).toBe('x')
  await page.goto(`${app.base}/ui/prompts`)
  const row = page.locator('tr', { hasText: 'review' })
  await row.locator('summary:text("Try")').click()
  await row.locator('input[name="arg.code"]').fill('let x = 1')
  await row.locator('.get-prompt').click()
  await page.waitForSelector('.prompt-text')
  expect(await page.textContent('.prompt-text')).toBe('Review let x = 1')
})

test('relative times carry the exact time in their title and stay true while the page is open', async () => {
  const context = await browser.newContext()
  await context.addCookies(await page.context().cookies())
  const clockPage = await context.newPage()
  await clockPage.clock.install()
  await clockPage.goto(`${app.base}/ui/servers`)
  const time = clockPage.locator('.server time').first()
  expect(await time.textContent()).toBe('just now')
  expect(await time.getAttribute('title')).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/)
  await clockPage.clock.fastForward('03:05')
  expect(await time.textContent()).toBe('3 minutes ago')
  await context.close()
})

test('no page is wider than a 390 px phone', async () => {
  await page.setViewportSize({ width: 390, height: 844 })
  const paths = [
    'overview',
    'servers',
    `servers/${serverId}`,
    'toolkits',
    `toolkits/${remoteId}`,
    'tools',
    'functions',
    'credentials',
    'providers',
    'resources',
    'prompts',
    'subscriptions',
    'calls',
    'keys',
    `delete/servers/${serverId}`,
  ]
  const wide: string[] = []
  for (const path of paths) {
    await page.goto(`${app.base}/ui/${path}`)
    await page.waitForLoadState('load')
    const width = await page.evaluate(() => document.documentElement.scrollWidth)
    if (width > 390) wide.push(`${path}: ${width}px`)
  }
  expect(wide).toEqual([])
  await page.goto(`${app.base}/ui/servers`)
  await shot(page, 'mobile-servers')
  await page.setViewportSize({ width: 1280, height: 860 })
})
