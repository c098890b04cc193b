// What a finished call leaves behind: nothing that lives on. A remote MCP call, an OpenAPI call and an HTTP template
// call each make abort signals (the caller's cancellation, a deadline); once the call has answered and a full GC has
// run, none of them may still be alive — each one kept would hold the whole call (arguments, result, the host) with it
// (docs/decisions/0151-remote-calls-hold-no-memory.md). Counted with the engine's own object census after a full GC:
// a count, not a size or a time.

import { heapStats } from 'bun:jsc'
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { createServer, json, toolkitWithTools } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'
import { startRecorder } from '../helpers/http-recorder'
import { startUpstream, type Upstream } from '../helpers/upstream-mcp'

const CALLS = 200

let app: TestApp
let upstream: Upstream
const api = startRecorder(() => Response.json({ id: 'a1', ok: true }))
const slugs: Record<'remote' | 'openapi' | 'http', { slug: string; tool: string; args: Record<string, unknown> }> =
  {} as never

beforeAll(async () => {
  ;[app, upstream] = await Promise.all([startTestApp(), startUpstream({ transport: 'streamable_http' })])
  const server = async (name: string, toolkitId: string) =>
    (await createServer(app, { name, toolkits: [{ toolkit_id: toolkitId }] })).slug
  const remote = json(
    await app.api('/toolkits', {
      body: { name: 'leaves-remote', toolkit_type: 'remote', remote: { url: upstream.url } },
    }),
    201,
  )
  const openapi = json(
    await app.api('/toolkits/import/openapi', {
      body: {
        name: 'leaves-openapi',
        spec: {
          openapi: '3.0.3',
          info: { title: 'items', version: '1' },
          servers: [{ url: api.origin }],
          paths: {
            '/items/{id}': {
              get: {
                operationId: 'getItem',
                parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
                responses: { 200: { description: 'the item' } },
              },
            },
          },
        },
      },
    }),
    201,
  )
  const http = await toolkitWithTools(app, 'leaves-http', [
    {
      name: 'item',
      http: { url: `${api.origin}/items/{{args.id}}` },
      input_schema: { type: 'object', properties: { id: { type: 'string' } } },
    },
  ])
  slugs.remote = { slug: await server('leaves remote', (await remote).id), tool: 'echo', args: { text: 'hi' } }
  slugs.openapi = {
    slug: await server('leaves openapi', (await openapi).toolkit.id),
    tool: 'getItem',
    args: { id: 'a1' },
  }
  slugs.http = { slug: await server('leaves http', http), tool: 'item', args: { id: 'a1' } }
})
afterAll(async () => {
  await app.stop()
  await upstream.stop()
})

/** `n` plain tools/call requests, 4 at a time; each must be a successful tool result. */
async function calls(kind: keyof typeof slugs, n: number) {
  const { slug, tool, args } = slugs[kind]
  const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: tool, arguments: args } })
  let left = n
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (left-- > 0) {
        const res = await fetch(`${app.base}/${slug}`, {
          method: 'POST',
          headers: {
            'x-api-key': app.apiKey,
            'content-type': 'application/json',
            accept: 'application/json, text/event-stream',
          },
          body,
        })
        const text = await res.text()
        expect(res.status).toBe(200)
        expect(text).toContain('"result"')
        expect(text).not.toContain('"isError":true')
      }
    }),
  )
}

/** Live AbortSignal objects after a full GC. */
const liveSignals = () => {
  Bun.gc(true)
  return heapStats().objectTypeCounts.AbortSignal ?? 0
}

describe.each(['remote', 'openapi', 'http'] as const)('a finished %s call', (kind) => {
  test('leaves none of its abort signals alive', async () => {
    await calls(kind, 20) // connections, pools and caches made once
    const before = liveSignals()
    await calls(kind, CALLS)
    // Each call makes at least one signal; a few may belong to requests still being torn down, never one per call.
    expect(liveSignals() - before).toBeLessThan(CALLS / 4)
  })
})
