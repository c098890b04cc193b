// The two requests an agent makes on every step — a protocol POST /mcp/{slug} and REST POST /mcp/tools/call — are
// answered by Bun's router directly, without Elysia's routing and hooks (docs/decisions/0015-hot-path.md). They enter
// the pipeline as every request does, through the one entry (src/http/entry.ts;
// docs/decisions/0311-one-entry-into-the-pipeline.md): request id, body limit, metrics and access line, error
// envelope, once. The REST call takes only the plain case here; anything else (no key, a bad body, another content
// type, a chunked body…) is handed to the Elysia app inside the same entry, with the bytes it came with, so its answers
// stay the app's own.
// It joins http, the protocol endpoint and the tools feature, so it sits beside app.ts, above all three
// (docs/architecture.md, "Layers").

import type { Static } from '@sinclair/typebox'
import { TypeCompiler } from '@sinclair/typebox/compiler'
import type { Server } from 'bun'
import { parseJsonBounded } from './http/body-limit'
import type { RequestEntry } from './http/entry'
import { authenticateKey, countRequest, RateLimitedError } from './http/guard'
import { type ErrorAnswer, errorAnswer, replayRequest, requestIdOf } from './http/pipeline'
import type { RateLimiter } from './http/rate-limit'
import { assertRouteAllowed, assertServerAllowed } from './lib/access'
import type { Logger } from './lib/log'
import { jsonResponse } from './mcp/exchange'
import { serializeAnswer } from './mcp/raw-json'
import type { ProjectsService } from './modules/projects/service'
import type { ServersService } from './modules/servers/service'
import { restToolCall } from './modules/tools'
import type { ToolsMcp } from './modules/tools/mcp'
import { RestCallBody } from './modules/tools/model'

type BunRequest = Request & { params: Record<string, string> }

export interface DirectRoutesDeps {
  log: Logger
  config: { maxBodyBytes: number; maxJsonDepth: number }
  projects: ProjectsService
  servers: ServersService
  limiter: RateLimiter
  toolCalls: ToolsMcp
  /** The protocol endpoint's POST (src/mcp/endpoint.ts). */
  mcpPost(slug: string, request: Request, server: Server<unknown> | null): Promise<Response>
  /** The Elysia app inside the entry (routing, hooks, validation): what the direct REST route does not take. */
  handle(request: Request): Response | Promise<Response>
  /** The one entry into the request pipeline (src/http/entry.ts). */
  enter: RequestEntry
}

/** The REST route's own body schema, compiled on the first call rather than at start. */
let restCallCheck: ReturnType<typeof TypeCompiler.Compile<typeof RestCallBody>> | undefined
function isRestCall(body: unknown): body is Static<typeof RestCallBody> {
  restCallCheck ??= TypeCompiler.Compile(RestCallBody)
  return restCallCheck.Check(body)
}

const decoder = new TextDecoder()
const REST_JSON = 'application/json;charset=utf-8'

export function directRoutes(deps: DirectRoutesDeps) {
  const limit = deps.config.maxBodyBytes
  // Handed on inside the entry: the app's answer gets its request id, count and access line from the entry, once.
  const handOn = (request: Request) => deps.handle(request)
  const answer = (a: ErrorAnswer, headers?: Record<string, string>) =>
    jsonResponse(a.body, a.status, headers ? { ...headers, ...a.headers } : a.headers)
  const isRpc = () => true
  const isRest = () => false

  /** REST POST /tools/call: the plain case (a JSON body of known length, a key that may call, within its rate). */
  const restCall = async (request: Request): Promise<Response> => {
    const headers = request.headers
    const length = headers.get('content-length')
    let auth = authenticateKey(deps.projects, headers)
    if (auth instanceof Promise) auth = await auth
    if (length === null || !auth || !headers.get('content-type')?.startsWith('application/json')) return handOn(request)
    // The bytes, not text: a request handed on gets exactly the body it came with.
    const bytes = await request.bytes()
    const elsewhere = () => handOn(replayRequest(request, bytes))
    let body: unknown
    try {
      body = parseJsonBounded(decoder.decode(bytes), deps.config.maxJsonDepth)
    } catch {
      return elsewhere()
    }
    if (!isRestCall(body)) return elsewhere()
    try {
      assertRouteAllowed(auth, 'POST', '/tools/call')
    } catch {
      return elsewhere()
    }
    // From here the request is counted: every answer is this route's own, in the pipeline's envelope.
    const requestId = requestIdOf(request)
    let rate = countRequest(deps.limiter, 'tools_call', auth.keyId)
    if (rate instanceof Promise) rate = await rate
    if (!rate.allowed) return answer(errorAnswer(new RateLimitedError(rate.headers), requestId)!)
    try {
      assertServerAllowed(auth, body.server_id)
      const view = await restToolCall(deps, auth, body, request)
      // With the content type Elysia gives the same answer on its route, so both routes answer alike.
      return new Response(serializeAnswer(view), {
        status: 200,
        headers: { ...rate.headers, 'content-type': REST_JSON },
      })
    } catch (error) {
      const known = errorAnswer(error, requestId, undefined, deps.log)
      if (!known) throw error
      return answer(known, rate.headers)
    }
  }

  return {
    '/mcp/:slug': {
      POST: deps.enter<BunRequest>({ route: '/mcp/:slug', rpc: isRpc, limit }, (request, original, server) =>
        deps.mcpPost(original.params.slug ?? '', request, server ?? null),
      ),
    },
    '/mcp/tools/call': { POST: deps.enter({ route: '/mcp/tools/call', rpc: isRest, limit }, restCall) },
  }
}
