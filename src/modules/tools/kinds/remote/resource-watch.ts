// Resource subscriptions through a remote toolkit: a downstream `resources/subscribe` of an upstream's uri subscribes
// upstream on one held connection per (toolkit, credential); the upstream's `notifications/resources/updated` becomes
// a `resource.updated` event of every server it was subscribed through, which reaches the sessions subscribed to it
// and the webhooks (docs/decisions/0361-upstream-resource-subscriptions.md).
import type { CredentialAccess } from '../../../../lib/credentials-port'
import { AppError } from '../../../../lib/errors'
import type { Logger } from '../../../../lib/log'
import { authHeaders, credentialProblem } from './auth'
import { connectUpstream, type StreamingFetch, type UpstreamConnection } from './connect'
import type { AttachedUpstream } from './server-parts'
import { shownUrl, upstreamWords } from './words'

export interface ResourceWatchDeps {
  credentials: CredentialAccess
  fetch: StreamingFetch
  log: Logger
  /** Publishes `resource.updated` of `uri` on the server (in a transaction: the webhook outbox is written in it). */
  publish: (projectId: string, serverId: string, uri: string) => Promise<void>
  /** Uris one held connection subscribes at most (TOOLYARD_MAX_SESSION_SUBSCRIPTIONS). */
  maxUris: number
}

interface Watch {
  conn: Promise<UpstreamConnection>
  /** uri → the servers (`project\0server`) it was subscribed through. */
  uris: Map<string, Set<string>>
}

/** An upstream that repeats an update is passed on at most once per this many ms per uri (the last one always). */
const MIN_GAP_MS = 1000

export function resourceWatch(d: ResourceWatchDeps) {
  const watches = new Map<string, Watch>()
  const lastSent = new Map<string, number>()
  const trailing = new Map<string, ReturnType<typeof setTimeout>>()

  function fanOut(w: Watch, uri: string) {
    for (const target of w.uris.get(uri) ?? []) {
      const [projectId, serverId] = target.split('\u0000') as [string, string]
      d.publish(projectId, serverId, uri).catch((error: unknown) =>
        d.log.warn('remote toolkit: passing on a resource update failed', { uri, error: String(error) }),
      )
    }
  }

  function updated(key: string, uri: string) {
    const w = watches.get(key)
    if (!w?.uris.has(uri)) return
    const id = `${key}\u0000${uri}`
    const wait = (lastSent.get(id) ?? 0) + MIN_GAP_MS - Date.now()
    if (wait <= 0) {
      lastSent.set(id, Date.now())
      fanOut(w, uri)
      return
    }
    if (trailing.has(id)) return
    trailing.set(
      id,
      setTimeout(() => {
        trailing.delete(id)
        lastSent.set(id, Date.now())
        const now = watches.get(key)
        if (now) fanOut(now, uri)
      }, wait),
    )
  }

  async function open(key: string, projectId: string, a: AttachedUpstream): Promise<UpstreamConnection> {
    const { spec } = a
    const auth = await authHeaders(d.credentials, projectId, spec.auth, a.credentialId)
    if (!auth.ok)
      throw new AppError(
        'upstream_error',
        credentialProblem(spec.auth.type === 'none' ? '' : spec.auth.credential_provider, auth),
      )
    try {
      return await connectUpstream(spec, {
        fetch: d.fetch,
        authHeaders: auth.headers,
        timeoutMs: spec.timeout_ms,
        onResourceUpdated: (uri) => updated(key, uri),
        // The upstream went away: its subscriptions went with it; the next downstream subscribe opens a new one.
        onLost: () => drop(key),
      })
    } catch (error) {
      const words = upstreamWords(error, { url: spec.url, secrets: auth.secret ? [auth.secret] : [] })
      throw new AppError('upstream_error', `upstream ${shownUrl(spec.url)} failed: ${words}`)
    }
  }

  function drop(key: string) {
    const w = watches.get(key)
    if (!w) return
    watches.delete(key)
    void w.conn.then((c) => c.close()).catch(() => {})
  }

  return {
    /** Subscribes `uri` upstream (once per held connection) and remembers the server it came through. */
    async subscribe(projectId: string, serverId: string, a: AttachedUpstream, uri: string): Promise<void> {
      const key = `${a.toolkitId}\u0000${a.credentialId ?? ''}`
      let w = watches.get(key)
      if (!w) {
        w = { conn: open(key, projectId, a), uris: new Map() }
        watches.set(key, w)
        w.conn.catch(() => {
          if (watches.get(key) === w) watches.delete(key)
        })
      }
      const conn = await w.conn
      // An upstream that does not offer subscriptions sends no updates: the downstream subscription stays ours alone.
      if (!conn.client.getServerCapabilities()?.resources?.subscribe) return
      const targets = w.uris.get(uri)
      if (!targets) {
        if (w.uris.size >= d.maxUris)
          throw new AppError('limit_reached', `at most ${d.maxUris} upstream subscriptions per toolkit`)
        try {
          await conn.client.subscribeResource({ uri }, { timeout: a.spec.timeout_ms })
        } catch (error) {
          throw new AppError(
            'upstream_error',
            `upstream ${shownUrl(a.spec.url)} refused the subscription: ${upstreamWords(error, { url: a.spec.url, secrets: [] })}`,
          )
        }
        w.uris.set(uri, new Set([`${projectId}\u0000${serverId}`]))
      } else targets.add(`${projectId}\u0000${serverId}`)
    },

    /** The toolkit changed or is gone: its held connections end (a new subscribe opens them again). */
    forget(toolkitId: string) {
      for (const key of [...watches.keys()]) if (key.startsWith(`${toolkitId}\u0000`)) drop(key)
    },

    /** Held connections now (tests and diagnostics). */
    count: () => watches.size,

    close() {
      for (const t of trailing.values()) clearTimeout(t)
      trailing.clear()
      for (const key of [...watches.keys()]) drop(key)
    },
  }
}
export type ResourceWatch = ReturnType<typeof resourceWatch>
