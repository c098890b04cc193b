// Fan-out of resource events into the webhook outbox, inside the transaction that made the change; at most
// TOOLYARD_WEBHOOK_PENDING_PER_PROJECT pending rows per project (docs/decisions/0021-bounded-logs-results-outbox-and-function-memory.md).
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
/**
 * A reservation whose transaction never reported its commit is forgotten after this long: that transaction rolled
 * back (no hook says so), and no transaction of a change report lasts anywhere near this.
 */
const UNSETTLED_TTL_MS = 60_000

/** Rows a write reserved whose transaction has not committed yet (a recount cannot see them on PostgreSQL). */
interface Reservation {
  rows: number
  at: number
}

interface ProjectCount {
  /** Pending rows: read from the database, plus every row reserved since. */
  pending: number
  countedAt: number
  dropped: number
  warnedAt: number
  unsettled: Set<Reservation>
}

export interface OutboxOptions {
  maxPendingPerProject: number
  log: Pick<Logger, 'warn'>
  /** toolyard_webhook_deliveries_dropped_total. */
  onDropped?: (n: number) => void
  /** Runs a callback once the current transaction commits (the store's afterCommit); never on rollback. */
  afterCommit: (fn: () => void) => void
}

export function createOutbox(
  subscriptions: SubscriptionsRepository,
  deliveries: WebhooksRepository,
  options: OutboxOptions,
) {
  const counts = new Map<string, ProjectCount>()

  /**
   * The project's pending count, cheap on the request path: counted once, then kept by adding what is reserved.
   * Deliveries that end are not subtracted; a project at its cap is recounted instead (at most every RECOUNT_MS, one
   * recount at a time). On PostgreSQL transactions run side by side, so a count does not see the rows of
   * transactions still open: it adds what was reserved and not yet committed when it began, and what was reserved
   * while it ran (a row committed just before the count may be counted twice: too many, never too few).
   */
  const countOf = async (projectId: string, now: number): Promise<ProjectCount> => {
    let c = counts.get(projectId)
    if (!c) {
      const pending = await deliveries.pendingCount(projectId)
      // Another write may have counted it meanwhile (on PostgreSQL, or outside a transaction): keep its count.
      c = counts.get(projectId) ?? { pending, countedAt: now, dropped: 0, warnedAt: 0, unsettled: new Set() }
      counts.set(projectId, c)
    } else if (c.pending >= options.maxPendingPerProject && now - c.countedAt >= RECOUNT_MS) {
      c.countedAt = now
      for (const r of c.unsettled) if (now - r.at > UNSETTLED_TTL_MS) c.unsettled.delete(r)
      let open = 0
      for (const r of c.unsettled) open += r.rows
      const before = c.pending
      const counted = await deliveries.pendingCount(projectId)
      c.pending = counted + open + (c.pending - before)
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

  /** Writes one delivery per subscription (as many as the project's cap leaves room for); returns the rows. */
  async function writeRows(
    projectId: string,
    subs: { id: string }[],
    event: string,
    payloadOf: (subscriptionId: string, createdAt: string) => object,
  ): Promise<QueuedDelivery[]> {
    const written: QueuedDelivery[] = []
    if (subs.length === 0) return written
    const now = Date.now()
    const c = await countOf(projectId, now)
    const room = Math.max(0, options.maxPendingPerProject - c.pending)
    if (room < subs.length) drop(projectId, c, subs.length - room, now)
    const taken = subs.slice(0, room)
    if (taken.length === 0) return written
    // Reserved before the first insert is awaited: a write running beside this one sees the room already taken.
    const reservation: Reservation = { rows: taken.length, at: now }
    c.pending += reservation.rows
    c.unsettled.add(reservation)
    options.afterCommit(() => c.unsettled.delete(reservation))
    const createdAt = nowIso()
    for (const sub of taken) {
      const id = newId()
      await deliveries.insert({
        id,
        subscription_id: sub.id,
        event,
        payload: JSON.stringify(payloadOf(sub.id, createdAt)),
        next_attempt_at: createdAt,
        created_at: createdAt,
      })
      written.push({ id, projectId })
    }
    return written
  }

  return {
    /**
     * Awaited inside the change's transaction (registered with onResourceEventInTransaction, so its statements join
     * that transaction and roll back with it); resolves to the rows written, for the queue once that transaction
     * commits.
     */
    async write(e: ResourceEvent): Promise<QueuedDelivery[]> {
      const subs = await subscriptions.matching(e.projectId, e.uri)
      return writeRows(e.projectId, subs, e.type, (subscriptionId, createdAt) => {
        const payload: WebhookPayload = {
          event: e.type,
          subscription_id: subscriptionId,
          resource: { uri: e.uri, name: e.name },
          timestamp: e.at || createdAt,
        }
        return payload
      })
    },
    /**
     * An event about the project rather than one resource (toolkit.changed): to the project's subscriptions only,
     * inside the caller's transaction, under the same cap. `data` is the event's own fields beside
     * `{event, subscription_id, timestamp}`.
     */
    async writeProjectEvent(
      projectId: string,
      event: string,
      data: Record<string, unknown>,
    ): Promise<QueuedDelivery[]> {
      // A resource subscription names one uri: '' matches none of them, so only project subscriptions come back.
      const subs = (await subscriptions.matching(projectId, '')).filter((s) => s.kind === 'project')
      return writeRows(projectId, subs, event, (subscriptionId, timestamp) => ({
        event,
        subscription_id: subscriptionId,
        ...data,
        timestamp,
      }))
    },
  }
}
