// Log lines an upstream sends around a result: many servers (FastMCP's `log.info`, the SDK's `sendLoggingMessage`)
// send them unrelated to the request, so over Streamable HTTP they travel on the standalone stream and can arrive
// after the result that travels on the POST's; some send them after the tool returned. Before the call ends (and
// its notices stop reaching the client), one ping goes round: the upstream answers it only after what it sent
// before, so those lines are in. Only upstreams that declare `logging` pay the round trip.
import type { UpstreamConnection } from './connect'

/** The most a ping may add to a call that already has its result. */
const DRAIN_MAX_MS = 1000

export async function drainNotices(conn: UpstreamConnection, timeoutMs: number): Promise<void> {
  if (!conn.logging || conn.closed) return
  await conn.client.ping({ timeout: Math.min(timeoutMs, DRAIN_MAX_MS) }).catch(() => {})
  // The standalone stream's bytes, written before the ping's answer, are read on their own turn of the event loop.
  await new Promise((resolve) => setImmediate(resolve))
}
