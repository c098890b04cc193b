// Remote MCP toolkits: creation (connect, list, store the tools), the sync status GET /toolkits/{id} shows, refresh
// (REST, the interval job, and the upstream's own notifications/tools/list_changed through a held connection), and
// the project file's updates. Every change of the tool list notifies the project's sessions (list_changed).

import type { Tool } from '@modelcontextprotocol/sdk/types.js'
import type { StoragePort } from '../../../../db/store'
import type { CredentialAccess } from '../../../../lib/credentials-port'
import { AppError, badRequest, conflict } from '../../../../lib/errors'
import type { EventBus } from '../../../../lib/events'
import { newId, nowIso } from '../../../../lib/ids'
import type { Logger } from '../../../../lib/log'
import { redactDeep } from '../../../../lib/redact'
import { UniqueViolation } from '../../../../lib/storage-errors'
import { definitionOf, type Listed, seenDifferently, type ToolkitChanges } from '../../changes/service'
import type { ToolRow, ToolsRepository } from '../../repository'
import { rowRecord } from '../../sources/registry'
import type { ToolkitRecord } from '../../sources/source'
import { newToolkitRow, type ToolkitsRepository } from '../../toolkits/repository'
import { authHeaders, credentialProblem } from './auth'
import { connectUpstream, type StreamingFetch, type UpstreamConnection } from './connect'
import { checkHeaders } from './headers'
import {
  REFRESH_DEFAULT_S,
  REFRESH_MIN_S,
  type RemoteDetail,
  type RemoteSpec,
  type RemoteSpecInput,
  TIMEOUT_DEFAULT_MS,
} from './model'
import type { UpstreamPool } from './pool'
import { type RemoteRepository, type RemoteRow, specOf } from './repository'
import { rewatcher } from './rewatch'
import { listUpstreamTools, planSync, type SyncCounts, type UpstreamListLimits } from './sync'
import { shownUrl, upstreamWords } from './words'

export interface RemoteToolkitsDeps {
  store: StoragePort
  toolkits: ToolkitsRepository
  tools: ToolsRepository
  repo: RemoteRepository
  credentials: CredentialAccess
  events: EventBus
  pool: UpstreamPool
  fetch: StreamingFetch
  log: Logger
  /** Throws (409) when the toolkit's tools now take a name tool discovery reserves on a server using it. */
  checkNames?: (projectId: string, toolkitId: string) => Promise<void>
  /** Runs a person's change of the toolkit's tools, refused (409) when it brings a second tool of a name to a server. */
  refusingNameClashes?: <T>(projectId: string, toolkitId: string, write: () => Promise<T>) => Promise<T>
  limits: UpstreamListLimits & { maxWatchersPerProject: number }
  /** Pinned definitions: a toolkit with review_changes holds what its upstream changes (../changes/service.ts). */
  changes?: ToolkitChanges
}

export interface CreateRemoteInput {
  name: string
  display_name?: string
  description?: string
  remote: RemoteSpecInput
  /** Serve only approved definitions (default true for a new toolkit). */
  review_changes?: boolean | undefined
}

/** The spec with its defaults; a value REST's schema cannot check alone is 400 naming its field. */
export function normalizeSpec(input: RemoteSpecInput, field = 'body.remote'): RemoteSpec {
  let url: URL | undefined
  try {
    url = new URL(input.url)
  } catch {}
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw badRequest('remote.url must be an http or https URL', [
      { field: `${field}.url`, message: 'must be an http or https URL' },
    ])
  // The URL is shown back (GET /toolkits/{id}, export): a secret belongs in `auth`, never in the URL's user info.
  if (url.username || url.password)
    throw badRequest('remote.url must not carry a user or password: use auth with a stored credential', [
      { field: `${field}.url`, message: 'must not carry a user or password' },
    ])
  checkHeaders(input, field)
  const refresh = input.refresh_interval_s ?? REFRESH_DEFAULT_S
  if (refresh !== 0 && refresh < REFRESH_MIN_S)
    throw badRequest(`remote.refresh_interval_s must be 0 (off) or at least ${REFRESH_MIN_S}`, [
      { field: `${field}.refresh_interval_s`, message: `must be 0 (off) or at least ${REFRESH_MIN_S}` },
    ])
  return {
    url: input.url,
    transport: input.transport ?? 'auto',
    headers: input.headers ?? {},
    auth: input.auth ?? { type: 'none' },
    prefix: input.prefix ?? '',
    refresh_interval_s: refresh,
    timeout_ms: input.timeout_ms ?? TIMEOUT_DEFAULT_MS,
  }
}

/** The shortest time between two re-lists for an upstream's list_changed (a notice is still answered within 2 s). */
const RELIST_GAP_MS = 1800

export function remoteToolkits(d: RemoteToolkitsDeps) {
  /** Held connections that wait for the upstream's list_changed, one per toolkit whose upstream sends it. */
  const watchers = new Map<string, { conn: UpstreamConnection; opened: string; projectId: string }>()
  const pending = new Map<string, ReturnType<typeof setTimeout>>()
  const running = new Map<string, Promise<SyncCounts>>()
  const lastAttempt = new Map<string, number>()
  /** When each toolkit was last re-listed for the upstream's list_changed. */
  const lastRelist = new Map<string, number>()
  /** Projects whose refresh round (tick) is still running. */
  const tickingProjects = new Set<string>()
  const rewatch = rewatcher({ resync: (projectId, toolkitId) => sync(projectId, toolkitId) })

  /** Opens a connection with the credential a sync uses (no caller: see RemoteRepository.syncCredential). */
  async function openForSync(projectId: string, toolkitId: string, spec: RemoteSpec) {
    const provider = spec.auth.type === 'none' ? undefined : spec.auth.credential_provider
    const credentialId = provider ? await d.repo.syncCredential(projectId, toolkitId, provider) : undefined
    const auth = await authHeaders(d.credentials, projectId, spec.auth, credentialId)
    if (!auth.ok) throw new UpstreamFailure(credentialProblem(provider ?? '', auth))
    const secrets = auth.secret ? [auth.secret] : []
    try {
      let made: UpstreamConnection | undefined
      const conn = await connectUpstream(spec, {
        fetch: d.fetch,
        authHeaders: auth.headers,
        timeoutMs: spec.timeout_ms,
        onToolsChanged: () => soon(projectId, toolkitId),
        // Nothing of these is stored (docs/decisions/0360-remote-toolkits-bring-all-of-their-upstream.md): the project's
        // sessions are told to list again, which asks the upstream.
        onPartsChanged: (list) => d.events.publish({ type: 'list_changed', list, projectId }),
        // The watcher's upstream went away: watch again when it is back (./rewatch.ts).
        onLost: () => {
          if (made && watchers.get(toolkitId)?.conn === made) rewatch.lost(projectId, toolkitId)
        },
      })
      made = conn
      return { conn, secrets, opened: JSON.stringify([spec, credentialId ?? '', auth.secret ?? '']) }
    } catch (error) {
      throw new UpstreamFailure(upstreamWords(error, { url: spec.url, secrets }))
    }
  }

  async function listWith(conn: UpstreamConnection, spec: RemoteSpec, secrets: string[]) {
    let listed: Awaited<ReturnType<typeof listUpstreamTools>>
    try {
      listed = await listUpstreamTools(conn, spec.timeout_ms, d.limits, spec.prefix)
    } catch (error) {
      throw new UpstreamFailure(upstreamWords(error, { url: spec.url, secrets }))
    }
    if (listed.leftOut.length)
      d.log.warn('remote toolkit: upstream tools left out (names must be 1-128 letters, digits, _ . -)', {
        url: shownUrl(spec.url),
        left_out: listed.leftOut.slice(0, 20).map((n) => JSON.stringify(n)),
        count: listed.leftOut.length,
      })
    // An upstream that echoes its credential into a tool's description would show it to every caller of the server.
    return redactDeep(listed.tools, secrets)
  }

  /** Open watchers of a project's toolkits. */
  const watchersOf = (projectId: string) =>
    [...watchers.values()].filter((w) => w.projectId === projectId && !w.conn.closed).length

  /**
   * Keeps `conn` as the toolkit's watcher when its upstream announces list changes; closes it otherwise. A project
   * holds at most `maxWatchersPerProject` of them (TOOLYARD_MAX_REMOTE_WATCHERS_PER_PROJECT): past it, a toolkit is
   * re-listed by its interval and by notices that come during calls, and no connection is held for it.
   */
  function keepAsWatcher(projectId: string, toolkitId: string, conn: UpstreamConnection, opened: string) {
    const current = watchers.get(toolkitId)
    const room = (current && !current.conn.closed) || watchersOf(projectId) < d.limits.maxWatchersPerProject
    if (conn.listChanged && room && (!current || current.conn.closed || current.opened !== opened)) {
      if (current && current.conn !== conn) void current.conn.close()
      watchers.set(toolkitId, { conn, opened, projectId })
      return
    }
    if (current?.conn !== conn) void conn.close()
  }

  const changed = (projectId: string) => d.events.publish({ type: 'list_changed', list: 'tools', projectId })

  const changes = (c: SyncCounts) => c.added + c.updated + c.removed > 0

  /**
   * Makes the toolkit's tool rows follow `plan` and checks their names (inside the caller's transaction). A toolkit
   * that reviews changes writes only removals and differences a client does not see; new tools and changed
   * definitions are held for review (../changes/service.ts). Returns the counts of what was written.
   */
  async function writePlan(
    projectId: string,
    toolkitId: string,
    plan: ReturnType<typeof planSync>,
    current: ToolRow[],
  ): Promise<SyncCounts> {
    let { insert, update } = plan
    let counts: SyncCounts = plan.counts
    if (d.changes && (await d.changes.reviews(toolkitId))) {
      const served = new Map(current.map((r) => [r.id, r] as const))
      const listed: Listed[] = insert.map((r) => ({ proposal: { definition: definitionOf(r) } }))
      update = []
      for (const r of plan.update) {
        const was = served.get(r.id)
        if (was && seenDifferently(definitionOf(was), definitionOf(r)))
          listed.push({ served: was, proposal: { definition: definitionOf(r) } })
        else update.push(r)
      }
      insert = []
      const kit = await d.toolkits.byId(projectId, toolkitId)
      const held = await d.changes.hold(projectId, { id: toolkitId, name: kit?.name ?? toolkitId }, listed)
      counts = { ...plan.counts, added: 0, updated: update.length, held: held.length }
    }
    for (const r of plan.remove) await d.tools.remove(projectId, r.id)
    for (const r of update) await d.tools.update(r)
    for (const r of insert) await d.tools.insert(r)
    await d.checkNames?.(projectId, toolkitId)
    if (changes(counts)) changed(projectId)
    return counts
  }

  async function syncNow(projectId: string, toolkitId: string): Promise<SyncCounts> {
    const row = await d.repo.byToolkit(toolkitId)
    if (!row || row.project_id !== projectId) throw new AppError('not_found', 'toolkit not found')
    const spec = specOf(row)
    lastAttempt.set(toolkitId, Date.now())
    try {
      const { conn, secrets, opened } = await openForSync(projectId, toolkitId, spec)
      let tools: Awaited<ReturnType<typeof listWith>>
      try {
        tools = await listWith(conn, spec, secrets)
      } catch (error) {
        void conn.close()
        throw error
      }
      // Compared tool by tool outside any transaction first: a re-list that changed nothing (the usual case, however
      // many tools) writes no tool, holds no write lock while comparing and announces nothing.
      const first = planSync(projectId, toolkitId, spec, tools, await d.tools.byToolkit(toolkitId))
      let counts = first.counts
      // A pending change the upstream took back is let go of by the same pass, so it runs then too.
      const pendingReview = d.changes ? await d.changes.pendingCount(toolkitId) : 0
      if (!changes(first.counts) && !pendingReview) await d.repo.setStatus(toolkitId, statusOf(conn, null))
      else
        counts = await d.store.tx(async () => {
          // Planned again inside the transaction: the rows it compares with are the ones it replaces.
          const current = await d.tools.byToolkit(toolkitId)
          const plan = planSync(projectId, toolkitId, spec, tools, current)
          const written = await writePlan(projectId, toolkitId, plan, current)
          await d.repo.setStatus(toolkitId, statusOf(conn, null))
          return written
        })
      keepAsWatcher(projectId, toolkitId, conn, opened)
      return counts
    } catch (error) {
      // A refusal of the listed tools (a reserved name) is said as it is: the upstream itself answered.
      const message =
        error instanceof AppError && error.code === 'conflict'
          ? `the tools of ${shownUrl(spec.url)} were not synced: ${error.message}`
          : `could not list the tools of ${shownUrl(spec.url)}: ${wordsOf(error)}`
      await d.repo.setStatus(toolkitId, {
        last_sync_at: row.last_sync_at ?? nowIso(),
        last_error: message,
        server_info: null,
        protocol_version: null,
      })
      throw error
    }
  }

  /** One sync at a time per toolkit; a request during one waits for it and then runs its own. */
  function sync(projectId: string, toolkitId: string): Promise<SyncCounts> {
    const before = running.get(toolkitId) ?? Promise.resolve()
    const next = before
      .catch(() => {})
      .then(() => syncNow(projectId, toolkitId))
      .finally(() => {
        if (running.get(toolkitId) === next) running.delete(toolkitId)
      })
    running.set(toolkitId, next)
    return next
  }

  /**
   * The upstream said its tools changed: re-list shortly (several notices in a burst make one sync), and at most once
   * per RELIST_GAP_MS, so an upstream that announces without end cannot keep us listing (still within 2 s of a notice).
   */
  function soon(projectId: string, toolkitId: string) {
    if (pending.has(toolkitId)) return
    const wait = Math.max(200, (lastRelist.get(toolkitId) ?? 0) + RELIST_GAP_MS - Date.now())
    pending.set(
      toolkitId,
      setTimeout(() => {
        pending.delete(toolkitId)
        lastRelist.set(toolkitId, Date.now())
        sync(projectId, toolkitId).catch((error: unknown) =>
          d.log.warn('remote toolkit re-list failed', { toolkit_id: toolkitId, error: wordsOf(error) }),
        )
      }, wait),
    )
  }

  return {
    onToolsChanged: soon,

    /**
     * The network half of creating or changing a remote toolkit, done before any transaction: connect with the sync
     * credential and list every tool. 400 upstream_failed (naming `field.url`) when the upstream cannot be listed.
     */
    async prepare(
      projectId: string,
      toolkitId: string | undefined,
      input: RemoteSpecInput,
      field = 'body.remote',
    ): Promise<PreparedRemote> {
      const spec = normalizeSpec(input, field)
      const id = toolkitId ?? newId()
      try {
        const opened = await openForSync(projectId, id, spec)
        const tools = await listWith(opened.conn, spec, opened.secrets).catch((error: unknown) => {
          void opened.conn.close()
          throw error
        })
        return { id, projectId, spec, tools, conn: opened.conn, opened: opened.opened }
      } catch (error) {
        const message = `could not list the tools of ${shownUrl(spec.url)}: ${wordsOf(error)}`
        throw new AppError('upstream_failed', message, [{ field: `${field}.url`, message }])
      }
    },

    /** Stores a prepared remote toolkit and its tools (inside the caller's transaction, if any). */
    async insert(
      projectId: string,
      input: {
        name: string
        display_name?: string | undefined
        description?: string | undefined
        review_changes?: boolean | undefined
      },
      p: PreparedRemote,
    ): Promise<ToolkitRecord> {
      const row = newToolkitRow(p.id, projectId, 'remote', input)
      const plan = planSync(projectId, row.id, p.spec, p.tools, [])
      try {
        await d.store.tx(async () => {
          await d.toolkits.insert(row)
          await d.repo.insert({
            toolkit_id: row.id,
            project_id: projectId,
            url: p.spec.url,
            transport: p.spec.transport,
            headers: JSON.stringify(p.spec.headers),
            auth: JSON.stringify(p.spec.auth),
            prefix: p.spec.prefix,
            refresh_interval_s: p.spec.refresh_interval_s,
            timeout_ms: p.spec.timeout_ms,
            ...statusOf(p.conn, null),
          })
          for (const r of plan.insert) await d.tools.insert(r)
          // The tools listed at creation are the first approved definitions; later changes are held when it reviews.
          await d.changes?.setReviews(projectId, row.id, input.review_changes ?? true)
          changed(projectId)
        })
      } catch (error) {
        if (error instanceof UniqueViolation)
          throw conflict(`a toolkit named "${input.name}" already exists in this project`)
        throw error
      }
      return rowRecord(row)
    },

    /** Stores a prepared new upstream for an existing remote toolkit and makes its tools match. */
    async replace(projectId: string, toolkitId: string, p: PreparedRemote): Promise<SyncCounts> {
      d.pool.forget(`${toolkitId}\u0000`)
      // A person pointed the toolkit at this upstream or prefix: a name it brings that a server already has is refused
      // (409), as attaching it would be, rather than held back as a re-list's is.
      const guarded = d.refusingNameClashes ?? ((_p: string, _k: string, write: () => Promise<SyncCounts>) => write())
      return d.store.tx(() =>
        guarded(projectId, toolkitId, async () => {
          const current = await d.tools.byToolkit(toolkitId)
          const plan = planSync(projectId, toolkitId, p.spec, p.tools, current)
          await d.repo.updateSpec(toolkitId, p.spec)
          const counts = await writePlan(projectId, toolkitId, plan, current)
          await d.repo.setStatus(toolkitId, statusOf(p.conn, null))
          return counts
        }),
      )
    },

    /** After the transaction: the prepared connection becomes the watcher when it was stored, else it is closed. */
    settle(p: PreparedRemote, stored: boolean) {
      if (!stored) {
        void p.conn.close()
        return
      }
      lastAttempt.set(p.id, Date.now())
      keepAsWatcher(p.projectId, p.id, p.conn, p.opened)
    },

    async create(projectId: string, input: CreateRemoteInput): Promise<ToolkitRecord> {
      normalizeSpec(input.remote)
      if (await d.toolkits.byName(projectId, input.name))
        throw conflict(`a toolkit named "${input.name}" already exists in this project`)
      const prepared = await this.prepare(projectId, undefined, input.remote)
      let stored = false
      try {
        const record = await this.insert(projectId, input, prepared)
        stored = true
        return record
      } finally {
        this.settle(prepared, stored)
      }
    },

    /** POST /toolkits/{id}/refresh. */
    async refresh(projectId: string, toolkitId: string): Promise<SyncCounts> {
      try {
        return await sync(projectId, toolkitId)
      } catch (error) {
        if (error instanceof AppError) throw error
        throw new AppError('upstream_failed', (await d.repo.byToolkit(toolkitId))?.last_error ?? wordsOf(error))
      }
    },

    async detail(toolkitId: string): Promise<{ remote: RemoteDetail } | undefined> {
      const row = await d.repo.byToolkit(toolkitId)
      return row ? { remote: detailOf(row) } : undefined
    },

    /** The spec as the project file writes it back (headers are not secret; credentials are named, not held). */
    async spec(toolkitId: string): Promise<RemoteSpec | undefined> {
      const row = await d.repo.byToolkit(toolkitId)
      return row ? specOf(row) : undefined
    },

    /** The toolkit is gone: its connections end. */
    forget(toolkitId: string) {
      d.pool.forget(`${toolkitId}\u0000`)
      const w = watchers.get(toolkitId)
      if (w) void w.conn.close()
      watchers.delete(toolkitId)
      lastAttempt.delete(toolkitId)
      lastRelist.delete(toolkitId)
      rewatch.cancel(toolkitId)
    },

    /**
     * The interval job: re-lists every toolkit whose refresh_interval_s has passed since its last sync (or attempt),
     * and re-opens the list_changed watcher of any upstream that sends it. `now` lets a test step past the interval.
     */
    async tick(now = Date.now()): Promise<{ synced: number; failed: number }> {
      let synced = 0
      let failed = 0
      const rows = await d.repo.all()
      const live = new Set(rows.map((r) => r.toolkit_id))
      for (const id of watchers.keys()) if (!live.has(id)) this.forget(id)
      const byProject = new Map<string, RemoteRow[]>()
      for (const row of rows) {
        const last = Math.max(row.last_sync_at ? Date.parse(row.last_sync_at) : 0, lastAttempt.get(row.toolkit_id) ?? 0)
        const due = row.refresh_interval_s > 0 && now - last >= row.refresh_interval_s * 1000
        const watcher = watchers.get(row.toolkit_id)
        if (!due && watcher && !watcher.conn.closed) continue
        if (!due && lastAttempt.has(row.toolkit_id) && !watcher) continue
        byProject.set(row.project_id, [...(byProject.get(row.project_id) ?? []), row])
      }
      // Projects side by side, each one's toolkits one after another, and a project whose earlier round still runs is
      // skipped: upstreams that stall (up to timeout_ms each) delay only their own project's refreshes, never
      // another's (docs/decisions/0038-review-of-the-third-round.md).
      await Promise.all(
        [...byProject].map(async ([projectId, due]) => {
          if (tickingProjects.has(projectId)) return
          tickingProjects.add(projectId)
          try {
            for (const row of due) {
              try {
                await sync(projectId, row.toolkit_id)
                synced++
              } catch (error) {
                failed++
                d.log.warn('remote toolkit refresh failed', { toolkit_id: row.toolkit_id, error: wordsOf(error) })
              }
            }
          } finally {
            tickingProjects.delete(projectId)
          }
        }),
      )
      return { synced, failed }
    },

    /** Held connections now (tests and diagnostics). */
    stats: () => ({ watchers: watchers.size, idle: d.pool.idleCount() }),
    /** Closes pooled connections idle for the idle timeout as of `now` (the pool also does this on its own timer). */
    sweepIdle: (now?: number) => d.pool.sweep(now),

    close() {
      for (const t of pending.values()) clearTimeout(t)
      pending.clear()
      rewatch.close()
      for (const w of watchers.values()) void w.conn.close()
      watchers.clear()
      d.pool.close()
    },
  }
}
export type RemoteToolkits = ReturnType<typeof remoteToolkits>

/** An upstream listed before the transaction that stores it (create, the project file). */
export interface PreparedRemote {
  id: string
  projectId: string
  spec: RemoteSpec
  tools: Tool[]
  conn: UpstreamConnection
  opened: string
}

/** A failure already in words without secrets (./words.ts). */
class UpstreamFailure extends Error {}

const wordsOf = (error: unknown) => (error instanceof UpstreamFailure ? error.message : 'internal error')

function statusOf(conn: UpstreamConnection, error: string | null) {
  return {
    last_sync_at: nowIso(),
    last_error: error,
    server_info: conn.serverInfo ? JSON.stringify(shownServerInfo(conn.serverInfo)) : null,
    protocol_version: conn.protocolVersion ?? null,
  }
}

function detailOf(row: RemoteRow): RemoteDetail {
  return {
    url: row.url,
    transport: row.transport,
    prefix: row.prefix,
    refresh_interval_s: row.refresh_interval_s,
    timeout_ms: row.timeout_ms,
    last_sync_at: row.last_sync_at,
    last_error: row.last_error,
    server_info: row.server_info ? (JSON.parse(row.server_info) as RemoteDetail['server_info']) : null,
    protocol_version: row.protocol_version,
  }
}

/** What GET /toolkits/{id} keeps of the upstream's serverInfo: its name, version and title, each cut to 200
 *  characters (an upstream chooses this text: it is stored and shown, so it is bounded). */
function shownServerInfo(info: Record<string, unknown>) {
  const cut = (v: unknown) => String(v ?? '').slice(0, 200)
  return {
    name: cut(info.name),
    version: cut(info.version),
    ...(typeof info.title === 'string' ? { title: cut(info.title) } : {}),
  }
}
