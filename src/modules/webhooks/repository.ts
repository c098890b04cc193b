// SQL for the webhook outbox (webhook_deliveries) and its attempt log (webhook_attempts).
import type { SqlStore } from '../../db/queries'

type DeliveryRow = {
  id: string
  subscription_id: string
  event: string
  payload: string
  status: 'pending' | 'delivered' | 'failed'
  attempts: number
  next_attempt_at: string | null
  last_status: number | null
  last_error: string | null
  created_at: string
  delivered_at: string | null
}

type AttemptRow = {
  delivery_id: string
  n: number
  at: string
  status: number | null
  error: string | null
  duration_ms: number
}

/** A delivery the queue schedules, with the project whose line it waits in. */
export type QueuedDelivery = { id: string; projectId: string }

export type PendingRow = {
  id: string
  project_id: string
  attempts: number
  next_attempt_at: string | null
  last_attempt_at: string | null
}

/** What one attempt needs: the outbox row joined with where and how to send it. */
type DueDelivery = DeliveryRow & { project_id: string; callback_url: string; secret: string }

/** The storage port its callers use; `webhooksRepository` below implements it once, on either engine
 *  (docs/decisions/0028-repository-interfaces.md, docs/decisions/0056-one-query-interface.md). */
export interface WebhooksRepository {
  insert: (row: {
    id: string
    subscription_id: string
    event: string
    payload: string
    next_attempt_at: string
    created_at: string
  }) => Promise<void>
  pending: () => Promise<PendingRow[]>
  pendingCount: (project_id: string) => Promise<number>
  due: (id: string) => Promise<DueDelivery | null>
  /** Writes one attempt and the row's new state together; false when the row moved on meanwhile (or is gone). */
  recordAttempt: (a: AttemptRecord) => Promise<boolean>
  /** A subscription's deliveries by id, optionally of one status. */
  bySubscription: (
    subscription_id: string,
    after: string | undefined,
    limit: number,
    status?: DeliveryStatus,
  ) => Promise<DeliveryRow[]>
  attemptsOf: (delivery_id: string) => Promise<AttemptRow[]>
  /** A subscription's delivery by id (any status), or null. */
  deliveryOf: (subscription_id: string, id: string) => Promise<DeliveryRow | null>
  /**
   * Makes a settled delivery (failed or delivered) pending again, due at `at`: its id — the `webhook-id` — stays.
   * False when it is not settled (already pending) or gone.
   */
  redeliver: (subscription_id: string, id: string, at: string) => Promise<boolean>
  /** Makes up to `limit` of a subscription's failed deliveries created at or after `since` pending again (oldest first). */
  redeliverFailedSince: (subscription_id: string, since: string, at: string, limit: number) => Promise<string[]>
  /** How many of a subscription's failed deliveries were created at or after `since`. */
  failedSinceCount: (subscription_id: string, since: string) => Promise<number>
  /** Deletes failed deliveries whose last attempt (or creation) is before `cutoff`; returns how many. */
  pruneFailed: (cutoff: string) => Promise<number>
}

export type DeliveryStatus = DeliveryRow['status']

/** When a failed delivery failed: its last attempt, or its creation when it has none (the retention job's clock). */
const FAILED_AT = `COALESCE((SELECT MAX(a.at) FROM webhook_attempts a WHERE a.delivery_id = webhook_deliveries.id),
  webhook_deliveries.created_at)`

type AttemptRecord = AttemptRow & {
  outcome: 'pending' | 'delivered' | 'failed'
  next_attempt_at: string | null
  /** A claimed row's lease end (PostgreSQL mode): written only while the row still holds it, so an attempt whose lease
   *  ran out cannot clobber the instance that claimed the row next (docs/decisions/0045-claimed-work-across-instances.md). */
  lease?: string | null
}

export function webhooksRepository(store: SqlStore): WebhooksRepository {
  return {
    insert: async (row) => {
      await store.q().run(
        `INSERT INTO webhook_deliveries (id, subscription_id, event, payload, status, attempts, next_attempt_at, created_at)
         VALUES ($id, $subscription_id, $event, $payload, 'pending', 0, $next_attempt_at, $created_at)`,
        row,
      )
    },
    pending: () =>
      store.q().all(
        `SELECT d.id, s.project_id, d.attempts, d.next_attempt_at,
           (SELECT a.at FROM webhook_attempts a WHERE a.delivery_id = d.id ORDER BY a.n DESC LIMIT 1) AS last_attempt_at
         FROM webhook_deliveries d JOIN subscriptions s ON s.id = d.subscription_id WHERE d.status = 'pending' ORDER BY d.id`,
      ),
    pendingCount: async (project_id) =>
      (
        await store.q().get<{ n: number }>(
          `SELECT COUNT(*) AS n FROM webhook_deliveries d JOIN subscriptions s ON s.id = d.subscription_id
           WHERE s.project_id = $project_id AND d.status = 'pending'`,
          { project_id },
        )
      )?.n ?? 0,
    due: (id) =>
      store.q().get(
        `SELECT d.*, s.project_id, s.callback_url, s.secret FROM webhook_deliveries d JOIN subscriptions s ON s.id = d.subscription_id
         WHERE d.id = $id AND d.status = 'pending'`,
        { id },
      ),
    /** Writes one attempt and the row's new state together (one transaction); false when the row moved on meanwhile
     *  (or is gone). */
    recordAttempt: (a) =>
      store.tx(async () => {
        // Guarded by status and attempt count so a stale writer (another instance, an old timer) cannot move a row twice;
        // a claimed attempt also by its lease end (./outbox-claims.ts).
        const { changes } = await store.q().run(
          `UPDATE webhook_deliveries SET status = $status, attempts = $n, next_attempt_at = $next_attempt_at,
             last_status = $last_status, last_error = $last_error, delivered_at = $delivered_at
           WHERE id = $id AND status = 'pending' AND attempts = $n - 1
             AND (CAST($lease AS TEXT) IS NULL OR next_attempt_at = CAST($lease AS TEXT))`,
          {
            id: a.delivery_id,
            n: a.n,
            status: a.outcome,
            next_attempt_at: a.next_attempt_at,
            last_status: a.status,
            last_error: a.error,
            delivered_at: a.outcome === 'delivered' ? a.at : null,
            lease: a.lease ?? null,
          },
        )
        if (changes === 0) return false
        await store
          .q()
          .run(
            'INSERT INTO webhook_attempts (delivery_id, n, at, status, error, duration_ms) VALUES ($delivery_id, $n, $at, $status, $error, $duration_ms)',
            {
              delivery_id: a.delivery_id,
              n: a.n,
              at: a.at,
              status: a.status,
              error: a.error,
              duration_ms: a.duration_ms,
            },
          )
        return true
      }),
    bySubscription: (subscription_id, after, limit, status) =>
      store.q().all(
        `SELECT * FROM webhook_deliveries WHERE subscription_id = $subscription_id AND id > $after
           AND (CAST($status AS TEXT) IS NULL OR status = CAST($status AS TEXT)) ORDER BY id LIMIT $limit`,
        { subscription_id, after: after ?? '', limit, status: status ?? null },
      ),
    deliveryOf: (subscription_id, id) =>
      store.q().get('SELECT * FROM webhook_deliveries WHERE subscription_id = $subscription_id AND id = $id', {
        subscription_id,
        id,
      }),
    redeliver: async (subscription_id, id, at) =>
      (
        await store.q().run(
          `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $at
           WHERE subscription_id = $subscription_id AND id = $id AND status IN ('failed', 'delivered')`,
          { subscription_id, id, at },
        )
      ).changes > 0,
    redeliverFailedSince: async (subscription_id, since, at, limit) =>
      (
        await store.q().all<{ id: string }>(
          `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $at
           WHERE id IN (SELECT id FROM webhook_deliveries WHERE subscription_id = $subscription_id AND status = 'failed'
                        AND created_at >= $since ORDER BY created_at, id LIMIT $limit)
           RETURNING id`,
          { subscription_id, since, at, limit },
        )
      ).map((r) => r.id),
    failedSinceCount: async (subscription_id, since) =>
      Number(
        (
          await store.q().get<{ n: number }>(
            `SELECT COUNT(*) AS n FROM webhook_deliveries WHERE subscription_id = $subscription_id AND status = 'failed'
               AND created_at >= $since`,
            { subscription_id, since },
          )
        )?.n ?? 0,
      ),
    pruneFailed: async (cutoff) =>
      (
        await store
          .q()
          .run(`DELETE FROM webhook_deliveries WHERE status = 'failed' AND ${FAILED_AT} < $cutoff`, { cutoff })
      ).changes,
    attemptsOf: (delivery_id) =>
      store.q().all('SELECT * FROM webhook_attempts WHERE delivery_id = $delivery_id ORDER BY n', { delivery_id }),
  }
}
