// One server never lists two tools with one name: a person's act that would (attaching a toolkit) is refused with 409
// naming both toolkits; an upstream's re-list that does (it adds a tool named like a trusted one) cannot be refused,
// so the tool that was there first keeps the name and the newcomer is held back (not listed, searched or called) and
// reported in the toolkit's sync status until the first goes away (docs/decisions/0111-one-name-one-tool.md).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { applyProjectFile } from '../../src/modules/project-file/apply'
import { readProjectFile } from '../../src/modules/project-file/format'
import { call, createServer, expectError, json } from '../helpers/api'
import { startTestApp, type TestApp, tempDirs } from '../helpers/app'
import { connectClient } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'
import { startUpstream, type Upstream } from '../helpers/upstream-mcp'

const TRUSTED = 'prebuilt-utilities.http_request'

let app: TestApp
let upstream: Upstream
/** What the trusted http_request reaches: a local page only it would fetch. */
let page: ReturnType<typeof Bun.serve>
beforeAll(async () => {
  app = await startTestApp()
  upstream = await startUpstream({ transport: 'streamable_http' })
  page = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('fetched by the trusted tool') })
})
afterAll(async () => {
  await app.stop()
  await upstream.stop()
  page.stop(true)
})

const textOf = (r: unknown) =>
  ((r as { content: { type: string; text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n')

const listedNames = async (client: Client) => (await client.listTools()).tools.map((t) => t.name)

describe('names on one server', () => {
  let kit: { id: string; name: string }
  let server: { id: string; slug: string }

  test('attaching a toolkit that brings a tool name already on the server → 409 naming both toolkits', async () => {
    kit = await json(
      await app.api('/toolkits', {
        body: {
          name: 'shadow-up',
          toolkit_type: 'remote',
          remote: { url: upstream.url, refresh_interval_s: 0 },
          review_changes: false,
        },
      }),
      201,
    )
    server = await createServer(app, { name: 'shadowed', toolkits: [{ toolkit_id: kit.id }] })
    // The upstream lists `echo`, and so does the pre-built utilities toolkit.
    const refused = await call(app, `/servers/${server.id}`, {
      method: 'PATCH',
      body: { toolkits: [{ toolkit_id: kit.id }, { toolkit_id: 'prebuilt-utilities' }] },
    })
    expect(refused.status).toBe(409)
    expectError(refused.body, 'conflict', '"echo"')
    expect(refused.body.error).toContain('"shadow-up"')
    expect(refused.body.error).toContain('"utilities"')
    const detail = (await json(await app.api(`/servers/${server.id}`), 200)).data
    expect(detail.toolkits.map((k: { toolkit_id: string }) => k.toolkit_id)).toEqual([kit.id])
  })

  test("an upstream re-list that adds a trusted tool's name is held back; the trusted tool still answers", async () => {
    await json(await app.api(`/servers/${server.id}/tools`, { body: { tool_ids: [TRUSTED] } }), 200)
    const { client } = await connectClient(app, server.slug)
    let heard = 0
    client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
      heard++
    })
    expect((await listedNames(client)).filter((n) => n === 'http_request')).toHaveLength(1)

    upstream.addTool('http_request')
    await waitFor(
      'the re-list stored the newcomer',
      async () =>
        (await json(await app.api(`/toolkits/${kit.id}`), 200)).tools.some(
          (t: { name: string }) => t.name === 'http_request',
        ),
      { timeoutMs: 5000 },
    )
    await waitFor('list_changed downstream', () => heard > 0, { timeoutMs: 5000 })

    const listed = (await client.listTools()).tools.filter((t) => t.name === 'http_request')
    expect(listed).toHaveLength(1)
    expect(listed[0]!.title).toBe('HTTP request')
    const answer = await client.callTool({ name: 'http_request', arguments: { url: page.url.href } })
    expect(textOf(answer)).toContain('fetched by the trusted tool')

    const found = await json(await app.api(`/servers/${server.id}/tools/search?q=http%20request`), 200)
    expect(found.data.tools.filter((t: { name: string }) => t.name === 'http_request')).toEqual([
      expect.objectContaining({ id: TRUSTED }),
    ])

    const status = await json(await app.api(`/toolkits/${kit.id}`), 200)
    const newcomer = status.tools.find((t: { name: string }) => t.name === 'http_request')
    expect(status.name_collisions).toEqual([
      {
        server_id: server.id,
        name: 'http_request',
        tool_id: newcomer.id,
        held_by: { tool_id: TRUSTED, toolkit_id: 'prebuilt-utilities', toolkit_name: 'utilities' },
      },
    ])
    const detail = (await json(await app.api(`/servers/${server.id}`), 200)).data
    expect(detail.held_back).toEqual([
      {
        id: newcomer.id,
        name: 'http_request',
        toolkit_id: kit.id,
        held_by: { tool_id: TRUSTED, toolkit_id: 'prebuilt-utilities' },
      },
    ])
    expect(detail.tools.filter((t: { name: string }) => t.name === 'http_request')).toHaveLength(1)
    await client.close()
  })

  test("the dashboard's toolkits and server pages say which name was held back on which server", async () => {
    const signIn = await fetch(`${app.base}/ui/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: app.server.origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: `key=${encodeURIComponent(app.apiKey)}`,
    })
    const cookie = signIn.headers.get('set-cookie')!.split(';')[0]!
    const page = async (path: string) => (await fetch(`${app.base}${path}`, { headers: { cookie } })).text()
    const toolkits = await page('/ui/toolkits')
    expect(toolkits).toContain('name-collision')
    expect(toolkits).toContain('"http_request" held back on')
    expect(toolkits).toContain('>shadowed</a>: toolkit utilities has that name there')
    // The toolkit's own page lists its held-back names, with the server by name.
    const kitPage = await page(`/ui/toolkits/${kit.id}`)
    expect(kitPage).toContain('id="held-back-names"')
    expect(kitPage).toMatch(
      /<code>http_request<\/code><\/td>\s*<td><a href="\/mcp\/ui\/servers\/[^"]+">shadowed<\/a><\/td>\s*<td>utilities<\/td>/,
    )
    const serverPage = await page(`/ui/servers/${server.id}`)
    expect(serverPage).toContain('held-back')
    expect(serverPage).toMatch(/<code>http_request<\/code><\/td>\s*<td>shadow-up<\/td>\s*<td>utilities<\/td>/)
  })

  test('a manual sync keeps the first tool too, and once it goes the held-back tool appears by itself', async () => {
    expect(await json(await app.api(`/toolkits/${kit.id}/refresh`, { method: 'POST' }), 200)).toMatchObject({
      added: 0,
      removed: 0,
    })
    const { client } = await connectClient(app, server.slug)
    const trusted = await client.callTool({ name: 'http_request', arguments: { url: page.url.href } })
    expect(textOf(trusted)).toContain('fetched by the trusted tool')

    await json(await app.api(`/servers/${server.id}/tools`, { method: 'DELETE', body: { tool_ids: [TRUSTED] } }), 200)
    expect((await listedNames(client)).filter((n) => n === 'http_request')).toHaveLength(1)
    const upstreams = await client.callTool({ name: 'http_request', arguments: {} })
    expect(textOf(upstreams)).toBe('http_request')
    expect((await json(await app.api(`/toolkits/${kit.id}`), 200)).name_collisions).toEqual([])
    expect((await json(await app.api(`/servers/${server.id}`), 200)).data.held_back).toEqual([])
    await client.close()
  })
})

describe('a person pointing a remote toolkit at names the server has', () => {
  const dir = tempDirs('toolyard-names-file-')()
  const apply = (prefix: string) => {
    const path = join(dir, `names-${prefix || 'none'}.yaml`)
    writeFileSync(
      path,
      `project: names-file
toolkits:
  - name: upstream
    toolkit_type: remote
    remote: { url: ${upstream.url}, prefix: "${prefix}", refresh_interval_s: 0 }
servers:
  - name: with-utilities
    toolkits: [utilities, upstream]
`,
    )
    return applyProjectFile(app.server.deps, readProjectFile(path), {
      path,
      projectName: 'names-file',
      dryRun: false,
      prune: false,
      env: {},
    })
  }

  test('a prefix change in the project file that would clash is refused (409 naming both toolkits), not held back', async () => {
    await apply('up_')
    const error = await apply('').then(
      () => undefined,
      (e: Error) => e.message,
    )
    expect(error).toContain('"echo"')
    expect(error).toContain('"utilities"')
    expect(error).toContain('"upstream"')
    const projectId = (await app.server.deps.projects.projectByName('names-file'))!.id
    const kit = (await app.server.deps.toolkits.list(projectId, 200)).toolkits.find((k) => k.name === 'upstream')!
    const names = (await app.server.deps.toolkits.get(projectId, kit.id)).tools.map((t) => t.name)
    expect(names).toContain('up_echo')
    expect(names).not.toContain('echo')
  })
})
