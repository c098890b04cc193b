// PostgreSQL dialect of src/modules/webhooks/subscriptions/repository.ts: the same SQL (DELETE … RETURNING included).
import type { SubscriptionsRepository } from '../../../modules/webhooks/subscriptions/repository'
import type { PgStore } from '../store'

export function pgSubscriptionsRepository(pg: PgStore): SubscriptionsRepository {
  return {
    insert: async (row) => {
      await pg.q().run(
        `INSERT INTO subscriptions (id, project_id, key_id, kind, uri, callback_url, secret, status, created_at, updated_at)
         VALUES ($id, $project_id, $key_id, $kind, $uri, $callback_url, $secret, $status, $created_at, $updated_at)`,
        row,
      )
    },
    byId: (project_id, id) =>
      pg.q().get('SELECT * FROM subscriptions WHERE id = $id AND project_id = $project_id', { id, project_id }),
    count: async (project_id) => {
      const q = pg.q()
      // The service counts and inserts in one transaction; under READ COMMITTED two of them would both count the last
      // free place. Locking the project's row first makes concurrent creations of one project wait for each other.
      await q.run('SELECT 1 FROM projects WHERE id = $project_id FOR UPDATE', { project_id })
      return (
        (
          await q.get<{ n: number }>('SELECT COUNT(*) AS n FROM subscriptions WHERE project_id = $project_id', {
            project_id,
          })
        )?.n ?? 0
      )
    },
    list: (project_id, after, limit) =>
      pg
        .q()
        .all('SELECT * FROM subscriptions WHERE project_id = $project_id AND id > $after ORDER BY id LIMIT $limit', {
          project_id,
          after: after ?? '',
          limit,
        }),
    listResource: (project_id, uri, after, limit) =>
      pg.q().all(
        `SELECT * FROM subscriptions WHERE project_id = $project_id AND kind = 'resource' AND ($uri::text IS NULL OR uri = $uri)
           AND id > $after
         ORDER BY id LIMIT $limit`,
        { project_id, uri: uri ?? null, after: after ?? '', limit },
      ),
    updateUrl: async (project_id, id, callback_url, updated_at) =>
      (
        await pg
          .q()
          .run(
            'UPDATE subscriptions SET callback_url = $callback_url, updated_at = $updated_at WHERE id = $id AND project_id = $project_id',
            { id, project_id, callback_url, updated_at },
          )
      ).changes > 0,
    remove: async (project_id, id) =>
      (await pg.q().run('DELETE FROM subscriptions WHERE id = $id AND project_id = $project_id', { id, project_id }))
        .changes > 0,
    removeByUri: async (project_id, uri) =>
      (
        await pg
          .q()
          .all<{ id: string }>(
            `DELETE FROM subscriptions WHERE project_id = $project_id AND kind = 'resource' AND uri = $uri RETURNING id`,
            { project_id, uri },
          )
      ).map((r) => r.id),
    // Fan-out: every active subscription an event of (project, uri) reaches.
    matching: (project_id, uri) =>
      pg
        .q()
        .all(
          `SELECT * FROM subscriptions WHERE project_id = $project_id AND status = 'active' AND (kind = 'project' OR uri = $uri) ORDER BY id`,
          { project_id, uri },
        ),
  }
}
