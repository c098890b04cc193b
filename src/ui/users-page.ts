// The dashboard's Users page: the project's identity provider settings, its end users (each with its connections,
// tokens and OAuth grants, each revocable), and machine clients. Every read and write is the REST call a user makes
// (/identity-provider, /users, /oauth/clients, /keys, /credentials).
import type { ApiClient } from './api-client'
import { ApiError } from './api-client'
import { deleteLink } from './delete'
import { type Body, type Done, optional, saving, textOf } from './form-save'
import { type Draft, errorFor, type Html, html, kept, status, table, when } from './html'
import { type ListView, listBar } from './listing'
import { shownOnce } from './pages'

// biome-ignore lint/suspicious/noExplicitAny: API answers rendered as they come
type Row = Record<string, any>

/** The identity provider, or null when the project has none (a 404 is an answer here, not a failure). */
async function providerOf(c: ApiClient): Promise<Row | null> {
  try {
    return await c.api('GET', '/identity-provider')
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) return null
    throw err
  }
}

const providerCard = (p: Row | null, draft?: Draft) => html`
  <div class="card" id="identity-provider">${errorFor(draft, 'identity-provider')}
  <strong>Identity provider (OpenID Connect)</strong>
  <p class="muted">With one, MCP clients' sign-in goes there instead of asking for a key, and each person becomes a user
  of this project; members whose ID token carries the admin claim sign into this dashboard there.</p>
  ${
    p
      ? html`<p>Register these redirect URIs at the provider: <code id="idp-redirect-mcp">${p.redirect_uris.mcp_clients}</code>
      and <code id="idp-redirect-dashboard">${p.redirect_uris.dashboard}</code>. Members sign in at
      <code id="idp-dashboard-url">${p.dashboard_sign_in_url}</code>.</p>`
      : html``
  }
  <form method="post" action="/mcp/ui/identity-provider" class="stack">
    <label>Issuer <input name="issuer" type="url" required value="${kept(draft, 'identity-provider', 'issuer', p?.issuer ?? '')}" placeholder="https://accounts.example.com"></label>
    <label>Client ID <input name="client_id" required value="${kept(draft, 'identity-provider', 'client_id', p?.client_id ?? '')}"></label>
    <label>Client secret ${p ? html`<span class="muted">(set; leave empty to keep it)</span>` : html``}
      <input name="client_secret" type="password" autocomplete="off" ${p ? '' : 'required'}></label>
    <label>Scopes <input name="scopes" value="${kept(draft, 'identity-provider', 'scopes', (p?.scopes ?? ['openid', 'profile', 'email']).join(' '))}"></label>
    <label>Admin claim (<code>claim=value</code>, e.g. <code>groups=admins</code>; empty: no dashboard sign-in)
      <input name="admin_claim" value="${kept(draft, 'identity-provider', 'admin_claim', p?.admin_claim ?? '')}"></label>
    <button id="save-identity-provider">Save</button>
  </form>
  ${
    p
      ? html`<form method="post" action="/mcp/ui/identity-provider/remove"><button class="danger" id="remove-identity-provider">Remove the identity provider</button></form>`
      : html``
  }</div>`

function usersPage(v: {
  users: ListView
  provider: Row | null
  machineClients: Row[]
  servers: Row[]
  once?: { label: string; value: string; id: string }
  draft?: Draft
}): Html {
  const userName = (id: string | null) =>
    id ? (v.users.rows.find((u) => u.id === id)?.external_id ?? id) : html`<span class="muted">the project</span>`
  return html`
  ${v.once ? shownOnce(v.once.label, v.once.value, v.once.id) : html``}
  ${providerCard(v.provider, v.draft)}
  <div class="card">${errorFor(v.draft, 'user')}<form method="post" action="/mcp/ui/users" class="stack" id="new-user">
    <strong>New user</strong>
    <label>External ID (your app's id for them) <input name="external_id" required value="${kept(v.draft, 'user', 'external_id')}"></label>
    <label>Name <input name="name" value="${kept(v.draft, 'user', 'name')}"></label>
    <label>Email <input name="email" type="email" value="${kept(v.draft, 'user', 'email')}"></label>
    <button id="create-user">Create user</button></form></div>
  ${listBar(v.users, '/mcp/ui/users', 'user')}
  ${table(v.users.rows, [
    ['External ID', (u) => html`<a href="/mcp/ui/users/${u.id}" class="user-link">${u.external_id}</a>`],
    ['Name', (u) => u.name ?? ''],
    ['Email', (u) => u.email ?? ''],
    ['Created', (u) => when(u.created_at)],
    ['', (u) => deleteLink('users', u.id)],
  ])}
  <h2>Machine clients</h2>
  <p class="muted">Confidential clients of the <code>client_credentials</code> grant: a backend obtains tokens at the
  token endpoint with its client ID and secret.</p>
  <div class="card">${errorFor(v.draft, 'machine-client')}<form method="post" action="/mcp/ui/machine-clients" class="stack" id="new-machine-client">
    <label>Name <input name="name" required value="${kept(v.draft, 'machine-client', 'name')}"></label>
    <label>Acts for <select name="user_id"><option value="">the project (no user)</option>${v.users.rows.map(
      (u) => html`<option value="${u.id}">${u.external_id}</option>`,
    )}</select></label>
    <fieldset><legend>Servers (none ticked: every server)</legend>${v.servers.map(
      (s) => html`<label><input type="checkbox" name="servers" value="${s.id}"> ${s.name}</label>`,
    )}</fieldset>
    <button id="create-machine-client">Create machine client</button></form></div>
  ${table(v.machineClients, [
    ['Name', (m) => m.name],
    ['Client ID', (m) => html`<code>${m.client_id}</code>`],
    ['Acts for', (m) => userName(m.user_id)],
    [
      'Servers',
      (m) =>
        m.servers ? m.servers.map((id: string) => v.servers.find((s) => s.id === id)?.name ?? id).join(', ') : 'all',
    ],
    ['Created', (m) => when(m.created_at)],
    ['Last used', (m) => when(m.last_used_at, 'never')],
    ['', (m) => deleteLink('machine-clients', m.client_id)],
  ])}`
}

function userPage(v: {
  user: Row
  grants: Row[]
  servers: Row[]
  once?: { label: string; value: string; id: string }
  draft?: Draft
}): Html {
  const u = v.user
  const back = `users/${u.id}`
  const serverNames = (ids: string[] | null) =>
    ids ? ids.map((id) => v.servers.find((s) => s.id === id)?.name ?? id).join(', ') : 'all'
  return html`
  ${v.once ? shownOnce(v.once.label, v.once.value, v.once.id) : html``}
  <p><a href="/mcp/ui/users">← Users</a></p>
  <div class="card"><p><strong id="user-external-id">${u.external_id}</strong> ${u.name ?? ''} ${u.email ? html`&lt;${u.email}&gt;` : ''}
  <span class="muted">· created ${when(u.created_at)}</span></p><p>${deleteLink('users', u.id, 'Delete user')}</p></div>
  <h2>Connections</h2>
  ${table(
    (u.connections ?? []) as Row[],
    [
      ['Name', (c) => c.name],
      ['Provider', (c) => c.provider_id],
      ['Kind', (c) => c.kind],
      ['State', (c) => status(c.status)],
      ['Expires', (c) => when(c.expires_at, 'never')],
      ['', (c) => deleteLink('credentials', c.credential_id, 'Revoke', back)],
    ],
    'No connections yet.',
  )}
  <h2>Tokens</h2>
  <div class="card">${errorFor(v.draft, 'user-token')}<form method="post" action="/mcp/ui/users/${u.id}/tokens" class="stack" id="new-user-token">
    <fieldset><legend>Servers (none ticked: every server)</legend>${v.servers.map(
      (s) => html`<label><input type="checkbox" name="servers" value="${s.id}"> ${s.name}</label>`,
    )}</fieldset>
    <label>Expires in hours <input name="expires_in_hours" type="number" min="1" max="8760" value="${kept(v.draft, 'user-token', 'expires_in_hours', '24')}"></label>
    <button id="create-user-token">Create token</button></form></div>
  ${table(
    (u.tokens ?? []) as Row[],
    [
      ['Prefix', (k) => html`<code>${k.prefix}…</code>`],
      ['Servers', (k) => serverNames(k.server_ids)],
      ['State', (k) => status(k.revoked_at ? 'revoked' : 'active')],
      ['Expires', (k) => when(k.expires_at, 'never')],
      ['Last used', (k) => when(k.last_used_at, 'never')],
      ['', (k) => (k.revoked_at ? '' : deleteLink('keys', k.id, 'Revoke', back))],
    ],
    'No tokens.',
  )}
  <h2>Authorized clients</h2>
  ${table(
    v.grants,
    [
      ['Client', (g) => g.client_name ?? g.client_id],
      ['Server', (g) => v.servers.find((s) => s.id === g.server_id)?.name ?? g.server_id],
      ['Approved', (g) => when(g.created_at)],
      ['Last used', (g) => when(g.last_used_at, 'never')],
      ['', (g) => deleteLink('clients', g.id, 'Revoke', back)],
    ],
    'No MCP client signed in as this user.',
  )}`
}

const checked = (v: unknown) => (Array.isArray(v) ? v.map(String) : v ? [String(v)] : [])

/** The Users page's form actions, or undefined when `path` is not one of them. */
export async function usersAction(c: ApiClient, path: string, body: Body): Promise<Done | undefined> {
  const text = textOf(body)
  if (path === 'users') {
    const made = await saving('users', 'user', body, () =>
      c.api('POST', '/users', {
        external_id: text('external_id'),
        ...(optional(body.name) ? { name: text('name') } : {}),
        ...(optional(body.email) ? { email: text('email') } : {}),
      }),
    )
    return { redirect: `/mcp/ui/users/${made.id}`, notice: `Created user “${made.external_id}”.` }
  }
  const token = /^users\/([^/]+)\/tokens$/.exec(path)
  if (token) {
    const hours = Number.parseInt(text('expires_in_hours') || '24', 10)
    const servers = checked(body.servers)
    const made = await saving(`users/${token[1]}`, 'user-token', body, () =>
      c.api('POST', `/users/${encodeURIComponent(token[1]!)}/tokens`, {
        expires_in: (Number.isFinite(hours) && hours > 0 ? hours : 24) * 3600,
        ...(servers.length ? { servers } : {}),
      }),
    )
    return {
      redirect: `/mcp/ui/users/${token[1]}`,
      notice: 'Created a user token.',
      once: { label: 'New user token', value: made.token, id: 'new-user-token-value' },
    }
  }
  if (path === 'identity-provider') {
    await saving('users', 'identity-provider', body, () =>
      c.api('PUT', '/identity-provider', {
        issuer: text('issuer'),
        client_id: text('client_id'),
        ...(optional(body.client_secret) ? { client_secret: String(body.client_secret) } : {}),
        scopes: text('scopes')
          .split(/[\s,]+/)
          .filter(Boolean),
        admin_claim: optional(body.admin_claim) ?? null,
      }),
    )
    return { redirect: '/mcp/ui/users', notice: 'Saved the identity provider.' }
  }
  if (path === 'identity-provider/remove') {
    await c.api('DELETE', '/identity-provider')
    return {
      redirect: '/mcp/ui/users',
      notice: 'Removed the identity provider: MCP clients are asked for a key again.',
    }
  }
  if (path === 'machine-clients') {
    const servers = checked(body.servers)
    const made = await saving('users', 'machine-client', body, () =>
      c.api('POST', '/oauth/clients', {
        name: text('name'),
        ...(optional(body.user_id) ? { user_id: text('user_id') } : {}),
        ...(servers.length ? { servers } : {}),
      }),
    )
    return {
      redirect: '/mcp/ui/users',
      notice: `Created machine client “${made.name}” (${made.client_id}).`,
      once: { label: `Client secret of ${made.client_id}`, value: made.client_secret, id: 'new-client-secret' },
    }
  }
  return undefined
}

/** The Users page and a user's page, or undefined when `name` is neither. */
export async function usersShown(
  c: ApiClient,
  name: string,
  users: () => Promise<ListView>,
  servers: () => Promise<Row[]>,
  draft?: Draft,
  once?: { label: string; value: string; id: string },
): Promise<{ title: string; body: Html; nav?: string; fragment?: boolean } | undefined> {
  const one = /^users\/([^/]+)$/.exec(name)
  if (one) {
    const [user, clients, list] = await Promise.all([
      c.api('GET', `/users/${encodeURIComponent(one[1]!)}`),
      c.api('GET', '/oauth/clients'),
      servers(),
    ])
    const grants = (clients.clients as Row[]).filter((g) => g.user_id === user.id)
    return {
      title: `User ${user.external_id}`,
      body: userPage({ user, grants, servers: list, once, draft }),
      nav: 'users',
    }
  }
  if (name !== 'users') return undefined
  const [list, provider, clients, serverList] = await Promise.all([
    users(),
    providerOf(c),
    c.api('GET', '/oauth/clients'),
    servers(),
  ])
  return {
    title: 'Users',
    body: usersPage({
      users: list,
      provider,
      machineClients: clients.machine_clients ?? [],
      servers: serverList,
      once,
      draft,
    }),
  }
}
