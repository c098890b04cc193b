// Which transport errors mean an upstream connection can no longer carry answers. The SDK reports them through
// `onerror` and keeps the client open: the 2024-11-05 SSE transport's EventSource reconnects by itself into a new,
// uninitialised session (the POST endpoint it then gets belongs to nobody who knows us), and Streamable HTTP, after its
// one resume (./connect.ts) failed, says so and stops there. Either way a call would
// wait for an answer that cannot come, and a watcher would never hear list_changed again: the connection is closed.
import type { Sdk } from './sdk'

/** The Streamable HTTP transport's words when a stream ended and its one resume (./connect.ts) failed or is spent. */
const STREAMABLE_ENDED = [/^Maximum reconnection attempts/, /^Failed to reconnect/]

export function streamDied(sdk: Sdk, error: unknown): boolean {
  if (error instanceof sdk.SseError) return true
  const message = error instanceof Error ? error.message : ''
  return STREAMABLE_ENDED.some((re) => re.test(message))
}
