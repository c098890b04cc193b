// The catalog of common services: every document is a valid OpenAPI document of 5-15 operations built by the
// import machinery, its provider carries OAuth endpoints, and one operation of every toolkit, called against a local
// double through the provider's credential (base_url pointing at the double), makes exactly the request the API expects.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { openApiCatalog } from '../../src/catalog/openapi-catalog'
import { builtinProviders } from '../../src/catalog/providers'
import { checkDocument } from '../../src/modules/tools/kinds/openapi/document'
import { call, createServer, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { startRecorder } from '../helpers/http-recorder'

// Slack answers HTTP 200 with "ok": false when it refuses (here: anything naming "missing").
const upstream = startRecorder((r) =>
  r.body.includes('missing') || r.path.includes('missing')
    ? Response.json({ ok: false, error: 'channel_not_found' })
    : Response.json({ ok: true }),
)
let app: TestApp
/** One server per toolkit, each with its provider's credential (all of them on one server: test/tools/attachment-prefix.test.ts). */
const serverFor = new Map<string, string>()

interface Expected {
  toolkit: string
  tool: string
  args: Record<string, unknown>
  method: string
  path: string
  query?: string
  body?: string
  headers?: Record<string, string>
}

const form = 'application/x-www-form-urlencoded'
const cases: Expected[] = [
  {
    toolkit: 'github',
    tool: 'get_repo',
    args: { owner: 'octo cat', repo: 'hello' },
    method: 'GET',
    path: '/repos/octo%20cat/hello',
    headers: { 'x-github-api-version': '2022-11-28' },
  },
  {
    toolkit: 'slack',
    tool: 'post_message',
    args: { body: { channel: '#general', text: 'hi' } },
    method: 'POST',
    path: '/chat.postMessage',
    body: '{"channel":"#general","text":"hi"}',
    headers: { 'content-type': 'application/json' },
  },
  {
    toolkit: 'gitlab',
    tool: 'list_issues',
    args: { id: 'group/project', state: 'opened', labels: ['bug', 'ui'] },
    method: 'GET',
    path: '/projects/group%2Fproject/issues',
    query: 'state=opened&labels=bug,ui',
  },
  {
    toolkit: 'notion',
    tool: 'get_page',
    args: { page_id: 'abc' },
    method: 'GET',
    path: '/v1/pages/abc',
    headers: { 'notion-version': '2022-06-28' },
  },
  {
    toolkit: 'jira',
    tool: 'search_issues',
    args: { jql: 'project = PROJ', fields: ['summary', 'status'] },
    method: 'GET',
    path: '/rest/api/3/search/jql',
    query: 'jql=project%20%3D%20PROJ&fields=summary,status',
  },
  {
    toolkit: 'google-calendar',
    tool: 'list_events',
    args: { timeMin: '2026-01-01T00:00:00Z', singleEvents: true },
    method: 'GET',
    path: '/calendar/v3/calendars/primary/events',
    query: 'timeMin=2026-01-01T00%3A00%3A00Z&singleEvents=true',
  },
  {
    toolkit: 'gmail',
    tool: 'list_messages',
    args: { q: 'is:unread', labelIds: ['INBOX', 'UNREAD'] },
    method: 'GET',
    path: '/gmail/v1/users/me/messages',
    query: 'q=is%3Aunread&labelIds=INBOX&labelIds=UNREAD',
  },
  {
    toolkit: 'google-drive',
    tool: 'list_files',
    args: { q: "name contains 'x'", pageSize: 10 },
    method: 'GET',
    path: '/drive/v3/files',
    query: 'q=name%20contains%20%27x%27&pageSize=10',
  },
  {
    toolkit: 'stripe',
    tool: 'create_customer',
    args: { body: { email: 'a@b.c', metadata: { plan: 'pro' } } },
    method: 'POST',
    path: '/v1/customers',
    body: 'email=a%40b.c&metadata%5Bplan%5D=pro',
    headers: { 'content-type': form },
  },
  {
    toolkit: 'hubspot',
    tool: 'list_contacts',
    args: { limit: 5, properties: ['email', 'firstname'] },
    method: 'GET',
    path: '/crm/v3/objects/contacts',
    query: 'limit=5&properties=email,firstname',
  },
  {
    toolkit: 'discord',
    tool: 'create_message',
    args: { channel_id: '123', body: { content: 'hello' } },
    method: 'POST',
    path: '/channels/123/messages',
    body: '{"content":"hello"}',
  },
  {
    toolkit: 'asana',
    tool: 'get_task',
    args: { task_gid: '42', opt_fields: ['name', 'notes'] },
    method: 'GET',
    path: '/tasks/42',
    query: 'opt_fields=name,notes',
  },
]

beforeAll(async () => {
  app = await startTestApp()
  const { toolkits } = await json(await app.api('/toolkits?limit=200'), 200)
  const credentials: Record<string, string> = {}
  for (const provider of new Set(openApiCatalog.map((s) => s.provider))) {
    const body = {
      name: `${provider}-double`,
      provider_id: provider,
      credential_data: { access_token: `token-${provider}`, base_url: upstream.origin },
    }
    credentials[provider] = (await json(await app.api('/credentials', { body }), 201)).id
  }
  for (const s of openApiCatalog) {
    const kit = toolkits.find(
      (k: { name: string; toolkit_type: string }) => k.name === s.name && k.toolkit_type === 'prebuilt',
    )
    const attached = [{ toolkit_id: kit.id, credentials: { [s.provider]: credentials[s.provider]! } }]
    serverFor.set(s.name, (await createServer(app, { name: `catalog-${s.name}`, toolkits: attached })).id)
  }
})
afterAll(() => app.stop())

describe('the catalog', () => {
  test('at least 12 services, each a valid document of 5-15 operations with an OAuth provider', async () => {
    expect(openApiCatalog.length).toBeGreaterThanOrEqual(12)
    const { toolkits } = await json(await app.api('/toolkits?limit=200'), 200)
    for (const service of openApiCatalog) {
      await checkDocument(Bun.YAML.parse(service.document), service.name)
      const provider = builtinProviders.find((p) => p.id === service.provider)!
      expect(provider.auth_type).toBe('oauth')
      expect(provider.authorize_url).toStartWith('https://')
      expect(provider.token_url).toStartWith('https://')
      const kit = toolkits.find((k: { name: string }) => k.name === service.name)
      expect(kit).toMatchObject({ id: service.id, toolkit_type: 'prebuilt', provider: service.provider })
      const detail = await json(await app.api(`/toolkits/${kit.id}`), 200)
      expect(detail.tools.length).toBeGreaterThanOrEqual(5)
      expect(detail.tools.length).toBeLessThanOrEqual(15)
      for (const tool of detail.tools) {
        expect(tool.name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/)
        expect(tool.credential_provider).toBe(service.provider)
      }
    }
  })

  test('the GitHub and Slack toolkits keep their tool names', async () => {
    const github = await json(await app.api('/toolkits/prebuilt-github'), 200)
    const slack = await json(await app.api('/toolkits/prebuilt-slack'), 200)
    const names = (k: { tools: { name: string }[] }) => k.tools.map((t) => t.name)
    expect(names(github)).toEqual(expect.arrayContaining(['get_user', 'list_repos', 'get_repo', 'create_issue']))
    expect(names(slack)).toEqual(expect.arrayContaining(['post_message', 'list_channels']))
  })

  test("a provider's base_url (POST /providers) points a pre-built toolkit at another host", async () => {
    const other = await app.newProject('catalog-provider-base')
    const key = other.apiKey
    const provider = { id: 'hubspot', client_id: 'hs-client', base_url: `${upstream.origin}/hub` }
    expect((await app.api('/providers', { body: provider, key })).status).toBe(201)
    const cred = await json(
      await app.api('/credentials', {
        body: { name: 'hs', provider_id: 'hubspot', credential_data: { access_token: 'hs-token' } },
        key,
      }),
      201,
    )
    const server = await json(
      await app.api('/servers', {
        body: { name: 'hs', toolkits: [{ toolkit_id: 'prebuilt-hubspot', credentials: { hubspot: cred.id } }] },
        key,
      }),
      201,
    )
    const res = await call(app, '/tools/call', {
      body: { name: 'hubspot_get_contact', arguments: { contactId: '7' }, server_id: server.data.id },
      key,
    })
    expect(res.body.isError).toBe(false)
    expect(upstream.last().path).toBe('/hub/crm/v3/objects/contacts/7')
    expect(upstream.last().headers.authorization).toBe('Bearer hs-token')
  })

  for (const c of cases)
    test(`${c.toolkit}.${c.tool} sends the request the API expects`, async () => {
      const server_id = serverFor.get(c.toolkit)
      // A pre-built toolkit's tools are listed under its service name (docs/decisions/0211-attachment-prefix.md).
      const name = `${c.toolkit.replaceAll('-', '_')}_${c.tool}`
      const res = await call(app, '/tools/call', { body: { name, arguments: c.args, server_id } })
      expect(res.status).toBe(200)
      expect(res.body.isError).toBe(false)
      const r = upstream.last()
      const provider = openApiCatalog.find((s) => s.name === c.toolkit)!.provider
      expect(r.method).toBe(c.method)
      expect(r.path).toBe(c.path)
      expect(r.query).toBe(c.query ?? '')
      expect(r.headers.authorization).toBe(`Bearer token-${provider}`)
      if (c.body !== undefined) expect(r.body).toBe(c.body)
      for (const [k, v] of Object.entries(c.headers ?? {})) expect(r.headers[k]).toBe(v)
    })

  test('Slack\'s HTTP 200 with "ok": false is a tool error naming Slack\'s reason (and an error in the call log)', async () => {
    const server_id = serverFor.get('slack')
    const args = { body: { channel: '#missing', text: 'hi' } }
    const res = await call(app, '/tools/call', { body: { name: 'slack_post_message', arguments: args, server_id } })
    expect(res.status).toBe(200)
    expect(res.body.isError).toBe(true)
    expect(res.body.content[0].text).toStartWith('channel_not_found (HTTP 200 from POST /chat.postMessage)')
    // Another service answering {"ok": false} has no such rule: its 2xx stays a result.
    const github = await call(app, '/tools/call', {
      body: { name: 'github_get_repo', arguments: { owner: 'o', repo: 'missing' }, server_id: serverFor.get('github') },
    })
    expect(upstream.last().path).toBe('/repos/o/missing')
    expect(github.body.isError).toBe(false)
    expect(github.body.structuredContent).toEqual({ ok: false, error: 'channel_not_found' })
  })
})
