// The admin token's pages: projects with their keys, counted and searched; a key made for a project (shown once) and
// a key revoked after a confirmation. They call the admin service, as the admin REST routes (/mcp/admin/…) do.

import type { AdminService } from '../modules/admin/service'
import type { AuditActor } from '../modules/audit/actor'
import type { AuditLog } from '../modules/audit/service'
import type { ProjectsService } from '../modules/projects/service'
import { deleteLink } from './delete'
import type { Done, Once } from './form-save'
import { type Html, html, status, table, when } from './html'
import { listBar, listView } from './listing'
import { shownOnce } from './pages'

// biome-ignore lint/suspicious/noExplicitAny: service rows rendered as they come
type Row = Record<string, any>
type Shown = { title: string; body: Html }
export interface AdminDeps {
  projects: ProjectsService
  admin: AdminService
  /** The audit trail: what the admin token's dashboard session changes, named as the dashboard member's. */
  audit?: Pick<AuditLog, 'record'>
}

const ADMIN_MEMBER: AuditActor = { kind: 'dashboard', member: 'admin token' }

async function projectsWithKeys(d: AdminDeps): Promise<Row[]> {
  return Promise.all(
    (await d.projects.listProjects()).map(async (p) => ({ ...p, keys: await d.projects.listKeys(p.id) })),
  )
}

const projectCard = (p: Row) =>
  html`<div class="card project"><h3>${p.name} <span class="muted">${p.id}</span></h3>${table<Row>(p.keys, [
    ['Key', (k) => k.name],
    ['Prefix', (k) => html`<code>${k.prefix}…</code>`],
    ['Role', (k) => k.role],
    ['State', (k) => status(k.revoked_at ? 'revoked' : 'active')],
    ['Created', (k) => when(k.created_at)],
    ['Last used', (k) => when(k.last_used_at, 'never')],
    ['', (k) => (k.revoked_at ? '' : deleteLink('keys', k.id, 'Revoke'))],
  ])}
  <form method="post" action="/mcp/ui/projects/${p.id}/keys" class="new-key">
    <label>New admin key <input name="name" value="admin" required maxlength="100"></label>
    <label>Expires in <input name="expires_in" placeholder="30d, 12h (empty: never)" size="14"></label>
    <button>Create key</button></form></div>`

export async function adminPage(d: AdminDeps, name: string, query: Record<string, string | undefined>, once?: Once) {
  const removal = /^delete\/keys\/([^/]+)$/.exec(name)
  if (removal) {
    const key = (await projectsWithKeys(d))
      .flatMap((p) => p.keys.map((k: Row) => ({ ...k, project: p.name })))
      .find((k) => k.id === removal[1])
    if (!key) throw new Error('That key does not exist (any more).')
    const body = html`<div class="card confirm">
      <p>Revoke key <strong class="confirm-name">${key.name} (${key.prefix}…)</strong> of project ${key.project}?</p>
      <p class="muted">Every request with it is refused from now on, MCP sessions included. This cannot be undone.</p>
      <form method="post" action="/mcp/ui/delete/keys/${key.id}"><button class="danger" id="confirm-delete">Revoke key</button>
      <a href="/mcp/ui/projects" id="cancel-delete">Cancel</a></form></div>`
    return { title: 'Revoke key', body } satisfies Shown
  }
  const v = listView({ rows: await projectsWithKeys(d), capped: false }, query, (p) => [p.name, p.id])
  const body = html`${once ? shownOnce(once.label, once.value, once.id) : html``}
  <div class="card"><form method="post" action="/mcp/ui/projects"><label>New project <input name="name" required></label>
  <button>Create</button></form></div>
  ${listBar(v, '/mcp/ui/projects', 'project')}
  ${v.rows.map(projectCard)}`
  return { title: 'Projects and keys', body } satisfies Shown
}

export async function adminAction(d: AdminDeps, path: string, body: Record<string, unknown>): Promise<Done> {
  const text = (k: string) => String(body[k] ?? '').trim()
  if (path === 'projects') {
    const made = await d.projects.createProject(text('name'))
    d.audit?.record(made.id, { actor: ADMIN_MEMBER, action: 'create', resource: 'projects', resourceId: made.id })
    return { redirect: '/mcp/ui/projects', notice: `Created project “${made.name}”.` }
  }
  let m = /^projects\/([^/]+)\/keys$/.exec(path)
  if (m) {
    const made = await d.admin.createKey(m[1]!, {
      name: text('name') || undefined,
      ...(text('expires_in') ? { expires_in: text('expires_in') } : {}),
    })
    d.audit?.record(m[1]!, { actor: ADMIN_MEMBER, action: 'create', resource: 'keys', resourceId: made.id })
    return {
      redirect: '/mcp/ui/projects',
      notice: `Created key “${made.name}”.`,
      once: { label: 'New key', value: made.api_key, id: 'new-key' },
    }
  }
  m = /^delete\/keys\/([^/]+)$/.exec(path)
  if (m) {
    const revoked = await d.admin.revokeKey(m[1]!)
    d.audit?.record(revoked.project_id, {
      actor: ADMIN_MEMBER,
      action: 'delete',
      resource: 'keys',
      resourceId: revoked.id,
    })
    return { redirect: '/mcp/ui/projects', notice: `Revoked key “${revoked.name}”.` }
  }
  throw new Error(`no action "${path}"`)
}
