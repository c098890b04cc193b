// The dashboard does what a REST user does, checked over plain HTTP: lists past 200 are counted, searched and paged;
// every record kind is deleted after a confirmation page (and only by its form); every credential kind is made, its
// secret never shown back; a toolkit has a page with its tools and its sync status; an action's notice is said once.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { startTestApp, type TestApp } from '../helpers/app'
import { initializeWith, obtainTokens } from '../helpers/oauth-grant'
import { waitFor } from '../helpers/poll'
import { startUpstream, type Upstream } from '../helpers/upstream-mcp'

let app: TestApp
let upstream: Upstream
let cookie: string

const formPost = (path: string, body: string) =>
  fetch(`${app.base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: app.server.origin, 'content-type': 'application/x-www-form-urlencoded', cookie },
    body,
  })
const page = async (path: string) => {
  const res = await fetch(`${app.base}${path}`, { headers: { cookie }, redirect: 'manual' })
  expect(res.status).toBe(200)
  return res.text()
}
async function json(path: string, body?: unknown, method?: string): Promise<any> {
  const res = await app.api(path, body === undefined ? { method } : { body, method })
  expect(res.status).toBeLessThan(300)
  return res.json()
}
const status = async (path: string) => (await app.api(path)).status

let kitId: string
beforeAll(async () => {
  app = await startTestApp()
  upstream = await startUpstream({ transport: 'streamable_http', name: 'records-upstream' })
  const signIn = await formPost('/ui/sign-in', `key=${encodeURIComponent(app.apiKey)}`)
  cookie = signIn.headers.get('set-cookie')!.split(';')[0]!
  await json('/functions', { name: 'noop', runtime: 'javascript', code: 'export default async () => 1' })
  kitId = (await json('/toolkits', { name: 'many' })).id
  // 230 tools: more than one page of the API (200) and more than four pages of the dashboard (50).
  for (let i = 0; i < 230; i++)
    await json('/tools', {
      toolkit_id: kitId,
      name: `tool_${String(i).padStart(3, '0')}`,
      description: i % 10 === 7 ? 'a lucky seven' : 'plain',
      function_name: 'noop',
      input_schema: { type: 'object' },
    })
  // 230 tools through the API take longer than a hook's default 5 s on a loaded machine.
}, 60_000)
afterAll(async () => {
  await app?.stop()
  await upstream?.stop()
}, 30_000)

describe('lists', () => {
  test('the Tools page counts all 230 tools and pages through them: nothing is cut at 200', async () => {
    const first = await page('/ui/tools')
    expect(first).toContain('1–50 of 230 tools')
    expect(first).toContain('Page 1 of 5')
    expect(first).toContain('<code>tool_000</code>')
    expect(first).not.toContain('<code>tool_050</code>')
    const last = await page('/ui/tools?page=5')
    expect(last).toContain('201–230 of 230 tools')
    expect(last).toContain('<code>tool_229</code>')
    expect(last).not.toContain('<code>tool_199</code>')
  })

  test('search narrows a list and says how many match among how many', async () => {
    const found = await page('/ui/tools?q=lucky+seven')
    expect(found).toContain('1–23 of 23 matches for “lucky seven” among 230 tools')
    expect(found).toContain('<code>tool_007</code>')
    expect(found).not.toContain('<code>tool_008</code>')
    const none = await page('/ui/tools?q=nothing-like-this')
    expect(none).toContain('No tool matches.')
    // The search box keeps the words; paging keeps the search.
    const paged = await page('/ui/tools?q=tool_&page=2')
    expect(paged).toContain('value="tool_"')
    expect(paged).toContain('href="/mcp/ui/tools?q=tool_&amp;page=3"')
  })

  test('every list page has a count and a search box', async () => {
    for (const [path, noun] of [
      ['servers', 'server'],
      ['toolkits', 'toolkit'],
      ['functions', 'function'],
      ['credentials', 'credential'],
      ['providers', 'provider'],
      ['resources', 'resource'],
      ['prompts', 'prompt'],
      ['subscriptions', 'subscription'],
      ['keys', 'key'],
    ]) {
      const shown = await page(`/ui/${path}`)
      expect({ path, count: /class="list-count[^"]*">([^<]*)</.exec(shown)?.[1] }).toEqual({
        path,
        count: expect.stringMatching(new RegExp(`^\\d+ ${noun}s?$`)),
      })
      expect(shown).toContain(`placeholder="Search ${noun}s"`)
    }
  })

  test('the call log says which calls a page shows, and pages back to the oldest', async () => {
    const server = (await json('/servers', { name: 'calls-paged', toolkits: [{ toolkit_id: kitId }] })).data
    for (let i = 0; i < 55; i++) await json('/tools/call', { name: 'tool_001', server_id: server.id, arguments: {} })
    await waitFor('55 logged calls', async () => {
      const r = await json(`/calls?server_id=${server.id}&limit=200`)
      return r.calls.length >= 55 ? true : undefined
    })
    const first = await page(`/ui/calls?server_id=${server.id}`)
    expect(first).toContain('Calls 1–50, newest first</p>')
    const older = /href="\/mcp(\/ui\/calls\?[^"]+)" class="older"/.exec(first)![1]!.replaceAll('&amp;', '&')
    const last = await page(older)
    expect(last).toContain('Calls 51–55, newest first (the oldest kept)')
    expect(last).not.toContain('class="older"')
  })
})

describe('a toolkit page', () => {
  test('lists a hosted toolkit’s tools with a count and pages', async () => {
    const shown = await page(`/ui/toolkits/${kitId}`)
    expect(shown).toContain('1–50 of 230 tools')
    expect(shown).toContain('nothing to sync')
    expect(shown).toContain(`href="/mcp/ui/delete/toolkits/${kitId}"`)
  })

  test('shows a remote toolkit’s sync status and its tools, and Refresh says what changed', async () => {
    const kit = await json('/toolkits', { name: 'upstream', toolkit_type: 'remote', remote: { url: upstream.url } })
    const shown = await page(`/ui/toolkits/${kit.id}`)
    expect(shown).toContain('id="sync-status"')
    expect(shown).toContain('in sync')
    expect(shown).toContain(upstream.url)
    expect(shown).toContain('records-upstream 9.9.9')
    expect(shown).toMatch(/last sync <time datetime="[^"]+" title="[^"]+ UTC">(just now|\d+ \w+ ago)<\/time>/)
    expect(shown).toContain('<code class="tool-name">echo</code>')
    const refreshed = await formPost(`/ui/toolkits/${kit.id}/refresh`, `back=toolkits/${kit.id}`)
    expect(refreshed.status).toBe(303)
    expect(refreshed.headers.get('location')).toBe(`/mcp/ui/toolkits/${kit.id}`)
    expect(await page(`/ui/toolkits/${kit.id}`)).toMatch(/Refreshed: \d+ added, \d+ updated, \d+ removed/)
  })

  test('a remote toolkit whose upstream is gone says so on its page', async () => {
    const gone = await startUpstream({ transport: 'streamable_http' })
    const kit = await json('/toolkits', { name: 'gone', toolkit_type: 'remote', remote: { url: gone.url } })
    await gone.stop()
    await formPost(`/ui/toolkits/${kit.id}/refresh`, `back=toolkits/${kit.id}`)
    const shown = await page(`/ui/toolkits/${kit.id}`)
    expect(shown).toContain('failing')
    expect(shown).toContain('class="error sync-error"')
  })
})

describe('deleting', () => {
  /** Opens the confirmation, checks it names the record, then confirms; answers the notice shown after. */
  async function deleteThrough(kind: string, id: string, name: string, extra = '') {
    const confirm = await page(`/ui/delete/${kind}/${id}`)
    expect(confirm).toContain(`<strong class="confirm-name">${name}</strong>`)
    expect(confirm).toContain(`action="/mcp/ui/delete/${kind}/${id}"`)
    const res = await formPost(`/ui/delete/${kind}/${id}`, extra)
    expect(res.status).toBe(303)
    return page(res.headers.get('location')!.replace('/mcp', ''))
  }

  test('the Delete link only asks: nothing is deleted until the confirmation is posted', async () => {
    const server = (await json('/servers', { name: 'keep me' })).data
    const list = await page('/ui/servers')
    expect(list).toContain(`href="/mcp/ui/delete/servers/${server.id}"`)
    await page(`/ui/delete/servers/${server.id}`)
    expect(await status(`/servers/${server.id}`)).toBe(200)
    const after = await deleteThrough('servers', server.id, 'keep me')
    expect(after).toContain('Deleted server “keep me”.')
    expect(await status(`/servers/${server.id}`)).toBe(404)
  })

  test('every record kind is deleted through its REST call', async () => {
    const toolkit = await json('/toolkits', { name: 'doomed-kit' })
    const fn = await json('/functions', { name: 'doomed_fn', runtime: 'javascript', code: 'export default () => 1' })
    const tool = await json('/tools', {
      toolkit_id: kitId,
      name: 'doomed_tool',
      function_name: 'noop',
      input_schema: { type: 'object' },
    })
    const server = (await json('/servers', { name: 'holder' })).data
    const resource = await json('/resources', {
      server_id: server.id,
      name: 'Doomed',
      uri: 'docs://doomed',
      resource_type: 'static',
      content: 'x',
    })
    const prompt = await json('/prompts', { name: 'doomed_prompt', template: 'hi' })
    await json('/providers', { id: 'doomed-provider', name: 'Doomed provider', auth_type: 'api_key' })
    const credential = await json('/credentials', {
      name: 'doomed-credential',
      provider_id: 'api_key',
      credential_data: { api_key: 'k' },
    })
    const key = await json('/keys', { name: 'doomed-key', role: 'mcp' })
    const sub = await json('/subscribe', { callback_url: 'http://127.0.0.1:9/hook' })

    expect(await deleteThrough('toolkits', toolkit.id, 'doomed-kit')).toContain('Deleted toolkit “doomed-kit”.')
    expect(await status(`/toolkits/${toolkit.id}`)).toBe(404)
    expect(await deleteThrough('tools', tool.id, 'doomed_tool')).toContain('Deleted tool “doomed_tool”.')
    expect(await status(`/tools/${tool.id}`)).toBe(404)
    expect(await deleteThrough('functions', fn.id, 'doomed_fn')).toContain('Deleted function “doomed_fn”.')
    expect(await status(`/functions/${fn.id}`)).toBe(404)
    expect(await deleteThrough('resources', resource.id, 'docs://doomed')).toContain('Deleted resource')
    expect(await status(`/resources/${resource.id}`)).toBe(404)
    expect(await deleteThrough('prompts', prompt.id, 'doomed_prompt')).toContain('Deleted prompt')
    expect(await status(`/prompts/${prompt.id}`)).toBe(404)
    expect(await deleteThrough('credentials', credential.id, 'doomed-credential')).toContain(
      'Deleted credential “doomed-credential”.',
    )
    expect((await json('/credentials')).credentials.map((c: { id: string }) => c.id)).not.toContain(credential.id)
    expect(await deleteThrough('providers', 'doomed-provider', 'Doomed provider')).toContain('Deleted provider')
    expect((await json('/providers')).providers.map((p: { id: string }) => p.id)).not.toContain('doomed-provider')
    expect(await deleteThrough('keys', key.id, `doomed-key (${key.prefix}…)`)).toContain('Revoked key')
    expect((await json('/keys')).keys.find((k: { id: string }) => k.id === key.id).revoked_at).toBeString()
    expect(await deleteThrough('subscriptions', sub.id, 'every resource → http://127.0.0.1:9/hook')).toContain(
      'Deleted subscription',
    )
    expect((await json('/subscriptions')).subscriptions).toHaveLength(0)
  })

  test('a Delete on a toolkit’s page comes back to that page, Cancel included', async () => {
    const tool = await json('/tools', {
      toolkit_id: kitId,
      name: 'from_kit_page',
      function_name: 'noop',
      input_schema: { type: 'object' },
    })
    const kitPage = await page(`/ui/toolkits/${kitId}?q=from_kit_page`)
    const href = `/mcp/ui/delete/tools/${tool.id}?back=toolkits%2F${kitId}`
    expect(kitPage).toContain(`href="${href}"`)
    const confirm = await page(href.replace('/mcp', ''))
    expect(confirm).toContain(`<a href="/mcp/ui/toolkits/${kitId}" id="cancel-delete">`)
    const res = await formPost(`/ui/delete/tools/${tool.id}`, `back=toolkits/${kitId}`)
    expect(res.headers.get('location')).toBe(`/mcp/ui/toolkits/${kitId}`)
    // Only a dashboard page: another site is never a place to go back to.
    const other = await json('/tools', {
      toolkit_id: kitId,
      name: 'other_back',
      function_name: 'noop',
      input_schema: { type: 'object' },
    })
    const away = await formPost(`/ui/delete/tools/${other.id}`, `back=${encodeURIComponent('https://evil.example/')}`)
    expect(away.headers.get('location')).toBe('/mcp/ui/tools')
  })

  test('an OAuth-authorized MCP client is listed with the keys and revoked after a confirmation', async () => {
    const server = (await json('/servers', { name: 'oauth-clients' })).data
    const t = await obtainTokens(app.server.origin, server.url, app.apiKey)
    expect((await initializeWith(server.url, t.access)).status).toBe(200)
    const keys = await page('/ui/keys')
    expect(keys).toContain('<span class="client-name">grant test</span>')
    const grant = (await json('/oauth/clients')).clients.find((g: { client_id: string }) => g.client_id === t.clientId)
    expect(await deleteThrough('clients', grant.id, 'grant test')).toContain('Revoked authorized client “grant test”.')
    expect((await initializeWith(server.url, t.access)).status).toBe(401)
  })

  test('a refused delete shows the confirmation again with the reason; force deletes a function in use', async () => {
    const fn = await json('/functions', { name: 'busy', runtime: 'javascript', code: 'export default () => 1' })
    await json('/tools', {
      toolkit_id: kitId,
      name: 'uses_busy',
      function_name: 'busy',
      input_schema: { type: 'object' },
    })
    const refused = await formPost(`/ui/delete/functions/${fn.id}`, '')
    expect(refused.status).toBe(400)
    const shown = await refused.text()
    expect(shown).toContain('class="flash error-flash"')
    expect(shown).toContain('id="force-delete"')
    expect(await status(`/functions/${fn.id}`)).toBe(200)
    expect((await formPost(`/ui/delete/functions/${fn.id}`, 'force=true')).status).toBe(303)
    expect(await status(`/functions/${fn.id}`)).toBe(404)
  })
})

describe('credentials', () => {
  const credentialNamed = async (name: string) =>
    ((await json('/credentials')).credentials as { name: string; provider_id: string }[]).find((c) => c.name === name)

  test('an API key, a username and password, and custom fields are each made, and no secret is shown back', async () => {
    for (const [kind, body, provider] of [
      ['api_key', 'name=ui-api-key&provider_id=api_key&api_key=sk-live-111', 'api_key'],
      ['basic', 'name=ui-basic&provider_id=basic_auth&username=ada&password=pw-222', 'basic_auth'],
      [
        'custom',
        `name=ui-custom&provider_id=custom&fields=${encodeURIComponent('X-Api-Token: tok-333\nregion: eu')}`,
        'custom',
      ],
    ] as const) {
      const res = await formPost(`/ui/credentials/${kind}`, body)
      expect({ kind, status: res.status }).toEqual({ kind, status: 303 })
      expect(await credentialNamed(`ui-${kind.replace('_', '-')}`)).toMatchObject({ provider_id: provider })
    }
    const shown = await page('/ui/credentials')
    expect(shown).toContain('Added credential “ui-custom” (custom).')
    for (const secret of ['sk-live-111', 'pw-222', 'tok-333']) expect(shown).not.toContain(secret)
  })

  test('a refused credential keeps its name but never its secret', async () => {
    const res = await formPost(
      '/ui/credentials/api_key',
      'name=kept-name&provider_id=no-such-provider&api_key=sk-never',
    )
    expect(res.status).toBe(400)
    const shown = await res.text()
    expect(shown).toContain('class="flash error-flash"')
    expect(shown).toContain('value="kept-name"')
    expect(shown).not.toContain('sk-never')
    const bad = await formPost('/ui/credentials/custom', 'name=x&provider_id=custom&fields=no+colon+here')
    expect(bad.status).toBe(400)
    expect(await bad.text()).toContain('fields: line 1 is not')
  })

  test('OAuth client settings for a provider make its Connect button; the client secret is never shown', async () => {
    const res = await formPost(
      '/ui/providers/oauth',
      new URLSearchParams({
        id: 'acme-oauth',
        name: 'Acme OAuth',
        authorize_url: 'https://auth.acme.test/authorize',
        token_url: 'https://auth.acme.test/token',
        scopes: 'read, write',
        client_id: 'acme-client',
        client_secret: 'acme-client-secret-444',
        token_auth_method: 'client_secret_basic',
      }).toString(),
    )
    expect(res.status).toBe(303)
    const provider = (await json('/providers')).providers.find((p: { id: string }) => p.id === 'acme-oauth')
    expect(provider).toMatchObject({ auth_type: 'oauth', oauth_configured: true, scopes: ['read', 'write'] })
    const shown = await page('/ui/credentials')
    expect(shown).toContain('Saved the OAuth client settings of “Acme OAuth”')
    expect(shown).toContain(
      '<input type="hidden" name="provider_id" value="acme-oauth"><button>Connect with OAuth</button>',
    )
    expect(shown).not.toContain('acme-client-secret-444')
    // A built-in provider takes only its client details.
    expect(
      (await formPost('/ui/providers/oauth', 'id=github&client_id=gh-client&client_secret=gh-secret')).status,
    ).toBe(303)
    expect((await json('/providers')).providers.find((p: { id: string }) => p.id === 'github')).toMatchObject({
      project_configured: true,
      oauth_configured: true,
    })
  })
})

describe('editing what the API lets a user edit', () => {
  test('a server’s name, description and auth; a name the API refuses keeps the form', async () => {
    const server = (await json('/servers', { name: 'to rename' })).data
    const saved = await formPost(
      `/ui/servers/${server.id}/settings`,
      'name=renamed&description=now+described&auth=none',
    )
    expect(saved.status).toBe(303)
    expect((await json(`/servers/${server.id}`)).data).toMatchObject({
      name: 'renamed',
      description: 'now described',
      auth: 'none',
    })
    expect(await page(`/ui/servers/${server.id}`)).toContain('Saved the settings of “renamed”.')
    const refused = await formPost(`/ui/servers/${server.id}/settings`, 'name=&description=kept+text&auth=api_key')
    expect(refused.status).toBe(400)
    const shown = await refused.text()
    expect(shown).toContain('value="kept text"')
    expect(shown).toContain('<details open><summary>Settings</summary>')
  })

  test('a server’s single tools: added, disabled and enabled, given a credential of their own, removed', async () => {
    const server = (await json('/servers', { name: 'single tools' })).data
    const tool = await json('/tools', {
      toolkit_id: kitId,
      name: 'single_one',
      function_name: 'noop',
      input_schema: { type: 'object' },
      credential_provider: 'api_key',
    })
    const credential = await json('/credentials', {
      name: 'own',
      provider_id: 'api_key',
      credential_data: { api_key: 'x' },
    })
    const detail = async () =>
      (await json(`/servers/${server.id}`)).data.tools.find((t: { id: string }) => t.id === tool.id)
    expect(await page(`/ui/servers/${server.id}`)).toContain(`<option value="${tool.id}" >single_one</option>`)
    expect((await formPost(`/ui/servers/${server.id}/tools`, `tool_id=${tool.id}`)).status).toBe(303)
    expect(await detail()).toMatchObject({ enabled: true, source: 'added', credential_status: 'missing' })
    await formPost(`/ui/servers/${server.id}/tools/${tool.id}/enabled`, 'enabled=false')
    expect((await detail()).enabled).toBe(false)
    expect(await page(`/ui/servers/${server.id}`)).toContain('Disabled the tool on this server.')
    await formPost(`/ui/servers/${server.id}/tools/${tool.id}/enabled`, 'enabled=true')
    expect((await detail()).enabled).toBe(true)
    await formPost(`/ui/servers/${server.id}/tools/${tool.id}/credential`, `credential_id=${credential.id}`)
    expect((await detail()).credential_status).toBe('configured')
    expect((await formPost(`/ui/servers/${server.id}/tools/${tool.id}/remove`, '')).status).toBe(303)
    expect(await detail()).toBeUndefined()
  })

  test('a resource is read through its server’s protocol endpoint, as an MCP client reads it', async () => {
    const server = (await json('/servers', { name: 'reading' })).data
    const r = await json('/resources', {
      server_id: server.id,
      name: 'Notes',
      uri: 'docs://notes',
      resource_type: 'static',
      mime_type: 'text/markdown',
      content: '# <b>Notes</b>',
    })
    expect(await page('/ui/resources')).toContain(`hx-get="/mcp/ui/resources/${r.id}/read"`)
    const read = await page(`/ui/resources/${r.id}/read`)
    expect(read).toContain('<pre class="resource-text"># &lt;b&gt;Notes&lt;/b&gt;</pre>')
    expect(read).toContain('text/markdown')
    expect(read).not.toContain('<html')
  })

  test('a prompt is tried through a server’s protocol endpoint with its arguments', async () => {
    const server = (await json('/servers', { name: 'prompting' })).data
    const p = await json('/prompts', {
      name: 'greet_someone',
      server_id: server.id,
      template: 'Say hello to {{who}}',
      arguments: [{ name: 'who', required: true }],
    })
    expect(await page('/ui/prompts')).toContain(`hx-post="/mcp/ui/prompts/${p.id}/get"`)
    const got = await formPost(`/ui/prompts/${p.id}/get`, 'arg.who=%3CAda%3E')
    const shown = await got.text()
    expect(shown).toContain('<pre class="prompt-text">Say hello to &lt;Ada&gt;</pre>')
    expect(shown).not.toContain('<html')
  })

  test('a subscription’s callback URL', async () => {
    const sub = await json('/subscribe', { callback_url: 'http://127.0.0.1:9/before' })
    const saved = await formPost(`/ui/subscriptions/${sub.id}`, 'callback_url=http%3A%2F%2F127.0.0.1%3A9%2Fafter')
    expect(saved.status).toBe(303)
    const listed = (await json('/subscriptions')).subscriptions.find((x: { id: string }) => x.id === sub.id)
    expect(listed.callback_url).toBe('http://127.0.0.1:9/after')
    expect(await page('/ui/subscriptions')).toContain('Webhooks now go to http://127.0.0.1:9/after.')
    const refused = await formPost(`/ui/subscriptions/${sub.id}`, 'callback_url=not-a-url')
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('value="not-a-url"')
    await json('/unsubscribe', { subscription_id: sub.id })
  })

  test('a toolkit’s display name and description', async () => {
    const kit = await json('/toolkits', { name: 'to-describe' })
    const saved = await formPost(`/ui/toolkits/${kit.id}/details`, 'display_name=Nicely+named&description=What+it+does')
    expect(saved.headers.get('location')).toBe(`/mcp/ui/toolkits/${kit.id}`)
    expect(await json(`/toolkits/${kit.id}`)).toMatchObject({
      display_name: 'Nicely named',
      description: 'What it does',
    })
    const shown = await page(`/ui/toolkits/${kit.id}`)
    expect(shown).toContain('Saved toolkit “to-describe”.')
    expect(shown).toContain('<dd>Nicely named</dd>')
  })
})

describe('after an action', () => {
  test('the notice is said once, and a subscription’s secret is shown once', async () => {
    const res = await formPost('/ui/subscriptions', 'callback_url=http%3A%2F%2F127.0.0.1%3A9%2Fonce')
    expect(res.status).toBe(303)
    const first = await page('/ui/subscriptions')
    expect(first).toContain('Subscribed http://127.0.0.1:9/once.')
    expect(first).toMatch(/<code id="new-secret">whsec_[^<]+<\/code>/)
    const again = await page('/ui/subscriptions')
    expect(again).not.toContain('Subscribed http://127.0.0.1:9/once.')
    expect(again).not.toContain('id="new-secret"')
  })

  test('server URLs, client configs and new keys carry copy buttons', async () => {
    const server = (await json('/servers', { name: 'copy me' })).data
    const shown = await page(`/ui/servers/${server.id}`)
    expect(shown).toContain(`<button type="button" class="copy" data-copy="${server.url}">`)
    expect(shown).toContain('data-copy="claude mcp add --transport http copy-me')
  })
})
