// Memory and row bounds that a tenant could otherwise grow without limit: pending webhook deliveries per project,
// finished task results, and the queue of an SSE stream whose client does not read.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { connect } from 'node:net'
import {
  createFunction,
  createServer,
  createTool,
  createToolkit,
  serverWithToolkits,
  toolkitWithTools,
} from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { post } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'
import { startReceiver } from '../helpers/webhook-receiver'

async function publish(app: TestApp, projectId: string, uri: string) {
  const deps = app.server.deps
  await deps.store.tx(() =>
    deps.events.publishResource({ type: 'resource.updated', projectId, serverId: 'srv', uri, name: 'Doc', at: '' }),
  )
}

const pendingOf = async (app: TestApp, projectId: string) => {
  const [row] = await app.sql(
    `SELECT COUNT(*) AS n FROM webhook_deliveries d JOIN subscriptions s ON s.id = d.subscription_id
     WHERE s.project_id = $projectId AND d.status = 'pending'`,
    { projectId },
  )
  return Number(row?.n)
}

describe('the webhook outbox holds at most TOOLYARD_WEBHOOK_PENDING_PER_PROJECT pending rows per project', () => {
  let app: TestApp
  // Every attempt fails with a 500: the rows stay pending (the next retry is far away).
  const failing = startReceiver(() => 500)
  beforeAll(async () => {
    app = await startTestApp({ TOOLYARD_WEBHOOK_PENDING_PER_PROJECT: '50', TOOLYARD_WEBHOOK_RETRY_BASE_MS: '600000' })
  })
  afterAll(async () => {
    await app.stop()
    await failing.stop()
  })

  test('20 changes × 10 subscriptions: 50 pending, the rest dropped and counted; another project unaffected', async () => {
    const a = await app.newProject('flooder')
    const b = await app.newProject('quiet')
    for (let i = 0; i < 10; i++) {
      const res = await app.api('/subscribe', { body: { callback_url: failing.url }, key: a.apiKey })
      expect(res.status).toBe(201)
    }
    expect((await app.api('/subscribe', { body: { callback_url: failing.url }, key: b.apiKey })).status).toBe(201)
    for (let i = 0; i < 20; i++) await publish(app, a.projectId, `docs://a/${i}`)
    await publish(app, b.projectId, 'docs://b')
    await waitFor('the first attempts', () => failing.received.length >= 51)
    expect(await pendingOf(app, a.projectId)).toBe(50)
    expect(await pendingOf(app, b.projectId)).toBe(1)
    // Past the first second the full project is recounted: still full, still nothing written.
    await Bun.sleep(1100)
    await publish(app, a.projectId, 'docs://a/late')
    expect(await pendingOf(app, a.projectId)).toBe(50)
    const { text } = await app.server.deps.metrics.scrape()
    expect(text).toContain('toolyard_webhook_deliveries_dropped_total 160')
  }, 20_000)

  test('20 changes × 10 subscriptions at once (side by side on PostgreSQL): still exactly 50 pending', async () => {
    const c = await app.newProject('concurrent')
    for (let i = 0; i < 10; i++) {
      const res = await app.api('/subscribe', { body: { callback_url: failing.url }, key: c.apiKey })
      expect(res.status).toBe(201)
    }
    await Promise.all(Array.from({ length: 20 }, (_, i) => publish(app, c.projectId, `docs://c/${i}`)))
    expect(await pendingOf(app, c.projectId)).toBe(50)
  }, 20_000)
})

describe('finished task results held at most TOOLYARD_TASK_RESULTS_BYTES together', () => {
  const V = '2026-07-28'
  let app: TestApp
  let slug: string
  beforeAll(async () => {
    app = await startTestApp({ TOOLYARD_TASK_RESULTS_BYTES: String(1024 * 1024) })
    const kit = (await createToolkit(app, 'big-tasks')).id
    await createFunction(app, {
      name: 'big.result',
      runtime: 'javascript',
      code: `export default async (input) => input.n + ':' + 'z'.repeat(${300 * 1024})`,
    })
    await createTool(app, { toolkit_id: kit, name: 'big', function_name: 'big.result', task_support: 'optional' })
    slug = (await createServer(app, { name: 'big-tasks', toolkits: [{ toolkit_id: kit }] })).slug
  })
  afterAll(async () => {
    await app.stop()
  })

  const send = async (method: string, params: Record<string, unknown>): Promise<any> => {
    const meta = {
      'io.modelcontextprotocol/protocolVersion': V,
      'io.modelcontextprotocol/clientCapabilities': { extensions: { 'io.modelcontextprotocol/tasks': {} } },
    }
    const name = String(method === 'tools/call' ? params.name : params.taskId)
    const res = await post(
      app,
      slug,
      { jsonrpc: '2.0', id: 1, method, params: { ...params, _meta: meta } },
      { headers: { 'mcp-protocol-version': V, 'mcp-method': method, 'mcp-name': name } },
    )
    return res.json()
  }

  test('8 tasks of 300 KiB results: the oldest finished ones are let go, the newest stay readable', async () => {
    const ids: string[] = []
    for (let n = 0; n < 8; n++) {
      const { taskId } = (await send('tools/call', { name: 'big', arguments: { n } })).result
      await waitFor(
        'the task to complete',
        async () => (await send('tasks/get', { taskId })).result?.status === 'completed',
      )
      ids.push(taskId)
    }
    const answers = await Promise.all(ids.map((taskId) => send('tasks/get', { taskId })))
    const kept = answers.filter((a) => a.result).map((a) => a.result.result.content[0].text as string)
    expect(kept.reduce((sum, text) => sum + text.length, 0)).toBeLessThanOrEqual(1024 * 1024)
    expect(kept.map((text) => text.split(':')[0])).toEqual(['5', '6', '7'])
    expect(answers[0].error.message).toContain('unknown task')
  }, 30_000)
})

describe('an SSE stream whose client does not read is dropped at TOOLYARD_STREAM_BUFFER_BYTES', () => {
  let app: TestApp
  let slug: string
  beforeAll(async () => {
    // 16 MiB of log lines (within the call's log budget): far more than the socket buffers of loopback hold.
    app = await startTestApp({
      TOOLYARD_MAX_RESULT_BYTES: String(32 * 1024 * 1024),
      TOOLYARD_STREAM_BUFFER_BYTES: String(256 * 1024),
    })
    const code = `export default async (input, ctx) => {
      const line = 'l'.repeat(8000)
      for (let i = 0; i < 2000; i++) ctx.log('info', line)
      return 'all logged'
    }`
    const kit = await toolkitWithTools(app, 'chatty', [{ name: 'chatty', code }])
    slug = (await serverWithToolkits(app, 'chatty', [kit])).slug
  })
  afterAll(async () => {
    await app.stop()
  })

  test('a client that sends a call and does not read: its stream ends, the rest of it is never queued', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'chatty' } })
    const url = new URL(`${app.base}/${slug}`)
    const socket = connect(Number(url.port), url.hostname)
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()))
    socket.pause()
    socket.write(
      [
        `POST ${url.pathname} HTTP/1.1`,
        `Host: ${url.host}`,
        `X-API-Key: ${app.apiKey}`,
        'Content-Type: application/json',
        'Accept: application/json, text/event-stream',
        'MCP-Protocol-Version: 2025-03-26',
        `Content-Length: ${Buffer.byteLength(body)}`,
        '',
        body,
      ].join('\r\n'),
    )
    // The call ends while nobody reads (it is in the call log), then the client reads what is left.
    await waitFor(
      'the call to end',
      async () => ((await (await app.api('/calls?tool=chatty')).json()) as { calls: unknown[] }).calls.length > 0,
      { timeoutMs: 15_000 },
    )
    let received = ''
    const ended = new Promise<void>((resolve) => {
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
      socket.on('end', () => resolve())
      socket.on('close', () => resolve())
    })
    socket.resume()
    await ended
    socket.destroy()
    expect(received).toStartWith('HTTP/1.1 200')
    expect(received).toContain('text/event-stream')
    expect(received.includes('all logged')).toBe(false)
    expect(received.length).toBeLessThan(12 * 1024 * 1024)
  }, 30_000)
})
