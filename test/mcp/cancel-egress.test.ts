// notifications/cancelled ends the upstream request of a running HTTP-template or OpenAPI tool: the egress client hears
// the cancellation through the host's onCancel (no AbortSignal made, docs/decisions/0400-egress-per-call-cost.md),
// aborts its request, and the upstream sees it go; the server's next call still runs.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { json, serverWithToolkits, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { waitFor } from '../helpers/poll'

let app: TestApp
let upstream: ReturnType<typeof Bun.serve>
const reached: string[] = []
const ended: string[] = []
const urls: Record<string, string> = {}

beforeAll(async () => {
  app = await startTestApp()
  upstream = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    idleTimeout: 0,
    fetch(req) {
      const url = new URL(req.url)
      const tag = url.searchParams.get('tag') ?? ''
      if (url.pathname === '/quick') return Response.json({ quick: true })
      reached.push(tag)
      // Held until the client goes: only a cancellation ends it while the test runs.
      return new Promise<Response>((resolve) =>
        req.signal.addEventListener('abort', () => {
          ended.push(tag)
          resolve(new Response('gone'))
        }),
      )
    },
  })
  const origin = `http://127.0.0.1:${upstream.port}`
  const tagSchema = { type: 'object', properties: { tag: { type: 'string' } } }
  const httpKit = await toolkitWithTools(app, 'cancel-http', [
    { name: 'stall', input_schema: tagSchema, http: { url: `${origin}/stall` } },
    { name: 'quick', input_schema: tagSchema, http: { url: `${origin}/quick` } },
  ])
  urls.http = (await serverWithToolkits(app, 'cancel http server', [httpKit])).url
  const imported = await json(
    await app.api('/toolkits/import/openapi', {
      body: {
        name: 'cancel-openapi',
        review_changes: false,
        spec: {
          openapi: '3.0.3',
          info: { title: 'stalling api', version: '1' },
          servers: [{ url: origin }],
          paths: {
            '/stall': {
              get: {
                operationId: 'stall',
                parameters: [{ name: 'tag', in: 'query', schema: { type: 'string' } }],
                responses: { '200': { description: 'never' } },
              },
            },
            '/quick': { get: { operationId: 'quick', responses: { '200': { description: 'at once' } } } },
          },
        },
      },
    }),
    201,
  )
  urls.openapi = (await serverWithToolkits(app, 'cancel openapi server', [imported.toolkit.id])).url
})
afterAll(async () => {
  await app.stop()
  upstream.stop(true)
})

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      'x-api-key': app.apiKey,
      'mcp-protocol-version': '2025-11-25',
    },
    body: JSON.stringify(body),
  })

describe('cancelling a tools/call whose upstream request is in flight', () => {
  for (const kind of ['http', 'openapi'] as const) {
    test(`ends the upstream request (${kind})`, async () => {
      const id = `stall-${kind}`
      const pending = post(urls[kind]!, {
        jsonrpc: '2.0',
        id,
        method: 'tools/call',
        params: { name: 'stall', arguments: { tag: kind } },
      })
      await waitFor(`the ${kind} upstream reached`, () => reached.includes(kind))
      const cancel = await post(urls[kind]!, {
        jsonrpc: '2.0',
        method: 'notifications/cancelled',
        params: { requestId: id, reason: 'test' },
      })
      expect(cancel.status).toBe(202)
      // Bounded below the egress deadline (10 s), which would end the request too without any cancellation.
      await waitFor(`the ${kind} upstream request ended`, () => ended.includes(kind), { timeoutMs: 5_000 })
      const res = await pending
      expect(await res.text()).not.toContain('"result"')
      const next = await post(urls[kind]!, {
        jsonrpc: '2.0',
        id: `${id}-next`,
        method: 'tools/call',
        params: { name: 'quick', arguments: {} },
      })
      const answer = (await next.json()) as { id: string; result: { isError?: boolean } }
      expect(answer.id).toBe(`${id}-next`)
      expect(answer.result.isError).toBeFalsy()
    })
  }
})
