// The Toolkits page's two import forms in a real browser: registering a remote MCP server (a real SDK McpServer on
// 127.0.0.1, Streamable HTTP) and importing an OpenAPI document with the dry-run plan shown before the import.
// Not part of `npm run test:browser` yet: it needs the remote-toolkit and OpenAPI-import APIs (docs/decisions.md,
// "Dashboard, third round"). Run alone with `bun test ./test-browser/toolkit-import.browser.ts`.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'
import type { Browser, Page } from 'playwright-core'
import { z } from 'zod'
import { startTestApp, type TestApp } from '../test/helpers/app'
import { launch, shot, signIn } from './browser'

let app: TestApp
let browser: Browser
let page: Page
let upstream: ReturnType<typeof Bun.serve>
let api: ReturnType<typeof Bun.serve>

/** A stateless upstream MCP server: a fresh server and transport per request, one tool. */
function upstreamServer() {
  return Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(request) {
      const server = new McpServer({ name: 'upstream', version: '1.0.0' })
      server.registerTool(
        'search_code',
        { description: 'searches code', inputSchema: { q: z.string() } },
        async ({ q }) => ({ content: [{ type: 'text', text: `found ${q}` }] }),
      )
      const transport = new WebStandardStreamableHTTPServerTransport({
        sessionIdGenerator: undefined,
        enableJsonResponse: true,
      })
      await server.connect(transport)
      return transport.handleRequest(request)
    },
  })
}

/** The API the OpenAPI document describes (answers GET /pets). */
function petsApi() {
  return Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: () => Response.json([{ id: 1, name: 'Rex' }]),
  })
}

const spec = (base: string) =>
  JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Pets', version: '1.0.0' },
    servers: [{ url: base }],
    paths: {
      '/pets': {
        get: {
          operationId: 'listPets',
          tags: ['pets'],
          summary: 'List pets',
          responses: { 200: { description: 'ok' } },
        },
        post: {
          operationId: 'addPet',
          tags: ['admin'],
          summary: 'Add a pet',
          responses: { 201: { description: 'ok' } },
        },
      },
    },
  })

beforeAll(async () => {
  upstream = upstreamServer()
  api = petsApi()
  app = await startTestApp()
  ;({ browser, page } = await launch())
  await signIn(page, app.base, app.apiKey)
})

afterAll(async () => {
  await browser?.close()
  await app?.stop()
  upstream?.stop(true)
  api?.stop(true)
})

test('registers a remote MCP server: its tools are listed with the prefix, and Refresh answers', async () => {
  await page.goto(`${app.base}/ui/toolkits`)
  await page.fill('#remote-form input[name=name]', 'upstream')
  await page.fill('#remote-form input[name=url]', `http://127.0.0.1:${upstream.port}/mcp`)
  await page.selectOption('#remote-form select[name=transport]', 'streamable_http')
  await page.fill('#remote-form input[name=prefix]', 'up_')
  await page.click('#register-remote')
  await page.waitForURL('**/mcp/ui/toolkits')
  expect(await page.locator('.error-flash').count()).toBe(0)
  const row = page.locator('tr', { hasText: 'upstream' })
  expect(await row.locator('.toolkit-type').textContent()).toBe('remote')
  await row.locator('text=Refresh').click()
  await page.waitForURL('**/mcp/ui/toolkits')
  await page.click('header >> text=Tools')
  await page.waitForSelector('code:text("up_search_code")')
})

test('an unreachable remote server is refused in place, the form kept', async () => {
  await page.goto(`${app.base}/ui/toolkits`)
  await page.fill('#remote-form input[name=name]', 'nowhere')
  await page.fill('#remote-form input[name=url]', 'http://127.0.0.1:1/mcp')
  await page.click('#register-remote')
  await page.waitForSelector('.error-flash')
  expect(await page.inputValue('#remote-form input[name=url]')).toBe('http://127.0.0.1:1/mcp')
})

test('imports an OpenAPI document: the dry-run plan first, then the import', async () => {
  await page.goto(`${app.base}/ui/toolkits`)
  await page.fill('#openapi-form input[name=name]', 'pets')
  await page.fill('#openapi-form textarea[name=spec]', spec(`http://127.0.0.1:${api.port}`))
  await page.fill('#openapi-form input[name=tags]', 'pets')
  await page.click('#preview-openapi')
  await page.waitForSelector('#openapi-plan .plan')
  const plan = (await page.textContent('#openapi-plan'))!
  expect(plan).toContain('listPets')
  expect(plan).not.toContain('addPet')
  // Nothing was written by the preview.
  const before = (await (await app.api('/toolkits')).json()) as { toolkits: { name: string }[] }
  expect(before.toolkits.map((k) => k.name)).not.toContain('pets')
  await shot(page, 'openapi-import')
  await page.click('#import-openapi')
  await page.waitForURL('**/mcp/ui/toolkits')
  const row = page.locator('tr', { hasText: 'pets' })
  expect(await row.locator('.toolkit-type').textContent()).toBe('openapi')
  await page.click('header >> text=Tools')
  await page.waitForSelector('code:text("listPets")')
})
