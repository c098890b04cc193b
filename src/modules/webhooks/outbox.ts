// Fan-out of resource events into the webhook outbox, inside the transaction that made the change.
import type { ResourceEvent } from '../../lib/events'
import { newId, nowIso } from '../../lib/ids'
import type { QueuedDelivery, WebhooksRepository } from './repository'
import type { SubscriptionsRepository } from './subscriptions/repository'

/** The delivered body, exactly the spec's fields and nothing more. */
interface WebhookPayload {
  event: ResourceEvent['type']
  subscription_id: string
  resource: { uri: string; name: string }
  timestamp: string
}

export function createOutbox(subscriptions: SubscriptionsRepository, deliveries: WebhooksRepository) {
  // Ids written by transactions that may not have committed yet; handed to the queue after commit.
  // A rolled-back row is simply not found when the queue looks it up.
  let written: QueuedDelivery[] = []
  return {
    /** Runs synchronously inside the change's transaction (registered with onResourceEventInTransaction). */
    write(e: ResourceEvent): void {
      const createdAt = nowIso()
      for (const sub of subscriptions.matching(e.projectId, e.uri)) {
        const payload: WebhookPayload = {
          event: e.type,
          subscription_id: sub.id,
          resource: { uri: e.uri, name: e.name },
          timestamp: e.at || createdAt,
        }
        const id = newId()
        deliveries.insert({
          id,
          subscription_id: sub.id,
          event: e.type,
          payload: JSON.stringify(payload),
          next_attempt_at: createdAt,
          created_at: createdAt,
        })
        written.push({ id, projectId: e.projectId })
      }
    },
    /** Called after commit: the ids written since the last call. */
    drain(): QueuedDelivery[] {
      const ids = written
      written = []
      return ids
    },
  }
}
