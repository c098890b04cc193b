// Re-sending webhook deliveries (as Svix and Stripe allow): one delivery by id, or every failed one since a time. The
// row itself goes back to pending, so the re-send carries the same `webhook-id` (receivers deduplicate on it) and its
// attempts join the delivery's log. The queue hears about it after the write, like a new delivery.
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors'
import { nowIso } from '../../../lib/ids'
import type { QueuedDelivery, WebhooksRepository } from '../repository'
import type { SubscriptionsService } from './service'

export interface RedeliveryDeps {
  subscriptions: Pick<SubscriptionsService, 'mustGet'>
  deliveries: WebhooksRepository
  /** The delivery queue's `enqueue` (late-bound: the queue is built after the services). */
  enqueue: (rows: QueuedDelivery[]) => void
  /** TOOLYARD_WEBHOOK_PENDING_PER_PROJECT: a re-send is a pending delivery like any other. */
  maxPendingPerProject: number
}

/** `since` as the ISO text the rows hold, or 400 naming the field. */
function sinceIso(since: string): string {
  const t = Date.parse(since)
  if (!/^\d{4}-\d{2}-\d{2}/.test(since) || Number.isNaN(t))
    throw badRequest('since must be an ISO 8601 date-time, e.g. 2026-11-29T08:00:00Z', [
      { field: 'body.since', message: 'must be an ISO 8601 date-time' },
    ])
  return new Date(t).toISOString()
}

export function redeliveries(d: RedeliveryDeps) {
  /** Room left under the project's pending cap. */
  const room = async (projectId: string) =>
    Math.max(0, d.maxPendingPerProject - (await d.deliveries.pendingCount(projectId)))

  return {
    /** One delivery, failed or delivered, sent again now; 409 while it is still pending (its retries will send it). */
    async one(projectId: string, subscriptionId: string, deliveryId: string) {
      await d.subscriptions.mustGet(projectId, subscriptionId)
      const row = await d.deliveries.deliveryOf(subscriptionId, deliveryId)
      if (!row) throw notFound('delivery')
      if (row.status === 'pending')
        throw conflict(`delivery ${deliveryId} is still pending: its next attempt is due at ${row.next_attempt_at}`)
      if ((await room(projectId)) === 0)
        throw new AppError(
          'limit_reached',
          `this project already has ${d.maxPendingPerProject} pending deliveries; retry once some are delivered`,
        )
      if (!(await d.deliveries.redeliver(subscriptionId, deliveryId, nowIso())))
        throw conflict(`delivery ${deliveryId} is already being sent again`)
      d.enqueue([{ id: deliveryId, projectId }])
      return { id: deliveryId, status: 'pending' as const }
    },

    /**
     * Every failed delivery created at or after `since`, oldest first, as far as the project's pending cap allows:
     * `queued` went back to pending, `remaining` are still failed (ask again once the queue drained).
     */
    async since(projectId: string, subscriptionId: string, since: string) {
      const from = sinceIso(since)
      await d.subscriptions.mustGet(projectId, subscriptionId)
      const limit = await room(projectId)
      const ids = limit > 0 ? await d.deliveries.redeliverFailedSince(subscriptionId, from, nowIso(), limit) : []
      d.enqueue(ids.map((id) => ({ id, projectId })))
      const remaining = await d.deliveries.failedSinceCount(subscriptionId, from)
      return { queued: ids.length, remaining, since: from }
    },
  }
}
export type Redeliveries = ReturnType<typeof redeliveries>
