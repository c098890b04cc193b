// Every change made through the REST API, audited in one place: a successful non-GET request admitted with an admin key
// (or the admin token) becomes an entry naming who (key, user, dashboard member) and what (resource, id, action, the
// names of the fields sent — never their values, so a secret never reaches the trail). The "use" endpoints (tool
// calls, reads) are not changes: tool calls are audited by the call observer.
import { Elysia } from 'elysia'
import { authOf } from '../../http/guard'
import { requestIdOf } from '../../http/pipeline'
import { dashboardMemberOf } from '../../lib/dashboard-member'
import type { AuditActor } from './actor'
import type { AuditLog } from './service'

/** POST routes that use rather than change (paths under /mcp): their calls are audited elsewhere, or change nothing. */
const NOT_CHANGES = new Set([
  'POST /tools/list',
  'POST /tools/call',
  'POST /resources/list',
  'POST /resources/read',
  'POST /prompts/list',
  'POST /prompts/get',
  'POST /webhooks/list',
  'POST /completion/complete',
])

const isParam = (segment: string) => segment.startsWith(':')

/** What a route does to what: resource (its first path word), action (create/update/delete or the route's last word). */
export function describeRoute(method: string, route: string) {
  const segments = route.split('/').filter(Boolean)
  const words = segments.filter((s) => !isParam(s))
  const resource = words[0] === 'admin' ? (words[1] ?? 'admin') : (words[0] ?? '')
  const last = segments[segments.length - 1] ?? ''
  const nested = words.length > (words[0] === 'admin' ? 2 : 1)
  let action: string
  if (method === 'DELETE') action = nested ? `delete ${words.slice(1).join(' ')}` : 'delete'
  else if (method === 'PATCH' || method === 'PUT') action = nested ? `update ${words.slice(1).join(' ')}` : 'update'
  else if (!nested && !isParam(last)) action = 'create'
  else action = words.slice(words[0] === 'admin' ? 2 : 1).join(' ') || 'create'
  return { resource, action }
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

export const auditRestChanges = (audit: AuditLog) =>
  new Elysia({ name: 'toolyard.audit.rest' }).onAfterResponse(
    { as: 'global' },
    ({ request, route, set, params, body, responseValue }) => {
      const method = request.method
      if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS' || !route) return
      const status = responseValue instanceof Response ? responseValue.status : set.status
      if (typeof status === 'number' && status >= 300) return
      if (responseValue instanceof Error) return
      const path = route.replace(/^\/mcp(?=\/)/, '')
      if (NOT_CHANGES.has(`${method} ${path}`)) return
      const p = (params ?? {}) as Record<string, string>
      const { resource, action } = describeRoute(method, path)
      const requestId = requestIdOf(request)
      const member = dashboardMemberOf(requestId)
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
      const resourceId = p.id ?? idOf(responseValue)
      audit.record(projectId, {
        actor,
        action,
        resource,
        ...(resourceId ? { resourceId } : {}),
        detail: { route: `${method} ${path}`, fields: fieldsOf(body), request_id: requestId },
      })
    },
  )
