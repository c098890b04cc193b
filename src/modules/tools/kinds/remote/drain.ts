// Log lines an upstream sends around a result: many servers (FastMCP's `log.info`, the SDK's `sendLoggingMessage`)
// send them unrelated to the request, so over Streamable HTTP they travel on the standalone stream and can arrive
// after the result that travels on the POST's; some send them after the tool returned. Before the call ends (and
// its notices stop reaching the client), one ping goes round: the upstream answers it only after what it sent
// before, so those lines are in. Only upstreams that declare `logging` pay the round trip.
import type { UpstreamConnection } from './connect'
import { NOT_LEAN } from './lean'

/** The most a ping may add to a call that already has its result. */
const DRAIN_MAX_MS = 1000

export async function drainNotices(conn: UpstreamConnection, timeoutMs: number): Promise<void> {
  if (!conn.logging || conn.closed) return
  const timeout = Math.min(timeoutMs, DRAIN_MAX_MS)
  // On Streamable HTTP without the SDK client's per-request work (./lean.ts); its answer is not looked at.
  const lean = conn.lean?.request('ping', {}, { timeoutMs: timeout }, () => undefined)
  if (!lean) await conn.client.ping({ timeout }).catch(() => {})
  else if ((await lean.result.catch(() => undefined)) === NOT_LEAN) await conn.client.ping({ timeout }).catch(() => {})
  // The standalone stream's bytes, written before the ping's answer, are read on their own turn of the event loop.
  await new Promise((resolve) => setImmediate(resolve))
}
