// Routes: the list of webhook events, and the inbound endpoint where external services report changes.
import { Elysia } from 'elysia'
import { errorResponses } from '../../http/common-model'
import { type GuardDeps, guard } from '../../http/guard'
import { InboundAccepted, InboundBody, InboundParams, WebhookEventList } from './model'
import type { WebhooksService } from './service'

const tags = ['webhooks']

export const webhooksModule = (deps: GuardDeps & { webhooks: WebhooksService }) =>
  new Elysia({ name: 'toolyard.webhooks' })
    .use(guard(deps))
    .post('/webhooks/list', () => deps.webhooks.events(), {
      api: 'misc',
      response: { 200: WebhookEventList, ...errorResponses },
      detail: { tags, summary: 'Webhook events a subscription receives' },
    })
    .post(
      '/webhooks/:subscription_id',
      async ({ auth, params, body, set }) => {
        const result = await deps.webhooks.inbound(auth.projectId, params.subscription_id, body?.uri)
        set.status = 202
        return result
      },
      {
        // The spec lists no rate limit here; an own group bounds how fast one key can fan out deliveries.
        api: 'webhooks_inbound',
        params: InboundParams,
        body: InboundBody,
        response: { 202: InboundAccepted, ...errorResponses },
        detail: { tags, summary: 'Receive a change report from an external service (marks the resource changed)' },
      },
    )
