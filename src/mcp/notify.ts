// Carries resource and list changes from the event bus to the sessions' GET streams:
// notifications/resources/updated to sessions subscribed to that uri, list_changed to sessions of the server.
import type { EventBus } from '../lib/events'
import { notification } from './jsonrpc'
import { STANDALONE } from './replay'
import type { Session, SessionStore } from './sessions'

/** On the GET stream (logged for replay), or queued briefly until the client opens one. */
function send(s: Session, method: string, params: Record<string, unknown>) {
  const message = notification(method, params)
  if (s.stream && !s.stream.closed) s.stream.send(message, s.log.append(STANDALONE, message))
  else s.log.queue(message)
}

/** One notification to one session of this process (nothing when it is not held here or has ended). */
export function notifySession(
  sessions: SessionStore,
  sessionId: string,
  method: string,
  params: Record<string, unknown>,
) {
  const s = sessions.get(sessionId)
  if (s) send(s, method, params)
}

export function forwardEvents(events: EventBus, sessions: SessionStore): () => void {
  return events.subscribe((e) => {
    for (const s of sessions.all()) {
      if (e.type === 'list_changed') {
        if (s.projectId === e.projectId && (!e.serverId || e.serverId === s.serverId))
          send(s, `notifications/${e.list}/list_changed`, {})
        continue
      }
      if (s.serverId !== e.serverId) continue
      // Creation and deletion also arrive as their own list_changed events from the resources feature.
      if (e.type !== 'resource.created' && s.subscriptions.has(e.uri))
        send(s, 'notifications/resources/updated', { uri: e.uri })
    }
  })
}
