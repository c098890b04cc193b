// Raw HTTP against POST/GET/DELETE/OPTIONS /mcp/{slug}: framing, error codes, auth, origin, versions, sessions, batches.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createServer } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { findNulls, initializeBody, openSession, post } from '../helpers/mcp'

let app: TestApp
let slug: string
let publicSlug: string

beforeAll(async () => {
  app = await startTestApp()
  slug = (await createServer(app, { name: 'raw protocol' })).slug
  publicSlug = (await createServer(app, { name: 'raw public', auth: 'none' })).slug
})
afterAll(async () => {
  await app.stop()
})

const json = async (res: Response) => (await res.json()) as Record<string, any>

describe('framing', () => {
  test('a notification is 202 with an empty body', async () => {
    const res = await post(app, slug, { jsonrpc: '2.0', method: 'notifications/initialized' })
    expect(res.status).toBe(202)
    expect(await res.text()).toBe('')
  })

  test('invalid JSON is -32700 at HTTP 200 without id', async () => {
    const res = await post(app, slug, '{"jsonrpc": "2.0", "id": 1, "method": ')
    expect(res.status).toBe(200)
    const body = await json(res)
    expect(body.error.code).toBe(-32700)
    expect(body).not.toHaveProperty('id')
  })

  test('valid JSON that is not JSON-RPC is -32600, echoing a readable id', async () => {
    let body = await json(await post(app, slug, { hello: 'world' }))
    expect(body.error.code).toBe(-32600)
    body = await json(await post(app, slug, { jsonrpc: '1.0', id: 7, method: 'ping' }))
    expect(body).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32600, message: expect.any(String) } })
    body = await json(await post(app, slug, { jsonrpc: '2.0', id: null, method: 'ping' }))
    expect(body.error.code).toBe(-32600)
    body = await json(await post(app, slug, 42))
    expect(body.error.code).toBe(-32600)
  })

  test('an unknown method is -32601 naming the method', async () => {
    const res = await post(app, slug, { jsonrpc: '2.0', id: 3, method: 'server/discover' })
    expect(res.status).toBe(200)
    const body = await json(res)
    expect(body.id).toBe(3)
    expect(body.error.code).toBe(-32601)
    expect(body.error.message).toContain('server/discover')
  })

  test('id 0 and string ids are echoed; ping returns exactly {} with only jsonrpc/id/result', async () => {
    expect(await json(await post(app, slug, { jsonrpc: '2.0', id: 0, method: 'ping' }))).toEqual({
      jsonrpc: '2.0',
      id: 0,
      result: {},
    })
    expect(await json(await post(app, slug, { jsonrpc: '2.0', id: 'req-α', method: 'ping' }))).toEqual({
      jsonrpc: '2.0',
      id: 'req-α',
      result: {},
    })
  })

  test('a response posted by the client is accepted with 202', async () => {
    const res = await post(app, slug, { jsonrpc: '2.0', id: 'unknown-server-request', result: {} })
    expect(res.status).toBe(202)
    expect(await res.text()).toBe('')
  })

  test('missing params are fine and optional fields are never null', async () => {
    for (const method of ['tools/list', 'resources/list', 'resources/templates/list', 'prompts/list', 'ping']) {
      const res = await post(app, slug, { jsonrpc: '2.0', id: 1, method })
      const body = await json(res)
      expect(body.result).toBeDefined()
      expect(Object.keys(body).sort()).toEqual(['id', 'jsonrpc', 'result'])
      expect(findNulls(body)).toEqual([])
    }
    const init = await json(await post(app, slug, initializeBody('2025-06-18')))
    expect(findNulls(init)).toEqual([])
    expect(init.result).not.toHaveProperty('instructions')
  })
})

describe('method errors', () => {
  test('unknown tool is -32602; params must be well formed', async () => {
    let body = await json(
      await post(app, slug, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'no_such_tool' } }),
    )
    expect(body.error.code).toBe(-32602)
    body = await json(await post(app, slug, { jsonrpc: '2.0', id: 2, method: 'tools/call', params: {} }))
    expect(body.error.code).toBe(-32602)
    body = await json(
      await post(app, slug, { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'x', arguments: [1] } }),
    )
    expect(body.error.code).toBe(-32602)
  })

  test('unknown resource is -32002 with data.uri', async () => {
    const body = await json(
      await post(app, slug, { jsonrpc: '2.0', id: 1, method: 'resources/read', params: { uri: 'test://missing' } }),
    )
    expect(body.error.code).toBe(-32002)
    expect(body.error.data).toEqual({ uri: 'test://missing' })
  })

  test('invalid cursor is -32602', async () => {
    for (const method of ['tools/list', 'resources/list', 'prompts/list', 'resources/templates/list']) {
      const body = await json(
        await post(app, slug, { jsonrpc: '2.0', id: 1, method, params: { cursor: 'not-a-cursor' } }),
      )
      expect(body.error.code).toBe(-32602)
    }
  })

  test('logging/setLevel: valid → {}, invalid → -32602', async () => {
    expect(
      (
        await json(
          await post(app, slug, { jsonrpc: '2.0', id: 1, method: 'logging/setLevel', params: { level: 'debug' } }),
        )
      ).result,
    ).toEqual({})
    expect(
      (
        await json(
          await post(app, slug, { jsonrpc: '2.0', id: 2, method: 'logging/setLevel', params: { level: 'loud' } }),
        )
      ).error.code,
    ).toBe(-32602)
  })

  test('resources/subscribe and unsubscribe answer {}; a malformed completion ref is -32602', async () => {
    expect(
      (
        await json(
          await post(app, slug, { jsonrpc: '2.0', id: 1, method: 'resources/subscribe', params: { uri: 'test://x' } }),
        )
      ).result,
    ).toEqual({})
    expect(
      (
        await json(
          await post(app, slug, {
            jsonrpc: '2.0',
            id: 2,
            method: 'resources/unsubscribe',
            params: { uri: 'test://x' },
          }),
        )
      ).result,
    ).toEqual({})
    const bad = await json(
      await post(app, slug, {
        jsonrpc: '2.0',
        id: 4,
        method: 'completion/complete',
        params: { ref: { type: 'ref/other' } },
      }),
    )
    expect(bad.error.code).toBe(-32602)
  })

  test('notifications/cancelled for an unknown request is accepted silently', async () => {
    const res = await post(app, slug, {
      jsonrpc: '2.0',
      method: 'notifications/cancelled',
      params: { requestId: 99, reason: 'x' },
    })
    expect(res.status).toBe(202)
  })
})

describe('access', () => {
  test('invalid key and unknown slug are both -32600 at HTTP 200 with the same message', async () => {
    const badKey = await post(app, slug, { jsonrpc: '2.0', id: 1, method: 'ping' }, { key: `tyk_${'x'.repeat(43)}` })
    const unknownSlug = await post(app, 'no-such-server', { jsonrpc: '2.0', id: 1, method: 'ping' })
    const other = await app.newProject('raw-other')
    const foreignKey = await post(app, slug, { jsonrpc: '2.0', id: 1, method: 'ping' }, { key: other.apiKey })
    const bodies = [await json(badKey), await json(unknownSlug), await json(foreignKey)]
    for (const res of [badKey, unknownSlug, foreignKey]) expect(res.status).toBe(200)
    for (const b of bodies) {
      expect(b.id).toBe(1)
      expect(b.error.code).toBe(-32600)
    }
    expect(new Set(bodies.map((b) => b.error.message)).size).toBe(1)
  })

  test('a notification with a bad key is answered with the -32600 error, not 202', async () => {
    const res = await post(
      app,
      slug,
      { jsonrpc: '2.0', method: 'notifications/initialized' },
      { key: `tyk_${'y'.repeat(43)}` },
    )
    expect(res.status).toBe(200)
    expect((await json(res)).error.code).toBe(-32600)
  })

  test('Authorization: Bearer works like X-API-Key', async () => {
    const res = await post(
      app,
      slug,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { key: null, headers: { authorization: `Bearer ${app.apiKey}` } },
    )
    expect((await json(res)).result).toEqual({})
  })

  test('a public server (auth: none) needs no key', async () => {
    const res = await post(app, publicSlug, { jsonrpc: '2.0', id: 1, method: 'ping' }, { key: null })
    expect(await json(res)).toEqual({ jsonrpc: '2.0', id: 1, result: {} })
  })

  test('REST routes are not shadowed by /mcp/{slug}', async () => {
    const created = await app.api('/servers', { body: { name: 'still rest' } })
    expect(created.status).toBe(201)
    expect((await json(created)).success).toBe(true)
    const list = await app.api('/tools/list', { body: {} })
    const body = await json(list)
    expect(body).not.toHaveProperty('jsonrpc')
  })
})

describe('origin and host', () => {
  test('a present disallowed Origin is 403, checked before the key', async () => {
    const res = await post(
      app,
      slug,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { key: null, headers: { origin: 'http://evil.example.com' } },
    )
    expect(res.status).toBe(403)
    const body = await json(res)
    expect(body).not.toHaveProperty('id')
    expect(body.error.message).toContain('Origin')
  })

  test('a loopback Origin is allowed and echoed for CORS', async () => {
    const res = await post(
      app,
      slug,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { headers: { origin: 'http://localhost:6274' } },
    )
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:6274')
    expect(res.headers.get('access-control-expose-headers')).toContain('mcp-session-id')
  })

  test('a non-loopback Host is 403 when bound to loopback', async () => {
    const res = await post(app, slug, initializeBody(), { headers: { host: 'evil.example.com' } })
    expect(res.status).toBe(403)
  })

  test('OPTIONS is a CORS preflight without a key', async () => {
    const res = await fetch(`${app.base}/${slug}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'mcp-session-id, x-api-key',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
    const allowed = res.headers.get('access-control-allow-headers') ?? ''
    for (const h of ['mcp-session-id', 'mcp-protocol-version', 'x-api-key', 'authorization', 'last-event-id'])
      expect(allowed).toContain(h)
    expect(res.headers.get('access-control-expose-headers')).toContain('mcp-session-id')
  })

  test("OAuth discovery: the server's metadata and the issuer's answer; other probes get a fast 404", async () => {
    const root = app.base.replace(/\/mcp$/, '')
    for (const path of [
      `/.well-known/oauth-protected-resource/mcp/${slug}`,
      '/.well-known/oauth-authorization-server',
    ]) {
      const res = await fetch(root + path, { signal: AbortSignal.timeout(5000) })
      expect(res.status).toBe(200)
    }
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/openid-configuration']) {
      const res = await fetch(root + path, { signal: AbortSignal.timeout(5000) })
      expect(res.status).toBe(404)
    }
  })
})

describe('MCP-Protocol-Version header', () => {
  test('in a session, an unknown version is HTTP 400 with a plain JSON-RPC error listing the supported versions', async () => {
    const { headers } = await openSession(app, slug, '2025-11-25')
    for (const v of ['2026-07-28', 'banana']) {
      const res = await post(
        app,
        slug,
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        { headers: { ...headers, 'mcp-protocol-version': v } },
      )
      expect(res.status).toBe(400)
      const body = await json(res)
      expect(body).not.toHaveProperty('id')
      expect([-32020, -32021, -32022]).not.toContain(body.error.code)
      for (const s of ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']) expect(body.error.message).toContain(s)
    }
  })

  test('without a session, a newer header is the 2026-07-28 path: -32602 without _meta, -32022 for an unknown one', async () => {
    const send = (v: string) =>
      post(app, slug, { jsonrpc: '2.0', id: 7, method: 'tools/list' }, { headers: { 'mcp-protocol-version': v } })
    const noMeta = await send('2026-07-28')
    expect(noMeta.status).toBe(400)
    expect(await json(noMeta)).toMatchObject({ id: 7, error: { code: -32602 } })
    const banana = await send('banana')
    expect(banana.status).toBe(400)
    const body = await json(banana)
    expect(body).toMatchObject({ id: 7, error: { code: -32022, data: { requested: 'banana' } } })
    expect(body.error.data.supported).toEqual(['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'])
    for (const s of body.error.data.supported) expect(body.error.message).toContain(s)
  })

  test('missing or any supported value is fine, even one that differs from the negotiated version', async () => {
    const { headers } = await openSession(app, slug, '2025-11-25')
    const res = await post(
      app,
      slug,
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { headers: { ...headers, 'mcp-protocol-version': '2025-03-26' } },
    )
    expect(res.status).toBe(200)
    expect((await json(await post(app, slug, { jsonrpc: '2.0', id: 2, method: 'ping' }))).result).toEqual({})
  })

  test('initialize ignores the header', async () => {
    const res = await post(app, slug, initializeBody('2025-06-18'), {
      headers: { 'mcp-protocol-version': '2026-07-28' },
    })
    expect(res.status).toBe(200)
    expect((await json(res)).result.protocolVersion).toBe('2025-06-18')
  })
})

describe('initialize', () => {
  test('supported versions are echoed, others answered with 2025-11-25; capabilities per version', async () => {
    for (const v of ['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25']) {
      const body = await json(await post(app, slug, initializeBody(v)))
      expect(body.result.protocolVersion).toBe(v)
      expect(body.result.serverInfo).toEqual({ name: 'raw protocol', version: expect.any(String) })
      expect(body.result.capabilities.tools).toEqual({ listChanged: true })
      expect(body.result.capabilities.resources).toEqual({ subscribe: true, listChanged: true })
      expect(body.result.capabilities.logging).toEqual({})
      if (v === '2024-11-05') expect(body.result.capabilities).not.toHaveProperty('completions')
      else expect(body.result.capabilities.completions).toEqual({})
    }
    for (const v of ['2026-07-28', 'garbage', 42])
      expect((await json(await post(app, slug, initializeBody(v as string)))).result.protocolVersion).toBe('2025-11-25')
  })

  test('the session id is visible ASCII and unique', async () => {
    const a = await post(app, slug, initializeBody())
    const b = await post(app, slug, initializeBody())
    const ida = a.headers.get('mcp-session-id')!
    expect(ida).toMatch(/^[\x21-\x7e]{20,}$/)
    expect(ida).not.toBe(b.headers.get('mcp-session-id'))
  })

  test('POST /mcp/initialize answers an initialize result and needs a key', async () => {
    const ok = await app.api('/initialize', { body: initializeBody('2025-03-26', {}, 5) })
    const body = await json(ok)
    expect(body).toEqual({
      jsonrpc: '2.0',
      id: 5,
      result: expect.objectContaining({
        protocolVersion: '2025-03-26',
        serverInfo: { name: 'Toolyard', version: expect.any(String) },
      }),
    })
    const bare = await json(
      await app.api('/initialize', {
        body: { protocolVersion: '2024-11-05', clientInfo: { name: 'c', version: '1' } },
      }),
    )
    expect(bare.protocolVersion).toBe('2024-11-05')
    const noKeyEnvelope = await app.api('/initialize', { body: initializeBody(), key: null })
    expect(noKeyEnvelope.status).toBe(200)
    expect((await json(noKeyEnvelope)).error.code).toBe(-32600)
    const noKeyBare = await app.api('/initialize', { body: { protocolVersion: '2025-06-18' }, key: null })
    expect(noKeyBare.status).toBe(401)
  })
})

describe('sessions', () => {
  test('GET without a session is 405 with Allow, answered before auth', async () => {
    const res = await fetch(`${app.base}/${slug}`, { headers: { accept: 'text/event-stream' } })
    expect(res.status).toBe(405)
    expect(res.headers.get('allow')).toBe('POST, DELETE')
  })

  test('GET with a session opens an SSE stream; DELETE ends the session; then 404 everywhere', async () => {
    const { headers } = await openSession(app, slug)
    const ac = new AbortController()
    const stream = await fetch(`${app.base}/${slug}`, {
      headers: { ...headers, accept: 'text/event-stream', 'x-api-key': app.apiKey },
      signal: ac.signal,
    })
    expect(stream.status).toBe(200)
    expect(stream.headers.get('content-type')).toContain('text/event-stream')
    expect(stream.headers.get('cache-control')).toBe('no-cache, no-transform')
    const reader = stream.body!.getReader()
    const first = new TextDecoder().decode((await reader.read()).value)
    expect(first.startsWith(':')).toBe(true)

    const del = await fetch(`${app.base}/${slug}`, {
      method: 'DELETE',
      headers: { ...headers, 'x-api-key': app.apiKey },
    })
    expect([200, 204]).toContain(del.status)
    // Ending the session closes its stream.
    let ended = false
    for (let i = 0; i < 50 && !ended; i++) ended = (await reader.read()).done
    expect(ended).toBe(true)

    const after = await post(app, slug, { jsonrpc: '2.0', id: 1, method: 'ping' }, { headers })
    expect(after.status).toBe(404)
    const getAfter = await fetch(`${app.base}/${slug}`, {
      headers: { ...headers, accept: 'text/event-stream', 'x-api-key': app.apiKey },
    })
    expect(getAfter.status).toBe(404)
    const delAgain = await fetch(`${app.base}/${slug}`, {
      method: 'DELETE',
      headers: { ...headers, 'x-api-key': app.apiKey },
    })
    expect(delAgain.status).toBe(404)
    ac.abort()
  })

  test('an unknown session id is 404; a session is bound to its key', async () => {
    const res = await post(
      app,
      slug,
      { jsonrpc: '2.0', id: 1, method: 'ping' },
      { headers: { 'mcp-session-id': 'nope' } },
    )
    expect(res.status).toBe(404)
    const other = await app.newProject('raw-session-other')
    const otherSlug = (await createServer(app, { name: 'raw other server' }, other.apiKey)).slug
    const { headers } = await openSession(app, slug)
    // Another key of the same project is another principal.
    const { apiKey: secondKey } = await app.server.deps.projects.createKey(app.projectId, { name: 'second' })
    expect((await post(app, slug, { jsonrpc: '2.0', id: 1, method: 'ping' }, { headers, key: secondKey })).status).toBe(
      404,
    )
    // And a session of one server is not valid on another.
    expect(
      (await post(app, otherSlug, { jsonrpc: '2.0', id: 1, method: 'ping' }, { headers, key: other.apiKey })).status,
    ).toBe(404)
  })

  test('requests without a session are served statelessly', async () => {
    const res = await post(app, slug, { jsonrpc: '2.0', id: 1, method: 'tools/list' })
    expect((await json(res)).result).toEqual({ tools: [] })
  })
})

describe('batches', () => {
  test('accepted from 2025-03-26 sessions', async () => {
    const { headers } = await openSession(app, slug, '2025-03-26')
    const res = await post(
      app,
      slug,
      [
        { jsonrpc: '2.0', id: 1, method: 'ping' },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        { jsonrpc: '2.0', id: 'two', method: 'nope' },
      ],
      { headers },
    )
    expect(res.status).toBe(200)
    const body = (await res.json()) as any[]
    expect(body).toHaveLength(2)
    expect(body.find((r) => r.id === 1).result).toEqual({})
    expect(body.find((r) => r.id === 'two').error.code).toBe(-32601)
    const onlyNotes = await post(app, slug, [{ jsonrpc: '2.0', method: 'notifications/initialized' }], { headers })
    expect(onlyNotes.status).toBe(202)
  })

  test('rejected with -32600 for other versions', async () => {
    for (const v of ['2025-06-18', '2025-11-25', '2024-11-05']) {
      const { headers } = await openSession(app, slug, v)
      const res = await post(app, slug, [{ jsonrpc: '2.0', id: 1, method: 'ping' }], { headers })
      expect(res.status).toBe(200)
      expect((await json(res)).error.code).toBe(-32600)
    }
  })
})
