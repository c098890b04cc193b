// Shared by the browser tests: Debian's chromium through playwright-core, and screenshots written to
// docs/screenshots/ only when TOOLYARD_SCREENSHOTS=1 (so a test run leaves the tree clean: docs/decisions/README.md,
// "Test tiers").
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { type Browser, chromium, type Page } from 'playwright-core'
import { ROOT } from '../test/helpers/app'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const SHOTS = join(ROOT, 'docs/screenshots')
const WRITE_SHOTS = process.env.TOOLYARD_SCREENSHOTS === '1'

export async function launch(): Promise<{ browser: Browser; page: Page }> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install chromium`)
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  })
  const page = await browser.newPage({ viewport: { width: 1280, height: 860 } })
  // Fail a step well within the test's own timeout, so one failure does not take the browser down with it.
  page.setDefaultTimeout(10_000)
  return { browser, page }
}

/** Saves the page as docs/screenshots/{name}.png when TOOLYARD_SCREENSHOTS=1; otherwise does nothing. */
export async function shot(page: Page, name: string, fullPage = true) {
  if (WRITE_SHOTS) await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage })
}

/** Signs in with `key` and waits for the overview. */
export async function signIn(page: Page, base: string, key: string) {
  await page.goto(`${base}/ui`)
  await page.fill('#key', key)
  await page.click('#sign-in')
  await page.waitForURL('**/mcp/ui/overview')
}

/** Replaces the CodeMirror editor's text after `scope` (the editor of that card) with `code`. */
export async function typeCode(page: Page, scope: string, code: string) {
  await page.click(`${scope} .cm-content`)
  await page.keyboard.press('Control+A')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(code)
}
