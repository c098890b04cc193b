// Webhook events on offer, and inbound reports from external services that a resource changed.
import { badRequest, notFound } from '../../lib/errors'
import type { SubscriptionsService } from './subscriptions/service'

const WEBHOOK_EVENTS = [
  { name: 'resource.created', description: 'A resource was registered (POST /resources).' },
  {
    name: 'resource.updated',
    description:
      'A resource was changed (PATCH /resources/{id}) or reported changed (POST /webhooks/{subscription_id}).',
  },
  { name: 'resource.deleted', description: 'A resource was deleted (DELETE /resources/{id}).' },
  {
    name: 'approval.requested',
    description:
      'A policy with effect "approve" parked a tool call (GET /approvals); the body carries the request and a single-use approve_url.',
  },
  {
    name: 'toolkit.changed',
    description:
      'A remote or OpenAPI toolkit that reviews changes has a tool definition held for review, or one was approved or rejected (GET /toolkits/{id}/changes). Project subscriptions only.',
  },
] as const

/** What the resources feature offers: drop the resource's cache and publish resource.updated; false for an unknown uri. */
export interface ResourceChanges {
  markChanged(projectId: string, uri: string): Promise<boolean>
}

export function webhooksService(subscriptions: SubscriptionsService, resources: ResourceChanges) {
  return {
    events: () => ({ events: WEBHOOK_EVENTS.map((e) => ({ ...e })) }),
    /** The body's `uri`, or a resource subscription's own uri when the body names none. */
    async inbound(
      projectId: string,
      subscriptionId: string,
      uri: string | undefined,
    ): Promise<{ accepted: true; uri: string }> {
      const sub = await subscriptions.mustGet(projectId, subscriptionId)
      const target = uri ?? sub.uri ?? undefined
      if (!target)
        throw badRequest('uri is required: name the resource that changed', [
          { field: 'body.uri', message: 'required for a project subscription' },
        ])
      if (!(await resources.markChanged(projectId, target))) throw notFound('resource')
      return { accepted: true, uri: target }
    },
  }
}
export type WebhooksService = ReturnType<typeof webhooksService>
