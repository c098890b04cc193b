// Which transport errors mean an upstream connection can no longer carry answers. The SDK reports them through
// `onerror` and keeps the client open: the 2024-11-05 SSE transport's EventSource reconnects by itself into a new,
// uninitialised session (the POST endpoint it then gets belongs to nobody who knows us), and Streamable HTTP with no
// reconnection (./connect.ts) says its standalone or response stream ended and stops there. Either way a call would
// wait for an answer that cannot come, and a watcher would never hear list_changed again: the connection is closed.
import type { Sdk } from './sdk'

/** The Streamable HTTP transport's words when a stream ended and it will not resume it (maxRetries 0). */
const STREAMABLE_ENDED = [/^Maximum reconnection attempts/, /^SSE stream disconnected/, /^Failed to reconnect/]

export function streamDied(sdk: Sdk, error: unknown): boolean {
  if (error instanceof sdk.SseError) return true
  const message = error instanceof Error ? error.message : ''
  return STREAMABLE_ENDED.some((re) => re.test(message))
}
