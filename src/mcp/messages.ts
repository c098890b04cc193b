// The JSON-RPC messages of an admitted POST: one message, or a batch (2025-03-26 only). Requests run through
// exchange(); replies go to the session's waiting calls; notifications/cancelled aborts a request of the same scope.
import { RPC } from './errors'
import { jsonResponse } from './exchange'
import { classify, failure, type RpcNotification, type RpcRequest } from './jsonrpc'
import type { Session, SessionStore } from './sessions'

export interface PostedMessages {
  body: unknown
  session?: Session
  sessions: SessionStore
  version: string
  /** Scope of request ids for cancellation: the session id, or principal + server when stateless. */
  scope: string
  acceptsSse: boolean
  headers: Record<string, string>
  /** Answers a request as JSON, or as SSE when `sse` and it emits something first. */
  run(req: RpcRequest, sse: boolean): Promise<Response>
  initialize(req: RpcRequest): Promise<Response>
  limits: BatchLimits
}

/** At most `maxBatchSize` messages per batch, `batchConcurrency` of them running at once (docs/decisions/0016-limits.md). */
export interface BatchLimits {
  maxBatchSize: number
  batchConcurrency: number
}

/** How many requests a POST counts as: each message of a batch; an oversized batch (refused whole, nothing run) one. */
export const batchWeight = (body: unknown, maxBatchSize: number): number =>
  Array.isArray(body) && body.length <= maxBatchSize ? Math.max(1, body.length) : 1

/** Maps `items` with at most `width` calls of `fn` in flight; results keep the input order. */
async function mapBounded<T, R>(items: readonly T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out = new Array<R>(items.length)
  let next = 0
  const lane = async () => {
    while (next < items.length) {
      const i = next++
      out[i] = await fn(items[i]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(width, items.length) }, lane))
  return out
}

const accepted = (h: Record<string, string>) => new Response(null, { status: 202, headers: h })

function handleNotification(n: RpcNotification, p: PostedMessages): void {
  if (n.method === 'notifications/cancelled') {
    const target = n.params.requestId
    if (typeof target === 'string' || typeof target === 'number')
      p.sessions.cancelRequest(p.sessions.inflightKey(p.scope, target))
  }
  // notifications/initialized, progress, roots/list_changed…: nothing to do for this server.
}

export async function answerMessages(p: PostedMessages): Promise<Response> {
  const { body, session, headers: h } = p
  if (Array.isArray(body)) return answerBatch(body, p)
  const m = classify(body)
  switch (m.kind) {
    case 'invalid':
      return jsonResponse(failure(m.id, RPC.INVALID_REQUEST, m.message), 200, h)
    case 'response':
      if (session) p.sessions.deliverReply(session, m.msg.id, m.msg)
      return accepted(h)
    case 'notification':
      handleNotification(m.msg, p)
      return accepted(h)
    case 'request':
      return m.msg.method === 'initialize' ? p.initialize(m.msg) : p.run(m.msg, p.acceptsSse)
  }
}

async function answerBatch(body: unknown[], p: PostedMessages): Promise<Response> {
  const { session, headers: h } = p
  if (p.version !== '2025-03-26')
    return jsonResponse(
      failure(
        undefined,
        RPC.INVALID_REQUEST,
        `Invalid Request: batches are accepted only from 2025-03-26 sessions (this one is ${p.version})`,
      ),
      200,
      h,
    )
  if (body.length === 0)
    return jsonResponse(failure(undefined, RPC.INVALID_REQUEST, 'Invalid Request: empty batch'), 200, h)
  if (body.length > p.limits.maxBatchSize)
    return jsonResponse(
      failure(
        undefined,
        RPC.INVALID_REQUEST,
        `Invalid Request: a batch holds at most ${p.limits.maxBatchSize} messages (this one has ${body.length})`,
      ),
      200,
      h,
    )
  const out = await mapBounded(body, p.limits.batchConcurrency, async (item): Promise<unknown> => {
    const m = classify(item)
    if (m.kind === 'invalid') return failure(m.id, RPC.INVALID_REQUEST, m.message)
    if (m.kind === 'response') {
      if (session) p.sessions.deliverReply(session, m.msg.id, m.msg)
      return null
    }
    if (m.kind === 'notification') {
      handleNotification(m.msg, p)
      return null
    }
    if (m.msg.method === 'initialize')
      return failure(m.msg.id, RPC.INVALID_REQUEST, 'Invalid Request: initialize must not be part of a batch')
    // Batched requests are answered inside one JSON array, so nothing of theirs can stream.
    const r = await p.run(m.msg, false)
    return r.status === 200 ? r.json() : null
  })
  const responses = out.filter((r) => r !== null)
  return responses.length ? jsonResponse(responses, 200, h) : accepted(h)
}
