// Every tool call, resource read and prompt get leaves one info log line (never arguments or results) and one row in
// the call log (GET /calls, filters, pages); the metrics endpoint counts them, behind the admin token.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { json, serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { connectClient } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'

/** Every tool call of `outcome` in the metrics text, whatever its server and tool labels. */
const callsWith = (text: string, outcome: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith(`toolyard_tool_calls_total{outcome="${outcome}",`))
    .reduce((sum, l) => sum + Number(l.split(' ').pop()), 0)

const ADMIN = 'admin-token-for-metrics-0123456789'
const SECRET_ARG = 'sk-live-ARGUMENT-never-logged'
const SECRET_RESULT = 'RESULT-never-logged'

let app: TestApp
const lines: string[] = []
let server: { id: string; slug: string }

beforeAll(async () => {
  app = await startTestApp({ TOOLYARD_ADMIN_TOKEN: ADMIN }, { onLogLine: (l) => lines.push(l) })
  const kit = await toolkitWithTools(app, 'opskit', [
    {
      name: 'echo',
      code: `export default async (input) => ({ echoed: input.text.length, note: '${SECRET_RESULT}' })`,
      input_schema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    },
    { name: 'boom', code: 'export default async () => { throw new Error("kaput") }' },
  ])
  // A function with a short deadline that never ends: the call times out.
  await json(
    await app.api('/functions', {
      body: {
        name: 'opskit.spin',
        runtime: 'javascript',
        code: 'export default async () => { for (;;) {} }',
        timeout_ms: 300,
      },
    }),
    201,
  )
  await json(
    await app.api('/tools', {
      body: {
        toolkit_id: kit,
        name: 'spin',
        description: 'never ends',
        function_name: 'opskit.spin',
        input_schema: { type: 'object' },
      },
    }),
    201,
  )
  server = await serverWithToolkits(app, 'ops server', [kit])
  await json(await app.api('/prompts', { body: { name: 'greet', template: 'Hello', server_id: server.id } }), 201)
})
afterAll(() => app.stop())

const logged = (msg: string) =>
  lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === msg && l.level === 'info')

describe('operating: call log, log lines and metrics', () => {
  test('calls over MCP and REST are logged once each, without arguments or results, and listed by GET /calls', async () => {
    const { client } = await connectClient(app, server.slug)
    try {
      await client.callTool({ name: 'echo', arguments: { text: SECRET_ARG } })
      const boom = await client.callTool({ name: 'boom', arguments: {} })
      expect(boom.isError).toBe(true)
      const spin = await client.callTool({ name: 'spin', arguments: {} })
      expect(spin.isError).toBe(true)
      await client.getPrompt({ name: 'greet' })
    } finally {
      await client.close()
    }
    expect((await app.api('/prompts/get', { body: { name: 'greet', server_id: server.id } })).status).toBe(200)
    const rest = await app.api('/tools/call', { body: { name: 'echo', arguments: { text: 'x' } } })
    expect(rest.status).toBe(200)
    const restRequestId = rest.headers.get('x-request-id')

    const toolLines = logged('tool call')
    expect(toolLines.map((l) => [l.tool, l.outcome])).toEqual([
      ['echo', 'ok'],
      ['boom', 'error'],
      ['spin', 'timeout'],
      ['echo', 'ok'],
    ])
    expect(toolLines[0]).toMatchObject({ project_id: app.projectId, server: server.id })
    expect(typeof toolLines[0]!.duration_ms).toBe('number')
    expect(toolLines[1]!.error).toContain('kaput')
    expect(toolLines[3]!.request_id).toBe(restRequestId)
    expect(logged('prompt get').map((l) => [l.prompt, l.outcome])).toEqual([
      ['greet', 'ok'],
      ['greet', 'ok'],
    ])
    const all = lines.join('\n')
    expect(all).not.toContain(SECRET_ARG)
    expect(all).not.toContain(SECRET_RESULT)
    expect(all).not.toContain(app.apiKey)
    // Access lines are debug.
    expect(lines.some((l) => l.includes('"msg":"http request"') && l.includes('"level":"debug"'))).toBe(true)

    const { calls } = await json(await app.api('/calls?limit=200'), 200)
    expect(calls.map((c: { kind: string; name: string; outcome: string }) => [c.kind, c.name, c.outcome])).toEqual([
      ['tool', 'echo', 'ok'],
      ['prompt', 'greet', 'ok'],
      ['prompt', 'greet', 'ok'],
      ['tool', 'spin', 'timeout'],
      ['tool', 'boom', 'error'],
      ['tool', 'echo', 'ok'],
    ])
    expect(calls[0].request_id).toBe(restRequestId)
    expect(calls[0].server_id).toBeNull()
    expect(calls[4]).toMatchObject({ server_id: server.id, error: expect.stringContaining('kaput') })
    expect(JSON.stringify(calls)).not.toContain(SECRET_ARG)

    // Filters and pages.
    const errors = await json(await app.api('/calls?outcome=error'), 200)
    expect(errors.calls.map((c: { name: string }) => c.name)).toEqual(['boom'])
    const echo = await json(await app.api(`/calls?tool=echo&server_id=${server.id}`), 200)
    expect(echo.calls).toHaveLength(1)
    const first = await json(await app.api('/calls?limit=2'), 200)
    expect(first.calls).toHaveLength(2)
    const second = await json(await app.api(`/calls?limit=2&cursor=${first.next_cursor}`), 200)
    expect(second.calls.map((c: { id: string }) => c.id)).toEqual(calls.slice(2, 4).map((c: { id: string }) => c.id))
    expect((await app.api('/calls?cursor=garbage')).status).toBe(400)
    expect((await app.api('/calls?outcome=maybe')).status).toBe(400)
    // Another project sees none of them; no key, no log.
    const other = await app.newProject('ops-other')
    expect((await json(await app.api('/calls', { key: other.apiKey }), 200)).calls).toEqual([])
    expect((await app.api('/calls', { key: null })).status).toBe(401)
  })

  test('REST prompt gets and resource reads are logged with their request context: request id, server', async () => {
    await json(
      await app.api('/resources', {
        body: { server_id: server.id, name: 'ctx-note', uri: 'ctx://note', resource_type: 'static', content: 'n' },
      }),
      201,
    )
    const read = await app.api('/resources/read', { body: { uri: 'ctx://note', server_id: server.id } })
    expect(read.status).toBe(200)
    const got = await app.api('/prompts/get', { body: { name: 'greet' } })
    expect(got.status).toBe(200)
    const byName = async (name: string) =>
      (await json(await app.api(`/calls?tool=${encodeURIComponent(name)}`), 200)).calls
    await waitFor('both rows', async () => (await byName('ctx://note')).length === 1)
    expect((await byName('ctx://note'))[0]).toMatchObject({
      kind: 'resource',
      server_id: server.id,
      request_id: read.headers.get('x-request-id'),
    })
    const prompts = (await byName('greet')).filter(
      (c: { request_id: string }) => c.request_id === got.headers.get('x-request-id'),
    )
    expect(prompts).toHaveLength(1)
    expect(prompts[0].server_id).toBeNull()
    // Another project's server named in the body is not found, as for REST tools/call.
    const other = await app.newProject('ctx-other')
    for (const [path, body] of [
      ['/resources/read', { uri: 'ctx://note', server_id: server.id }],
      ['/prompts/get', { name: 'greet', server_id: server.id }],
    ] as const)
      expect((await app.api(path, { body, key: other.apiKey })).status).toBe(404)
  })

  test('the retention job deletes rows older than TOOLYARD_CALL_LOG_DAYS', async () => {
    const { deps } = app.server
    await app.sql(
      `INSERT INTO call_log (id, project_id, server_id, kind, name, outcome, duration_ms, error, request_id, created_at)
       VALUES ('00000000-0000-7000-8000-000000000001', $p, NULL, 'tool', 'ancient', 'ok', 1, NULL, 'r', $at)`,
      { p: app.projectId, at: new Date(Date.now() - 8 * 86_400_000).toISOString() },
    )
    expect((await json(await app.api('/calls?tool=ancient'), 200)).calls).toHaveLength(1)
    expect(await deps.callLog.purgeOlderThan(deps.config.callLogDays)).toBe(1)
    expect((await json(await app.api('/calls?tool=ancient'), 200)).calls).toHaveLength(0)
    expect((await json(await app.api('/calls?tool=echo'), 200)).calls.length).toBeGreaterThan(0)
  })

  test('GET /mcp/metrics: Prometheus text behind the admin token', async () => {
    expect((await fetch(`${app.base}/metrics`)).status).toBe(401)
    expect(
      (await fetch(`${app.base}/metrics`, { headers: { authorization: 'Bearer wrong-token-0123456789' } })).status,
    ).toBe(401)
    const res = await fetch(`${app.base}/metrics`, { headers: { authorization: `Bearer ${ADMIN}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/plain')
    const text = await res.text()
    // Labelled by server and tool too (test: src/observability/metrics.test.ts); summed here by outcome.
    expect(callsWith(text, 'ok')).toBe(2)
    expect(callsWith(text, 'timeout')).toBe(1)
    expect(text).toMatch(/toolyard_tool_call_duration_seconds_count\{server="[^"]+",tool="[^"]+"\} \d+/)
    expect(text).toMatch(/toolyard_http_requests_total\{route="\/mcp\/calls",status="200"\} \d+/)
    for (const name of [
      'toolyard_webhook_deliveries_total',
      'toolyard_oauth_refreshes_total',
      'toolyard_rate_limited_total',
      'toolyard_sandbox_queue_depth',
      'toolyard_process_resident_memory_bytes',
    ])
      expect(text).toContain(`# TYPE ${name}`)
  })

  test('without an admin token the metrics endpoint does not exist; rate-limited calls are logged and counted', async () => {
    const limited = await startTestApp({ TOOLYARD_RATE_LIMITS: '{"protocol":3}', TOOLYARD_ADMIN_TOKEN: ADMIN })
    const bare = await startTestApp()
    try {
      expect((await fetch(`${bare.base}/metrics`)).status).toBe(404)
      const kit = await toolkitWithTools(limited, 'rl', [{ name: 'noop', code: 'export default async () => 1' }])
      const s = await serverWithToolkits(limited, 'rl server', [kit])
      const { post } = await import('../helpers/mcp')
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) {
        const r = await post(limited, s.slug, {
          jsonrpc: '2.0',
          id: i,
          method: 'tools/call',
          params: { name: 'noop', arguments: {} },
        })
        statuses.push(r.status)
      }
      expect(statuses).toContain(429)
      const rows = await waitFor('rate-limited rows', async () => {
        const { calls } = await json(await limited.api('/calls?outcome=rate_limited'), 200)
        return calls.length ? calls : undefined
      })
      expect(rows[0]).toMatchObject({ name: 'noop', server_id: s.id, outcome: 'rate_limited' })
      const text = await (
        await fetch(`${limited.base}/metrics`, { headers: { authorization: `Bearer ${ADMIN}` } })
      ).text()
      expect(text).toMatch(/toolyard_rate_limited_total\{group="protocol"\} [1-9]/)
      expect(text).toMatch(/toolyard_tool_calls_total\{outcome="rate_limited",server="[^"]+",tool="noop"\} [1-9]/)
    } finally {
      await limited.stop()
      await bare.stop()
    }
  })

  // That a flush keeps SQLite's synchronous = FULL: calls.sqlite.test.ts.
  test('a flush writes a large batch whole (multi-row statements), drops rows of a missing project', async () => {
    const { deps } = app.server
    const report = (projectId: string, i: number) =>
      deps.callLog.observer.called({
        kind: 'tool',
        projectId,
        name: 'bulk',
        outcome: i % 2 ? 'ok' : 'error',
        durationMs: i,
        ...(i % 2 ? {} : { error: `e${i}` }),
      })
    // 123 = two full chunks and a remainder, with a deleted project's rows interleaved.
    for (let i = 0; i < 123; i++) {
      report(app.projectId, i)
      if (i % 40 === 0) report('no-such-project', i)
    }
    await deps.callLog.flush()
    const [rows] = await app.sql(
      `SELECT COUNT(*) AS n, SUM(duration_ms) AS total, COUNT(error) AS errors FROM call_log
       WHERE name = 'bulk' AND project_id = $p`,
      { p: app.projectId },
    )
    expect(rows).toEqual({ n: 123, total: (122 * 123) / 2, errors: 62 })
    const [stray] = await app.sql(`SELECT COUNT(*) AS n FROM call_log WHERE name = 'bulk'`)
    expect(stray?.n).toBe(123)
  })
})
