// The `api` route option: authenticate the API key (401 otherwise) and apply the route group's rate limit.
// `limit` is the same rate limit for routes without a key (per client address), e.g. health.
import { Elysia } from 'elysia'
import type { AuthContext, ProjectsService } from '../modules/projects/service'
import { presentedApiKey } from './credentials-header'
import { AppError } from './errors'
import { type RateGroup, type RateLimiter, rateHeaders } from './rate-limit'

export interface GuardDeps {
  projects: ProjectsService
  limiter: RateLimiter
}

export class RateLimitedError extends Error {
  constructor(readonly headers: Record<string, string>) {
    super('rate limit exceeded: too many requests, retry after the number of seconds in Retry-After')
  }
}

function applyLimit(
  limiter: RateLimiter,
  group: RateGroup,
  subject: string,
  set: { headers: Record<string, string | number> },
) {
  const decision = limiter.hit(group, subject)
  if (!decision) return
  const headers = rateHeaders(decision)
  Object.assign(set.headers, headers)
  if (!decision.allowed) throw new RateLimitedError(headers)
}

export function clientAddress(
  server: { requestIP(r: Request): { address: string } | null } | null,
  request: Request,
): string {
  return server?.requestIP(request)?.address ?? 'unknown'
}

// The key is checked in the transform phase, before body validation: a caller without a valid key
// gets 401 whatever it sent, and the limit counts every keyed request.
const authenticated = new WeakMap<Request, AuthContext>()

export const guard = (deps: GuardDeps) =>
  new Elysia({ name: 'toolyard.guard' }).macro({
    api: (group: RateGroup) => ({
      transform({ request, set }) {
        const auth = deps.projects.authenticate(presentedApiKey(request.headers))
        if (!auth)
          throw new AppError(
            'unauthorized',
            'missing, invalid, expired or revoked API key (send X-API-Key or Authorization: Bearer)',
          )
        applyLimit(deps.limiter, group, auth.keyId, set)
        authenticated.set(request, auth)
      },
      resolve({ request }): { auth: AuthContext } {
        return { auth: authenticated.get(request)! }
      },
    }),
    limit: (group: RateGroup) => ({
      transform({ request, set, server }) {
        applyLimit(deps.limiter, group, clientAddress(server, request), set)
      },
    }),
  })
