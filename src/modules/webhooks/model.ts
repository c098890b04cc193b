// TypeBox schemas for the webhook event list and the inbound webhook endpoint.
import { t } from 'elysia'

export const WebhookEventList = t.Object({ events: t.Array(t.Object({ name: t.String(), description: t.String() })) })

/** An external service's report: its own fields are allowed; `uri` names the changed resource. */
export const InboundBody = t.Optional(
  t.Object(
    { uri: t.Optional(t.String({ minLength: 1, maxLength: 2000, error: 'uri must be a non-empty string' })) },
    { additionalProperties: true },
  ),
)
export const InboundParams = t.Object({ subscription_id: t.String({ minLength: 1, maxLength: 64 }) })
export const InboundAccepted = t.Object({ accepted: t.Literal(true), uri: t.String() })
