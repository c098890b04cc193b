// A session's GET stream: the standalone stream for notifications (queued ones first), or, with Last-Event-ID on a
// 2025-11-25+ session, the resumption of a stream the client lost: its missed events, then whatever follows.

import { STANDALONE } from './replay'
import type { Session, SessionStore } from './sessions'
import { createSse } from './sse'

export function openSessionStream(o: {
  session: Session
  sessions: SessionStore
  request: Request
  headers: Record<string, string>
  keepOpen: () => void
}): Response {
  const { session, sessions, request } = o
  const log = session.log
  const last = request.headers.get('last-event-id')
  const resumed = last && log.resumable ? log.after(last) : undefined
  o.keepOpen()
  // Each stream starts with a comment (not an event) so the headers go out at once; SSE parsers skip it.
  if (resumed && resumed.streamId !== STANDALONE) {
    // A request's response stream: if its call still runs, the rest of its messages and its result come here.
    const sse = createSse({
      onKeepAlive: () => sessions.touch(session),
      maxBufferedBytes: sessions.streamBufferBytes,
    })
    const response = sse.response(o.headers)
    sse.comment('stream resumed')
    for (const e of resumed.events) sse.send(e.message, e.id)
    if (log.sinks.has(resumed.streamId)) log.sinks.set(resumed.streamId, sse)
    else sse.close()
    request.signal.addEventListener('abort', () => sse.close(), { once: true })
    return response
  }
  // One stream per session: each message goes to exactly one stream, so a newer GET replaces the older one.
  session.stream?.close()
  const sse = createSse({
    onClose: () => {
      if (session.stream === sse) session.stream = null
    },
    onKeepAlive: () => sessions.touch(session),
    maxBufferedBytes: sessions.streamBufferBytes,
  })
  session.stream = sse
  request.signal.addEventListener('abort', () => sse.close(), { once: true })
  const response = sse.response(o.headers)
  sse.comment('stream open')
  for (const e of resumed?.events ?? []) sse.send(e.message, e.id)
  for (const message of log.drain()) sse.send(message, log.append(STANDALONE, message))
  return response
}
