// The protocol endpoint, Streamable HTTP: POST/GET/DELETE/OPTIONS /mcp/{slug} and POST /mcp/initialize.
// Every request passes the one admission step (./admission: Origin/Host → a header check → server + key → rate
// limit), then does its own work; on POST: parse → session → messages (docs/decisions/0005-mcp-protocol-endpoint.md).
import type { Server } from 'bun'
import { Elysia, t } from 'elysia'
import type { Config } from '../config'
import type { Keyring } from '../crypto/master-key'
import { originalRequest } from '../http/body-limit'
import { errorBody, requestIdOf } from '../http/errors-plugin'
import { UNAUTHORIZED } from '../http/guard'
import { jsonBody } from '../http/request-bodies'
import type { EventBus } from '../lib/events'
import type { Logger } from '../lib/log'
import type { OnServer } from '../lib/request-context'
import type { Revocations } from '../lib/revocations'
import { RETRY_AFTER_S, storageFaultOf } from '../lib/storage-errors'
import { type AdmissionDeps, createAdmission, type Principal, TRANSPORT_ERROR } from './admission'
import type { JsonObject, McpBackend } from './backend'
import { directoryFailure } from './directory-failure'
import { initializeResult } from './dispatch'
import { isModernRequest } from './era'
import { RPC } from './errors'
import { exchange, jsonResponse } from './exchange'
import { classify, failure, idOf, isObject, type RpcRequest, success } from './jsonrpc'
import { answerMessages, type BatchLimits, batchWeight } from './messages'
import { handleModern, listChanged } from './modern/endpoint'
import type { TaskStore } from './modern/tasks'
import { forwardEvents } from './notify'
import { sessionInitializer } from './session-initialize'
import { openSessionStream } from './session-stream'
import type { Session, SessionStore } from './sessions'
import { guardedListeners } from './stream-guard'
import { DEFAULT_VERSION, isSupported } from './versions'

export interface McpEndpointDeps extends AdmissionDeps {
  /** The Protected Resource Metadata URL of a server (RFC 9728), named in every 401. */
  prmUrl(slug: string): string
  log: Logger
  events: EventBus
  mcpBackend: McpBackend
  mcpSessions: SessionStore
  /** 2026-07-28 tasks: run here, found by every instance through the task directory (src/mcp/modern/tasks.ts). */
  mcpTasks: TaskStore
  config: AdmissionDeps['config'] & BatchLimits & Pick<Config, 'taskMaxMs' | 'streamRecheckS'>
  /** Key and grant revocations: open streams of a revoked caller end. */
  revocations: Revocations
  oauthServer: AdmissionDeps['oauthServer'] & { grantLive(grantId: string): Promise<boolean> }
  projects: AdmissionDeps['projects'] & { keyLive(keyId: string): Promise<boolean> }
  /** The master keyring: it signs 2026-07-28 requestState. */
  vault: { keyring: Keyring }
  version: string
  /** A tools/call refused by the rate limit (for the call log). */
  onRateLimitedCall?: (slug: string, tool: string, requestId: string) => void
}

const SESSION_NOT_FOUND = -32001

const SlugParams = t.Object({ slug: t.String() })

/** What the protocol endpoint answers; the Elysia routes below and the direct routes (src/direct-routes.ts) call it. */
export type McpHandlers = ReturnType<typeof createMcpHandlers>

export function createMcpHandlers(deps: McpEndpointDeps) {
  const { cors, admit, onServer, denied, unauthorized, badVersionHeader, readBody, preflight } = createAdmission(deps)
  const metadataUrl = (slug: string) => deps.prmUrl(slug)
  const sessions = deps.mcpSessions
  forwardEvents(deps.events, sessions)
  const onInternal = (err: unknown) => {
    // A storage fault is not a bug: a warn line with its code, no stack (docs/reliability.md, "Faults").
    const fault = storageFaultOf(err)
    if (fault) deps.log.warn('storage fault', { code: fault.code, error: String((err as Error)?.message ?? err) })
    else deps.log.error('mcp request failed', { error: String((err as Error)?.stack ?? err) })
  }
  // Listen streams, and the sessions' streams, end with the caller's key or grant (src/mcp/stream-guard.ts).
  const listeners = guardedListeners(deps)
  const modern = {
    ...deps,
    keyring: deps.vault.keyring,
    listeners,
    tasks: deps.mcpTasks,
    taskMaxMs: deps.config.taskMaxMs,
    onInternal,
  }

  /**
   * A session id must name a live session of this server and principal; anything else is 404 per the transport spec.
   * One held here answers at once; another is looked up in the session directory (another instance made it).
   */
  const findSession = (
    headers: Headers,
    who: Principal,
  ): Session | 'missing' | 'unknown' | Promise<Session | 'unknown'> => {
    const sid = headers.get('mcp-session-id')
    if (sid === null) return 'missing'
    const mine = (s: Session | undefined) =>
      s && s.serverId === who.server.id && s.principal === who.principal ? s : 'unknown'
    const held = sessions.get(sid)
    return held ? mine(held) : sessions.revive(sid).then(mine)
  }
  const directoryDown = (h: Record<string, string>) =>
    jsonResponse(failure(undefined, RPC.INTERNAL_ERROR, 'Internal error: MCP sessions are unavailable'), 503, {
      ...h,
      'retry-after': String(RETRY_AFTER_S.database_unavailable),
    })
  /** findSession, awaited (only a miss makes a promise); a directory that cannot be read is a 503, never a 404. */
  const lookUpSession = async (
    headers: Headers,
    who: Principal,
  ): Promise<Session | 'missing' | 'unknown' | 'unavailable'> => settled(findSession(headers, who))
  const settled = async <T>(found: T | Promise<Session | 'unknown'>) => {
    try {
      return await found
    } catch (err) {
      onInternal(err)
      return 'unavailable' as const
    }
  }
  const parseError = (h: Record<string, string>) =>
    jsonResponse(failure(undefined, RPC.PARSE_ERROR, 'Parse error: the request body is not valid JSON'), 200, h)
  const sessionNotFound = (h: Record<string, string>) =>
    jsonResponse(failure(undefined, SESSION_NOT_FOUND, 'Session not found: initialize a new session'), 404, h)

  const initialize = sessionInitializer(sessions, deps.version, deps.mcpBackend, onInternal)

  const post = async (slug: string, request: Request, server: Server<unknown> | null): Promise<Response> => {
    const headers = request.headers
    let body: unknown
    let parsed = true
    let isModern = false
    const admitted = await admit(request, {
      // Body read (size-limited) once the Origin passed; initialize and 2026-07-28 skip the version-header check.
      check: async (base) => {
        const read = await readBody(request, base)
        if (read instanceof Response) return read
        ;({ ok: parsed, body } = read)
        isModern = parsed && isModernRequest(headers, body)
        return isModern || (parsed && isObject(body) && body.method === 'initialize')
          ? null
          : badVersionHeader(headers, base)
      },
      identify: onServer(slug, request, server),
      denied: (base) => denied(parsed && !Array.isArray(body) ? idOf(body) : undefined)(base),
      unauthorized: (problem, base) =>
        unauthorized(metadataUrl(slug), parsed && !Array.isArray(body) ? idOf(body) : undefined)(problem, base),
      group: 'protocol',
      weight: () => batchWeight(body, deps.config.maxBatchSize),
    })
    if (admitted instanceof Response) {
      if (admitted.status === 429 && isObject(body) && body.method === 'tools/call' && isObject(body.params))
        deps.onRateLimitedCall?.(slug, String(body.params.name ?? ''), requestIdOf(request))
      return admitted
    }
    const { who, headers: h } = admitted
    // Reported only to a caller that passed admission: others learn nothing but access denied.
    if (!parsed) return parseError(h)
    if (isModern) return handleModern(modern, { request, server, who, body, headers: h })

    const isInitialize = isObject(body) && body.method === 'initialize'
    const lookedUp = isInitialize ? 'missing' : findSession(headers, who)
    const found = lookedUp instanceof Promise ? await settled(lookedUp) : lookedUp
    if (found === 'unknown') return sessionNotFound(h)
    if (found === 'unavailable') return directoryDown(h)
    const session = found === 'missing' ? undefined : found
    // The session's negotiated version wins; without one, a supported header value, else the spec's 2025-03-26.
    const headerVersion = headers.get('mcp-protocol-version')?.trim()
    const version = session?.protocolVersion ?? (isSupported(headerVersion) ? headerVersion : DEFAULT_VERSION)
    const scope = session ? session.ref : `${who.principal}|${who.server.id}`
    const acceptsSse = (headers.get('accept') ?? '').includes('text/event-stream')
    // The one request context (docs/decisions/0029-one-request-context.md): built here, once the caller is admitted;
    // exchange() completes it with each message's host.
    // Every field named (absent ones undefined), not spread: MessageContext copies each of them anyway.
    const ctx: Omit<OnServer, 'host'> = {
      requestId: requestIdOf(request),
      principal: who.principal,
      role: who.role,
      userId: who.userId,
      groups: who.groups,
      clientName: who.clientName,
      projectId: who.server.project_id,
      server: who.server,
      version,
      session,
    }
    const run = (req: RpcRequest, sse: boolean) =>
      exchange({
        req,
        ctx,
        backend: deps.mcpBackend,
        sessions,
        scope,
        acceptsSse: sse,
        headers: h,
        keepOpen: () => server?.timeout(originalRequest(request), 0),
        onInternal,
        notify: listChanged(deps.events, who.server),
      })

    return answerMessages({
      body,
      session,
      sessions,
      version,
      scope,
      acceptsSse,
      headers: h,
      run,
      initialize: (req) => initialize(req, who, h),
      limits: deps.config,
    })
  }

  /** GET opens the session's stream for server notifications; without a session there is none (405, before auth). */
  const get = async (slug: string, request: Request, server: Server<unknown> | null): Promise<Response> => {
    const headers = request.headers
    if (headers.get('mcp-session-id') === null) {
      return jsonResponse(
        failure(undefined, TRANSPORT_ERROR, 'Method Not Allowed: a GET stream needs an Mcp-Session-Id from initialize'),
        405,
        { ...cors(headers), allow: 'POST, DELETE' },
      )
    }
    const admitted = await admit(request, {
      check: (base) => badVersionHeader(headers, base),
      identify: onServer(slug, request, server),
      denied: denied(),
      unauthorized: unauthorized(metadataUrl(slug)),
    })
    if (admitted instanceof Response) return admitted
    const { who, headers: base } = admitted
    const session = await lookUpSession(headers, who)
    if (session === 'unavailable') return directoryDown(base)
    if (typeof session === 'string') return sessionNotFound(base)
    if (!(headers.get('accept') ?? '').includes('text/event-stream')) {
      return jsonResponse(
        failure(undefined, TRANSPORT_ERROR, 'Not Acceptable: the GET stream needs Accept: text/event-stream'),
        406,
        base,
      )
    }
    return openSessionStream({ session, sessions, request, headers: base, keepOpen: () => server?.timeout(request, 0) })
  }

  const remove = async (slug: string, request: Request, server: Server<unknown> | null): Promise<Response> => {
    const headers = request.headers
    const admitted = await admit(request, {
      check: (base) =>
        headers.get('mcp-session-id') === null
          ? jsonResponse(
              failure(undefined, TRANSPORT_ERROR, 'Bad Request: DELETE needs an Mcp-Session-Id header'),
              400,
              base,
            )
          : null,
      identify: onServer(slug, request, server),
      denied: denied(),
      unauthorized: unauthorized(metadataUrl(slug)),
    })
    if (admitted instanceof Response) return admitted
    const { who, headers: base } = admitted
    const session = await lookUpSession(headers, who)
    if (session === 'unavailable') return directoryDown(base)
    if (typeof session === 'string') return sessionNotFound(base)
    try {
      // Recorded before the answer: after a 204 no instance may accept the id.
      await sessions.end(session)
    } catch (err) {
      return directoryFailure(undefined, err, base, onInternal)
    }
    return new Response(null, { status: 204, headers: base })
  }

  /** POST /mcp/initialize: an initialize answered without a server (JSON-RPC envelope or bare params). */
  const standaloneInitialize = async (request: Request): Promise<Response> => {
    let body: unknown
    const envelope = () => isObject(body) && 'jsonrpc' in body
    const admitted = await admit(request, {
      check: async (base) => {
        const read = await readBody(request, base)
        if (read instanceof Response) return read
        body = read.body
        return read.ok ? null : parseError(base)
      },
      // No server: a valid key is required.
      identify: (auth) => (auth ? { principal: `key:${auth.keyId}` } : null),
      denied: (base) =>
        envelope()
          ? denied(idOf(body))(base)
          : jsonResponse(errorBody(requestIdOf(request), 'unauthorized', UNAUTHORIZED), 401, base),
      group: 'initialize',
    })
    if (admitted instanceof Response) return admitted
    const h = admitted.headers
    if (!envelope()) {
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

  return { post, get, remove, standaloneInitialize, preflight }
}

export function mcpEndpoint(h: McpHandlers) {
  const { post, get, remove, standaloneInitialize, preflight } = h
  const detail = (summary: string) => ({ tags: ['protocol'], summary })
  const messages = (summary: string) => ({
    ...detail(summary),
    requestBody: jsonBody('A JSON-RPC 2.0 message, or a batch (an array) of them', {
      oneOf: [{ type: 'object' }, { type: 'array', items: { type: 'object' } }],
    }),
  })
  return new Elysia({ name: 'toolyard.mcp-endpoint' })
    .post('/initialize', ({ request }) => standaloneInitialize(request), {
      parse: 'none',
      detail: messages('Standalone initialize (no server)'),
    })
    .options('/initialize', ({ request }) => preflight(request), { detail: detail('CORS preflight') })
    .post('/:slug', ({ params, request, server }) => post(params.slug, request, server), {
      parse: 'none',
      params: SlugParams,
      detail: messages('MCP Streamable HTTP: JSON-RPC messages'),
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
