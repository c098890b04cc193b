// Subscriptions: create (secret shown once), list, change the callback, remove; and each one's delivery log.
import type { StoragePort } from '../../../db/store'
import { AppError, badRequest, notFound } from '../../../lib/errors'
import { newId, nowIso } from '../../../lib/ids'
import { decodeCursor, page } from '../../../lib/pagination'
import type { DeliveryStatus, WebhooksRepository } from '../repository'
import type { SubscriptionRow, SubscriptionsRepository } from './repository'
import { newWebhookSecret, type SecretBox } from './secret'

export interface SubscriptionView {
  id: string
  callback_url: string
  status: 'active'
  created_at: string
  updated_at: string
  uri?: string
}

interface AttemptView {
  n: number
  at: string
  status?: number
  error?: string
  duration_ms: number
}

export interface DeliveryView {
  id: string
  event: string
  status: 'pending' | 'delivered' | 'failed'
  attempts: AttemptView[]
  next_attempt_at?: string
  created_at: string
  delivered_at?: string
  payload: unknown
}

const view = (s: SubscriptionRow): SubscriptionView => ({
  id: s.id,
  callback_url: s.callback_url,
  status: s.status,
  created_at: s.created_at,
  updated_at: s.updated_at,
  ...(s.uri !== null ? { uri: s.uri } : {}),
})

/** The schema already insists on http(s)://; this catches what a pattern cannot (a host that does not parse). */
function checkCallbackUrl(value: string): string {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    throw badRequest('callback_url is not a valid URL', [
      { field: 'body.callback_url', message: 'must be an http:// or https:// URL' },
    ])
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) {
    throw badRequest('callback_url must be an http:// or https:// URL', [
      { field: 'body.callback_url', message: 'must be an http:// or https:// URL' },
    ])
  }
  return value
}

export function subscriptionsService(
  store: StoragePort,
  repo: SubscriptionsRepository,
  deliveries: WebhooksRepository,
  secrets: SecretBox,
  /** Subscriptions one project may hold (TOOLYARD_MAX_SUBSCRIPTIONS_PER_PROJECT): each one multiplies every event. */
  maxPerProject = 100,
) {
  const mustGet = async (projectId: string, id: string): Promise<SubscriptionRow> => {
    const row = await repo.byId(projectId, id)
    if (!row) throw notFound('subscription')
    return row
  }

  const refuseWhenFull = (held: number) => {
    if (held >= maxPerProject)
      throw new AppError(
        'limit_reached',
        `this project already has ${held} subscriptions (limit ${maxPerProject}); remove one first`,
      )
  }

  return {
    mustGet,
    /** Creates a project subscription (no uri) or a resource subscription; the secret is returned only here. */
    async create(
      projectId: string,
      keyId: string | null,
      input: { callback_url: string; uri?: string },
    ): Promise<SubscriptionView & { secret: string }> {
      // Refused before anything is sealed; checked again below, where it is exact.
      refuseWhenFull(await repo.count(projectId))
      const id = newId()
      const secret = newWebhookSecret()
      // Sealed outside the transaction: a first seal may create the project's data key, a write of its own.
      const sealed = await secrets.seal(id, projectId, secret)
      const at = nowIso()
      const row: SubscriptionRow = {
        id,
        project_id: projectId,
        key_id: keyId,
        kind: input.uri === undefined ? 'project' : 'resource',
        uri: input.uri ?? null,
        callback_url: checkCallbackUrl(input.callback_url),
        secret: sealed,
        status: 'active',
        created_at: at,
        updated_at: at,
      }
      // Counted and inserted in one transaction: concurrent creations cannot both take the last place.
      await store.tx(async () => {
        refuseWhenFull(await repo.count(projectId))
        await repo.insert(row)
      })
      return { ...view(row), secret }
    },
    get: async (projectId: string, id: string) => view(await mustGet(projectId, id)),
    async list(projectId: string, limit: number, cursor?: string) {
      const { items, next_cursor } = page(await repo.list(projectId, decodeCursor(cursor), limit + 1), limit)
      return { subscriptions: items.map(view), ...(next_cursor ? { next_cursor } : {}) }
    },
    async listResource(projectId: string, uri: string | undefined, limit: number, cursor?: string) {
      const { items, next_cursor } = page(
        await repo.listResource(projectId, uri, decodeCursor(cursor), limit + 1),
        limit,
      )
      return { subscriptions: items.map(view), ...(next_cursor ? { next_cursor } : {}) }
    },
    async updateCallback(projectId: string, id: string, callbackUrl: string): Promise<SubscriptionView> {
      checkCallbackUrl(callbackUrl)
      // Pending deliveries follow the subscription to its new URL: they are sent wherever it points at attempt time.
      if (!(await repo.updateUrl(projectId, id, callbackUrl, nowIso()))) throw notFound('subscription')
      return view(await mustGet(projectId, id))
    },
    async remove(projectId: string, id: string): Promise<void> {
      if (!(await repo.remove(projectId, id))) throw notFound('subscription')
    },
    async removeByUri(projectId: string, uri: string): Promise<string[]> {
      const ids = await repo.removeByUri(projectId, uri)
      if (ids.length === 0) throw notFound('resource subscription for this uri')
      return ids
    },
    async deliveries(
      projectId: string,
      id: string,
      limit: number,
      cursor?: string,
      status?: DeliveryStatus,
    ): Promise<{ deliveries: DeliveryView[]; next_cursor?: string }> {
      await mustGet(projectId, id)
      const { items, next_cursor } = page(
        await deliveries.bySubscription(id, decodeCursor(cursor), limit + 1, status),
        limit,
      )
      const attempts = await Promise.all(items.map((d) => deliveries.attemptsOf(d.id)))
      return {
        deliveries: items.map((d, i) => ({
          id: d.id,
          event: d.event,
          status: d.status,
          attempts: attempts[i]!.map((a) => ({
            n: a.n,
            at: a.at,
            ...(a.status !== null ? { status: a.status } : {}),
            ...(a.error !== null ? { error: a.error } : {}),
            duration_ms: a.duration_ms,
          })),
          ...(d.status === 'pending' && d.next_attempt_at ? { next_attempt_at: d.next_attempt_at } : {}),
          created_at: d.created_at,
          ...(d.delivered_at ? { delivered_at: d.delivered_at } : {}),
          payload: JSON.parse(d.payload),
        })),
        ...(next_cursor ? { next_cursor } : {}),
      }
    },
  }
}
export type SubscriptionsService = ReturnType<typeof subscriptionsService>
