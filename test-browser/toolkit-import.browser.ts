// The Toolkits page's two import forms in a real browser: registering a remote MCP server (a real SDK McpServer on
// 127.0.0.1, Streamable HTTP) and importing an OpenAPI document with the dry-run plan shown before the import; an
// OpenAPI toolkit's import settings and its "Reimport from URL"; and a server's tool discovery edited on its page.
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

/** Whether the served document has grown a third operation (a later version of the API). */
let documentVersion = 1

/** The API the OpenAPI document describes (answers GET /pets), serving its own document at /openapi.json. */
function petsApi() {
  return Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch: (request) => {
      if (new URL(request.url).pathname !== '/openapi.json') return Response.json([{ id: 1, name: 'Rex' }])
      const doc = JSON.parse(spec(`http://127.0.0.1:${api.port}`))
      if (documentVersion === 2)
        doc.paths['/pets/{id}'] = {
          get: {
            operationId: 'getPet',
            tags: ['pets'],
            parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
            responses: { 200: { description: 'ok' } },
          },
        }
      return Response.json(doc)
    },
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
  // The new toolkit's own page: what was made, its sync status and its tools.
  await page.waitForURL('**/mcp/ui/toolkits/*')
  expect(await page.locator('.error-flash').count()).toBe(0)
  expect(await page.textContent('#notice')).toBe('Registered remote toolkit “upstream”.')
  expect(await page.textContent('.toolkit-type')).toBe('remote')
  expect(await page.textContent('#sync-status .sync-state')).toBe('in sync')
  await page.click('#refresh-toolkit')
  await page.waitForSelector('#notice')
  expect(await page.textContent('#notice')).toBe('Refreshed: 0 added, 0 updated, 0 removed, 1 unchanged.')
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
  await page.waitForURL('**/mcp/ui/toolkits/*')
  expect(await page.textContent('#notice')).toBe('Imported “pets”: 1 tool(s).')
  expect(await page.textContent('.toolkit-type')).toBe('openapi')
  await page.click('header >> text=Tools')
  await page.waitForSelector('code:text("listPets")')
})

test('an OpenAPI toolkit from a URL shows its import settings, and "Reimport from URL" reports what changed', async () => {
  await page.goto(`${app.base}/ui/toolkits`)
  await page.fill('#openapi-form input[name=name]', 'pets-url')
  await page.fill('#openapi-form input[name=spec_url]', `http://127.0.0.1:${api.port}/openapi.json`)
  await page.fill('#openapi-form input[name=tags]', 'pets')
  // Re-imports apply at once (no review): this test is about what a re-import reports.
  await page.check('#openapi-form input[name=no_review]')
  await page.click('#import-openapi')
  await page.waitForURL('**/mcp/ui/toolkits/*')
  await page.goto(`${app.base}/ui/toolkits`)
  const row = page.locator('tr', { has: page.locator('.openapi-toolkit', { hasText: 'pets-url' }) })
  expect(await row.locator('.openapi-source').textContent()).toBe(`http://127.0.0.1:${api.port}/openapi.json`)
  expect(await row.locator('.openapi-counts').textContent()).toBe('1 of 2 operations')
  expect(await row.textContent()).toContain('tags: pets')

  documentVersion = 2
  await row.locator('button.reimport').click()
  await page.waitForSelector('#notice')
  expect(await page.textContent('#notice')).toBe('Re-imported pets-url: 1 added, 0 updated, 0 removed.')
  const after = page.locator('tr', { has: page.locator('.openapi-toolkit', { hasText: 'pets-url' }) })
  expect(await after.locator('.openapi-counts').textContent()).toBe('2 of 3 operations')
  await shot(page, 'openapi-reimport')

  // The inline document imported earlier has no URL to re-import from: the page says so instead of a button.
  const inline = page.locator('tr', { has: page.locator('.openapi-toolkit', { hasText: /^pets$/ }) })
  expect(await inline.locator('.openapi-source').textContent()).toBe('inline')
  expect(await inline.locator('button.reimport').count()).toBe(0)
})

test("a server's tool discovery is shown and edited on its page", async () => {
  const list = (await (await app.api('/toolkits')).json()) as { toolkits: { id: string; name: string }[] }
  const kit = list.toolkits.find((k) => k.name === 'pets-url')!
  const created = (await (
    await app.api('/servers', { body: { name: 'discovering', toolkits: [{ toolkit_id: kit.id }] } })
  ).json()) as { data: { id: string } }
  const id = created.data.id
  await page.goto(`${app.base}/ui/servers/${id}`)
  expect(await page.textContent('#discovery-state')).toContain('off: tools/list shows all 2 tools')
  await page.selectOption('#discovery-mode', 'always')
  await page.fill('#discovery-pinned', 'listPets')
  await page.click('#save-discovery')
  await page.waitForURL(`**/mcp/ui/servers/${id}`)
  expect(await page.textContent('#discovery-state')).toContain('on: tools/list shows 1 pinned tool(s)')
  const server = (await (await app.api(`/servers/${id}`)).json()) as { data: { tool_discovery: unknown } }
  expect(server.data.tool_discovery).toEqual({ mode: 'always', threshold: 40, pinned: ['listPets'] })

  // A value the API refuses (a threshold over its maximum: 400) is shown above the form with the values kept.
  await page.selectOption('#discovery-mode', 'auto')
  await page.fill('#discovery-threshold', '2000000')
  await page.click('#save-discovery')
  await page.waitForSelector('.card:has(#discovery-form) .error-flash')
  expect(await page.inputValue('#discovery-threshold')).toBe('2000000')
  const unchanged = (await (await app.api(`/servers/${id}`)).json()) as { data: { tool_discovery: unknown } }
  expect(unchanged.data.tool_discovery).toEqual({ mode: 'always', threshold: 40, pinned: ['listPets'] })
  await shot(page, 'server-discovery')
})
