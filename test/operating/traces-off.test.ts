// Without OTEL_EXPORTER_OTLP_ENDPOINT tracing is off: no span is made and nothing of a caller's trace context is
// passed on to an upstream (the request path asks one boolean and goes on).
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { tracingOn } from '../../src/lib/tracing'
import { serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { post } from '../helpers/mcp'

let app: TestApp
const seen: (string | null)[] = []
const api = Bun.serve({
  hostname: '127.0.0.1',
  port: 0,
  fetch(req) {
    seen.push(req.headers.get('traceparent'))
    return Response.json({ ok: true })
  },
})

beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
  api.stop(true)
})

test('with no endpoint set, no trace context reaches the upstream and tracing stays off', async () => {
  const kit = await toolkitWithTools(app, 'quiet', [
    { name: 'ping', http: { url: `http://127.0.0.1:${api.port}/ping` } },
  ])
  const server = await serverWithToolkits(app, 'untraced', [kit])
  const res = await post(
    app,
    server.slug,
    { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'ping', arguments: {} } },
    {
      headers: {
        'mcp-protocol-version': '2025-03-26',
        traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      },
    },
  )
  expect(res.status).toBe(200)
  expect(seen).toEqual([null])
  expect(tracingOn()).toBe(false)
})
