// PostgreSQL dialect of src/modules/webhooks/repository.ts (the webhook outbox and its attempt log): the same SQL;
// `recordAttempt` writes its two rows in one transaction of the PostgreSQL store. Claiming due rows across instances
// is src/db/postgres/shared/outbox.ts (docs/decisions/0039-postgresql-repositories.md).
import { FAILED_AT, type WebhooksRepository } from '../../../modules/webhooks/repository'
import type { PgStore } from '../store'

export function pgWebhooksRepository(pg: PgStore): WebhooksRepository {
  return {
    insert: async (row) => {
      await pg.q().run(
        `INSERT INTO webhook_deliveries (id, subscription_id, event, payload, status, attempts, next_attempt_at, created_at)
         VALUES ($id, $subscription_id, $event, $payload, 'pending', 0, $next_attempt_at, $created_at)`,
        row,
      )
    },
    pending: () =>
      pg.q().all(
        `SELECT d.id, s.project_id, d.attempts, d.next_attempt_at,
           (SELECT a.at FROM webhook_attempts a WHERE a.delivery_id = d.id ORDER BY a.n DESC LIMIT 1) AS last_attempt_at
         FROM webhook_deliveries d JOIN subscriptions s ON s.id = d.subscription_id WHERE d.status = 'pending' ORDER BY d.id`,
      ),
    pendingCount: async (project_id) =>
      (
        await pg.q().get<{ n: number }>(
          `SELECT COUNT(*) AS n FROM webhook_deliveries d JOIN subscriptions s ON s.id = d.subscription_id
           WHERE s.project_id = $project_id AND d.status = 'pending'`,
          { project_id },
        )
      )?.n ?? 0,
    due: (id) =>
      pg.q().get(
        `SELECT d.*, s.project_id, s.callback_url, s.secret FROM webhook_deliveries d JOIN subscriptions s ON s.id = d.subscription_id
         WHERE d.id = $id AND d.status = 'pending'`,
        { id },
      ),
    /** Writes one attempt and the row's new state together; false when the row moved on meanwhile (or is gone). */
    recordAttempt: (a) =>
      pg.tx(async (tx) => {
        // Guarded by status and attempt count so a stale writer (another instance, an old timer) cannot move a row twice;
        // a claimed attempt also by its lease end (src/db/postgres/shared/outbox.ts).
        const { changes } = await tx.run(
          `UPDATE webhook_deliveries SET status = $status, attempts = $n, next_attempt_at = $next_attempt_at,
             last_status = $last_status, last_error = $last_error, delivered_at = $delivered_at
           WHERE id = $id AND status = 'pending' AND attempts = $n - 1
             AND ($lease::text IS NULL OR next_attempt_at = $lease::text)`,
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
        await tx.run(
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
      pg.q().all(
        `SELECT * FROM webhook_deliveries WHERE subscription_id = $subscription_id AND id > $after
           AND ($status::text IS NULL OR status = $status::text) ORDER BY id LIMIT $limit`,
        { subscription_id, after: after ?? '', limit, status: status ?? null },
      ),
    deliveryOf: (subscription_id, id) =>
      pg.q().get('SELECT * FROM webhook_deliveries WHERE subscription_id = $subscription_id AND id = $id', {
        subscription_id,
        id,
      }),
    redeliver: async (subscription_id, id, at) =>
      (
        await pg.q().run(
          `UPDATE webhook_deliveries SET status = 'pending', next_attempt_at = $at
           WHERE subscription_id = $subscription_id AND id = $id AND status IN ('failed', 'delivered')`,
          { subscription_id, id, at },
        )
      ).changes > 0,
    redeliverFailedSince: async (subscription_id, since, at, limit) =>
      (
        await pg.q().all<{ id: string }>(
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
          await pg.q().get<{ n: number }>(
            `SELECT COUNT(*) AS n FROM webhook_deliveries WHERE subscription_id = $subscription_id AND status = 'failed'
               AND created_at >= $since`,
            { subscription_id, since },
          )
        )?.n ?? 0,
      ),
    pruneFailed: async (cutoff) =>
      (
        await pg
          .q()
          .run(`DELETE FROM webhook_deliveries WHERE status = 'failed' AND ${FAILED_AT} < $cutoff`, { cutoff })
      ).changes,
    attemptsOf: (delivery_id) =>
      pg.q().all('SELECT * FROM webhook_attempts WHERE delivery_id = $delivery_id ORDER BY n', { delivery_id }),
  }
}
