// The `api` route option: authenticate the API key (401 otherwise) and apply the route group's rate limit.
// `limit` is the same rate limit for routes without a key (per client address), e.g. health. The key check and the
// rate limit are plain functions, so the protocol endpoint (src/mcp/endpoint.ts) admits callers the same way.
import { Elysia } from 'elysia'
import { type AuthContext, assertRouteAllowed, assertServerAllowed, type KeyAuthenticator } from '../lib/access'
import { AppError } from '../lib/errors'
import { originalRequest } from './body-limit'
import { presentedApiKey } from './credentials-header'
import { type RateDecision, type RateGroup, type RateLimiter, rateHeaders } from './rate-limit'

export interface GuardDeps {
  projects: KeyAuthenticator
  limiter: RateLimiter
}

export const UNAUTHORIZED = 'missing, invalid, expired or revoked API key (send X-API-Key or Authorization: Bearer)'
export const RATE_LIMITED = 'rate limit exceeded: too many requests, retry after the number of seconds in Retry-After'

export class RateLimitedError extends Error {
  constructor(readonly headers: Record<string, string>) {
    super(RATE_LIMITED)
  }
}

/**
 * The project of the API key a request presents (X-API-Key or Authorization: Bearer); null when none is valid. A
 * promise only on a read-model miss: callers on the request path await only then.
 */
export const authenticateKey = (
  projects: KeyAuthenticator,
  headers: Headers,
): AuthContext | null | Promise<AuthContext | null> => projects.authenticate(presentedApiKey(headers))

/** Counts `n` requests of `subject` (a key id or a client address) in `group`: its RateLimit headers, and whether it may go on. */
export function countRequest(
  limiter: RateLimiter,
  group: RateGroup,
  subject: string,
  n = 1,
): Counted | Promise<Counted> {
  const decision = limiter.hit(group, subject, n)
  // Shared windows (PostgreSQL) answer with a promise; the in-memory limiter's hit path makes none.
  return decision instanceof Promise ? decision.then(counted) : counted(decision)
}

type Counted = { allowed: boolean; headers: Record<string, string> }
/** No limit applies (rate limits off): one answer shared by every request, never written to. */
const UNLIMITED: Counted = Object.freeze({ allowed: true, headers: Object.freeze({}) as Record<string, string> })
const counted = (decision: RateDecision | null): Counted =>
  decision ? { allowed: decision.allowed, headers: rateHeaders(decision) } : UNLIMITED

async function applyLimit(
  limiter: RateLimiter,
  group: RateGroup,
  subject: string,
  set: { headers: Record<string, string | number> },
) {
  let count = countRequest(limiter, group, subject)
  if (count instanceof Promise) count = await count
  Object.assign(set.headers, count.headers)
  if (!count.allowed) throw new RateLimitedError(count.headers)
}

export function clientAddress(
  server: { requestIP(r: Request): { address: string } | null } | null,
  request: Request,
): string {
  return server?.requestIP(originalRequest(request))?.address ?? 'unknown'
}

// The key is checked in the transform phase, before body validation: a caller without a valid key
// gets 401 whatever it sent, and the limit counts every keyed request.
const authenticated = new WeakMap<Request, AuthContext>()

/** The key a REST request was admitted with (the audit trail names it); undefined before the guard or without one. */
export const authOf = (request: Request): AuthContext | undefined => authenticated.get(request)

export const guard = (deps: GuardDeps) =>
  new Elysia({ name: 'toolyard.guard' }).macro({
    api: (group: RateGroup) => ({
      async transform({ request, set }) {
        const auth = await authenticateKey(deps.projects, request.headers)
        if (!auth) throw new AppError('unauthorized', UNAUTHORIZED)
        // An mcp key on an admin endpoint: 403 (src/lib/access.ts).
        assertRouteAllowed(auth, request.method, new URL(request.url).pathname.replace(/^\/mcp(?=\/)/, ''))
        await applyLimit(deps.limiter, group, auth.keyId, set)
        authenticated.set(request, auth)
      },
      // After validation: a key limited to servers may only name one of them.
      beforeHandle({ request, body }) {
        const auth = authenticated.get(request)
        if (auth?.serverIds) assertServerAllowed(auth, (body as { server_id?: string } | undefined)?.server_id)
      },
      resolve({ request }): { auth: AuthContext } {
        return { auth: authenticated.get(request)! }
      },
    }),
    limit: (group: RateGroup) => ({
      async transform({ request, set, server }) {
        await applyLimit(deps.limiter, group, clientAddress(server, request), set)
      },
    }),
  })
