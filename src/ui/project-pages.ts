// A project session's pages (GET). Every read goes through the REST API (or, for the playground, the MCP endpoint)
// with the session's key. Lists are read whole through the API's cursors, then counted, searched and paged (listing.ts).
import type { ApiClient } from './api-client'
import { approvalsPage } from './approvals-page'
import { changesPage } from './changes-page'
import { credentialsPage, providersPage } from './credentials-page'
import { confirmPage, DELETABLE, safeBack } from './delete'
import type { Once } from './form-save'
import { type Draft, type Html, html } from './html'
import { type AllRows, listView, readAll } from './listing'
import { type LoggedCall, NO_SERVER, overviewPage, RANGES, type Range } from './overview'
import * as pages from './pages'
import { promptsPage, resourceContents, resourcesPage, toolsPage } from './records'
import { playgroundForm, serverPage } from './server-page'
import { toolkitPage } from './toolkit-page'
import { toolkitsPage } from './toolkits-page'
import { usersShown } from './users-page'

export type PageContext = ApiClient & { publicUrl: () => string }
// biome-ignore lint/suspicious/noExplicitAny: API answers rendered as they come
type Row = Record<string, any>
type Query = Record<string, string | undefined>

export interface Shown {
  title: string
  body: Html
  /** The nav entry to mark (default: the page's own name). */
  nav?: string
  /** An htmx fragment: sent without the page frame. */
  fragment?: boolean
}

/** Newest calls read for the overview at most (pages of 200): enough for charts, bounded per view. */
const OVERVIEW_MAX_CALLS = 5000

const allServers = async (c: ApiClient): Promise<Row[]> => (await readAll(c, '/servers', 'data')).rows
// A call made without a server (REST /tools/call without server_id, /functions/{id}/invoke) is shown as such.
const nameOf = (list: Row[]) => (id: string | null) => (id ? (list.find((s) => s.id === id)?.name ?? id) : NO_SERVER)
const all = (rows: Row[]): AllRows => ({ rows, capped: false })

async function recentCalls(c: ApiClient, since: number): Promise<{ calls: LoggedCall[]; truncated: boolean }> {
  const calls: LoggedCall[] = []
  let cursor: string | undefined
  while (calls.length < OVERVIEW_MAX_CALLS) {
    const r = await c.api('GET', `/calls?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
    calls.push(...r.calls)
    const last = r.calls.at(-1)
    if (!r.next_cursor || !last || Date.parse(last.created_at) < since) return { calls, truncated: false }
    cursor = r.next_cursor
  }
  return { calls, truncated: true }
}

async function serverShown(c: PageContext, id: string, playground: boolean, query: Query, draft?: Draft) {
  const s = (await c.api('GET', `/servers/${id}`)).data
  if (playground) {
    const listed = await c.mcp(s.slug, 'tools/list', {})
    const tool = (listed.result?.tools ?? []).find((t: Row) => t.name === query.tool)
    const body = tool
      ? playgroundForm(s.id, tool)
      : html`<p class="muted">${listed.error ? `tools/list failed: ${listed.error.message}` : 'Pick a tool.'}</p>`
    return { title: '', body, fragment: true }
  }
  const [toolkits, credentials, resources, prompts, tools] = await Promise.all([
    readAll(c, '/toolkits', 'toolkits'),
    readAll(c, '/credentials', 'credentials'),
    readAll(c, '/resources', 'resources'),
    readAll(c, '/prompts', 'prompts'),
    readAll(c, '/tools', 'tools'),
  ])
  const body = serverPage(
    {
      server: s,
      allTools: tools.rows,
      tools: listView(all(s.tools ?? []), query, (t) => [t.name, t.description]),
      toolkits: toolkits.rows,
      credentials: credentials.rows,
      resources: resources.rows.filter((r) => r.server_id === s.id),
      prompts: prompts.rows.filter((p) => !p.server_id || p.server_id === s.id),
    },
    draft,
  )
  return { title: s.name, body, nav: 'servers' }
}

export async function projectPage(c: PageContext, name: string, query: Query, draft?: Draft, once?: Once) {
  const title = (t: string, body: Html): Shown => ({ title: t, body })
  const server = /^servers\/([^/]+)(\/playground)?$/.exec(name)
  if (server) return serverShown(c, server[1]!, Boolean(server[2]), query, draft)
  const review = /^toolkits\/([^/]+)\/changes$/.exec(name)
  if (review) {
    const id = encodeURIComponent(review[1]!)
    const [k, list] = await Promise.all([c.api('GET', `/toolkits/${id}`), c.api('GET', `/toolkits/${id}/changes`)])
    return { title: `${k.name}: changes`, body: changesPage(k, list, draft), nav: 'toolkits' }
  }
  const toolkit = /^toolkits\/([^/]+)$/.exec(name)
  if (toolkit) {
    const k = await c.api('GET', `/toolkits/${encodeURIComponent(toolkit[1]!)}`)
    const tools = listView(all(k.tools ?? []), query, (t) => [t.name, t.description])
    // Held-back names name their servers: the names are read only when there is something to say.
    const serverName = nameOf(k.name_collisions?.length ? await allServers(c) : [])
    return { title: k.name, body: toolkitPage(k, tools, draft, serverName), nav: 'toolkits' }
  }
  const reading = /^resources\/([^/]+)\/read$/.exec(name)
  if (reading) {
    // Read through the protocol endpoint of the resource's server: what an MCP client would get.
    const r = await c.api('GET', `/resources/${encodeURIComponent(reading[1]!)}`)
    const s = (await c.api('GET', `/servers/${r.server_id}`)).data
    return { title: '', body: resourceContents(await c.mcp(s.slug, 'resources/read', { uri: r.uri })), fragment: true }
  }
  const people = await usersShown(
    c,
    name,
    async () => listView(await readAll(c, '/users', 'users'), query, (u) => [u.external_id, u.name, u.email]),
    () => allServers(c),
    draft,
    once,
  )
  if (people) return people
  const removal = /^delete\/([^/]+)\/([^/]+)$/.exec(name)
  if (removal) {
    const kind = DELETABLE[removal[1]!]
    if (!kind) throw new Error(`no record kind "${removal[1]}"`)
    const record = await kind.find(c, removal[2]!)
    if (!record) throw new Error(`That ${kind.noun} does not exist (any more).`)
    const back = safeBack(query.back ?? draft?.values.back)
    const body = confirmPage(removal[1]!, kind, record, draft?.error, back)
    return { title: `${kind.verb ?? 'Delete'} ${kind.noun}`, body, nav: kind.list }
  }
  switch (name) {
    case 'overview': {
      const range: Range = query.range && query.range in RANGES ? (query.range as Range) : 'day'
      const now = Date.now()
      const [list, recent] = await Promise.all([allServers(c), recentCalls(c, now - RANGES[range].span)])
      return title('Overview', overviewPage(recent.calls, range, now, nameOf(list), recent.truncated))
    }
    case 'servers': {
      const v = listView(await readAll(c, '/servers', 'data'), query, (s) => [s.name, s.slug, s.description])
      return title('Servers', pages.serversPage(v, draft))
    }
    case 'toolkits': {
      const v = listView(await readAll(c, '/toolkits', 'toolkits'), query, (k) => [
        k.name,
        k.description,
        k.toolkit_type,
      ])
      // Remote toolkits carry their sync state, OpenAPI ones their import settings, in the detail only.
      const detailed = await Promise.all(
        v.rows.map(async (k) =>
          k.toolkit_type === 'remote' || k.toolkit_type === 'openapi' || k.toolkit_type === 'local'
            ? await c.api('GET', `/toolkits/${k.id}`).catch(() => k)
            : k,
        ),
      )
      // A toolkit held back on a server names that server: the names are read only when there is something to say.
      const collided = detailed.some((k) => k.name_collisions?.length)
      const serverName = nameOf(collided ? await allServers(c) : [])
      return title('Toolkits', toolkitsPage({ ...v, rows: detailed }, draft, serverName))
    }
    case 'tools': {
      const [tools, toolkits, functions] = await Promise.all([
        readAll(c, '/tools', 'tools'),
        readAll(c, '/toolkits', 'toolkits'),
        readAll(c, '/functions', 'functions'),
      ])
      const v = listView(tools, query, (t) => [t.name, t.description, t.function_name])
      return title('Tools', toolsPage(v, toolkits.rows, functions.rows, draft))
    }
    case 'functions': {
      const v = listView(await readAll(c, '/functions', 'functions'), query, (f) => [f.name, f.runtime])
      return title('Functions', pages.functionsPage(v, draft))
    }
    case 'credentials': {
      const [credentials, providers] = await Promise.all([
        readAll(c, '/credentials', 'credentials'),
        c.api('GET', '/providers'),
      ])
      const v = listView(credentials, query, (x) => [x.name, x.provider_id, x.status])
      const body = credentialsPage(
        {
          credentials: v,
          providers: providers.providers,
          redirectUris: { dashboard: `${c.publicUrl()}/mcp/ui/oauth/callback`, hosted: providers.redirect_uri },
        },
        draft,
      )
      return title('Credentials', body)
    }
    case 'providers': {
      const providers = await c.api('GET', '/providers')
      const v = listView(all(providers.providers), query, (p) => [p.id, p.name, p.auth_type, p.description])
      return title('Providers', providersPage(v, providers.redirect_uri, draft))
    }
    case 'resources': {
      const [resources, list] = await Promise.all([readAll(c, '/resources', 'resources'), allServers(c)])
      const v = listView(resources, query, (r) => [r.uri, r.name, r.description, r.resource_type])
      return title('Resources', resourcesPage(v, list, draft))
    }
    case 'prompts': {
      const [prompts, list] = await Promise.all([readAll(c, '/prompts', 'prompts'), allServers(c)])
      const v = listView(prompts, query, (p) => [p.name, p.description])
      return title('Prompts', promptsPage(v, list, draft))
    }
    case 'subscriptions': {
      const v = listView(await readAll(c, '/subscriptions', 'subscriptions'), query, (x) => [
        x.callback_url,
        x.uri,
        x.kind,
      ])
      const deliveries = new Map<string, Row>(
        await Promise.all(
          v.rows.map(
            async (x) => [x.id, await c.api('GET', `/subscriptions/${x.id}/deliveries?limit=20`)] as [string, Row],
          ),
        ),
      )
      const secret = once ? pages.shownOnce(once.label, once.value, once.id) : html``
      return title('Subscriptions', html`${secret}${pages.subscriptionsPage(v, deliveries, draft)}`)
    }
    case 'calls':
    case 'calls/rows': {
      const filter = {
        server_id: query.server_id || undefined,
        tool: query.tool || undefined,
        outcome: query.outcome || undefined,
      }
      const params = new URLSearchParams({ limit: '50' })
      for (const [k, v] of Object.entries({ ...filter, cursor: query.cursor })) if (v) params.set(k, v)
      const [list, r] = await Promise.all([allServers(c), c.api('GET', `/calls?${params}`)])
      const from = Math.max(1, Number.parseInt(query.from ?? '1', 10) || 1)
      const rows = pages.callRows(r.calls, nameOf(list), filter, r.next_cursor, query.cursor ? from : 1)
      if (name === 'calls/rows') return { title: '', body: rows, fragment: true }
      return title('Call log', pages.callsPage(list, filter, rows, !query.cursor))
    }
    case 'approvals':
      return title('Approvals', await approvalsPage(c))
    case 'keys': {
      const [keys, list, clients] = await Promise.all([
        c.api('GET', '/keys'),
        allServers(c),
        c.api('GET', '/oauth/clients'),
      ])
      const v = listView(all(keys.keys), query, (k) => [k.name, k.prefix, k.role])
      return title('Keys', pages.keysPage(v, list, clients.clients, once?.value, draft))
    }
    default:
      throw new Error(`no page "${name}"`)
  }
}
