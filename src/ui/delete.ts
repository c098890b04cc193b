// Deleting from the dashboard: every record kind it shows has a Delete link to a confirmation page that names the
// record and what deleting it does; the confirmation's form makes the same REST call a user would make.
import type { ApiClient } from './api-client'
import { type Html, html } from './html'
import { readAll } from './listing'

// biome-ignore lint/suspicious/noExplicitAny: API answers rendered as they come
type Row = Record<string, any>

interface Kind {
  noun: string
  /** The list page to go back to. */
  list: string
  /** The record, to name it on the confirmation page (404 from the API when it is gone). */
  find(c: ApiClient, id: string): Promise<Row | undefined>
  name(r: Row): string
  /** What deleting it does, said before the button. */
  effect(r: Row): string
  remove(c: ApiClient, id: string, body: Record<string, unknown>): Promise<unknown>
  /** The button's word: "Delete", or "Revoke" for keys. */
  verb?: string
  /** An extra choice on the confirmation form (functions: delete although tools use it). */
  extra?: Html
}

const inList = (path: string, key: string) => async (c: ApiClient, id: string) =>
  (await readAll(c, path, key)).rows.find((r) => r.id === id)
const del = (path: string) => (c: ApiClient, id: string) => c.api('DELETE', `${path}/${encodeURIComponent(id)}`)
const get = (path: string) => async (c: ApiClient, id: string) => c.api('GET', `${path}/${encodeURIComponent(id)}`)

export const DELETABLE: Record<string, Kind> = {
  servers: {
    noun: 'server',
    list: 'servers',
    find: async (c, id) => (await c.api('GET', `/servers/${encodeURIComponent(id)}`)).data,
    name: (s) => s.name,
    effect: (s) =>
      `Its URL ${s.url} stops answering at once: MCP clients using it get 404. Its toolkits, tools and credentials stay.`,
    remove: del('/servers'),
  },
  toolkits: {
    noun: 'toolkit',
    list: 'toolkits',
    find: get('/toolkits'),
    name: (k) => k.name,
    effect: (k) =>
      `Its ${(k.tools ?? []).length} tool(s) are deleted with it and it is detached from every server that has it.`,
    remove: del('/toolkits'),
  },
  tools: {
    noun: 'tool',
    list: 'tools',
    find: get('/tools'),
    name: (t) => t.name,
    effect: () => 'Servers with its toolkit stop listing it; its function stays.',
    remove: del('/tools'),
  },
  functions: {
    noun: 'function',
    list: 'functions',
    find: get('/functions'),
    name: (f) => f.name,
    effect: () =>
      'Refused while tools or resources use it, unless you tick the box below: then those tools fail until they get another function.',
    remove: (c, id, body) =>
      c.api('DELETE', `/functions/${encodeURIComponent(id)}${body.force === 'true' ? '?force=true' : ''}`),
    extra: html`<label><input type="checkbox" name="force" value="true" id="force-delete"> Delete it even if tools or resources use it</label>`,
  },
  credentials: {
    noun: 'credential',
    list: 'credentials',
    find: inList('/credentials', 'credentials'),
    name: (c) => c.name,
    effect: (c) =>
      `Its secret is erased. Tools mapped to it (provider ${c.provider_id}) report the credential missing until another is mapped.`,
    remove: del('/credentials'),
  },
  providers: {
    noun: 'provider',
    list: 'providers',
    find: async (c, id) => ((await c.api('GET', '/providers')).providers as Row[]).find((p) => p.id === id),
    name: (p) => p.name,
    effect: (p) =>
      p.builtin
        ? 'Your OAuth client settings for this built-in provider are removed; the provider itself stays.'
        : 'The provider is removed; credentials of it can no longer be refreshed or connected.',
    remove: del('/providers'),
  },
  resources: {
    noun: 'resource',
    list: 'resources',
    find: get('/resources'),
    name: (r) => r.uri,
    effect: () => 'MCP clients stop listing and reading it.',
    remove: del('/resources'),
  },
  prompts: {
    noun: 'prompt',
    list: 'prompts',
    find: get('/prompts'),
    name: (p) => p.name,
    effect: () => 'MCP clients stop listing it.',
    remove: del('/prompts'),
  },
  keys: {
    noun: 'key',
    list: 'keys',
    verb: 'Revoke',
    find: async (c, id) => ((await c.api('GET', '/keys')).keys as Row[]).find((k) => k.id === id),
    name: (k) => `${k.name} (${k.prefix}…)`,
    effect: () =>
      'Every request with it is refused from now on, MCP sessions included. If you signed in with it, you are signed out.',
    remove: del('/keys'),
  },
  clients: {
    noun: 'authorized client',
    list: 'keys',
    verb: 'Revoke',
    find: async (c, id) => ((await c.api('GET', '/oauth/clients')).clients as Row[]).find((g) => g.id === id),
    name: (g) => g.client_name ?? g.client_id,
    effect: (g) => `Its tokens for ${g.resource} stop working at once; the client must be authorized again.`,
    remove: del('/oauth/clients'),
  },
  users: {
    noun: 'user',
    list: 'users',
    find: get('/users'),
    name: (u) => u.external_id,
    effect: () =>
      'Its tokens, OAuth grants, machine clients and credentials end at once; its calls stay in the call log.',
    remove: del('/users'),
  },
  'machine-clients': {
    noun: 'machine client',
    list: 'users',
    find: async (c, id) =>
      (((await c.api('GET', '/oauth/clients')).machine_clients ?? []) as Row[])
        .map((m) => ({ ...m, id: m.client_id }))
        .find((m) => m.id === id),
    name: (m) => `${m.name} (${m.client_id})`,
    effect: () => 'Its tokens stop working at once and its secret is refused.',
    remove: del('/oauth/clients'),
  },
  subscriptions: {
    noun: 'subscription',
    list: 'subscriptions',
    find: inList('/subscriptions', 'subscriptions'),
    name: (s) => `${s.uri ?? 'every resource'} → ${s.callback_url}`,
    effect: () => 'No more webhooks are sent to it; deliveries not yet made are dropped.',
    remove: (c, id) => c.api('POST', '/unsubscribe', { subscription_id: id }),
  },
}

/** A dashboard page to return to (`back`), or undefined for anything else (never another site). */
export const safeBack = (back: unknown) =>
  typeof back === 'string' && /^[A-Za-z0-9/_-]{1,200}$/.test(back) ? back : undefined

/** The confirmation page's body; Cancel and the deletion go back to `back` (the page the link was on) or the list. */
export function confirmPage(kind: string, k: Kind, r: Row, error?: string, back?: string): Html {
  const verb = k.verb ?? 'Delete'
  return html`${error ? html`<div class="flash error-flash">${error}</div>` : html``}
  <div class="card confirm">
    <p>${verb} ${k.noun} <strong class="confirm-name">${k.name(r)}</strong>?</p>
    <p class="muted">${k.effect(r)} This cannot be undone.</p>
    <form method="post" action="/mcp/ui/delete/${kind}/${r.id}" class="stack">
      ${back ? html`<input type="hidden" name="back" value="${back}">` : html``}
      ${k.extra ?? html``}
      <button class="danger" id="confirm-delete">${verb} ${k.noun}</button>
      <a href="/mcp/ui/${back ?? k.list}" id="cancel-delete">Cancel</a>
    </form></div>`
}

/** The link a row shows; `back` is the page to return to when that is not the kind's list (a toolkit's, a server's). */
export const deleteLink = (kind: string, id: string, verb = 'Delete', back?: string) =>
  html`<a href="/mcp/ui/delete/${kind}/${id}${back ? `?back=${encodeURIComponent(back)}` : ''}" class="delete">${verb}</a>`
