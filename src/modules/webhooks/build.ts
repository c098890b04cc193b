// Builds subscriptions + webhooks for the composition root: services, the outbox handler and the delivery queue.
import type { Config } from '../../config'
import type { Sealer } from '../../crypto/seal'
import type { StoragePort } from '../../db/store'
import type { Egress } from '../../egress/client'
import type { EventBus } from '../../lib/events'
import type { Logger } from '../../lib/log'
import { type ClaimDeliveries, createClaimingQueue } from './claiming-queue'
import type { DeliveryContext } from './deliver'
import { createDeliveryQueue } from './delivery-queue'
import { createOutbox } from './outbox'
import type { WebhooksRepository } from './repository'
import { type ResourceChanges, webhooksService } from './service'
import { redeliveries } from './subscriptions/redeliver'
import type { SubscriptionsRepository } from './subscriptions/repository'
import { type SecretBox, sealedSecrets } from './subscriptions/secret'
import { subscriptionsService } from './subscriptions/service'

export interface WebhookFeatureDeps {
  store: StoragePort
  /** Either backend's (src/storage.ts). */
  repos: { subscriptions: SubscriptionsRepository; webhooks: WebhooksRepository }
  config: Pick<
    Config,
    | 'webhookRetryBaseMs'
    | 'webhookTimeoutMs'
    | 'maxSubscriptionsPerProject'
    | 'webhookConcurrency'
    | 'webhookPendingPerProject'
    | 'webhookLeaseS'
    | 'webhookPollMs'
    | 'webhookFailedDays'
  >
  events: EventBus
  egress: Egress
  log: Logger
  /** Late-bound: the resources feature may be built after this one. */
  resources: () => ResourceChanges
  /** The credentials vault's sealer: signing secrets are sealed with the project's data key. */
  sealer: Sealer
  onAttempt?: DeliveryContext['onAttempt']
  /** Deliveries dropped at a full outbox (a metric). */
  onDropped?: (n: number) => void
  /** PostgreSQL mode: due rows are claimed from the shared outbox instead of timed in this process (src/storage.ts). */
  claim?: ClaimDeliveries
}

export function createWebhookFeature(deps: WebhookFeatureDeps) {
  const subsRepo = deps.repos.subscriptions
  const deliveriesRepo = deps.repos.webhooks
  const secrets: SecretBox = sealedSecrets(deps.sealer)
  const subscriptions = subscriptionsService(
    deps.store,
    subsRepo,
    deliveriesRepo,
    secrets,
    deps.config.maxSubscriptionsPerProject,
  )
  const webhooks = webhooksService(subscriptions, {
    markChanged: (projectId, uri) => deps.resources().markChanged(projectId, uri),
  })
  const outbox = createOutbox(subsRepo, deliveriesRepo, {
    maxPendingPerProject: deps.config.webhookPendingPerProject,
    log: deps.log,
    onDropped: deps.onDropped,
    afterCommit: deps.store.afterCommit,
  })
  const context = {
    repo: deliveriesRepo,
    egress: deps.egress,
    secrets,
    log: deps.log,
    timeoutMs: deps.config.webhookTimeoutMs,
    retryBaseMs: deps.config.webhookRetryBaseMs,
    onAttempt: deps.onAttempt,
  }
  // One instance: a timer per pending row in memory. Several on PostgreSQL: rows claimed from the shared outbox
  // (docs/decisions/0045-claimed-work-across-instances.md).
  const queue = deps.claim
    ? createClaimingQueue(context, {
        claim: deps.claim,
        concurrency: deps.config.webhookConcurrency,
        leaseMs: deps.config.webhookLeaseS * 1000,
        pollMs: deps.config.webhookPollMs,
      })
    : createDeliveryQueue(context, { concurrency: deps.config.webhookConcurrency })
  // The outbox rows commit with the change (the publisher awaits this inside its transaction); the queue hears about
  // them only after that commit, never on rollback.
  deps.events.onResourceEventInTransaction(async (e) => {
    const written = await outbox.write(e)
    if (written.length > 0) deps.store.afterCommit(() => queue.enqueue(written))
  })
  const redeliver = redeliveries({
    subscriptions,
    deliveries: deliveriesRepo,
    enqueue: (rows) => queue.enqueue(rows),
    maxPendingPerProject: deps.config.webhookPendingPerProject,
  })
  /** The retention job: failed deliveries are kept TOOLYARD_WEBHOOK_FAILED_DAYS after their last attempt, to re-send. */
  const pruneFailed = () =>
    deliveriesRepo.pruneFailed(new Date(Date.now() - deps.config.webhookFailedDays * 86_400_000).toISOString())
  /**
   * Publishes an event of the project (approval.requested, toolkit.changed) to its project subscriptions: the rows join the caller's
   * open transaction, and the queue hears of them once it commits.
   */
  const publish = async (projectId: string, event: string, data: Record<string, unknown>) => {
    const written = await outbox.writeProjectEvent(projectId, event, data)
    if (written.length > 0) deps.store.afterCommit(() => queue.enqueue(written))
  }
  return { subscriptions, webhooks, queue, redeliveries: redeliver, pruneFailed, publish }
}
