// The dashboard in a real browser (Debian's chromium driven by playwright-core): every page and form — the overview's
// charts, a server's page (attach, map a credential, detach, the playground calling a tool), toolkits, tools,
// functions (the CodeMirror editor, a TypeScript function whose syntax error is marked at its line), resources,
// prompts, keys with a role and servers, the live call log and its filters. Run with `npm run test:browser`; with
// TOOLYARD_SCREENSHOTS=1 it also rewrites docs/screenshots/*.png.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import type { Browser, Page } from 'playwright-core'
import { startTestApp, type TestApp } from '../test/helpers/app'
import { launch, shot, signIn, typeCode } from './browser'

let app: TestApp
let browser: Browser
let page: Page
let serverId: string
const GREET_SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', description: 'who to greet' },
    times: { type: 'integer' },
    loud: { type: 'boolean' },
  },
  required: ['name'],
}

// biome-ignore lint/suspicious/noExplicitAny: a test reads a few fields of each answer
async function post(path: string, body: unknown): Promise<Record<string, any>> {
  const res = await app.api(path, { body })
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
  return await res.json()
}

beforeAll(async () => {
  app = await startTestApp()
  await post('/functions', {
    name: 'greet',
    runtime: 'javascript',
    code: 'export default async (i, ctx) => { ctx.log("info", "greeting " + i.name); if (i.name === "fail") throw new Error("no"); return `Hello, ${i.name}${i.loud ? "!" : "."}` }',
  })
  const kit = await post('/toolkits', { name: 'greetings' })
  await post('/tools', {
    toolkit_id: kit.id,
    name: 'greet',
    description: 'greets someone',
    function_name: 'greet',
    input_schema: GREET_SCHEMA,
  })
  // A tool that uses the Acme credential, so mapping one to the toolkit is a mapping something sends.
  await post('/tools', {
    toolkit_id: kit.id,
    name: 'greet_acme',
    description: 'greets someone for Acme',
    function_name: 'greet',
    input_schema: GREET_SCHEMA,
    credential_provider: 'acme',
  })
  const server = await post('/servers', { name: 'logged', toolkits: [{ toolkit_id: kit.id }] })
  serverId = server.data.id
  await post('/providers', { id: 'acme', name: 'Acme', auth_type: 'api_key' }).catch(() => undefined)
  await post('/credentials', { name: 'acme-key', provider_id: 'acme', credential_data: { api_key: 'k-123' } }).catch(
    () => undefined,
  )
  // Calls for the overview's charts and the call log: some succeed, one fails.
  for (const name of ['Ada', 'Grace', 'fail'])
    await app.api('/tools/call', { body: { name: 'greet', server_id: serverId, arguments: { name } } })
  ;({ browser, page } = await launch())
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
})

test('a wrong key is refused; the right one signs in with an HttpOnly cookie and lands on the overview', async () => {
  await page.goto(`${app.base}/ui`)
  await page.fill('#key', 'tyk_wrong')
  await page.click('#sign-in')
  expect(await page.textContent('.flash')).toContain('not valid')
  await signIn(page, app.base, app.apiKey)
  const cookies = await page.context().cookies()
  expect(cookies.find((c) => c.name === 'toolyard_ui')).toMatchObject({ httpOnly: true, sameSite: 'Strict' })
  expect(await page.evaluate(() => document.cookie)).toBe('')
})

test('the overview draws calls, errors and p95 charts from the embedded uPlot, and lists slow and failing tools', async () => {
  const external: string[] = []
  page.on('request', (r) => {
    if (!r.url().startsWith(app.server.origin)) external.push(r.url())
  })
  await page.goto(`${app.base}/ui/overview?range=hour`)
  await page.waitForSelector('.chart .uplot canvas')
  expect(await page.locator('.chart .uplot').count()).toBe(6)
  expect(await page.textContent('#total-calls')).toBe('3')
  const main = (await page.textContent('main'))!
  expect(main).toContain('Slowest tools')
  expect(main).toContain('Most failing tools')
  expect(main).toContain('33 %')
  await page.click('text=Last week')
  await page.waitForURL('**range=week')
  await page.waitForSelector('.chart .uplot canvas')
  expect(external).toEqual([])
  await shot(page, 'overview')
})

test('creates a server and lands on its page with URL and client configs', async () => {
  await page.click('header >> text=Servers')
  await page.fill('input[name=name]', 'Browser demo')
  await page.click('#create-server')
  await page.waitForURL(/\/mcp\/ui\/servers\/[^/]+$/)
  expect(await page.textContent('.server-url')).toBe(`${app.base}/browser-demo`)
  await page.click('details summary')
  expect(await page.textContent('.server')).toContain('claude mcp add --transport http browser-demo')
  expect(await page.textContent('.server')).toContain('mcp-remote')
})

test('attaches a toolkit, maps a credential, and detaches it again', async () => {
  await page.selectOption('#attach-form select', { label: 'greetings (hosted)' })
  await page.click('#attach-toolkit')
  await page.waitForSelector('.attached-toolkit')
  expect(await page.textContent('main')).toContain('greets someone')
  await page.fill('input[name=provider]', 'acme')
  await page.selectOption('select[name=credential_id]', { label: 'acme-key (acme)' })
  await page.click('button:text-is("Map")')
  await page.waitForSelector('text=acme → acme-key')
  await page.click('.detach')
  await page.waitForSelector('text=No toolkits attached.')
})

test('the playground calls a tool through the protocol endpoint with a form made from its schema', async () => {
  await page.goto(`${app.base}/ui/servers/${serverId}`)
  await page.waitForSelector('#playground #arg-name')
  expect(await page.locator('#playground input[type=number]#arg-times').count()).toBe(1)
  expect(await page.locator('#playground input[type=checkbox]#arg-loud').count()).toBe(1)
  await page.fill('#arg-name', 'Playground')
  await page.check('#arg-loud')
  await page.click('#call-tool')
  await page.waitForSelector('.playground-result')
  expect(await page.textContent('.playground-result')).toContain('Hello, Playground!')
  expect(await page.textContent('.playground-logs')).toContain('greeting Playground')
  await shot(page, 'server')
})

test('creates a hosted toolkit', async () => {
  await page.click('header >> text=Toolkits')
  await page.fill('#hosted-form input[name=name]', 'made-in-ui')
  await page.click('#create-toolkit')
  await page.waitForSelector('text=made-in-ui')
  expect(await page.locator('.toolkit-type', { hasText: 'hosted' }).count()).toBeGreaterThanOrEqual(2)
  await shot(page, 'toolkits')
})

test('creates and edits a tool; a refused save keeps the form and shows the error in place', async () => {
  await page.click('header >> text=Tools')
  await page.selectOption('#new-tool select[name=toolkit_id]', { label: 'made-in-ui' })
  await page.fill('#new-tool input[name=name]', 'ui_tool')
  await page.fill('#new-tool input[name=description]', 'made in the dashboard')
  await page.fill('#new-tool textarea[name=input_schema]', '{"type": "object", oops')
  await page.click('#create-tool')
  await page.waitForSelector('.error-flash')
  expect(await page.textContent('.error-flash')).toContain('input_schema is not valid JSON')
  // Kept: what was typed is still there, and the navigation is still there to go elsewhere.
  expect(await page.inputValue('#new-tool input[name=name]')).toBe('ui_tool')
  expect(await page.inputValue('#new-tool textarea[name=input_schema]')).toBe('{"type": "object", oops')
  expect(await page.locator('header a').count()).toBeGreaterThan(5)
  await page.fill('#new-tool textarea[name=input_schema]', '{"type": "object"}')
  await page.click('#create-tool')
  await page.waitForSelector('code:text("ui_tool")')
  const row = page.locator('tr', { hasText: 'ui_tool' })
  await row.locator('summary').click()
  await row.locator('input[name=description]').fill('edited in the dashboard')
  await row.locator('text=Save tool').click()
  await page.waitForSelector('text=edited in the dashboard')
})

test('edits and runs a JavaScript function in the code editor', async () => {
  await page.click('header >> text=Functions')
  const card = page.locator('.function', { hasText: 'greet' })
  await card.locator('.cm-editor').waitFor()
  // A real editor: line numbers and highlighted tokens.
  expect(await card.locator('.cm-lineNumbers .cm-gutterElement').count()).toBeGreaterThan(1)
  await typeCode(
    page,
    '.function[data-runtime=javascript]',
    'export default async (i, ctx) => { ctx.log("info", "ran"); return `Hi, ${i.name}!` }',
  )
  await card.locator('.input').fill('{"name":"Ada"}')
  await card.locator('.run').click()
  await card.locator('.run-result .result').waitFor()
  expect(await card.locator('.run-result .result').textContent()).toContain('Hi, Ada!')
  expect(await card.locator('.run-result').textContent()).toContain('[info] ran')
})

test('a TypeScript function: created, shown in the editor, a syntax error marked at its line, then fixed', async () => {
  await page.fill('input[name=name]', 'typed')
  await page.selectOption('select[name=runtime]', 'typescript')
  await page.click('#create-function')
  const card = '.function[data-runtime=typescript]'
  await page.locator(`${card} .cm-editor`).waitFor()
  expect(await page.textContent(`${card} .cm-content`)).toContain('input: { name?: string }')
  expect(await page.locator(`${card} .save`).count()).toBe(1)
  // Line 3 is broken.
  await typeCode(
    page,
    card,
    'export default async (input: { name: string }) => {\n  const n: number = 1\n  return input.name +* n\n}',
  )
  await page.click(`${card} .save`)
  await page.waitForSelector('.error-flash')
  expect(await page.textContent('.error-flash')).toContain('line 3')
  await page.locator(`${card} .cm-lintRange-error`).waitFor()
  const markedLine = await page.$eval(`${card} .cm-lintRange-error`, (el) => {
    const line = el.closest('.cm-line')!
    return [...line.parentElement!.children].filter((c) => c.classList.contains('cm-line')).indexOf(line) + 1
  })
  expect(markedLine).toBe(3)
  expect(await page.locator(`${card} .cm-lint-marker-error`).count()).toBe(1)
  // The code typed is kept in the editor.
  expect(await page.textContent(`${card} .cm-content`)).toContain('+* n')
  await shot(page, 'functions')
  await typeCode(page, card, 'export default async (input: { name: string }): Promise<string> => `typed ${input.name}`')
  await page.click(`${card} .save`)
  await page.waitForURL('**/mcp/ui/functions')
  expect(await page.locator('.error-flash').count()).toBe(0)
  await page.fill(`${card} .input`, '{"name":"TS"}')
  await page.click(`${card} .run`)
  await page.waitForSelector(`${card} .run-result .result`)
  expect(await page.textContent(`${card} .run-result .result`)).toContain('typed TS')
})

test('creates and edits a resource: its type and its server by name', async () => {
  await page.click('header >> text=Resources')
  await page.selectOption('select[name=server_id]', { label: 'logged' })
  await page.fill('input[name=name]', 'Readme')
  await page.fill('input[name=uri]', 'docs://readme')
  await page.selectOption('select[name=resource_type]', 'static')
  await page.fill('textarea[name=source]', '# Hello')
  await page.click('#create-resource')
  await page.waitForSelector('.resource-type')
  expect(await page.textContent('.resource-type')).toBe('static')
  expect(await page.textContent('td .server-name')).toBe('logged')
  const row = page.locator('tr', { hasText: 'docs://readme' })
  await row.locator('summary').click()
  await row.locator('input[name=name]').fill('Read me first')
  await row.locator('text=Save resource').click()
  await page.waitForSelector('td:text("Read me first")')
})

test('creates and edits a prompt with its server by name', async () => {
  await page.click('header >> text=Prompts')
  await page.fill('#new-prompt input[name=name]', 'review')
  await page.fill('#new-prompt input[name=arguments]', 'code, style?')
  await page.fill('#new-prompt textarea[name=template]', 'Review {{code}}')
  await page.selectOption('#new-prompt select[name=server_id]', { label: 'logged' })
  await page.click('#create-prompt')
  await page.waitForSelector('td .server-name')
  expect(await page.textContent('td .server-name')).toBe('logged')
  const row = page.locator('tr', { hasText: 'review' })
  await row.locator('summary:text("Edit")').click()
  await row.locator('input[name=description]').fill('Reviews code')
  await row.locator('text=Save prompt').click()
  await page.waitForSelector('td:text("Reviews code")')
})

test('makes an mcp key limited to one server', async () => {
  await page.click('header >> text=Keys')
  await page.fill('input[name=name]', 'client-key')
  await page.selectOption('#key-role', 'mcp')
  await page.check('input[name=server_ids] >> nth=0')
  await page.click('#create-key')
  await page.waitForSelector('#new-key')
  expect(await page.textContent('#new-key')).toMatch(/^tyk_/)
  const row = page.locator('tr', { hasText: 'client-key' })
  expect(await row.textContent()).toContain('mcp')
  expect(await row.textContent()).toContain('logged')
})

test('the call log updates by itself and filters by server, tool and outcome', async () => {
  await page.click('header >> text=Call log')
  await page.waitForSelector('#call-rows table')
  const before = await page.locator('#call-rows tr').count()
  await app.api('/tools/call', { body: { name: 'greet', server_id: serverId, arguments: { name: 'Live' } } })
  // No reload: the rows poll.
  await page.waitForFunction((n) => document.querySelectorAll('#call-rows tr').length > n, before, { timeout: 15_000 })
  expect(await page.textContent('#call-rows')).toContain('logged')
  await page.selectOption('select[name=outcome]', 'error')
  await page.selectOption('.filters select[name=server_id]', { label: 'logged' })
  await page.fill('.filters input[name=tool]', 'greet')
  await page.click('#filter-calls')
  await page.waitForURL('**outcome=error**')
  const rows = await page.locator('#call-rows tr').count()
  expect(rows).toBe(2) // header + the one failed call
  expect(await page.textContent('#call-rows')).toContain('error')
  await shot(page, 'call-log')
})

test('credentials and subscriptions pages render', async () => {
  await page.click('header >> text=Credentials')
  expect(await page.textContent('main')).toContain('acme-key')
  await page.click('header >> text=Subscriptions')
  expect(await page.textContent('main')).toContain('No subscriptions yet.')
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
  await shot(page, 'docs', false)
})
