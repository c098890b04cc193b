// The dashboard in a real browser (Debian's chromium driven by playwright-core): sign in, create a server, run a
// function, read the call log. Run with `npm run test:browser` (not `bun test`); with TOOLYARD_SCREENSHOTS=1 it also
// rewrites the tracked docs/screenshots/*.png (only when asked, so a test run leaves the tree clean: docs/decisions.md,
// "Test tiers").
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import { ROOT, startTestApp, type TestApp } from '../test/helpers/app'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const SHOTS = join(ROOT, 'docs/screenshots')
const WRITE_SHOTS = process.env.TOOLYARD_SCREENSHOTS === '1'

/** Saves the page as docs/screenshots/{name}.png when TOOLYARD_SCREENSHOTS=1; otherwise does nothing. */
async function shot(name: string, fullPage = true) {
  if (WRITE_SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage })
}

let app: TestApp
let browser: Browser
let page: Page

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`)
  app = await startTestApp()
  // A tool call so the call log has something to show.
  await app.api('/functions', {
    body: { name: 'greet', runtime: 'javascript', code: 'export default async (i) => `Hello, ${i.name}!`' },
  })
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  })
  page = await browser.newPage({ viewport: { width: 1200, height: 800 } })
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

test('a wrong key is refused; the right one signs in with an HttpOnly cookie', async () => {
  await page.goto(`${app.base}/ui`)
  await page.fill('#key', 'tyk_wrong')
  await page.click('#sign-in')
  expect(await page.textContent('.flash')).toContain('not valid')
  await page.fill('#key', app.apiKey)
  await page.click('#sign-in')
  await page.waitForURL('**/mcp/ui/servers')
  const cookies = await page.context().cookies()
  expect(cookies.find((c) => c.name === 'toolyard_ui')).toMatchObject({ httpOnly: true, sameSite: 'Strict' })
  // Script cannot read the session.
  expect(await page.evaluate(() => document.cookie)).toBe('')
})

test('creates a server and shows its URL and client configs', async () => {
  await page.fill('input[name=name]', 'Browser demo')
  await page.click('#create-server')
  await page.waitForSelector('.server-url')
  expect(await page.textContent('.server-url')).toBe(`${app.base}/browser-demo`)
  await page.click('details summary')
  expect(await page.textContent('.server')).toContain('claude mcp add --transport http browser-demo')
  await shot('servers')
})

test('edits and runs a function with the Run button', async () => {
  await page.click('text=Functions')
  await page.waitForSelector('.function')
  await page.fill(
    '.function textarea',
    'export default async (i, ctx) => { ctx.log("info", "ran"); return `Hi, ${i.name}!` }',
  )
  await page.fill('.function .input', '{"name":"Ada"}')
  await page.click('.function .run')
  await page.waitForSelector('.run-result .result')
  expect(await page.textContent('.run-result .result')).toContain('Hi, Ada!')
  expect(await page.textContent('.run-result')).toContain('[info] ran')
  await shot('functions')
})

test('reads the call log', async () => {
  const kit = (await (await app.api('/toolkits', { body: { name: 'bkit' } })).json()) as { id: string }
  await app.api('/tools', {
    body: {
      toolkit_id: kit.id,
      name: 'greet',
      description: 'greets',
      function_name: 'greet',
      input_schema: { type: 'object' },
    },
  })
  const server = (await (
    await app.api('/servers', { body: { name: 'logged', toolkits: [{ toolkit_id: kit.id }] } })
  ).json()) as {
    data: { id: string }
  }
  await app.api('/tools/call', { body: { name: 'greet', server_id: server.data.id, arguments: { name: 'Grace' } } })
  await page.click('text=Call log')
  await page.waitForSelector('table')
  const text = await page.textContent('main')
  expect(text).toContain('greet')
  expect(text).toContain('ok')
  await shot('call-log')
})

test('the API reference renders from openapi.json without network access to a CDN', async () => {
  const external: string[] = []
  page.on('request', (r) => {
    if (!r.url().startsWith(app.server.origin)) external.push(r.url())
  })
  await page.goto(`${app.base}/docs`)
  await page.waitForSelector('details.op')
  expect(await page.textContent('main')).toContain('/mcp/calls')
  expect(external).toEqual([])
  await shot('docs', false)
})
