// The one admission step of the protocol endpoint: Origin/Host → a header check → server + key → rate limit. The key
// check and rate limit are the REST guard's (src/http/guard.ts); the answers are the transport's (JSON-RPC errors).
import type { Server } from 'bun'
import type { Config } from '../config'
import { PayloadTooLargeError, parseJsonBounded, readBodyText, TooDeepError } from '../http/body-limit'
import { presentedApiKey } from '../http/credentials-header'
import { requestIdOf } from '../http/errors-plugin'
import { authenticateKey, clientAddress, countRequest, RATE_LIMITED } from '../http/guard'
import type { RateGroup, RateLimiter } from '../http/rate-limit'
import { type AuthContext, type KeyAuthenticator, mayUseServer } from '../lib/access'
import type { RequestContext } from '../lib/request-context'
import type { ServerRow } from '../lib/server'
import type { ServersService } from '../modules/servers/service'
import { MISS } from '../read-model/read-model'
import { RPC } from './errors'
import { jsonResponse } from './exchange'
import { failure, type RpcId } from './jsonrpc'
import { originPolicy } from './origin'
import { isSupported, SUPPORTED_VERSIONS } from './versions'

/** The SDK's code for transport errors (403 Origin, 400 version header, 405, 406): never -32020..-32022. */
export const TRANSPORT_ERROR = -32000
/** The same words for an unknown slug and a bad key, so neither reveals whether the server exists. */
const ACCESS_DENIED = 'Invalid Request: unknown server or invalid API key'
const ALLOW_HEADERS =
  'content-type, accept, authorization, x-api-key, mcp-session-id, mcp-protocol-version, mcp-method, mcp-name, last-event-id, x-request-id'
const EXPOSE_HEADERS = 'mcp-session-id, mcp-protocol-version, x-request-id, www-authenticate'

/** A caller of one server: its key (`key:<id>`) or, on a public server without a key, its address (`addr:<ip>`). */
export type Principal = { server: ServerRow; principal: string } & Pick<
  RequestContext,
  'role' | 'userId' | 'groups' | 'clientName'
>

/** What the request context says of the caller beyond its principal (policies match on it), without absent fields. */
export const callerOf = (who: Principal): Pick<RequestContext, 'role' | 'userId' | 'groups' | 'clientName'> => {
  // Set one by one, not spread from empty objects: this runs on every call of the 2026-07-28 path.
  const caller: Writable<Pick<RequestContext, 'role' | 'userId' | 'groups' | 'clientName'>> = {}
  if (who.role) caller.role = who.role
  if (who.userId) caller.userId = who.userId
  if (who.groups) caller.groups = who.groups
  if (who.clientName) caller.clientName = who.clientName
  return caller
}

type ResponseHeaders = Record<string, string>
/** Whether an object has an own enumerable key (without making the array Object.keys would). */
const hasAny = (o: object): boolean => {
  for (const _ in o) return true
  return false
}
/** An object built field by field before it is handed on as its readonly type. */
type Writable<T> = { -readonly [K in keyof T]: T[K] }

export interface Admission<W extends { principal: string }> {
  /** Between the Origin check and the key: the version header, a required header, or reading the body. */
  check?: (base: ResponseHeaders) => Response | null | Promise<Response | null>
  /**
   * Who the caller is, given the project of its key (null: none, or one the guard refuses); null denies it. A promise
   * only when what it needs was not in memory (a read-model miss): the request path's hit stays synchronous.
   */
  identify: (auth: AuthContext | null) => W | null | Promise<W | null>
  denied: (base: ResponseHeaders) => Response
  /** OAuth for this resource: no credential at all, or an access token it refuses → 401 (else `denied`). */
  unauthorized?: (problem: 'missing' | 'invalid_token', base: ResponseHeaders) => Response
  /** Only POSTs count; GET/DELETE are session plumbing. The subject is the caller's principal. */
  group?: RateGroup
  /** How many requests this POST counts as (each message of a batch counts); 1 when absent. */
  weight?: () => number
}

/** A POST body read under the limits: parsed JSON, or not JSON (told only after admission, as a parse error). */
export type PostedBody = { ok: true; body: unknown } | { ok: false; body?: undefined }

export interface AdmissionDeps {
  config: Pick<Config, 'host' | 'allowedOrigins' | 'maxBodyBytes' | 'maxJsonDepth'>
  urls: { get(): string }
  servers: ServersService
  projects: KeyAuthenticator
  limiter: RateLimiter
  /** Access tokens of Toolyard's own OAuth server (src/modules/oauth-server). */
  oauthServer: { authenticate(token: string): Promise<AuthContext | null> }
}

/** A Bearer value that is not an API key (`tyk_…`) is an OAuth access token; X-API-Key is always a key. */
function accessTokenOf(headers: Headers): string | undefined {
  if (headers.get('x-api-key')?.trim()) return undefined
  const m = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization')?.trim() ?? '')
  return m?.[1] && !m[1].startsWith('tyk_') ? m[1] : undefined
}

export function createAdmission(deps: AdmissionDeps) {
  const origins = originPolicy(deps.config, () => deps.urls.get())

  /** CORS response headers: only an allowed Origin is echoed. */
  const cors = (headers: Headers): ResponseHeaders => {
    const origin = origins.corsOrigin(headers)
    return origin
      ? { 'access-control-allow-origin': origin, 'access-control-expose-headers': EXPOSE_HEADERS, vary: 'origin' }
      : {}
  }

  return {
    origins,
    cors,
    /** Admits a request, or answers it: the caller and the headers every later answer carries (CORS, RateLimit). */
    async admit<W extends { principal: string }>(
      request: Request,
      a: Admission<W>,
    ): Promise<{ who: W; headers: ResponseHeaders } | Response> {
      const base = cors(request.headers)
      const forbidden = origins.check(request.headers)
      if (forbidden) return jsonResponse(failure(undefined, TRANSPORT_ERROR, forbidden), 403, base)
      const bad = await a.check?.(base)
      if (bad) return bad
      const token = a.unauthorized ? accessTokenOf(request.headers) : undefined
      let auth = token ? await deps.oauthServer.authenticate(token) : authenticateKey(deps.projects, request.headers)
      if (auth instanceof Promise) auth = await auth
      let who = a.identify(auth)
      if (who instanceof Promise) who = await who
      if (!who) {
        if (a.unauthorized && token) return a.unauthorized('invalid_token', base)
        if (a.unauthorized && !presentedApiKey(request.headers)) return a.unauthorized('missing', base)
        return a.denied(base)
      }
      if (!a.group) return { who, headers: base }
      let rate = countRequest(deps.limiter, a.group, who.principal, a.weight?.() ?? 1)
      if (rate instanceof Promise) rate = await rate
      // Without RateLimit headers (limits off) the CORS headers made for this request are the answer's as they are.
      const headers = hasAny(rate.headers) ? { ...base, ...rate.headers } : base
      if (rate.allowed) return { who, headers }
      // The spec's {error}, plus the code and request id every error body carries.
      return jsonResponse({ error: RATE_LIMITED, code: 'rate_limited', request_id: requestIdOf(request) }, 429, headers)
    },
    /**
     * Reads a POST body under TOOLYARD_MAX_BODY_BYTES (declared length, then while streaming) and parses it under the
     * nesting limit. Too large (413) or too deep (400) is answered at once with a JSON-RPC error, before any key lookup.
     */
    async readBody(request: Request, base: ResponseHeaders): Promise<PostedBody | Response> {
      try {
        const text = await readBodyText(request, deps.config.maxBodyBytes)
        return { ok: true, body: parseJsonBounded(text, deps.config.maxJsonDepth) }
      } catch (error) {
        if (error instanceof PayloadTooLargeError || error instanceof TooDeepError)
          return jsonResponse(
            failure(undefined, RPC.INVALID_REQUEST, `Invalid Request: ${error.message}`),
            error.status,
            error instanceof PayloadTooLargeError ? { ...base, connection: 'close' } : base,
          )
        return { ok: false }
      }
    },
    /** CORS preflight: never needs a key; only an allowed Origin is echoed. */
    preflight(request: Request): Response {
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
    },
    /** Server and key: the key's project must own the server; a public server (`auth: none`) needs none. */
    onServer: (slug: string, request: Request, server: Server<unknown> | null) => {
      const decide = (row: ServerRow | null, auth: AuthContext | null): Principal | null => {
        if (!row) return null
        // A key limited to other servers sees this one as unknown.
        if (auth && auth.projectId === row.project_id && mayUseServer(auth, row.id)) {
          const who: Writable<Principal> = { server: row, principal: `key:${auth.keyId}`, role: auth.role }
          if (auth.userId) who.userId = auth.userId
          if (auth.groups) who.groups = auth.groups
          if (auth.clientName) who.clientName = auth.clientName
          return who
        }
        if (row.auth === 'none') return { server: row, principal: `addr:${clientAddress(server, request)}` }
        return null
      }
      return (auth: AuthContext | null): Principal | null | Promise<Principal | null> => {
        // The read model's hit answers without a promise; a miss loads the row (the storage port) and decides then.
        const row = deps.servers.peekBySlug(slug)
        return row === MISS ? deps.servers.bySlug(slug).then((loaded) => decide(loaded, auth)) : decide(row, auth)
      }
    },
    /**
     * 401 with the server's Protected Resource Metadata URL, so OAuth clients can discover how to get a token; the
     * body stays a JSON-RPC error.
     */
    unauthorized:
      (metadataUrl: string, id?: RpcId) =>
      (problem: 'missing' | 'invalid_token', base: ResponseHeaders): Response =>
        jsonResponse(
          failure(
            id,
            RPC.INVALID_REQUEST,
            problem === 'missing'
              ? 'Unauthorized: send an API key (X-API-Key) or an OAuth access token (Authorization: Bearer)'
              : 'Unauthorized: the access token is invalid, expired, revoked or for another server',
          ),
          401,
          {
            ...base,
            'www-authenticate':
              problem === 'missing'
                ? `Bearer resource_metadata="${metadataUrl}"`
                : `Bearer error="invalid_token", resource_metadata="${metadataUrl}"`,
          },
        ),
    /** Access denied, HTTP 200, with the request's id when it could be read. */
    denied: (id?: RpcId) => (base: ResponseHeaders) =>
      jsonResponse(failure(id, RPC.INVALID_REQUEST, ACCESS_DENIED), 200, base),
    /** An unknown MCP-Protocol-Version is a 400 with a plain JSON-RPC error, so 2026-era clients fall back. */
    badVersionHeader(headers: Headers, base: ResponseHeaders): Response | null {
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
    },
  }
}
