// The streaming fetch behind remote MCP toolkits (docs/decisions/0038-review-of-the-third-round.md): with private egress
// off, a redirect never takes a request to a private address — the fetch itself follows none, and the SDK's
// transport follows only same-origin ones, each checked again — and a body past the cap fails.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { createStreamingFetch } from '../../src/egress/client'

let front: ReturnType<typeof Bun.serve>
let hidden: ReturnType<typeof Bun.serve>
const hiddenHits: string[] = []

beforeAll(() => {
  // The "private" target: reachable only as localhost, which the guard refuses (loopback).
  hidden = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      hiddenHits.push(`${req.method} ${new URL(req.url).pathname} ${req.headers.get('authorization') ?? ''}`)
      return new Response('secret', { status: 200 })
    },
  })
  // The allowed front (by the operator's allow-list) redirects there, or streams without end.
  front = Bun.serve({
    hostname: '127.0.0.1',
    port: 0,
    fetch(req) {
      const path = new URL(req.url).pathname
      if (path === '/to-private')
        return new Response(null, { status: 307, headers: { location: `http://localhost:${hidden.port}/mcp` } })
      if (path === '/endless')
        return new Response(
          new ReadableStream({
            pull(c) {
              c.enqueue(new TextEncoder().encode(`event: message\ndata: ${'x'.repeat(1000)}\n\n`))
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        )
      return new Response('not found', { status: 404 })
    },
  })
})
afterAll(() => {
  front.stop(true)
  hidden.stop(true)
})

const guarded = (maxBodyBytes?: number) =>
  createStreamingFetch({ allowPrivate: false, allowHosts: ['127.0.0.1'], ...(maxBodyBytes ? { maxBodyBytes } : {}) })

test('the fetch answers a redirect to a private address with the redirect itself, and goes nowhere', async () => {
  const r = await guarded()(`http://127.0.0.1:${front.port}/to-private`, { method: 'POST', body: '{}' })
  expect(r.status).toBe(307)
  expect(hiddenHits).toEqual([])
  // Asked for directly, the private address is refused.
  await expect(guarded()(`http://localhost:${hidden.port}/mcp`)).rejects.toThrow('egress refused')
})

test("the SDK's transport over it never reaches the private address, credential or not", async () => {
  const client = new Client({ name: 'review', version: '1' })
  const transport = new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${front.port}/to-private`), {
    fetch: guarded(),
    requestInit: { headers: { authorization: 'Bearer must-not-travel' } },
  })
  await expect(client.connect(transport, { timeout: 5000 })).rejects.toThrow()
  expect(hiddenHits).toEqual([])
  await client.close().catch(() => {})
})

test('an endless stream of small messages fails at the byte cap', async () => {
  const r = await guarded(64 * 1024)(`http://127.0.0.1:${front.port}/endless`)
  const reader = r.body!.getReader()
  let total = 0
  const error = await (async () => {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return undefined
      total += value.byteLength
    }
  })().catch((e: Error) => e)
  expect(error?.message).toContain('larger than 65536 bytes')
  expect(total).toBeLessThanOrEqual(64 * 1024)
})
