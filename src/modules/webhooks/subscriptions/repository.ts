// SQL for subscriptions (project-wide and resource-level).
import type { SqlStore } from '../../../db/queries'

export type SubscriptionRow = {
  id: string
  project_id: string
  key_id: string | null
  kind: 'project' | 'resource'
  uri: string | null
  callback_url: string
  secret: string
  status: 'active'
  created_at: string
  updated_at: string
}

/** The storage port its callers use; `subscriptionsRepository` below implements it once, on either engine
 *  (docs/decisions/0028-repository-interfaces.md, docs/decisions/0056-one-query-interface.md). */
export interface SubscriptionsRepository {
  insert: (row: SubscriptionRow) => Promise<void>
  byId: (project_id: string, id: string) => Promise<SubscriptionRow | null>
  count: (project_id: string) => Promise<number>
  list: (project_id: string, after: string | undefined, limit: number) => Promise<SubscriptionRow[]>
  listResource: (
    project_id: string,
    uri: string | undefined,
    after: string | undefined,
    limit: number,
  ) => Promise<SubscriptionRow[]>
  updateUrl: (project_id: string, id: string, callback_url: string, updated_at: string) => Promise<boolean>
  remove: (project_id: string, id: string) => Promise<boolean>
  removeByUri: (project_id: string, uri: string) => Promise<string[]>
  matching: (project_id: string, uri: string) => Promise<SubscriptionRow[]>
}

export function subscriptionsRepository(store: SqlStore): SubscriptionsRepository {
  return {
    insert: async (row) => {
      await store.q().run(
        `INSERT INTO subscriptions (id, project_id, key_id, kind, uri, callback_url, secret, status, created_at, updated_at)
         VALUES ($id, $project_id, $key_id, $kind, $uri, $callback_url, $secret, $status, $created_at, $updated_at)`,
        row,
      )
    },
    byId: (project_id, id) =>
      store.q().get('SELECT * FROM subscriptions WHERE id = $id AND project_id = $project_id', { id, project_id }),
    count: async (project_id) => {
      const q = store.q()
      // The service counts and inserts in one transaction. SQLite's write lock serializes those; under PostgreSQL's
      // READ COMMITTED two of them would both count the last free place, so the project's row is locked first and
      // concurrent creations of one project wait for each other.
      if (store.dialect === 'postgres')
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
      store
        .q()
        .all('SELECT * FROM subscriptions WHERE project_id = $project_id AND id > $after ORDER BY id LIMIT $limit', {
          project_id,
          after: after ?? '',
          limit,
        }),
    listResource: (project_id, uri, after, limit) =>
      store.q().all(
        `SELECT * FROM subscriptions WHERE project_id = $project_id AND kind = 'resource' AND (CAST($uri AS TEXT) IS NULL OR uri = $uri)
           AND id > $after
         ORDER BY id LIMIT $limit`,
        { project_id, uri: uri ?? null, after: after ?? '', limit },
      ),
    updateUrl: async (project_id, id, callback_url, updated_at) =>
      (
        await store
          .q()
          .run(
            'UPDATE subscriptions SET callback_url = $callback_url, updated_at = $updated_at WHERE id = $id AND project_id = $project_id',
            { id, project_id, callback_url, updated_at },
          )
      ).changes > 0,
    remove: async (project_id, id) =>
      (await store.q().run('DELETE FROM subscriptions WHERE id = $id AND project_id = $project_id', { id, project_id }))
        .changes > 0,
    removeByUri: async (project_id, uri) =>
      (
        await store
          .q()
          .all<{ id: string }>(
            `DELETE FROM subscriptions WHERE project_id = $project_id AND kind = 'resource' AND uri = $uri RETURNING id`,
            { project_id, uri },
          )
      ).map((r) => r.id),
    // Fan-out: every active subscription an event of (project, uri) reaches.
    matching: (project_id, uri) =>
      store
        .q()
        .all(
          `SELECT * FROM subscriptions WHERE project_id = $project_id AND status = 'active' AND (kind = 'project' OR uri = $uri) ORDER BY id`,
          { project_id, uri },
        ),
  }
}
