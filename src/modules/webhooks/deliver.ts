// One webhook delivery attempt: sign (Standard Webhooks), POST through the egress guard, record the result in storage.
import { Webhook } from 'standardwebhooks'
import type { Egress } from '../../egress/client'
import { EgressError } from '../../egress/guard'
import type { Logger } from '../../lib/log'
import type { WebhooksRepository } from './repository'
import type { SecretBox } from './subscriptions/secret'

/** The first try plus 3 retries (spec: "retried up to 3 times"). */
const MAX_ATTEMPTS = 4

export interface DeliveryContext {
  repo: WebhooksRepository
  egress: Egress
  secrets: SecretBox
  log: Logger
  timeoutMs: number
  retryBaseMs: number
  /** Told how each attempt ended: delivered, pending (will retry) or failed (metrics). */
  onAttempt?: (outcome: 'delivered' | 'pending' | 'failed') => void
}

export type AttemptOutcome =
  | { outcome: 'delivered' | 'failed' }
  | { outcome: 'pending'; nextAttemptAt: number }
  /** Nothing to do (already delivered, failed, unsubscribed) or the attempt was abandoned at shutdown. */
  | { outcome: 'skipped' }

/** Retry n (1-based) waits base × 4^(n-1): 1×, 4×, 16× the base. */
export const retryDelayMs = (base: number, retry: number): number => base * 4 ** (retry - 1)

/** What one attempt needs: the outbox row with where and how to send it (the repository's `due` row, or a claimed one). */
export interface AttemptRow {
  id: string
  subscription_id: string
  payload: string
  attempts: number
  project_id: string
  callback_url: string
  secret: string
}

export async function deliverWebhook(ctx: DeliveryContext, id: string, stop?: AbortSignal): Promise<AttemptOutcome> {
  const row = await ctx.repo.due(id)
  if (!row) return { outcome: 'skipped' }
  return attemptDelivery(ctx, row, stop)
}

/**
 * One attempt of `row`. `lease` (a claimed row's lease end, PostgreSQL mode) makes the recording conditional on the row
 * still holding that lease: skipped when another instance claimed it after the lease ran out.
 */
export async function attemptDelivery(
  ctx: DeliveryContext,
  row: AttemptRow,
  stop?: AbortSignal,
  lease?: string,
): Promise<AttemptOutcome> {
  const n = row.attempts + 1
  const startedAt = new Date()
  let status: number | null = null
  let error: string | null = null
  let refused = false
  try {
    // The webhook-id stays the same on every retry (receivers de-duplicate on it); the timestamp is this attempt's.
    const secret = await ctx.secrets.open(row.subscription_id, row.project_id, row.secret)
    const signature = new Webhook(secret).sign(row.id, startedAt, row.payload)
    const res = await ctx.egress.fetch(row.callback_url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Toolyard-Webhooks/1',
        'webhook-id': row.id,
        'webhook-timestamp': String(Math.floor(startedAt.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body: row.payload,
      timeoutMs: ctx.timeoutMs,
      signal: stop,
    })
    status = res.status
    if (res.status < 200 || res.status > 299) error = `receiver answered HTTP ${res.status}`
  } catch (e) {
    // Abandoned at shutdown: not recorded, so the next start tries this attempt again (at-least-once).
    if (stop?.aborted) return { outcome: 'skipped' }
    error = e instanceof Error ? e.message : String(e)
    // A refused address stays refused until the operator changes the configuration: retrying cannot help.
    refused = e instanceof EgressError && e.reason === 'refused'
  }
  const finishedAt = Date.now()
  const delivered = error === null
  const outcome = delivered ? 'delivered' : refused || n >= MAX_ATTEMPTS ? 'failed' : 'pending'
  const nextAttemptAt = outcome === 'pending' ? finishedAt + retryDelayMs(ctx.retryBaseMs, n) : null
  const written = await ctx.repo.recordAttempt({
    delivery_id: row.id,
    n,
    at: startedAt.toISOString(),
    status,
    error,
    duration_ms: Math.max(0, finishedAt - startedAt.getTime()),
    outcome,
    next_attempt_at: nextAttemptAt === null ? null : new Date(nextAttemptAt).toISOString(),
    ...(lease ? { lease } : {}),
  })
  if (!written) return { outcome: 'skipped' }
  if (!delivered)
    ctx.log.warn('webhook delivery attempt failed', {
      delivery_id: row.id,
      subscription_id: row.subscription_id,
      attempt: n,
      outcome,
      error,
    })
  return outcome === 'pending' ? { outcome, nextAttemptAt: nextAttemptAt! } : { outcome }
}
