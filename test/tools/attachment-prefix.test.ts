// Names on one server: a toolkit attached with a `prefix` lists its tools as `<prefix>_<name>`, and a pre-built
// toolkit of a service carries its service name as the default, so every pre-built toolkit fits on one server
// (docs/decisions/0211-attachment-prefix.md).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { openApiCatalog } from '../../src/catalog/openapi-catalog'
import { call, createFunction, createServer, createTool, createToolkit, json, serverDetail } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { startRecorder } from '../helpers/http-recorder'
import { connectClient } from '../helpers/mcp'

const upstream = startRecorder(() => Response.json({ number: 7, html_url: 'https://github.example/o/r/issues/7' }))
let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
  for (const [name, answer] of [
    ['answers_sales', 'sales'],
    ['answers_crm', 'crm'],
  ])
    await createFunction(app, { name, runtime: 'javascript', code: `export default async () => "from ${answer}"` })
})
afterAll(() => app.stop())

/** Every toolkit of the catalog (functions and OpenAPI services), as GET /toolkits lists them. */
async function prebuiltToolkits(): Promise<{ id: string; name: string; provider?: string }[]> {
  const { toolkits } = await json(await app.api('/toolkits?limit=200'), 200)
  return toolkits.filter((k: { toolkit_type: string }) => k.toolkit_type === 'prebuilt')
}

async function listedNames(slug: string): Promise<string[]> {
  const { client } = await connectClient(app, slug)
  try {
    // Every page: a server of every pre-built toolkit lists more than one page holds.
    const names: string[] = []
    let cursor: string | undefined
    do {
      const page = await client.listTools(cursor ? { cursor } : {})
      names.push(...page.tools.map((t) => t.name))
      cursor = page.nextCursor
    } while (cursor)
    return names
  } finally {
    await client.close()
  }
}

/** A hosted toolkit with one tool `lookup` whose function says which toolkit answered. */
async function lookupKit(name: string, fn: string) {
  const kit = await createToolkit(app, name)
  await createTool(app, { toolkit_id: kit.id, name: 'lookup', function_name: fn, description: `Look up in ${name}` })
  return kit
}

describe('pre-built toolkits on one server', () => {
  test('every pre-built toolkit attached to one server → 201; tools/list has no duplicate name, each under its service', async () => {
    const kits = await prebuiltToolkits()
    expect(kits.map((k) => k.id)).toEqual(expect.arrayContaining(openApiCatalog.map((s) => s.id)))
    const server = await createServer(app, { name: 'everything', toolkits: kits.map((k) => ({ toolkit_id: k.id })) })

    const names = await listedNames(server.slug)
    expect(new Set(names).size).toBe(names.length)
    // Each service's tools under its name (create_issue of GitHub, GitLab and Jira side by side); utilities names no
    // service and keeps its own.
    expect(names).toEqual(expect.arrayContaining(['github_create_issue', 'gitlab_create_issue', 'jira_create_issue']))
    const detail = await serverDetail(app, server.id)
    let total = 0
    for (const kit of kits) {
      const prefix = kit.provider ? kit.name.replaceAll('-', '_') : ''
      expect(detail.toolkits.find((a: { toolkit_id: string }) => a.toolkit_id === kit.id).prefix).toBe(prefix)
      const own = (await json(await app.api(`/toolkits/${kit.id}`), 200)).tools.map((t: { name: string }) => t.name)
      for (const name of own) expect(names).toContain(prefix ? `${prefix}_${name}` : name)
      total += own.length
    }
    expect(names.length).toBe(total)
    expect(names).toEqual(expect.arrayContaining(['echo', 'google_calendar_list_events']))
    expect(detail.held_back).toEqual([])
  })

  test('a call of github_create_issue reaches the GitHub toolkit’s tool (MCP and REST)', async () => {
    const credential = await json(
      await app.api('/credentials', {
        body: {
          name: 'gh',
          provider_id: 'github',
          credential_data: { access_token: 'gh-token', base_url: upstream.origin },
        },
      }),
      201,
    )
    const server = await createServer(app, {
      name: 'issues everywhere',
      toolkits: ['prebuilt-github', 'prebuilt-gitlab', 'prebuilt-jira'].map((toolkit_id) => ({
        toolkit_id,
        ...(toolkit_id === 'prebuilt-github' ? { credentials: { github: credential.id } } : {}),
      })),
    })
    const { client } = await connectClient(app, server.slug)
    try {
      const result = await client.callTool({
        name: 'github_create_issue',
        arguments: { owner: 'o', repo: 'r', body: { title: 'Names on one server' } },
      })
      expect(result.isError).toBe(false)
      expect(result.structuredContent).toMatchObject({ number: 7 })
    } finally {
      await client.close()
    }
    const request = upstream.last()
    expect(request.method).toBe('POST')
    expect(request.path).toBe('/repos/o/r/issues')
    expect(JSON.parse(request.body)).toEqual({ title: 'Names on one server' })
    expect(request.headers.authorization).toBe('Bearer gh-token')

    // REST names it the same way; the tool's own name is not on this server.
    const rest = await call(app, '/tools/call', {
      body: { name: 'github_get_repo', arguments: { owner: 'o', repo: 'r' }, server_id: server.id },
    })
    expect(rest.status).toBe(200)
    expect(upstream.last().path).toBe('/repos/o/r')
    const bare = await call(app, '/tools/call', {
      body: { name: 'create_issue', arguments: { owner: 'o', repo: 'r' }, server_id: server.id },
    })
    expect(bare.status).toBe(404)
  })

  test('an explicit empty prefix lists a pre-built toolkit under its own names, and a replace keeps it', async () => {
    const server = await createServer(app, {
      name: 'plain github',
      toolkits: [{ toolkit_id: 'prebuilt-github', prefix: '' }],
    })
    expect(await listedNames(server.slug)).toContain('create_issue')
    // Naming the toolkit again without a prefix (PATCH replaces the list) changes no tool's name.
    await json(
      await app.api(`/servers/${server.id}`, {
        method: 'PATCH',
        body: { toolkits: [{ toolkit_id: 'prebuilt-github' }, { toolkit_id: 'prebuilt-slack' }] },
      }),
      200,
    )
    const names = await listedNames(server.slug)
    expect(names).toContain('create_issue')
    expect(names).toContain('slack_post_message')
    expect(names).not.toContain('github_create_issue')
  })
})

describe('a prefix on an ordinary toolkit', () => {
  test('resolves the 409 (which names both toolkits and suggests prefix); calls, search and views use the prefixed name', async () => {
    const sales = await lookupKit('sales', 'answers_sales')
    const crm = await lookupKit('crm', 'answers_crm')
    const refused = await call(app, '/servers', {
      body: { name: 'clashing lookups', toolkits: [{ toolkit_id: sales.id }, { toolkit_id: crm.id }] },
    })
    expect(refused.status).toBe(409)
    expect(refused.body.error).toContain('"sales"')
    expect(refused.body.error).toContain('"crm"')
    expect(refused.body.error).toContain('"prefix"')

    const server = await createServer(app, {
      name: 'two lookups',
      toolkits: [{ toolkit_id: sales.id }, { toolkit_id: crm.id, prefix: 'crm' }],
    })
    expect(await listedNames(server.slug)).toEqual(['crm_lookup', 'lookup'])
    const detail = await serverDetail(app, server.id)
    expect(detail.tools.map((t: { name: string }) => t.name)).toEqual(['crm_lookup', 'lookup'])
    expect(detail.toolkits.map((a: { prefix: string }) => a.prefix)).toEqual(['', 'crm'])

    const viaCrm = await call(app, '/tools/call', { body: { name: 'crm_lookup', arguments: {}, server_id: server.id } })
    expect(viaCrm.body.content[0].text).toBe('from crm')
    const viaSales = await call(app, '/tools/call', { body: { name: 'lookup', arguments: {}, server_id: server.id } })
    expect(viaSales.body.content[0].text).toBe('from sales')
    // Without server_id the project-wide name finds it too.
    const anywhere = await call(app, '/tools/call', { body: { name: 'crm_lookup', arguments: {} } })
    expect(anywhere.body.content[0].text).toBe('from crm')
    const listed = await call(app, '/tools/list', { body: { server_id: server.id } })
    expect(listed.body.tools.map((t: { name: string }) => t.name)).toEqual(['crm_lookup', 'lookup'])

    const found = await call(app, `/servers/${server.id}/tools/search?q=${encodeURIComponent('look up in crm')}`)
    expect(found.status).toBe(200)
    expect(found.body.data.tools.map((t: { name: string }) => t.name)).toContain('crm_lookup')
    expect(found.body.data.tools.map((t: { name: string }) => t.name)).not.toContain('crm')
  })

  test('find_tools shows the prefixed name and call_tool of it reaches the tool', async () => {
    const sales = await lookupKit('sales-found', 'answers_sales')
    const crm = await lookupKit('crm-found', 'answers_crm')
    const server = await createServer(app, {
      name: 'found lookups',
      toolkits: [{ toolkit_id: sales.id }, { toolkit_id: crm.id, prefix: 'crm' }],
      tool_discovery: { mode: 'always' },
    })
    const { client } = await connectClient(app, server.slug)
    try {
      const found = await client.callTool({ name: 'find_tools', arguments: { query: 'look up in crm-found' } })
      expect(JSON.stringify(found)).toContain('crm_lookup')
      const called = await client.callTool({ name: 'call_tool', arguments: { name: 'crm_lookup', arguments: {} } })
      expect(JSON.stringify(called.content)).toContain('from crm')
    } finally {
      await client.close()
    }
  })

  test('a prefix that makes no valid tool name → 400 naming the field (POST and PATCH)', async () => {
    const kit = await createToolkit(app, 'prefix-checks')
    await createTool(app, { toolkit_id: kit.id, name: `lookup_${'x'.repeat(30)}`, function_name: 'answers_sales' })
    const badChars = await call(app, '/servers', {
      body: { name: 'bad prefix', toolkits: [{ toolkit_id: kit.id, prefix: 'no spaces!' }] },
    })
    expect(badChars.status).toBe(400)
    expect(JSON.stringify(badChars.body.details)).toContain('body.toolkits.0.prefix')

    const server = await createServer(app, { name: 'long prefix' })
    const tooLong = await call(app, `/servers/${server.id}`, {
      method: 'PATCH',
      body: { toolkits: [{ toolkit_id: 'prebuilt-utilities' }, { toolkit_id: kit.id, prefix: 'p'.repeat(100) }] },
    })
    expect(tooLong.status).toBe(400)
    expect(tooLong.body.details).toEqual([{ field: 'body.toolkits.1.prefix', message: expect.stringContaining('128') }])
    expect((await serverDetail(app, server.id)).toolkits).toEqual([])
  })
})
