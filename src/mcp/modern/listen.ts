// subscriptions/listen (2026-07-28): a long-lived SSE response that carries the list and resource changes the client
// asked for, each tagged with the subscription's id (the request's id). Bounded per caller and in all.
import type { EventBus, ToolyardEvent } from '../../lib/events'
import type { ServerRef } from '../../lib/request-context'
import type { Principal } from '../admission'
import type { JsonObject } from '../backend'
import { RPC } from '../errors'
import { failure, isObject, notification, type RpcId, type RpcRequest, success } from '../jsonrpc'
import { createSse, type SseStream } from '../sse'
import { META } from './validate'

/** Per caller and in all; past either, the oldest stream is closed (docs/decisions/0011-mcp-2026-07-28.md). */
const MAX_PER_PRINCIPAL = 100
const MAX_TOTAL = 10_000
/** Uris of one listen passed on to `subscribe` at most. */
const MAX_UPSTREAM_PER_LISTEN = 100

interface Listener {
  id: RpcId
  principal: string
  serverId: string
  projectId: string
  filter: JsonObject
  sse: SseStream
}

export type ListenRegistry = ReturnType<typeof createListenRegistry>

/** Only the known filter keys, with their proper types, are honoured and echoed in the acknowledgement. */
function readFilter(params: JsonObject): JsonObject {
  const n = isObject(params.notifications) ? params.notifications : {}
  const out: JsonObject = {}
  for (const k of ['toolsListChanged', 'promptsListChanged', 'resourcesListChanged'])
    if (typeof n[k] === 'boolean') out[k] = n[k]
  if (Array.isArray(n.resourceSubscriptions))
    out.resourceSubscriptions = n.resourceSubscriptions.filter((u) => typeof u === 'string')
  return out
}

/**
 * `subscribe`: a listen asked for updates of these uris on the server; a source that must ask elsewhere for them (a
 * remote toolkit's upstream) does so. Its failure leaves the stream as it is (the updates just do not come).
 */
export function createListenRegistry(
  events: EventBus,
  streamBufferBytes?: number,
  subscribe?: (server: ServerRef, uri: string) => Promise<void> | undefined,
) {
  const listeners = new Set<Listener>()
  const tagged = (l: Listener, method: string, params: JsonObject = {}) =>
    l.sse.send(notification(method, { ...params, _meta: { [META.subscriptionId]: l.id } }))

  const wants = (l: Listener, e: ToolyardEvent): JsonObject | null => {
    if (e.type === 'list_changed') {
      const mine = l.projectId === e.projectId && (!e.serverId || e.serverId === l.serverId)
      return mine && l.filter[`${e.list}ListChanged`] === true ? {} : null
    }
    if (e.serverId !== l.serverId || e.type === 'resource.created') return null
    const uris = l.filter.resourceSubscriptions
    return Array.isArray(uris) && uris.includes(e.uri) ? { uri: e.uri } : null
  }
  events.subscribe((e) => {
    const method =
      e.type === 'list_changed' ? `notifications/${e.list}/list_changed` : 'notifications/resources/updated'
    for (const l of listeners) {
      const params = wants(l, e)
      if (params) tagged(l, method, params)
    }
  })

  const evictOldest = (match: (l: Listener) => boolean) => {
    for (const l of listeners)
      if (match(l)) {
        l.sse.close()
        return
      }
  }

  return {
    listen(o: {
      req: RpcRequest
      who: Principal
      headers: Record<string, string>
      keepOpen: () => void
      request: Request
    }): Response {
      const { req, who } = o
      if ([...listeners].filter((l) => l.principal === who.principal).length >= MAX_PER_PRINCIPAL)
        evictOldest((l) => l.principal === who.principal)
      if (listeners.size >= MAX_TOTAL) evictOldest(() => true)
      const l: Listener = {
        id: req.id,
        principal: who.principal,
        serverId: who.server.id,
        projectId: who.server.project_id,
        filter: readFilter(req.params),
        sse: createSse({ onClose: () => listeners.delete(l), maxBufferedBytes: streamBufferBytes }),
      }
      const response = l.sse.response(o.headers)
      tagged(l, 'notifications/subscriptions/acknowledged', { notifications: l.filter })
      listeners.add(l)
      if (subscribe && Array.isArray(l.filter.resourceSubscriptions))
        for (const uri of (l.filter.resourceSubscriptions as string[]).slice(0, MAX_UPSTREAM_PER_LISTEN))
          void subscribe(who.server, uri)?.catch(() => {})
      o.keepOpen()
      o.request.signal.addEventListener('abort', () => l.sse.close(), { once: true })
      return response
    },
    /** Ends the streams of callers whose key or grant was revoked, each with an error naming why. */
    closeWhere(revoked: (principal: string) => boolean) {
      for (const l of [...listeners])
        if (revoked(l.principal)) {
          l.sse.send(failure(l.id, RPC.INVALID_REQUEST, 'the key or authorization behind this stream was revoked'))
          l.sse.close()
        }
    },
    /** Shutdown: each stream ends with its final result, so the client knows it was closed on purpose. */
    closeAll() {
      for (const l of [...listeners]) {
        l.sse.send(success(l.id, { resultType: 'complete', _meta: { [META.subscriptionId]: l.id } }))
        l.sse.close()
      }
    },
  }
}
