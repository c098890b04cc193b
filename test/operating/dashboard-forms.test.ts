// The dashboard's forms over plain HTTP: "Connect with OAuth" runs to a credential against a real authorization
// server (the callback exchanges the code), a refused save shows its page again with the form kept, keys get a role
// and servers, and the playground's call goes through the MCP endpoint (it is in the call log).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startTestApp, type TestApp } from '../helpers/app'
import { type MockIdp, startMockIdp } from '../helpers/oauth-idp'

let app: TestApp
let idp: MockIdp
let cookie: string

const formPost = (path: string, body: string) =>
  fetch(`${app.base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: app.server.origin, 'content-type': 'application/x-www-form-urlencoded', cookie },
    body,
  })
const page = async (path: string) => (await fetch(`${app.base}${path}`, { headers: { cookie } })).text()
async function json(path: string, body?: unknown) {
  const res = await app.api(path, body === undefined ? {} : { body })
  expect(res.ok).toBe(true)
  return (await res.json()) as any
}

beforeAll(async () => {
  idp = await startMockIdp()
  app = await startTestApp()
  cookie = ''
  const signIn = await formPost('/ui/sign-in', `key=${encodeURIComponent(app.apiKey)}`)
  expect(signIn.headers.get('location')).toBe('/mcp/ui/overview')
  cookie = signIn.headers.get('set-cookie')!.split(';')[0]!
})
afterAll(async () => {
  await app?.stop()
  await idp?.stop()
})

describe('dashboard forms', () => {
  test('Connect with OAuth ends with a credential: the callback exchanges the code', async () => {
    await json('/providers', {
      id: 'idp',
      name: 'IdP',
      auth_type: 'oauth',
      authorize_url: `${idp.issuer}/authorize`,
      token_url: `${idp.issuer}/token`,
      scopes: ['read'],
      client_id: 'dash-client',
      client_secret: 'dash-client-secret',
    })
    const connect = await formPost('/ui/oauth/connect', 'provider_id=idp')
    expect(connect.status).toBe(303)
    // The browser at the provider: it redirects back to the dashboard's callback with code and state.
    const atProvider = await fetch(connect.headers.get('location')!, { redirect: 'manual' })
    const back = new URL(atProvider.headers.get('location')!)
    expect(back.pathname).toBe('/mcp/ui/oauth/callback')
    const callback = await fetch(`${app.base}/ui/oauth/callback${back.search}`, {
      redirect: 'manual',
      headers: { cookie },
    })
    expect(callback.status).toBe(303)
    expect(callback.headers.get('location')).toBe('/mcp/ui/credentials')
    const { credentials } = await json('/credentials')
    expect(credentials).toHaveLength(1)
    expect(credentials[0]).toMatchObject({ provider_id: 'idp' })
    const status = await json(`/oauth/status?state=${back.searchParams.get('state')}`)
    expect(status.status).toBe('active')
    expect(idp.calls.map((c) => c.grant_type)).toEqual(['authorization_code'])
    const shown = await page('/ui/credentials')
    expect(shown).not.toContain('dash-client-secret')
    expect(shown).not.toContain(idp.issued[0]!)
  })

  test("the import preview says when a document defines no security scheme; the form's auth adds one", async () => {
    const doc = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Open', version: '1' },
      servers: [{ url: 'http://127.0.0.1:9' }],
      paths: { '/ping': { get: { operationId: 'ping', responses: { 200: { description: 'ok' } } } } },
    })
    const form = (extra: string) => `name=open-api&spec=${encodeURIComponent(doc)}${extra}`
    const plain = await formPost('/ui/toolkits/import/openapi/plan', form(''))
    expect(plain.status).toBe(200)
    expect(await plain.text()).toContain('id="openapi-no-security"')
    const withAuth = await formPost(
      '/ui/toolkits/import/openapi/plan',
      form('&auth_type=header&auth_provider=open-key&auth_name=X-Key'),
    )
    expect(await withAuth.text()).not.toContain('id="openapi-no-security"')
    const imported = await formPost(
      '/ui/toolkits/import/openapi',
      form('&auth_type=bearer&auth_provider=open-token&auth_name='),
    )
    expect(imported.status).toBe(303)
    const { toolkits } = await json('/toolkits?limit=200')
    const kit = toolkits.find((k: { name: string }) => k.name === 'open-api')
    const detail = await json(`/toolkits/${kit.id}`)
    expect(detail.tools.map((t: { credential_provider?: string }) => t.credential_provider)).toEqual(['open-token'])
  })

  test('a refused save shows the page again, the form kept and the error in place, with the navigation', async () => {
    const res = await formPost('/ui/servers', 'name=')
    expect(res.status).toBe(400)
    const body = await res.text()
    expect(body).toContain('class="flash error-flash"')
    expect(body).toContain('Create server')
    expect(body).toContain('href="/mcp/ui/overview"')
    const fn = await json('/functions', { name: 'fx', runtime: 'typescript', code: 'export default async () => 1' })
    const broken = 'export default async () => {\n  return 1 +\n}'
    const save = await formPost(`/ui/functions/${fn.id}`, `code=${encodeURIComponent(broken)}`)
    expect(save.status).toBe(400)
    const shown = await save.text()
    expect(shown).toContain('data-error-line="3"')
    expect(shown).toContain('data-editor="typescript"')
    expect(shown).toContain('return 1 +\n}</textarea>')
    expect((await json(`/functions/${fn.id}`)).code).toBe('export default async () => 1')
  })

  test('keys get a role and servers', async () => {
    const server = await json('/servers', { name: 'only-this' })
    const res = await formPost('/ui/keys', `name=limited&role=mcp&server_ids=${server.data.id}`)
    expect(res.status).toBe(303)
    const { keys } = await json('/keys')
    expect(keys.find((k: { name: string }) => k.name === 'limited')).toMatchObject({
      role: 'mcp',
      server_ids: [server.data.id],
    })
  })

  test('the playground calls the tool through the MCP endpoint: the result, its logs, and a call log entry', async () => {
    await json('/functions', {
      name: 'hello',
      runtime: 'javascript',
      code: 'export default async (i, ctx) => { ctx.log("info", "said hello"); return "hello " + i.who + " x" + i.n }',
    })
    const kit = await json('/toolkits', { name: 'kit' })
    const schema = { type: 'object', properties: { who: { type: 'string' }, n: { type: 'integer' } } }
    await json('/tools', { toolkit_id: kit.id, name: 'hello', function_name: 'hello', input_schema: schema })
    const server = await json('/servers', { name: 'play', toolkits: [{ toolkit_id: kit.id }] })
    const form = await page(`/ui/servers/${server.data.id}/playground?tool=hello`)
    expect(form).toContain('name="arg.who"')
    expect(form).toContain('type="number" step="1" name="arg.n"')
    const res = await fetch(`${app.base}/ui/servers/${server.data.id}/playground`, {
      method: 'POST',
      headers: {
        origin: app.server.origin,
        'content-type': 'application/x-www-form-urlencoded',
        cookie,
        'hx-request': 'true',
      },
      body: 'tool=hello&arg.who=you&arg.n=3',
    })
    const fragment = await res.text()
    expect(fragment).toContain('hello you x3')
    expect(fragment).toContain('[info] said hello')
    expect(fragment).not.toContain('<html')
    const { calls } = await json(`/calls?server_id=${server.data.id}`)
    expect(calls.map((c: { name: string }) => c.name)).toContain('hello')
  })

  test('attaching a toolkit with a prefix lists its tools as prefix_name; mapping a credential keeps the prefix', async () => {
    const server = await json('/servers', { name: 'prefixed', toolkits: [{ toolkit_id: 'prebuilt-utilities' }] })
    const id = server.data.id
    expect(await page(`/ui/servers/${id}`)).toContain('name="prefix"')
    const attach = await formPost(`/ui/servers/${id}/toolkits`, 'toolkit_id=prebuilt-slack&prefix=team')
    expect(attach.status).toBe(303)
    const names = async () => (await json(`/servers/${id}`)).data.tools.map((t: { name: string }) => t.name)
    expect(await names()).toEqual(expect.arrayContaining(['echo', 'team_post_message']))
    expect(await page(`/ui/servers/${id}`)).toContain('<code class="attachment-prefix">team_</code>')
    const credential = await json('/credentials', {
      name: 'slack-token',
      provider_id: 'slack',
      credential_data: { access_token: 'xoxb-test' },
    })
    const mapped = await formPost(
      `/ui/servers/${id}/toolkits/prebuilt-slack/credentials`,
      `provider=slack&credential_id=${credential.id}`,
    )
    expect(mapped.status).toBe(303)
    expect(await names()).toContain('team_post_message')
  })

  test('the overview and the call log rows render; the rows are a bare fragment for polling', async () => {
    const overview = await page('/ui/overview?range=hour')
    expect(overview).toContain('class="chart"')
    expect(overview).toContain('Slowest tools')
    const rows = await page('/ui/calls/rows?outcome=ok')
    expect(rows).toContain('<table>')
    expect(rows).not.toContain('<html')
  })

  test('the server page saves tool_discovery; the toolkits page shows an OpenAPI import and re-imports it from its URL', async () => {
    const server = await json('/servers', { name: 'forms-discovery' })
    const saved = await formPost(
      `/ui/servers/${server.data.id}/discovery`,
      'mode=auto&threshold=5&pinned=echo%2C+current_time',
    )
    expect(saved.status).toBe(303)
    expect((await json(`/servers/${server.data.id}`)).data.tool_discovery).toEqual({
      mode: 'auto',
      threshold: 5,
      pinned: ['echo', 'current_time'],
    })
    expect(await page(`/ui/servers/${server.data.id}`)).toContain('switches on above 5')

    const docApi = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: () =>
        Response.json({
          openapi: '3.1.0',
          info: { title: 'Forms', version: '1' },
          servers: [{ url: 'http://127.0.0.1:9' }],
          paths: { '/ping': { get: { operationId: 'ping', responses: { 200: { description: 'ok' } } } } },
        }),
    })
    try {
      const url = `http://127.0.0.1:${docApi.port}/openapi.json`
      const kit = await json('/toolkits/import/openapi', { name: 'forms-openapi', spec_url: url })
      const listed = await page('/ui/toolkits')
      expect(listed).toContain('OpenAPI imports')
      expect(listed).toContain(url)
      expect(listed).toContain('1 of 1 operations')
      const again = await formPost(`/ui/toolkits/${kit.toolkit.id}/reimport`, 'name=forms-openapi')
      expect(again.status).toBe(303)
      expect(again.headers.get('location')).toBe('/mcp/ui/toolkits')
      expect(await page('/ui/toolkits')).toContain('Re-imported forms-openapi: 0 added, 0 updated, 0 removed.')
    } finally {
      docApi.stop(true)
    }
  })

  test('a re-import that moves a credential to another host is shown refused, and done with the box ticked', async () => {
    let host = 'http://127.0.0.1:9'
    const docApi = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: () =>
        Response.json({
          openapi: '3.1.0',
          info: { title: 'Keyed', version: '1' },
          servers: [{ url: host }],
          components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } } },
          security: [{ key: [] }],
          paths: { '/ping': { get: { operationId: 'ping', responses: { 200: { description: 'ok' } } } } },
        }),
    })
    try {
      const url = `http://127.0.0.1:${docApi.port}/openapi.json`
      const kit = await json('/toolkits/import/openapi', { name: 'forms-keyed', spec_url: url })
      host = 'http://127.0.0.1:10'
      const refused = await formPost(`/ui/toolkits/${kit.toolkit.id}/reimport`, 'name=forms-keyed')
      expect(refused.status).toBe(400)
      const text = await refused.text()
      expect(text).toContain('changes where its credentials go')
      expect(text).toContain('http://127.0.0.1:9 → http://127.0.0.1:10')
      const done = await formPost(`/ui/toolkits/${kit.toolkit.id}/reimport`, 'name=forms-keyed&confirm=true')
      expect(done.status).toBe(303)
      expect(await page(done.headers.get('location')!.replace('/mcp', ''))).toContain(
        'Re-imported forms-keyed: 0 added, 1 updated, 0 removed.',
      )
    } finally {
      docApi.stop(true)
    }
  })
})
