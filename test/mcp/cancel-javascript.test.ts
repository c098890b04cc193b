// notifications/cancelled stops a running JavaScript tool: the sandbox pool hears the cancellation through the host's
// onCancel (no AbortSignal made), stops the code in its worker, and the next call of the server still runs.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { waitFor } from '../helpers/poll'

let app: TestApp
let receiver: ReturnType<typeof Bun.serve>
let url: string
const reached: string[] = []

beforeAll(async () => {
  // One worker for the project: a call left spinning would hold the next call until its deadline.
  app = await startTestApp({ TOOLYARD_SANDBOX_WORKERS: '2' })
  receiver = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      reached.push(new URL(req.url).search)
      return new Response('ok')
    },
  })
  const kit = await toolkitWithTools(app, 'cancel-kit', [
    {
      name: 'spin',
      input_schema: { type: 'object', properties: { tag: { type: 'string' } } },
      // Tells the receiver it runs, then never ends by itself: its 60 s limit is past the test's own 30 s timeout, so
      // only the cancellation can end it (and free the worker the next call needs) while the test runs.
      timeout_ms: 60_000,
      code: `export default async (input, ctx) => { await ctx.fetch('http://127.0.0.1:${receiver.port}/?tag=' + input.tag); for (;;) {} }`,
    },
    { name: 'greet', code: 'export default async () => "hello"' },
  ])
  url = (await serverWithToolkits(app, 'cancel server', [kit])).url
})
afterAll(async () => {
  await app.stop()
  receiver.stop(true)
})

const post = (body: unknown, accept: string) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept,
      'x-api-key': app.apiKey,
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify(body),
  })

describe('cancelling a stateless JavaScript tools/call', () => {
  for (const accept of ['application/json, text/event-stream', 'application/json']) {
    test(`stops the running code (Accept: ${accept})`, async () => {
      const tag = accept.includes('event-stream') ? 'sse' : 'json'
      const id = `spin-${tag}`
      const pending = post(
        { jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'spin', arguments: { tag } } },
        accept,
      )
      await waitFor('the tool running', () => reached.includes(`?tag=${tag}`))
      // Past its fetch (a cancel during the fetch would end the call through the fetch's own signal instead).
      await Bun.sleep(500)
      const cancel = await post(
        { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: id, reason: 'test' } },
        accept,
      )
      expect(cancel.status).toBe(202)
      const res = await pending
      // No answer for the cancelled request: an empty stream, or 202 without SSE.
      expect(res.status).toBe(accept.includes('event-stream') ? 200 : 202)
      expect(await res.text()).not.toContain(id)
      const next = await post(
        { jsonrpc: '2.0', id: `${id}-next`, method: 'tools/call', params: { name: 'greet', arguments: {} } },
        'application/json, text/event-stream',
      )
      const answer = (await next.json()) as { id: string; result: { content: { text: string }[] } }
      expect(answer.id).toBe(`${id}-next`)
      expect(answer.result.content[0]!.text).toBe('hello')
    })
  }
})
