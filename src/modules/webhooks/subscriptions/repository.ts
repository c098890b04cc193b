// SQL for subscriptions (project-wide and resource-level).
import { asyncPort, type Store } from '../../../db/store'

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

/** The storage port its callers use; `subscriptionsRepository` below implements it on SQLite, a PostgreSQL adapter would
 *  implement it too (docs/decisions/0028-repository-interfaces.md). */
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

export function subscriptionsRepository(store: Store): SubscriptionsRepository {
  const { db } = store
  const insert = db.query(
    `INSERT INTO subscriptions (id, project_id, key_id, kind, uri, callback_url, secret, status, created_at, updated_at)
     VALUES ($id, $project_id, $key_id, $kind, $uri, $callback_url, $secret, $status, $created_at, $updated_at)`,
  )
  const byId = db.query<SubscriptionRow, { id: string; project_id: string }>(
    'SELECT * FROM subscriptions WHERE id = $id AND project_id = $project_id',
  )
  const list = db.query<SubscriptionRow, { project_id: string; after: string; limit: number }>(
    'SELECT * FROM subscriptions WHERE project_id = $project_id AND id > $after ORDER BY id LIMIT $limit',
  )
  const listResource = db.query<
    SubscriptionRow,
    { project_id: string; uri: string | null; after: string; limit: number }
  >(
    `SELECT * FROM subscriptions WHERE project_id = $project_id AND kind = 'resource' AND ($uri IS NULL OR uri = $uri) AND id > $after
     ORDER BY id LIMIT $limit`,
  )
  const updateUrl = db.query(
    'UPDATE subscriptions SET callback_url = $callback_url, updated_at = $updated_at WHERE id = $id AND project_id = $project_id',
  )
  const count = db.query<{ n: number }, { project_id: string }>(
    'SELECT COUNT(*) AS n FROM subscriptions WHERE project_id = $project_id',
  )
  const remove = db.query('DELETE FROM subscriptions WHERE id = $id AND project_id = $project_id')
  const removeByUri = db.query<{ id: string }, { project_id: string; uri: string }>(
    `DELETE FROM subscriptions WHERE project_id = $project_id AND kind = 'resource' AND uri = $uri RETURNING id`,
  )
  // Fan-out: every active subscription an event of (project, uri) reaches.
  const matching = db.query<SubscriptionRow, { project_id: string; uri: string }>(
    `SELECT * FROM subscriptions WHERE project_id = $project_id AND status = 'active' AND (kind = 'project' OR uri = $uri) ORDER BY id`,
  )

  return asyncPort<SubscriptionsRepository>(store, {
    insert: (row: SubscriptionRow) => {
      insert.run(row)
    },
    byId: (project_id: string, id: string) => byId.get({ id, project_id }),
    count: (project_id: string) => count.get({ project_id })?.n ?? 0,
    list: (project_id: string, after: string | undefined, limit: number) =>
      list.all({ project_id, after: after ?? '', limit }),
    listResource: (project_id: string, uri: string | undefined, after: string | undefined, limit: number) =>
      listResource.all({ project_id, uri: uri ?? null, after: after ?? '', limit }),
    updateUrl: (project_id: string, id: string, callback_url: string, updated_at: string) =>
      updateUrl.run({ id, project_id, callback_url, updated_at }).changes > 0,
    remove: (project_id: string, id: string) => remove.run({ id, project_id }).changes > 0,
    removeByUri: (project_id: string, uri: string) => removeByUri.all({ project_id, uri }).map((r) => r.id),
    matching: (project_id: string, uri: string) => matching.all({ project_id, uri }),
  })
}
