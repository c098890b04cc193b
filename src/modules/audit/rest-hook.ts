// Every change made through the REST API, audited in one place, before the answer leaves (so a caller that reads the
// trail right after its change finds it): a successful non-GET request admitted with an admin key
// (or the admin token) becomes an entry naming who (key, user, dashboard member) and what (resource, id, action, the
// names of the fields sent — never their values, so a secret never reaches the trail). The "use" endpoints (tool
// calls, reads) are not changes: tool calls are audited by the call observer.
import { Elysia } from 'elysia'
import { authOf } from '../../http/guard'
import { requestIdOf } from '../../http/pipeline'
import { dashboardMemberOf } from '../../lib/dashboard-member'
import type { AuditActor } from './actor'
import type { AuditLog } from './service'

/**
 * POST routes the hook leaves alone (paths under /mcp): the ones that use or read rather than change (tool calls are
 * audited by the call observer), and decisions their feature audits itself.
 */
const NOT_CHANGES = new Set([
  'POST /tools/list',
  'POST /tools/call',
  'POST /resources/list',
  'POST /resources/read',
  'POST /resources/templates/list',
  'POST /resources/subscriptions',
  'POST /prompts/list',
  'POST /prompts/get',
  'POST /webhooks/list',
  'POST /oauth/status',
  'POST /oauth/build-auth-url',
  'POST /completion/complete',
  // Decisions the features audit themselves, with the decision and what it binds (policies, pinned definitions).
  'POST /approvals/:id',
  'POST /toolkits/:id/changes/:change_id',
])

/** Last words of a POST route that name what is done to the record before them, not a collection made. */
const VERBS = new Set(['invoke', 'refresh', 'reimport', 'redeliver'])
/** One-word POST routes that are an action on the collection named here. */
const COLLECTION_VERBS: Record<string, string> = { subscribe: 'subscriptions', unsubscribe: 'subscriptions' }

const isParam = (segment: string) => segment.startsWith(':') || segment === '*'

/**
 * What a route does to what: the resource is the collection the route's last record belongs to (`servers`, `keys`,
 * `toolkits`…) and the action create, update, delete or the route's own verb (`invoke`, `subscribe`, `init`…).
 * Undefined for routes that are not records (the protocol endpoint `/:slug`, the dashboard's own pages).
 */
function describeRoute(method: string, route: string): { resource: string; action: string } | undefined {
  const segments = route.split('/').filter(Boolean)
  if (segments[0] === 'admin') segments.shift()
  if (!segments.length || isParam(segments[0]!) || segments[0] === 'ui') return undefined
  const last = segments[segments.length - 1]!
  const words = segments.filter((x) => !isParam(x))
  const lastWord = words[words.length - 1]!
  if (method === 'DELETE') return { resource: lastWord, action: 'delete' }
  if (method === 'PATCH' || method === 'PUT') return { resource: lastWord, action: 'update' }
  if (isParam(last)) return { resource: lastWord, action: 'create' }
  if (segments.length === 1)
    return COLLECTION_VERBS[last]
      ? { resource: COLLECTION_VERBS[last]!, action: last }
      : { resource: last, action: 'create' }
  const before = segments[segments.length - 2]!
  if (isParam(before)) {
    if (!VERBS.has(last)) return { resource: last, action: 'create' }
    const owner = segments.slice(0, -1).filter((x) => !isParam(x))
    return { resource: owner[owner.length - 1]!, action: last }
  }
  // A word after a word: an action on the first (`oauth/init`, `resources/subscribe`, `toolkits/import/openapi`).
  const firstParam = segments.findIndex(isParam)
  const tail = firstParam < 0 ? segments : segments.slice(firstParam + 1)
  return { resource: firstParam < 0 ? segments[0]! : words[0]!, action: tail.slice(firstParam < 0 ? 1 : 0).join(' ') }
}

const idOf = (value: unknown): string | undefined => {
  if (!value || typeof value !== 'object') return undefined
  const v = value as { id?: unknown; data?: { id?: unknown } }
  const id = v.id ?? v.data?.id
  return typeof id === 'string' ? id : undefined
}

/** The top-level field names of a JSON body (values are never recorded). */
const fieldsOf = (body: unknown): string[] =>
  body && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body).sort() : []

/**
 * The dashboard member of a request, noted on arrival (its id is the dashboard call's while that call runs).
 */
const members = new WeakMap<Request, string>()

export const auditRestChanges = (audit: AuditLog) =>
  new Elysia({ name: 'toolyard.audit.rest' })
    .onRequest(({ request }) => {
      if (request.method === 'GET' || !request.headers.has('x-request-id')) return
      const member = dashboardMemberOf(requestIdOf(request))
      if (member) members.set(request, member)
    })
    .onAfterHandle({ as: 'global' }, ({ request, route, set, params, body, responseValue }) => {
      const method = request.method
      if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || !route) return
      const status = responseValue instanceof Response ? responseValue.status : set.status
      if (typeof status === 'number' && status >= 300) return
      if (responseValue instanceof Error) return
      const path = route.replace(/^\/mcp(?=\/)/, '')
      if (NOT_CHANGES.has(`${method} ${path}`)) return
      const p = (params ?? {}) as Record<string, string>
      const described = describeRoute(method, path)
      if (!described) return
      const { resource, action } = described
      const requestId = requestIdOf(request)
      const member = members.get(request)
      const auth = authOf(request)
      let actor: AuditActor
      let projectId: string | undefined
      if (auth && auth.role === 'admin') {
        actor = { kind: member ? 'dashboard' : 'key', key_id: auth.keyId }
        const userId = (auth as { userId?: string }).userId
        if (userId) actor.user_id = userId
        projectId = auth.projectId
      } else if (!auth && path.startsWith('/admin/')) {
        actor = { kind: 'admin_token' }
        const value = responseValue as { id?: string; project_id?: string } | undefined
        projectId =
          path === '/admin/projects' ? value?.id : p.id && path.includes('/projects/') ? p.id : value?.project_id
      } else return
      if (member) actor.member = member
      if (!projectId) return
      // A record made is named by the answer's id; any other by the route's last id.
      const ids = Object.values(p)
      const resourceId = (action === 'create' ? idOf(responseValue) : undefined) ?? ids[ids.length - 1]
      audit.record(projectId, {
        actor,
        action,
        resource,
        ...(resourceId ? { resourceId } : {}),
        detail: {
          route: `${method} ${path}`,
          ...(ids.length ? { params: p } : {}),
          fields: fieldsOf(body),
          request_id: requestId,
        },
      })
    })
