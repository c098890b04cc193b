// TypeBox schemas for subscriptions and their deliveries.
import { t } from 'elysia'

const CallbackUrl = t.String({
  minLength: 1,
  maxLength: 2000,
  pattern: '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$',
  error: 'callback_url must be an http:// or https:// URL',
})
const Uri = t.String({ minLength: 1, maxLength: 2000, error: 'uri must be a non-empty string' })
const SubscriptionId = t.String({ minLength: 1, maxLength: 64, error: 'subscription_id must be a subscription id' })

export const SubscribeBody = t.Object({ callback_url: CallbackUrl }, { additionalProperties: false })
export const ResourceSubscribeBody = t.Object({ uri: Uri, callback_url: CallbackUrl }, { additionalProperties: false })
export const UpdateBody = t.Object({ callback_url: CallbackUrl }, { additionalProperties: false })
export const AltUpdateBody = t.Object(
  { subscription_id: SubscriptionId, callback_url: CallbackUrl },
  { additionalProperties: false },
)
export const UnsubscribeBody = t.Object({ subscription_id: SubscriptionId }, { additionalProperties: false })
export const ResourceUnsubscribeBody = t.Object({ uri: Uri }, { additionalProperties: false })
/** `POST /resources/subscriptions` takes no body; an optional `uri` narrows the list. */
export const ResourceSubscriptionsBody = t.Optional(t.Object({ uri: t.Optional(Uri) }, { additionalProperties: false }))

const viewFields = {
  id: t.String(),
  callback_url: t.String(),
  status: t.Literal('active'),
  created_at: t.String(),
  updated_at: t.String(),
  uri: t.Optional(t.String()),
}
export const SubscriptionView = t.Object(viewFields)
/** The only response that carries the signing secret. */
export const CreatedSubscription = t.Object({ ...viewFields, secret: t.String() })
export const SubscriptionList = t.Object({
  subscriptions: t.Array(SubscriptionView),
  next_cursor: t.Optional(t.String()),
})
export const Unsubscribed = t.Object({ id: t.String(), deleted: t.Literal(true) })
export const ResourceUnsubscribed = t.Object({ uri: t.String(), deleted: t.Array(t.String()) })

const AttemptView = t.Object({
  n: t.Integer(),
  at: t.String(),
  status: t.Optional(t.Integer()),
  error: t.Optional(t.String()),
  duration_ms: t.Integer(),
})
const DeliveryView = t.Object({
  id: t.String(),
  event: t.String(),
  status: t.Union([t.Literal('pending'), t.Literal('delivered'), t.Literal('failed')]),
  attempts: t.Array(AttemptView),
  next_attempt_at: t.Optional(t.String()),
  created_at: t.String(),
  delivered_at: t.Optional(t.String()),
  payload: t.Any(),
})
export const DeliveryList = t.Object({ deliveries: t.Array(DeliveryView), next_cursor: t.Optional(t.String()) })

const DeliveryStatus = t.Union([t.Literal('pending'), t.Literal('delivered'), t.Literal('failed')], {
  error: 'status must be pending, delivered or failed',
})
/** `GET /subscriptions/{id}/deliveries`: a page, optionally of one status (`failed`: what can be re-sent). */
export const DeliveryListQuery = t.Object({
  limit: t.Optional(t.Numeric({ minimum: 1, maximum: 200, default: 50 })),
  cursor: t.Optional(t.String({ maxLength: 200 })),
  status: t.Optional(DeliveryStatus),
})
export const DeliveryParams = t.Object({
  id: t.String({ minLength: 1, maxLength: 64 }),
  delivery_id: t.String({ minLength: 1, maxLength: 64 }),
})
export const Redelivered = t.Object({ id: t.String(), status: t.Literal('pending') })
export const RedeliverSinceBody = t.Object(
  { since: t.String({ minLength: 1, maxLength: 64, error: 'since must be an ISO 8601 date-time' }) },
  { additionalProperties: false },
)
/** `queued` went back to pending now; `remaining` failed ones since then were left (the project's pending cap). */
export const RedeliveredSince = t.Object({ queued: t.Integer(), remaining: t.Integer(), since: t.String() })
