// Fan-out of resource events into the webhook outbox, inside the transaction that made the change; at most
// TOOLYARD_WEBHOOK_PENDING_PER_PROJECT pending rows per project (docs/decisions.md, "Bounded logs, results, outbox
// and function memory").
import type { ResourceEvent } from '../../lib/events'
import { newId, nowIso } from '../../lib/ids'
import type { Logger } from '../../lib/log'
import type { QueuedDelivery, WebhooksRepository } from './repository'
import type { SubscriptionsRepository } from './subscriptions/repository'

/** The delivered body, exactly the spec's fields and nothing more. */
interface WebhookPayload {
  event: ResourceEvent['type']
  subscription_id: string
  resource: { uri: string; name: string }
  timestamp: string
}

/** A full project's count is read again from the database at most this often (deliveries drain it meanwhile). */
const RECOUNT_MS = 1_000
/** One warning per project at most this often, with the deliveries dropped since the last one. */
const WARN_EVERY_MS = 60_000

interface ProjectCount {
  /** Pending rows: read from the database, plus every row written since. */
  pending: number
  countedAt: number
  dropped: number
  warnedAt: number
}

export interface OutboxOptions {
  maxPendingPerProject: number
  log: Pick<Logger, 'warn'>
  /** toolyard_webhook_deliveries_dropped_total. */
  onDropped?: (n: number) => void
}

export function createOutbox(
  subscriptions: SubscriptionsRepository,
  deliveries: WebhooksRepository,
  options: OutboxOptions,
) {
  const counts = new Map<string, ProjectCount>()

  /**
   * The project's pending count, cheap on the request path: counted once, then kept by adding what is written.
   * Deliveries that end are not subtracted; a project at its cap is recounted instead (at most every RECOUNT_MS).
   */
  const countOf = async (projectId: string, now: number): Promise<ProjectCount> => {
    let c = counts.get(projectId)
    if (!c) {
      const pending = await deliveries.pendingCount(projectId)
      // Another transaction may have counted it meanwhile (transactions queue, handlers outside one do not).
      c = counts.get(projectId) ?? { pending, countedAt: now, dropped: 0, warnedAt: 0 }
      counts.set(projectId, c)
    } else if (c.pending >= options.maxPendingPerProject && now - c.countedAt >= RECOUNT_MS) {
      c.pending = await deliveries.pendingCount(projectId)
      c.countedAt = now
    }
    return c
  }

  const drop = (projectId: string, c: ProjectCount, n: number, now: number) => {
    c.dropped += n
    options.onDropped?.(n)
    if (now - c.warnedAt < WARN_EVERY_MS) return
    options.log.warn('webhook outbox full: deliveries dropped', {
      project_id: projectId,
      dropped: c.dropped,
      limit: options.maxPendingPerProject,
    })
    c.warnedAt = now
    c.dropped = 0
  }

  return {
    /**
     * Awaited inside the change's transaction (registered with onResourceEventInTransaction, so its statements join
     * that transaction and roll back with it); resolves to the rows written, for the queue once that transaction
     * commits.
     */
    async write(e: ResourceEvent): Promise<QueuedDelivery[]> {
      const written: QueuedDelivery[] = []
      const subs = await subscriptions.matching(e.projectId, e.uri)
      if (subs.length === 0) return written
      const now = Date.now()
      const c = await countOf(e.projectId, now)
      const room = Math.max(0, options.maxPendingPerProject - c.pending)
      if (room < subs.length) drop(e.projectId, c, subs.length - room, now)
      const createdAt = nowIso()
      for (const sub of subs.slice(0, room)) {
        const payload: WebhookPayload = {
          event: e.type,
          subscription_id: sub.id,
          resource: { uri: e.uri, name: e.name },
          timestamp: e.at || createdAt,
        }
        const id = newId()
        await deliveries.insert({
          id,
          subscription_id: sub.id,
          event: e.type,
          payload: JSON.stringify(payload),
          next_attempt_at: createdAt,
          created_at: createdAt,
        })
        c.pending++
        written.push({ id, projectId: e.projectId })
      }
      return written
    },
  }
}
