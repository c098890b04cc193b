// Two end users on one server never receive each other's credential, warm function state or result: an HTTP template
// tool against a real local API, a warm JavaScript function, and a remote MCP toolkit (the SDK's McpServer upstream).
// Each user calls through a user token; the upstreams record what each call carried.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { call, createServer, createTool, createToolkit, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { startRecorder } from '../helpers/http-recorder'
import { connectClient } from '../helpers/mcp'
import { startUpstream, type Upstream } from '../helpers/upstream-mcp'

let app: TestApp
const users: Record<'alice' | 'bob', { id: string; token: string; secret: string }> = {} as never
// Echoes the key it was sent, so a result holds the credential its call carried.
const api = startRecorder((req) => Response.json({ saw: req.headers['x-api-key'] ?? null }))
let upstream: Upstream

async function credential(body: Record<string, unknown>) {
  return json(await app.api('/credentials', { body: { provider_id: 'api_key', ...body } }), 201)
}

beforeAll(async () => {
  app = await startTestApp()
  for (const name of ['alice', 'bob'] as const) {
    const user = await json(await app.api('/users', { body: { external_id: name } }), 201)
    const { token } = await json(await app.api(`/users/${user.id}/tokens`, { body: {} }), 201)
    users[name] = { id: user.id, token, secret: `${name}-key-${crypto.randomUUID()}` }
  }
  upstream = await startUpstream({
    transport: 'streamable_http',
    require: { name: 'authorization', value: (v: string) => v.startsWith('Bearer ') },
  })
})
afterAll(async () => {
  await upstream.stop()
  await app.stop()
})

const restCall = (token: string, serverId: string, name: string, args: Record<string, unknown> = {}) =>
  call(app, '/tools/call', { key: token, body: { name, arguments: args, server_id: serverId } })

describe('an HTTP template tool with credential_mode per_user', () => {
  let serverId: string
  beforeAll(async () => {
    const kit = await createToolkit(app, 'http-kit')
    await json(
      await app.api('/functions', {
        body: {
          name: 'http-kit.fetch',
          runtime: 'http',
          http: { url: `${api.origin}/whoami`, headers: { 'X-Api-Key': '{{credentials.api_key}}' } },
        },
      }),
      201,
    )
    await createTool(app, {
      toolkit_id: kit.id,
      name: 'whoami',
      function_name: 'http-kit.fetch',
      credential_provider: 'api_key',
    })
    const shared = await credential({ name: 'shared', credential_data: { api_key: 'shared-key-never-sent' } })
    for (const u of Object.values(users))
      await credential({ name: `own-${u.id}`, credential_data: { api_key: u.secret }, user_id: u.id })
    serverId = (
      await createServer(app, {
        name: 'http per user',
        toolkits: [{ toolkit_id: kit.id, credentials: { api_key: shared.id }, credential_mode: 'per_user' }],
      })
    ).id
  })

  test("each user's call carries that user's own key, and its result holds no other", async () => {
    for (const [me, other] of [
      [users.alice, users.bob],
      [users.bob, users.alice],
    ] as const) {
      const before = api.requests.length
      const r = await restCall(me.token, serverId, 'whoami')
      expect(r.status).toBe(200)
      expect(r.body.isError).toBe(false)
      expect(api.requests.length).toBe(before + 1)
      expect(api.last().headers['x-api-key']).toBe(me.secret)
      expect(r.text).not.toContain(other.secret)
      expect(r.text).not.toContain('shared-key-never-sent')
    }
  })

  test('a call without a user (the admin key) gets no credential under per_user, and the API is not called', async () => {
    const before = api.requests.length
    const r = await call(app, '/tools/call', { body: { name: 'whoami', arguments: {}, server_id: serverId } })
    expect(r.body.isError).toBe(true)
    expect(api.requests.length).toBe(before)
    expect(r.text).not.toContain('shared-key-never-sent')
  })

  test("a user's credential cannot be mapped as a server's shared credential (404)", async () => {
    const carol = await json(await app.api('/users', { body: { external_id: 'carol' } }), 201)
    const own = await credential({ name: 'carol-own', credential_data: { api_key: 'x' }, user_id: carol.id })
    const kit = await createToolkit(app, 'map-kit')
    await createTool(app, {
      toolkit_id: kit.id,
      name: 'mapped',
      function_name: 'http-kit.fetch',
      credential_provider: 'api_key',
    })
    const r = await call(app, '/servers', {
      body: { name: 'mapped', toolkits: [{ toolkit_id: kit.id, credentials: { api_key: own.id } }] },
    })
    expect(r.status).toBe(404)
  })
})

/** Keeps the caller's tag and credential in module state; answers what the previous call in that context left. */
const STASH = `export default async (input, ctx) => {
  const before = globalThis.stash ?? null
  globalThis.stash = { tag: input.tag, secret: ctx.credentials?.api_key ?? null }
  return { before }
}`

describe('a warm JavaScript function under per_user_then_shared', () => {
  let serverId: string
  beforeAll(async () => {
    await json(await app.api('/functions', { body: { name: 'stash', runtime: 'javascript', code: STASH } }), 201)
    const kit = await createToolkit(app, 'warm-kit')
    await createTool(app, {
      toolkit_id: kit.id,
      name: 'stash',
      function_name: 'stash',
      credential_provider: 'warm_provider',
      input_schema: { type: 'object', properties: { tag: { type: 'string' } } },
    })
    // Neither user has a warm_provider credential of their own: both run on the shared one, in one function version.
    const shared = await json(
      await app.api('/credentials', {
        body: { name: 'warm-shared', provider_id: 'api_key', credential_data: { api_key: 'warm-shared' } },
      }),
      201,
    )
    await json(
      await app.api('/providers', { body: { id: 'warm_provider', name: 'Warm', auth_type: 'api_key' } }),
      201,
    ).catch(() => undefined)
    serverId = (
      await createServer(app, {
        name: 'warm per user',
        toolkits: [
          { toolkit_id: kit.id, credentials: { warm_provider: shared.id }, credential_mode: 'per_user_then_shared' },
        ],
      })
    ).id
  })

  test("a warm context never serves one user's module state to another", async () => {
    const seen: Record<string, (string | null)[]> = { alice: [], bob: [] }
    for (let round = 0; round < 3; round++)
      for (const name of ['alice', 'bob'] as const) {
        const r = await restCall(users[name].token, serverId, 'stash', { tag: `${name}-state` })
        expect(r.body.isError).toBe(false)
        const { before } = JSON.parse(r.body.content[0].text) as { before: { tag: string } | null }
        seen[name]!.push(before?.tag ?? null)
      }
    // Whatever a context kept came from the same user's earlier call (or it was fresh).
    expect(seen.alice!.every((t) => t === null || t === 'alice-state')).toBe(true)
    expect(seen.bob!.every((t) => t === null || t === 'bob-state')).toBe(true)
  })
})

describe('a remote MCP toolkit with credential_mode per_user', () => {
  let slug: string
  beforeAll(async () => {
    const shared = await credential({ name: 'remote-shared', credential_data: { api_key: 'remote-shared-key' } })
    const kit = await json(
      await app.api('/toolkits', {
        body: {
          name: 'remote-kit',
          toolkit_type: 'remote',
          remote: { url: upstream.url, auth: { type: 'bearer', credential_provider: 'api_key' }, prefix: 'r_' },
        },
      }),
      201,
    )
    slug = (
      await createServer(app, {
        name: 'remote per user',
        toolkits: [{ toolkit_id: kit.id, credentials: { api_key: shared.id }, credential_mode: 'per_user' }],
      })
    ).slug
  })

  test("each user's call reaches the upstream with that user's bearer only, and gets its own result", async () => {
    for (const [me, other] of [
      [users.alice, users.bob],
      [users.bob, users.alice],
    ] as const) {
      const { client } = await connectClient(app, slug, { key: me.token })
      const before = upstream.seen.length
      const r = await client.callTool({ name: 'r_echo', arguments: { text: `for ${me.id}` } })
      await client.close()
      expect(r).toMatchObject({ isError: false, content: [{ type: 'text', text: `for ${me.id}` }] })
      const carried = upstream.seen.slice(before).map((h) => h.authorization)
      expect(carried.length).toBeGreaterThan(0)
      expect(carried.every((a) => a === `Bearer ${me.secret}`)).toBe(true)
      expect(JSON.stringify(r)).not.toContain(other.secret)
    }
  })
})

describe("a user's own credential is never the project's", () => {
  test('a remote toolkit is never listed with a user’s credential (only the project’s own)', async () => {
    await json(await app.api('/providers', { body: { id: 'listing', name: 'Listing', auth_type: 'api_key' } }), 201)
    const secret = `alice-listing-${crypto.randomUUID()}`
    await json(
      await app.api('/credentials', {
        body: {
          name: 'alice-listing',
          provider_id: 'listing',
          credential_data: { api_key: secret },
          user_id: users.alice.id,
        },
      }),
      201,
    )
    const before = upstream.seen.length
    const r = await call(app, '/toolkits', {
      body: {
        name: 'listed-kit',
        toolkit_type: 'remote',
        remote: { url: upstream.url, auth: { type: 'bearer', credential_provider: 'listing' }, prefix: 'l_' },
      },
    })
    expect(r.status).toBe(400)
    expect(JSON.stringify(upstream.seen.slice(before))).not.toContain(secret)
  })
})
