// A hostile upstream and a hostile toolkit owner (docs/decisions/0038-review-of-the-third-round.md): headers that would
// set Host, credentials or hop-by-hop fields are refused; an upstream listing too many tools or a huge definition is
// refused with the limit named; a flood of log and progress notifications during one call is bounded like a
// function's logs; the credential an upstream echoes back (logs, progress, results) never reaches the caller.

import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { randomUUID } from 'node:crypto'
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { ListToolsRequestSchema, LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js'
import { z } from 'zod'
import { call, createServer, json } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient } from '../helpers/mcp'
import { serveStreamableHttp, startUpstream } from '../helpers/upstream-mcp'

const SECRET = 'sk-hostile-upstream-5555aaaa'
const LOG_BUDGET = 64 * 1024

let app: TestApp
const logLines: string[] = []
const stops: (() => void)[] = []

/** A real SDK McpServer on Streamable HTTP (127.0.0.1:0), a new McpServer per session from `build`. */
function serve(build: (server: McpServer, headers: Headers) => void): string {
  const http = serveStreamableHttp((req) => {
    const server = new McpServer({ name: 'hostile', version: '6.6.6' }, { capabilities: { logging: {} } })
    build(server, req.headers)
    return server
  })
  stops.push(() => http.stop(true))
  return `http://127.0.0.1:${http.port}/mcp`
}

beforeAll(async () => {
  app = await startTestApp(
    {
      TOOLYARD_MAX_RESULT_BYTES: String(LOG_BUDGET),
      TOOLYARD_MAX_REMOTE_TOOLS: '50',
      TOOLYARD_MAX_REMOTE_TOOL_BYTES: '16384',
      TOOLYARD_MAX_REMOTE_WATCHERS_PER_PROJECT: '2',
      TOOLYARD_MAX_REMOTE_CALLS_PER_PROJECT: '2',
      TOOLYARD_LOG_LEVEL: 'debug',
    },
    { onLogLine: (l) => logLines.push(l) },
  )
})
afterAll(async () => {
  await app.stop()
  for (const stop of stops) stop()
})

const remoteBody = (name: string, remote: Record<string, unknown>) => ({
  body: { name, toolkit_type: 'remote', remote },
})

describe('the headers a toolkit owner may set', () => {
  const url = () => serve((s) => s.registerTool('noop', { inputSchema: {} }, async () => ({ content: [] })))

  test.each([
    ['Host', 'internal.example'],
    ['authorization', 'Bearer typed-in-the-clear'],
    ['Cookie', 'session=abc'],
    ['Proxy-Authorization', 'Basic eA=='],
    ['Connection', 'close'],
    ['Transfer-Encoding', 'chunked'],
    ['Content-Length', '12345'],
    ['Upgrade', 'websocket'],
    ['Mcp-Session-Id', 'someone-elses'],
  ])('%s is refused with a 400 naming the header', async (name, value) => {
    const r = await call(
      app,
      '/toolkits',
      remoteBody(`h-${name.toLowerCase()}`, { url: url(), headers: { [name]: value } }),
    )
    expect(r.status).toBe(400)
    expect(r.body.code).toBe('validation_failed')
    expect(r.body.details).toContainEqual({ field: `body.remote.headers.${name}`, message: expect.any(String) })
    expect(r.text).not.toContain(value)
  })

  test.each([
    ['a name that is no header token', 'X Bad\r\nInjected', 'x'],
    ['a value with a line break', 'X-Split', 'a\r\nX-Injected: yes'],
  ])('%s is refused with a 400, never a 500', async (_what, name, value) => {
    const r = await call(
      app,
      '/toolkits',
      remoteBody(`h-bad-${randomUUID().slice(0, 6)}`, { url: url(), headers: { [name]: value } }),
    )
    expect(r.status).toBe(400)
    expect(r.body.details[0].field).toBe(`body.remote.headers.${name}`)
  })

  test('a header credential may not be named Host either', async () => {
    const r = await call(
      app,
      '/toolkits',
      remoteBody('h-auth-host', {
        url: url(),
        auth: { type: 'header', header_name: 'Host', credential_provider: 'api_key' },
      }),
    )
    expect(r.status).toBe(400)
    expect(r.body.details[0].field).toBe('body.remote.auth.header_name')
  })

  test('an ordinary header still goes through', async () => {
    const r = await call(app, '/toolkits', remoteBody('h-fine', { url: url(), headers: { 'X-Team': 'blue' } }))
    expect(r.status).toBe(201)
  })
})

describe('an upstream that lists too much', () => {
  test('more tools than TOOLYARD_MAX_REMOTE_TOOLS: 400 upstream_failed naming the limit, nothing stored', async () => {
    const url = serve((s) => {
      for (let i = 0; i < 51; i++)
        s.registerTool(`t${i}`, { description: `tool ${i}`, inputSchema: {} }, async () => ({ content: [] }))
    })
    const r = await call(app, '/toolkits', remoteBody('too-many', { url }))
    expect(r.status).toBe(400)
    expect(r.body.code).toBe('upstream_failed')
    expect(r.body.error).toContain('51 tools')
    expect(r.body.error).toContain('TOOLYARD_MAX_REMOTE_TOOLS')
    const list = await json(await app.api('/toolkits'), 200)
    expect(JSON.stringify(list)).not.toContain('too-many')
  })

  test('a tool definition larger than TOOLYARD_MAX_REMOTE_TOOL_BYTES: 400 naming the tool', async () => {
    const url = serve((s) => {
      s.registerTool('small', { inputSchema: {} }, async () => ({ content: [] }))
      s.registerTool(
        'enormous',
        { description: 'd'.repeat(20_000), inputSchema: { a: z.string().describe('x'.repeat(100)) } },
        async () => ({ content: [] }),
      )
    })
    const r = await call(app, '/toolkits', remoteBody('enormous-kit', { url }))
    expect(r.status).toBe(400)
    expect(r.body.code).toBe('upstream_failed')
    expect(r.body.error).toContain('enormous')
    expect(r.body.error).toContain('TOOLYARD_MAX_REMOTE_TOOL_BYTES')
  })

  test('a tool whose name no client could take is left out, and the log says so', async () => {
    const url = serve((s) => {
      s.registerTool('fine.name-1', { inputSchema: {} }, async () => ({ content: [] }))
      for (const name of ['with space', 'new\nline', '<b>x</b>', 'x'.repeat(129), 'ünïcode'])
        s.registerTool(name, { inputSchema: {} }, async () => ({ content: [] }))
    })
    const kit = await json(await app.api('/toolkits', remoteBody('odd-names', { url, refresh_interval_s: 0 })), 201)
    const detail = await json(await app.api(`/toolkits/${kit.id}`), 200)
    expect(detail.tools.map((t: { name: string }) => t.name)).toEqual(['fine.name-1'])
    expect(logLines.join('\n')).toContain('upstream tools left out')
  })

  test("the upstream's serverInfo is kept to name, version and title, each cut to 200 characters", async () => {
    const url = serve((s) => {
      const info = (s.server as unknown as { _serverInfo: Record<string, unknown> })._serverInfo
      Object.assign(info, { name: 'n'.repeat(100_000), version: '1', extra: 'e'.repeat(100_000) })
      s.registerTool('only', { inputSchema: {} }, async () => ({ content: [] }))
    })
    const kit = await json(await app.api('/toolkits', remoteBody('big-info', { url, refresh_interval_s: 0 })), 201)
    const detail = await json(await app.api(`/toolkits/${kit.id}`), 200)
    expect(detail.remote.server_info).toEqual({ name: 'n'.repeat(200), version: '1' })
  })

  test('NUL in what an upstream lists is imported on either backend (U+FFFD on PostgreSQL), never a failed import', async () => {
    const url = serve((s) => {
      const info = (s.server as unknown as { _serverInfo: Record<string, unknown> })._serverInfo
      Object.assign(info, { name: 'nul\u0000server' })
      s.registerTool('nul_tool', { title: 'T\u0000', description: 'd\u0000e', inputSchema: {} }, async () => ({
        content: [],
      }))
    })
    const kit = await json(await app.api('/toolkits', remoteBody('nul-upstream', { url, refresh_interval_s: 0 })), 201)
    const detail = await json(await app.api(`/toolkits/${kit.id}`), 200)
    const mark = app.server.deps.backend === 'postgres' ? '\uFFFD' : '\u0000'
    expect(detail.tools.map((t: { name: string; description: string }) => [t.name, t.description])).toEqual([
      ['nul_tool', `d${mark}e`],
    ])
  })

  test('a refresh that finds too many tools keeps the stored ones and says why', async () => {
    let count = 3
    const url = serve((s) => {
      for (let i = 0; i < count; i++) s.registerTool(`r${i}`, { inputSchema: {} }, async () => ({ content: [] }))
    })
    const kit = await json(await app.api('/toolkits', remoteBody('grows', { url, refresh_interval_s: 0 })), 201)
    count = 60
    const r = await call(app, `/toolkits/${kit.id}/refresh`, { method: 'POST' })
    expect(r.status).toBe(400)
    expect(r.body.code).toBe('upstream_failed')
    const detail = await json(await app.api(`/toolkits/${kit.id}`), 200)
    expect(detail.tools.length).toBe(3)
    expect(detail.remote.last_error).toContain('TOOLYARD_MAX_REMOTE_TOOLS')
  })
})

describe('an upstream that floods or echoes during a call', () => {
  let slug: string
  beforeAll(async () => {
    const url = serve((s, headers) => {
      const token = headers.get('authorization') ?? 'none'
      s.registerTool('flood', { inputSchema: { n: z.number().int() } }, async ({ n }, extra) => {
        const line = 'L'.repeat(2000)
        for (let i = 0; i < n; i++) {
          await extra.sendNotification({ method: 'notifications/message', params: { level: 'info', data: line } })
          const t = extra._meta?.progressToken
          if (t !== undefined)
            await extra.sendNotification({
              method: 'notifications/progress',
              params: { progressToken: t, progress: i, message: line },
            })
        }
        return { content: [{ type: 'text', text: `sent ${n}` }] }
      })
      s.registerTool('echo_token', { inputSchema: {} }, async (_a, extra) => {
        await extra.sendNotification({
          method: 'notifications/message',
          params: { level: 'error', data: `rejected header ${token}` },
        })
        return { content: [{ type: 'text', text: `you sent ${token}` }], isError: true }
      })
    })
    const cred = await json(
      await app.api('/credentials', {
        body: { name: 'hostile', provider_id: 'api_key', credential_data: { api_key: SECRET } },
      }),
      201,
    )
    const kit = await json(
      await app.api(
        '/toolkits',
        remoteBody('floody', { url, auth: { type: 'bearer', credential_provider: 'api_key' }, refresh_interval_s: 0 }),
      ),
      201,
    )
    slug = (
      await createServer(app, { name: 'floody', toolkits: [{ toolkit_id: kit.id, credentials: { api_key: cred.id } }] })
    ).slug
  })

  test("a flood of logs and progress is bounded by TOOLYARD_MAX_RESULT_BYTES, as a function's logs are", async () => {
    const { client } = await connectClient(app, slug)
    let bytes = 0
    let truncated = false
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      const text = String(n.params.data)
      if (text.includes('logs truncated')) truncated = true
      bytes += text.length
    })
    const r = await client.callTool({ name: 'flood', arguments: { n: 300 } }, undefined, {
      onprogress: (p) => {
        bytes += p.message?.length ?? 0
      },
    })
    expect(r.content).toEqual([{ type: 'text', text: 'sent 300' }])
    // 300 × 2 × 2,000 bytes were sent upstream; the client got at most the budget (and one warning).
    expect(bytes).toBeLessThanOrEqual(LOG_BUDGET + 1024)
    expect(truncated).toBe(true)
    await client.close()
  })

  test('the credential an upstream echoes back never reaches the caller or the log', async () => {
    const { client } = await connectClient(app, slug)
    const logs: string[] = []
    client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => {
      logs.push(String(n.params.data))
    })
    const r = await client.callTool({ name: 'echo_token', arguments: {} })
    expect(r.isError).toBe(true)
    const seen = JSON.stringify(r) + logs.join('\n')
    expect(seen).toContain('[redacted]')
    expect(seen).not.toContain(SECRET)
    expect(logLines.join('\n')).not.toContain(SECRET)
    await client.close()
  })
})

describe('one tenant against another', () => {
  test("another project's remote toolkit or credential cannot be attached or mapped, and its tools are never reachable", async () => {
    const url = serve((s) => s.registerTool('private_op', { inputSchema: {} }, async () => ({ content: [] })))
    const other = await app.newProject('hostile-other')
    const theirs = await json(
      await app.api('/toolkits', { ...remoteBody('theirs', { url, refresh_interval_s: 0 }), key: other.apiKey }),
      201,
    )
    const theirCred = await json(
      await app.api('/credentials', {
        body: { name: 'theirs', provider_id: 'api_key', credential_data: { api_key: 'their-secret-123456' } },
        key: other.apiKey,
      }),
      201,
    )
    const attach = await call(app, '/servers', { body: { name: 'grab theirs', toolkits: [{ toolkit_id: theirs.id }] } })
    expect([400, 404]).toContain(attach.status)
    expect(attach.text).not.toContain('private_op')
    // My own guarded toolkit, mapped to their credential on my server.
    await app.api('/credentials', {
      body: { name: 'mine-for-sync', provider_id: 'api_key', credential_data: { api_key: 'my-secret-123456' } },
    })
    const mine = await json(
      await app.api(
        '/toolkits',
        remoteBody('mine-guarded', {
          url,
          auth: { type: 'bearer', credential_provider: 'api_key' },
          refresh_interval_s: 0,
        }),
      ),
      201,
    )
    const borrow = await call(app, '/servers', {
      body: { name: 'borrow cred', toolkits: [{ toolkit_id: mine.id, credentials: { api_key: theirCred.id } }] },
    })
    expect([400, 404]).toContain(borrow.status)
    const server = await createServer(app, { name: 'mine plain' })
    const map = await call(app, `/servers/${server.id}`, {
      method: 'PATCH',
      body: { toolkits: [{ toolkit_id: theirs.id, credentials: { api_key: theirCred.id } }] },
    })
    expect([400, 404]).toContain(map.status)
    expect(map.text).not.toContain('their-secret-123456')
    expect(await call(app, `/toolkits/${theirs.id}`)).toMatchObject({ status: 404 })
    expect(await call(app, `/toolkits/${theirs.id}/refresh`, { method: 'POST' })).toMatchObject({ status: 404 })
  })
})

describe('questions outside any call', () => {
  test('an elicitation or sampling request the upstream sends between calls is refused at once, never left hanging', async () => {
    const outcomes: string[] = []
    const url = serve((s) => {
      s.registerTool('ask_later', { inputSchema: {} }, async () => {
        setTimeout(async () => {
          for (const ask of [
            () =>
              s.server.elicitInput(
                { message: 'who are you?', requestedSchema: { type: 'object', properties: {} } },
                { timeout: 10_000 },
              ),
            () =>
              s.server.createMessage(
                { messages: [{ role: 'user', content: { type: 'text', text: 'hi' } }], maxTokens: 5 },
                { timeout: 10_000 },
              ),
          ])
            await ask().then(
              () => outcomes.push('answered'),
              (e: Error) => outcomes.push(`refused: ${e.message}`),
            )
        }, 100)
        return { content: [{ type: 'text', text: 'asked later' }] }
      })
    })
    const kit = await json(await app.api('/toolkits', remoteBody('asks-later', { url, refresh_interval_s: 0 })), 201)
    const server = await createServer(app, { name: 'asks later', toolkits: [{ toolkit_id: kit.id }] })
    const { client } = await connectClient(app, server.slug, { capabilities: { elicitation: {}, sampling: {} } })
    expect((await client.callTool({ name: 'ask_later', arguments: {} })).content).toEqual([
      { type: 'text', text: 'asked later' },
    ])
    const deadline = Date.now() + 8000
    while (outcomes.length < 2 && Date.now() < deadline) await Bun.sleep(50)
    expect(outcomes).toHaveLength(2)
    for (const o of outcomes) {
      expect(o).toContain('refused')
      expect(o).toContain('cannot answer')
    }
    await client.close()
  })
})

describe('an upstream that never answers', () => {
  test('an SSE upstream that opens its stream and never names its endpoint fails within timeout_ms, at creation and at a call', async () => {
    const real = await startUpstream({ transport: 'sse' })
    stops.push(() => void real.stop())
    const origin = new URL(real.url).origin
    let stall = false
    // A front for the real upstream that, once stalled, opens the stream and then says nothing: no `endpoint` event.
    const front = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      idleTimeout: 0,
      async fetch(req) {
        if (stall)
          return new Response(new ReadableStream({ start() {} }), { headers: { 'content-type': 'text/event-stream' } })
        const url = new URL(req.url)
        return fetch(`${origin}${url.pathname}${url.search}`, {
          method: req.method,
          headers: req.headers,
          ...(req.method === 'POST' ? { body: await req.text() } : {}),
        })
      },
    })
    stops.push(() => front.stop(true))
    const remote = {
      url: `http://127.0.0.1:${front.port}/sse`,
      transport: 'sse',
      timeout_ms: 500,
      refresh_interval_s: 0,
    }
    // The toolkit the call goes through is made while the upstream still answers: a bound of 3 s, so a loaded machine
    // cannot time out its creation (the stalled call below then ends at that bound, not at the test's timeout).
    const kit = await json(await app.api('/toolkits', remoteBody('stalls-later', { ...remote, timeout_ms: 3000 })), 201)
    const server = await createServer(app, { name: 'stalls later', toolkits: [{ toolkit_id: kit.id }] })
    stall = true

    const r = await call(app, '/toolkits', remoteBody('never-endpoint', remote))
    expect(r.status).toBe(400)
    expect(r.body.code).toBe('upstream_failed')
    expect(r.body.error).toContain('timed out after 500 ms')
    const { client } = await connectClient(app, server.slug)
    const result = await client.callTool({ name: 'echo', arguments: { text: 'x' } })
    expect(result.isError).toBe(true)
    expect(JSON.stringify(result.content)).toContain('timed out after 3000 ms')
    await client.close()
  }, 20_000)

  test('an upstream that hands out page after page, each just in time, is cut off after timeout_ms in all', async () => {
    const url = serve((s) => {
      s.server.registerCapabilities({ tools: {} })
      s.server.setRequestHandler(ListToolsRequestSchema, async (req) => {
        await Bun.sleep(150)
        const page = Number(req.params?.cursor ?? 0)
        return { tools: [{ name: `page${page}`, inputSchema: { type: 'object' } }], nextCursor: String(page + 1) }
      })
    })
    // The pages never end, so only the limit over all of them ends the listing: the message names it.
    const r = await call(app, '/toolkits', remoteBody('slow-pages', { url, timeout_ms: 1000 }))
    expect(r.status).toBe(400)
    expect(r.body.code).toBe('upstream_failed')
    expect(r.body.error).toContain('timed out after 1000 ms')
  }, 20_000)
})

describe('the refresh job across tenants', () => {
  test("one project's stalling upstreams delay only its own refreshes, never another project's", async () => {
    // Project B: an upstream that, after creation, accepts every request and never answers.
    let stall = false
    const stalling = serve((s) => s.registerTool('b_tool', { inputSchema: {} }, async () => ({ content: [] })))
    const front = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      idleTimeout: 0,
      async fetch(req) {
        if (stall) return new Promise<Response>(() => {})
        return fetch(stalling, { method: req.method, headers: req.headers, body: (await req.text()) || undefined })
      },
    })
    stops.push(() => front.stop(true))
    const other = await app.newProject('stalling-tenant')
    const b = { url: `http://127.0.0.1:${front.port}/mcp`, transport: 'streamable_http', timeout_ms: 20_000 }
    await json(await app.api('/toolkits', { ...remoteBody('b-stalls', b), key: other.apiKey }), 201)
    // Project A (the test's own): an upstream whose tools change without an announcement.
    let count = 1
    const growing = serve((s) => {
      for (let i = 0; i < count; i++) s.registerTool(`a_tool_${i}`, { inputSchema: {} }, async () => ({ content: [] }))
    })
    const a = await json(
      // Follows its upstream (no review): each refresh writes the tools it finds.
      await app.api('/toolkits', {
        body: { ...remoteBody('a-grows', { url: growing, refresh_interval_s: 60 }).body, review_changes: false },
      }),
      201,
    )
    stall = true
    count = 2

    const remote = app.server.deps.remoteToolkits
    let firstRoundDone = false
    const firstRound = remote.tick(Date.now() + 3_600_000).finally(() => {
      firstRoundDone = true
    })
    const names = async () =>
      ((await json(await app.api(`/toolkits/${a.id}`), 200)).tools as { name: string }[]).map((t) => t.name)
    for (let i = 0; i < 100 && !(await names()).includes('a_tool_1'); i++) await Bun.sleep(50)
    // A's refresh is done while B's stalled one (20 s) still runs.
    expect(await names()).toContain('a_tool_1')
    expect(firstRoundDone).toBe(false)
    // A second round meanwhile refreshes A again and skips B, whose round still runs (it would stall 20 s here).
    count = 3
    const second = await remote.tick(Date.now() + 7_200_000)
    expect(second.synced).toBeGreaterThanOrEqual(1)
    expect(await names()).toContain('a_tool_2')
    expect(firstRoundDone).toBe(false)
    stall = false
    front.stop(true)
    await firstRound
  }, 40_000)
})

describe('an upstream that keeps announcing changes', () => {
  test('a stream of notifications/tools/list_changed re-lists at most about once every 2 s', async () => {
    let lists = 0
    const sessions: McpServer[] = []
    const url = serve((s) => {
      sessions.push(s)
      s.server.registerCapabilities({ tools: { listChanged: true } })
      s.server.setRequestHandler(ListToolsRequestSchema, async () => {
        lists++
        return { tools: [{ name: 'noisy', inputSchema: { type: 'object' } }] }
      })
    })
    // Its own project: the watcher that hears the notices is one of the project's few (see below).
    const own = await app.newProject('noisy-tenant')
    await json(
      await app.api('/toolkits', { ...remoteBody('noisy', { url, refresh_interval_s: 0 }), key: own.apiKey }),
      201,
    )
    const before = lists
    const noise = setInterval(() => {
      for (const s of sessions) void s.server.sendToolListChanged().catch(() => {})
    }, 40)
    await Bun.sleep(3000)
    clearInterval(noise)
    const during = lists - before
    // Heard (it re-lists), but not once per notice: 75 notices in 3 s make at most 2-3 re-lists.
    expect(during).toBeGreaterThanOrEqual(1)
    expect(during).toBeLessThanOrEqual(3)
  }, 20_000)
})

describe('held connections per project', () => {
  test('a project holds at most TOOLYARD_MAX_REMOTE_WATCHERS_PER_PROJECT list_changed watchers', async () => {
    const url = serve((s) => s.registerTool('watched', { inputSchema: {} }, async () => ({ content: [] })))
    const remote = app.server.deps.remoteToolkits
    const tenant = await app.newProject('many-watchers')
    const before = remote.stats().watchers
    for (const name of ['w1', 'w2', 'w3', 'w4'])
      await json(
        await app.api('/toolkits', { ...remoteBody(name, { url, refresh_interval_s: 0 }), key: tenant.apiKey }),
        201,
      )
    expect(remote.stats().watchers - before).toBe(2)
    // Another project still gets its own.
    const second = await app.newProject('one-watcher')
    await json(
      await app.api('/toolkits', { ...remoteBody('w5', { url, refresh_interval_s: 0 }), key: second.apiKey }),
      201,
    )
    expect(remote.stats().watchers - before).toBe(3)
  })
})

describe('remote calls per project', () => {
  test('at most TOOLYARD_MAX_REMOTE_CALLS_PER_PROJECT run at once; more answer at once, and other projects are not held', async () => {
    let started = 0
    let release: () => void = () => {}
    const released = new Promise<void>((r) => {
      release = r
    })
    const url = serve((s) => {
      s.registerTool('hold', { inputSchema: {} }, async () => {
        started++
        await released
        return { content: [{ type: 'text', text: 'held' }] }
      })
      s.registerTool('quick', { inputSchema: {} }, async () => ({ content: [{ type: 'text', text: 'quick' }] }))
    })
    const setUp = async (name: string) => {
      const tenant = await app.newProject(name)
      const kit = await json(
        await app.api('/toolkits', {
          ...remoteBody(`${name}-kit`, { url, refresh_interval_s: 0 }),
          key: tenant.apiKey,
        }),
        201,
      )
      const server = await createServer(app, { name, toolkits: [{ toolkit_id: kit.id }] }, tenant.apiKey)
      return connectClient(app, server.slug, { key: tenant.apiKey })
    }
    const busy = await setUp('busy-tenant')
    const calm = await setUp('calm-tenant')
    const held = [1, 2].map(() => busy.client.callTool({ name: 'hold', arguments: {} }))
    for (let i = 0; i < 200 && started < 2; i++) await Bun.sleep(25)
    expect(started).toBe(2)
    const third = await busy.client.callTool({ name: 'quick', arguments: {} })
    expect(third.isError).toBe(true)
    expect(JSON.stringify(third.content)).toContain('too many concurrent calls for this project')
    expect((await calm.client.callTool({ name: 'quick', arguments: {} })).content).toEqual([
      { type: 'text', text: 'quick' },
    ])
    release()
    for (const r of await Promise.all(held)) expect(r.content).toEqual([{ type: 'text', text: 'held' }])
    expect((await busy.client.callTool({ name: 'quick', arguments: {} })).isError).toBe(false)
    await Promise.all([busy.client.close(), calm.client.close()])
  }, 20_000)
})
