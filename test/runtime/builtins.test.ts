// Pre-built functions: utilities, and GitHub/Slack calls against a local API double; the catalogs reference them.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { builtinProviders } from '../../src/catalog/providers'
import { prebuiltToolkits } from '../../src/catalog/toolkits'
import { createEgress } from '../../src/egress/client'
import { builtinFunctions } from '../../src/runtime/builtins'
import { BUILTIN_PROVIDER_IDS } from '../helpers/catalog'

const egress = createEgress({ allowPrivate: true })
let api: ReturnType<typeof Bun.serve>
let apiBase: string
const requests: { method: string; path: string; auth: string | null; body: string }[] = []

beforeAll(() => {
  api = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      const url = new URL(req.url)
      requests.push({
        method: req.method,
        path: url.pathname + url.search,
        auth: req.headers.get('authorization'),
        body: await req.text(),
      })
      if (req.headers.get('authorization') !== 'Bearer gh-token')
        return Response.json({ message: 'Bad credentials' }, { status: 401 })
      if (url.pathname === '/user') return Response.json({ login: 'octocat', id: 1 })
      if (url.pathname === '/repos/octo/hello/issues')
        return Response.json({ number: 7, title: JSON.parse(requests.at(-1)!.body).title }, { status: 201 })
      if (url.pathname === '/chat.postMessage') return Response.json({ ok: false, error: 'channel_not_found' })
      return Response.json({ message: 'Not Found' }, { status: 404 })
    },
  })
  apiBase = `http://127.0.0.1:${api.port}`
})
afterAll(() => api.stop(true))

const host = { signal: new AbortController().signal }
/** `providerBaseUrl`: the local double's address, given as the credential's `base_url` (its own wins). */
const call = (
  name: string,
  input: Record<string, unknown>,
  { credentials, providerBaseUrl }: { credentials?: Record<string, unknown>; providerBaseUrl?: string } = {},
) =>
  builtinFunctions[name]!(
    input,
    host,
    egress,
    providerBaseUrl ? { base_url: providerBaseUrl, ...credentials } : credentials,
  )

describe('utilities', () => {
  test('echo returns its text unchanged', async () => {
    expect(await call('builtin.utilities.echo', { text: '  <b>&"x"  \n' })).toBe('  <b>&"x"  \n')
  })

  test('uuid returns a v4 (or v7) UUID', async () => {
    expect(await call('builtin.utilities.uuid', {})).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    )
    expect(await call('builtin.utilities.uuid', { version: 'v7' })).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/)
  })

  test('current_time is ISO 8601, in UTC or the given zone', async () => {
    // The time read is the call's own: between the clock before and after it (an order, not a tolerance).
    const before = Date.now()
    const utc = (await call('builtin.utilities.current_time', {})) as string
    const tokyo = (await call('builtin.utilities.current_time', { timezone: 'Asia/Tokyo' })) as string
    const after = Date.now()
    expect(utc).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
    expect(tokyo).toMatch(/\+09:00$/)
    for (const at of [Date.parse(utc), Date.parse(tokyo)]) {
      expect(at).toBeGreaterThanOrEqual(before)
      expect(at).toBeLessThanOrEqual(after)
    }
    await expect(call('builtin.utilities.current_time', { timezone: 'Mars/Base' })).rejects.toThrow('unknown timezone')
  })

  test('http_request goes through egress', async () => {
    const r = (await call('builtin.utilities.http_request', {
      url: `${apiBase}/user`,
      headers: { authorization: 'Bearer gh-token' },
    })) as { status: number; body: string }
    expect(r.status).toBe(200)
    expect(JSON.parse(r.body)).toEqual({ login: 'octocat', id: 1 })
    await expect(
      builtinFunctions['builtin.utilities.http_request']!(
        { url: `${apiBase}/user` },
        host,
        createEgress({ allowPrivate: false }),
      ),
    ).rejects.toThrow('egress refused')
  })
})

describe('github and slack against a local double', () => {
  test('get_user sends the token as Bearer to the overridden base URL', async () => {
    expect(
      await call(
        'builtin.github.get_user',
        {},
        { credentials: { access_token: 'gh-token' }, providerBaseUrl: apiBase },
      ),
    ).toEqual({ login: 'octocat', id: 1 })
    expect(requests.at(-1)).toMatchObject({ method: 'GET', path: '/user', auth: 'Bearer gh-token' })
    // credentials.base_url wins over the provider's; `token` works as well as `access_token`.
    expect(
      await call(
        'builtin.github.get_user',
        {},
        { credentials: { token: 'gh-token', base_url: apiBase }, providerBaseUrl: 'http://unused.invalid' },
      ),
    ).toMatchObject({ login: 'octocat' })
  })

  test('create_issue posts JSON; API errors and missing credentials throw clear messages', async () => {
    const issue = await call(
      'builtin.github.create_issue',
      { owner: 'octo', repo: 'hello', title: 'Bug <1>' },
      { credentials: { api_key: 'gh-token' }, providerBaseUrl: apiBase },
    )
    expect(issue).toEqual({ number: 7, title: 'Bug <1>' })
    await expect(
      call('builtin.github.get_user', {}, { credentials: { access_token: 'wrong' }, providerBaseUrl: apiBase }),
    ).rejects.toThrow('GitHub API error: HTTP 401: Bad credentials')
    await expect(call('builtin.github.get_user', {}, { providerBaseUrl: apiBase })).rejects.toThrow(
      'no github credential',
    )
  })

  test('slack reports ok:false as an error', async () => {
    await expect(
      call(
        'builtin.slack.post_message',
        { channel: '#x', text: 'hi' },
        { credentials: { access_token: 'gh-token' }, providerBaseUrl: apiBase },
      ),
    ).rejects.toThrow('Slack API error: channel_not_found')
  })
})

describe('catalogs', () => {
  test('every pre-built tool names an existing builtin function, an object schema and a known provider', () => {
    const providers = new Set(builtinProviders.map((p) => p.id))
    expect(prebuiltToolkits.map((t) => t.id)).toEqual(['prebuilt-utilities', 'prebuilt-github', 'prebuilt-slack'])
    for (const toolkit of prebuiltToolkits) {
      for (const tool of toolkit.tools) {
        expect(builtinFunctions[tool.function_name], tool.function_name).toBeFunction()
        expect(tool.function_name).toBe(`builtin.${toolkit.name}.${tool.name}`)
        expect(tool.input_schema.type).toBe('object')
        if (tool.credential_provider) expect(providers.has(tool.credential_provider)).toBe(true)
      }
    }
    expect([...providers]).toEqual(BUILTIN_PROVIDER_IDS)
  })
})
