// The protocol endpoint, Streamable HTTP (DECISIONS §10): POST/GET/DELETE/OPTIONS /mcp/{slug} and POST /mcp/initialize.
// Order on POST: Origin/Host → MCP-Protocol-Version → server + key → rate limit → parse → session → dispatch.

import type { Server } from 'bun'
import { Elysia, t } from 'elysia'
import type { Config } from '../config'
import { presentedApiKey } from '../http/credentials-header'
import { errorBody } from '../http/errors-plugin'
import { clientAddress } from '../http/guard'
import { type RateLimiter, rateHeaders } from '../http/rate-limit'
import type { EventBus } from '../lib/events'
import type { Logger } from '../lib/log'
import type { ProjectsService } from '../modules/projects/service'
import type { ServerRow } from '../modules/servers/repository'
import type { ServersService } from '../modules/servers/service'
import type { JsonObject, McpBackend } from './backend'
import { initializeResult } from './dispatch'
import { RPC } from './errors'
import { exchange, jsonResponse } from './exchange'
import { classify, failure, idOf, isObject, type RpcNotification, type RpcRequest, success } from './jsonrpc'
import { forwardEvents } from './notify'
import { originPolicy } from './origin'
import type { Session, SessionStore } from './sessions'
import { createSse } from './sse'
import { DEFAULT_VERSION, isSupported, SUPPORTED_VERSIONS } from './versions'

export interface McpEndpointDeps {
  config: Pick<Config, 'host' | 'allowedOrigins'>
  urls: { get(): string }
  servers: ServersService
  projects: ProjectsService
  limiter: RateLimiter
  log: Logger
  events: EventBus
  mcpBackend: McpBackend
  mcpSessions: SessionStore
  version: string
}

/** The same words for an unknown slug and a bad key, so neither reveals whether the server exists. */
const ACCESS_DENIED = 'Invalid Request: unknown server or invalid API key'
const TRANSPORT_ERROR = -32000
const SESSION_NOT_FOUND = -32001

const ALLOW_HEADERS =
  'content-type, accept, authorization, x-api-key, mcp-session-id, mcp-protocol-version, last-event-id, x-request-id'
const EXPOSE_HEADERS = 'mcp-session-id, mcp-protocol-version, x-request-id'

const SlugParams = t.Object({ slug: t.String() })

type Principal = { server: ServerRow; principal: string }

export function mcpEndpoint(deps: McpEndpointDeps) {
  const origins = originPolicy(deps.config, () => deps.urls.get())
  const sessions = deps.mcpSessions
  forwardEvents(deps.events, sessions)
  const onInternal = (err: unknown) =>
    deps.log.error('mcp request failed', { error: String((err as Error)?.stack ?? err) })

  const cors = (headers: Headers): Record<string, string> => {
    const origin = origins.corsOrigin(headers)
    return origin
      ? { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSE_HEADERS, vary: 'origin' }
      : {}
  }

  /** Key and server: the key's project must own the server; a public server (`auth: none`) needs none. */
  const identify = (slug: string, request: Request, server: Server<unknown> | null): Principal | null => {
    const row = deps.servers.bySlug(slug)
    const key = presentedApiKey(request.headers)
    const auth = key ? deps.projects.authenticate(key) : null
    if (!row) return null
    if (auth && auth.projectId === row.project_id) return { server: row, principal: `key:${auth.keyId}` }
    if (row.auth === 'none') return { server: row, principal: `addr:${clientAddress(server, request)}` }
    return null
  }

  /** An unknown MCP-Protocol-Version is a 400 with a plain JSON-RPC error, so 2026-era clients fall back. */
  const badVersionHeader = (headers: Headers, base: Record<string, string>): Response | null => {
    const v = headers.get('mcp-protocol-version')
    if (v === null || isSupported(v.trim())) return null
    return jsonResponse(
      failure(
        undefined,
        TRANSPORT_ERROR,
        `Bad Request: unsupported protocol version "${v}" (supported versions: ${SUPPORTED_VERSIONS.join(', ')})`,
      ),
      400,
      base,
    )
  }

  /** A session id must name a live session of this server and principal; anything else is 404 per the transport spec. */
  const findSession = (headers: Headers, who: Principal): Session | 'missing' | 'unknown' => {
    const sid = headers.get('mcp-session-id')
    if (sid === null) return 'missing'
    const s = sessions.get(sid)
    return s && s.serverId === who.server.id && s.principal === who.principal ? s : 'unknown'
  }
  const sessionNotFound = (h: Record<string, string>) =>
    jsonResponse(failure(undefined, SESSION_NOT_FOUND, 'Session not found: initialize a new session'), 404, h)
  const accepted = (h: Record<string, string>) => new Response(null, { status: 202, headers: h })

  const handleNotification = (n: RpcNotification, scope: string) => {
    if (n.method === 'notifications/cancelled') {
      const target = n.params.requestId
      if (typeof target === 'string' || typeof target === 'number')
        sessions.cancelRequest(sessions.inflightKey(scope, target))
    }
    // notifications/initialized, progress, roots/list_changed…: nothing to do for this server.
  }

  const initialize = (req: RpcRequest, who: Principal, h: Record<string, string>): Response => {
    const s = who.server
    const result = initializeResult(s.name, deps.version, req.params, {
      title: s.display_name ?? undefined,
      instructions: s.description ?? undefined,
    })
    const caps = req.params.capabilities
    const session = sessions.create({
      serverId: s.id,
      projectId: s.project_id,
      principal: who.principal,
      protocolVersion: result.protocolVersion,
      clientCapabilities: isObject(caps) ? caps : {},
    })
    return jsonResponse(success(req.id, result), 200, { ...h, 'mcp-session-id': session.id })
  }

  const post = async (slug: string, request: Request, server: Server<unknown> | null): Promise<Response> => {
    const headers = request.headers
    const base = cors(headers)
    const forbidden = origins.check(headers)
    if (forbidden) return jsonResponse(failure(undefined, TRANSPORT_ERROR, forbidden), 403, base)

    const raw = await request.text()
    let body: unknown
    let parsed = true
    try {
      body = JSON.parse(raw)
    } catch {
      parsed = false
    }
    const isInitialize = parsed && isObject(body) && body.method === 'initialize'
    if (!isInitialize) {
      const bad = badVersionHeader(headers, base)
      if (bad) return bad
    }

    const who = identify(slug, request, server)
    if (!who)
      return jsonResponse(
        failure(parsed && !Array.isArray(body) ? idOf(body) : undefined, RPC.INVALID_REQUEST, ACCESS_DENIED),
        200,
        base,
      )
    const rate = deps.limiter.hit('protocol', who.principal)
    const h = { ...base, ...(rate ? rateHeaders(rate) : {}) }
    if (rate && !rate.allowed)
      return jsonResponse(
        { error: 'rate limit exceeded: too many requests, retry after the number of seconds in Retry-After' },
        429,
        h,
      )
    if (!parsed)
      return jsonResponse(
        failure(undefined, RPC.PARSE_ERROR, 'Parse error: the request body is not valid JSON'),
        200,
        h,
      )

    const found = isInitialize ? 'missing' : findSession(headers, who)
    if (found === 'unknown') return sessionNotFound(h)
    const session = found === 'missing' ? undefined : found
    // The session's negotiated version wins; without one, a supported header value, else the spec's 2025-03-26.
    const headerVersion = headers.get('mcp-protocol-version')?.trim()
    const version = session?.protocolVersion ?? (isSupported(headerVersion) ? headerVersion : DEFAULT_VERSION)
    const scope = session ? session.id : `${who.principal}|${who.server.id}`
    const acceptsSse = (headers.get('accept') ?? '').includes('text/event-stream')
    const ctx = { server: who.server, version, session, backend: deps.mcpBackend }
    const run = (req: RpcRequest, sse: boolean) =>
      exchange({
        req,
        ctx,
        sessions,
        scope,
        acceptsSse: sse,
        headers: h,
        keepOpen: () => server?.timeout(request, 0),
        onInternal,
      })

    if (Array.isArray(body)) {
      if (version !== '2025-03-26')
        return jsonResponse(
          failure(
            undefined,
            RPC.INVALID_REQUEST,
            `Invalid Request: batches are accepted only from 2025-03-26 sessions (this one is ${version})`,
          ),
          200,
          h,
        )
      if (body.length === 0)
        return jsonResponse(failure(undefined, RPC.INVALID_REQUEST, 'Invalid Request: empty batch'), 200, h)
      const out = await Promise.all(
        body.map(async (item): Promise<unknown> => {
          const m = classify(item)
          if (m.kind === 'invalid') return failure(m.id, RPC.INVALID_REQUEST, m.message)
          if (m.kind === 'response') {
            if (session) sessions.deliverReply(session, m.msg.id, m.msg)
            return null
          }
          if (m.kind === 'notification') {
            handleNotification(m.msg, scope)
            return null
          }
          if (m.msg.method === 'initialize')
            return failure(m.msg.id, RPC.INVALID_REQUEST, 'Invalid Request: initialize must not be part of a batch')
          // Batched requests are answered inside one JSON array, so nothing of theirs can stream.
          const r = await run(m.msg, false)
          return r.status === 200 ? r.json() : null
        }),
      )
      const responses = out.filter((r) => r !== null)
      return responses.length ? jsonResponse(responses, 200, h) : accepted(h)
    }

    const m = classify(body)
    switch (m.kind) {
      case 'invalid':
        return jsonResponse(failure(m.id, RPC.INVALID_REQUEST, m.message), 200, h)
      case 'response':
        if (session) sessions.deliverReply(session, m.msg.id, m.msg)
        return accepted(h)
      case 'notification':
        handleNotification(m.msg, scope)
        return accepted(h)
      case 'request':
        return m.msg.method === 'initialize' ? initialize(m.msg, who, h) : run(m.msg, acceptsSse)
    }
  }

  /** GET opens the session's stream for server notifications; without a session there is none (405, before auth). */
  const get = (slug: string, request: Request, server: Server<unknown> | null): Response => {
    const headers = request.headers
    const base = cors(headers)
    if (headers.get('mcp-session-id') === null) {
      return jsonResponse(
        failure(undefined, TRANSPORT_ERROR, 'Method Not Allowed: a GET stream needs an Mcp-Session-Id from initialize'),
        405,
        { ...base, allow: 'POST, DELETE' },
      )
    }
    const forbidden = origins.check(headers)
    if (forbidden) return jsonResponse(failure(undefined, TRANSPORT_ERROR, forbidden), 403, base)
    const bad = badVersionHeader(headers, base)
    if (bad) return bad
    const who = identify(slug, request, server)
    if (!who) return jsonResponse(failure(undefined, RPC.INVALID_REQUEST, ACCESS_DENIED), 200, base)
    const session = findSession(headers, who)
    if (typeof session === 'string') return sessionNotFound(base)
    if (!(headers.get('accept') ?? '').includes('text/event-stream')) {
      return jsonResponse(
        failure(undefined, TRANSPORT_ERROR, 'Not Acceptable: the GET stream needs Accept: text/event-stream'),
        406,
        base,
      )
    }
    // One stream per session: each message goes to exactly one stream, so a newer GET replaces the older one.
    session.stream?.close()
    const sse = createSse({
      onClose: () => {
        if (session.stream === sse) session.stream = null
      },
      onKeepAlive: () => sessions.touch(session),
    })
    session.stream = sse
    server?.timeout(request, 0)
    request.signal.addEventListener('abort', () => sse.close(), { once: true })
    const response = sse.response(base)
    // A comment (not an event) so the headers go out at once; SSE parsers skip it.
    sse.comment('stream open')
    return response
  }

  const remove = (slug: string, request: Request, server: Server<unknown> | null): Response => {
    const headers = request.headers
    const base = cors(headers)
    const forbidden = origins.check(headers)
    if (forbidden) return jsonResponse(failure(undefined, TRANSPORT_ERROR, forbidden), 403, base)
    if (headers.get('mcp-session-id') === null)
      return jsonResponse(
        failure(undefined, TRANSPORT_ERROR, 'Bad Request: DELETE needs an Mcp-Session-Id header'),
        400,
        base,
      )
    const who = identify(slug, request, server)
    if (!who) return jsonResponse(failure(undefined, RPC.INVALID_REQUEST, ACCESS_DENIED), 200, base)
    const session = findSession(headers, who)
    if (typeof session === 'string') return sessionNotFound(base)
    sessions.end(session)
    return new Response(null, { status: 204, headers: base })
  }

  /** CORS preflight: never needs a key; only an allowed Origin is echoed. */
  const preflight = (request: Request): Response => {
    const origin = origins.corsOrigin(request.headers)
    return new Response(null, {
      status: 204,
      headers: {
        ...(origin ? { 'access-control-allow-origin': origin } : {}),
        'access-control-allow-methods': 'GET, POST, DELETE, OPTIONS',
        'access-control-allow-headers': ALLOW_HEADERS,
        'access-control-expose-headers': EXPOSE_HEADERS,
        'access-control-max-age': '86400',
        vary: 'origin',
      },
    })
  }

  /** POST /mcp/initialize: an initialize answered without a server (JSON-RPC envelope or bare params). */
  const standaloneInitialize = async (request: Request): Promise<Response> => {
    const headers = request.headers
    const base = cors(headers)
    const forbidden = origins.check(headers)
    if (forbidden) return jsonResponse(failure(undefined, TRANSPORT_ERROR, forbidden), 403, base)
    let body: unknown
    try {
      body = JSON.parse(await request.text())
    } catch {
      return jsonResponse(
        failure(undefined, RPC.PARSE_ERROR, 'Parse error: the request body is not valid JSON'),
        200,
        base,
      )
    }
    const envelope = isObject(body) && 'jsonrpc' in body
    const key = presentedApiKey(headers)
    const auth = key ? deps.projects.authenticate(key) : null
    if (!auth) {
      if (envelope) return jsonResponse(failure(idOf(body), RPC.INVALID_REQUEST, ACCESS_DENIED), 200, base)
      return jsonResponse(
        errorBody(
          crypto.randomUUID(),
          'unauthorized',
          'missing, invalid, expired or revoked API key (send X-API-Key or Authorization: Bearer)',
        ),
        401,
        base,
      )
    }
    const rate = deps.limiter.hit('initialize', auth.keyId)
    const h = { ...base, ...(rate ? rateHeaders(rate) : {}) }
    if (rate && !rate.allowed)
      return jsonResponse(
        { error: 'rate limit exceeded: too many requests, retry after the number of seconds in Retry-After' },
        429,
        h,
      )
    if (!envelope) {
      const params: JsonObject = isObject(body) ? body : {}
      return jsonResponse(initializeResult('Toolyard', deps.version, params), 200, h)
    }
    const m = classify(body)
    if (m.kind !== 'request')
      return jsonResponse(
        failure(
          m.kind === 'invalid' ? m.id : undefined,
          RPC.INVALID_REQUEST,
          'Invalid Request: expected an initialize request',
        ),
        200,
        h,
      )
    if (m.msg.method !== 'initialize')
      return jsonResponse(
        failure(
          m.msg.id,
          RPC.METHOD_NOT_FOUND,
          `Method not found: ${m.msg.method} (this path answers only initialize)`,
        ),
        200,
        h,
      )
    return jsonResponse(success(m.msg.id, initializeResult('Toolyard', deps.version, m.msg.params)), 200, h)
  }

  const detail = (summary: string) => ({ tags: ['protocol'], summary })
  return new Elysia({ name: 'toolyard.mcp-endpoint' })
    .post('/initialize', ({ request }) => standaloneInitialize(request), {
      parse: 'none',
      detail: detail('Standalone initialize (no server)'),
    })
    .options('/initialize', ({ request }) => preflight(request), { detail: detail('CORS preflight') })
    .post('/:slug', ({ params, request, server }) => post(params.slug, request, server), {
      parse: 'none',
      params: SlugParams,
      detail: detail('MCP Streamable HTTP: JSON-RPC messages'),
    })
    .get('/:slug', ({ params, request, server }) => get(params.slug, request, server), {
      params: SlugParams,
      detail: detail("MCP Streamable HTTP: the session's notification stream"),
    })
    .delete('/:slug', ({ params, request, server }) => remove(params.slug, request, server), {
      params: SlugParams,
      detail: detail('End an MCP session'),
    })
    .options('/:slug', ({ request }) => preflight(request), { params: SlugParams, detail: detail('CORS preflight') })
}
