// OpenTelemetry traces end to end: a real OTLP/HTTP receiver (Bun.serve, JSON) gets the request's and the tool
// call's spans in the caller's trace (W3C `traceparent` from the HTTP headers, or from `params._meta`), and the
// upstreams — an HTTP API behind an HTTP function and a remote MCP server (the MCP SDK's own server) — receive
// `traceparent` in that same trace.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { json, serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { post } from '../helpers/mcp'
import { waitFor } from '../helpers/poll'
import { startUpstream, type Upstream } from '../helpers/upstream-mcp'

interface ExportedSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[]
}

/** An OTLP/HTTP traces receiver: every span of every JSON export it got. */
function startCollector() {
  const spans: ExportedSpan[] = []
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    async fetch(req) {
      if (new URL(req.url).pathname !== '/v1/traces') return new Response('no', { status: 404 })
      const body = (await req.json()) as {
        resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[]
      }
      for (const rs of body.resourceSpans) for (const ss of rs.scopeSpans) spans.push(...ss.spans)
      return Response.json({})
    },
  })
  return { url: `http://127.0.0.1:${server.port}`, spans, stop: () => server.stop(true) }
}

/** An HTTP API that remembers the traceparent of each request. */
function startApi() {
  const traceparents: (string | null)[] = []
  const server = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      traceparents.push(req.headers.get('traceparent'))
      return Response.json({ ok: true })
    },
  })
  return { url: `http://127.0.0.1:${server.port}/weather`, traceparents, stop: () => server.stop(true) }
}

const attr = (s: ExportedSpan, key: string) => s.attributes.find((a) => a.key === key)?.value.stringValue
const traceIdOf = (traceparent: string | null | undefined) => traceparent?.split('-')[1]
const newTraceparent = () => {
  const hex = (n: number) => Buffer.from(crypto.getRandomValues(new Uint8Array(n))).toString('hex')
  return { traceId: hex(16), header: (id: string) => `00-${id}-${hex(8)}-01` }
}

let collector: ReturnType<typeof startCollector>
let api: ReturnType<typeof startApi>
let upstream: Upstream
let app: TestApp
let slug: string

beforeAll(async () => {
  collector = startCollector()
  api = startApi()
  upstream = await startUpstream({ transport: 'streamable_http' })
  app = await startTestApp({ OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_SERVICE_NAME: 'toolyard-test' })
  const kit = await toolkitWithTools(app, 'weather', [{ name: 'forecast', http: { url: api.url } }])
  const remote = await json(
    await app.api('/toolkits', { body: { name: 'up', toolkit_type: 'remote', remote: { url: upstream.url } } }),
    201,
  )
  const server = await serverWithToolkits(app, 'traced', [kit, remote.id])
  slug = server.slug
})
afterAll(async () => {
  await app?.stop()
  await upstream?.stop()
  api?.stop()
  collector?.stop()
})

const toolsCall = (name: string, args: Record<string, unknown>, headers: Record<string, string> = {}, meta?: object) =>
  post(
    app,
    slug,
    {
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) },
    },
    { headers: { 'mcp-protocol-version': '2025-03-26', ...headers } },
  )

const spansOf = (traceId: string, names: (s: ExportedSpan) => boolean) =>
  waitFor(`spans of trace ${traceId}`, () => {
    const found = collector.spans.filter((s) => s.traceId === traceId)
    return found.some(names) ? found : undefined
  })

describe('traces', () => {
  test("a tool call's spans join the caller's trace (traceparent header), and the HTTP upstream gets it", async () => {
    const t = newTraceparent()
    const res = await toolsCall('forecast', {}, { traceparent: t.header(t.traceId) })
    expect(res.status).toBe(200)
    const spans = await spansOf(t.traceId, (s) => s.name === 'tools/call forecast')
    const request = spans.find((s) => s.name.startsWith('POST '))!
    const call = spans.find((s) => s.name === 'tools/call forecast')!
    expect(call.parentSpanId).toBe(request.spanId)
    expect(attr(call, 'mcp.method.name')).toBe('tools/call')
    expect(attr(call, 'gen_ai.tool.name')).toBe('forecast')
    const upstreamCall = await waitFor('the upstream HTTP span', () =>
      collector.spans.find((s) => s.traceId === t.traceId && attr(s, 'http.request.method') === 'GET'),
    )
    expect(upstreamCall).toBeDefined()
    expect(traceIdOf(api.traceparents.at(-1))).toBe(t.traceId)
  })

  test('a trace context in params._meta is the parent, and a remote MCP upstream gets it in its request headers', async () => {
    const t = newTraceparent()
    const res = await toolsCall('echo', { text: 'hi' }, {}, { traceparent: t.header(t.traceId) })
    expect(res.status).toBe(200)
    const spans = await spansOf(t.traceId, (s) => s.name === 'tools/call echo')
    expect(spans.some((s) => attr(s, 'gen_ai.tool.name') === 'echo')).toBe(true)
    const seen = upstream.seen.filter((h) => traceIdOf(h.traceparent) === t.traceId)
    expect(seen.length).toBeGreaterThan(0)
  })

  test('without a caller context a call starts a trace of its own, which reaches the upstream', async () => {
    const before = api.traceparents.length
    expect((await toolsCall('forecast', {})).status).toBe(200)
    const traceId = traceIdOf(api.traceparents.slice(before).at(-1))
    expect(traceId).toMatch(/^[0-9a-f]{32}$/)
    await spansOf(traceId!, (s) => s.name === 'tools/call forecast')
  })
})
