// Routes for project and resource subscriptions and their delivery log.
import { Elysia } from 'elysia'
import { errorResponses, IdParams, ListQuery } from '../../../http/common-model'
import { type GuardDeps, guard } from '../../../http/guard'
import {
  AltUpdateBody,
  CreatedSubscription,
  DeliveryList,
  DeliveryListQuery,
  DeliveryParams,
  Redelivered,
  RedeliveredSince,
  RedeliverSinceBody,
  ResourceSubscribeBody,
  ResourceSubscriptionsBody,
  ResourceUnsubscribeBody,
  ResourceUnsubscribed,
  SubscribeBody,
  SubscriptionList,
  SubscriptionView,
  UnsubscribeBody,
  Unsubscribed,
  UpdateBody,
} from './model'
import type { Redeliveries } from './redeliver'
import type { SubscriptionsService } from './service'

const tags = ['subscriptions']

export const subscriptionsModule = (
  deps: GuardDeps & { subscriptions: SubscriptionsService; redeliveries: Redeliveries },
) =>
  new Elysia({ name: 'toolyard.subscriptions' })
    .use(guard(deps))
    // The spec lists no rate limit for these ("none"): group `unlimited`, except creation (group `subscriptions`).
    .post(
      '/subscribe',
      ({ auth, body, set }) => {
        set.status = 201
        return deps.subscriptions.create(auth.projectId, auth.keyId, { callback_url: body.callback_url })
      },
      {
        api: 'subscriptions',
        body: SubscribeBody,
        response: { 201: CreatedSubscription, ...errorResponses },
        detail: { tags, summary: 'Subscribe to every resource event of the project' },
      },
    )
    .get(
      '/subscriptions',
      ({ auth, query }) => deps.subscriptions.list(auth.projectId, query.limit ?? 50, query.cursor),
      {
        api: 'unlimited',
        query: ListQuery,
        response: { 200: SubscriptionList, ...errorResponses },
        detail: { tags, summary: "The project's subscriptions (project and resource level)" },
      },
    )
    .put(
      '/subscriptions/:id',
      ({ auth, params, body }) => deps.subscriptions.updateCallback(auth.projectId, params.id, body.callback_url),
      {
        api: 'unlimited',
        params: IdParams,
        body: UpdateBody,
        response: { 200: SubscriptionView, ...errorResponses },
        detail: { tags, summary: "Change a subscription's callback URL" },
      },
    )
    .post(
      '/subscription/update',
      ({ auth, body }) => deps.subscriptions.updateCallback(auth.projectId, body.subscription_id, body.callback_url),
      {
        api: 'unlimited',
        body: AltUpdateBody,
        response: { 200: SubscriptionView, ...errorResponses },
        detail: { tags, summary: "Change a subscription's callback URL (alternative form)" },
      },
    )
    .post(
      '/unsubscribe',
      async ({ auth, body }) => {
        await deps.subscriptions.remove(auth.projectId, body.subscription_id)
        return { id: body.subscription_id, deleted: true as const }
      },
      {
        api: 'unlimited',
        body: UnsubscribeBody,
        response: { 200: Unsubscribed, ...errorResponses },
        detail: { tags, summary: 'Remove a subscription (its pending deliveries are dropped)' },
      },
    )
    .get(
      '/subscriptions/:id/deliveries',
      ({ auth, params, query }) =>
        deps.subscriptions.deliveries(auth.projectId, params.id, query.limit ?? 50, query.cursor, query.status),
      {
        api: 'unlimited',
        params: IdParams,
        query: DeliveryListQuery,
        response: { 200: DeliveryList, ...errorResponses },
        detail: {
          tags,
          summary: "A subscription's webhook deliveries with every attempt (status=failed: what can be re-sent)",
        },
      },
    )
    .post(
      '/subscriptions/:id/deliveries/:delivery_id/redeliver',
      async ({ auth, params, set }) => {
        const result = await deps.redeliveries.one(auth.projectId, params.id, params.delivery_id)
        set.status = 202
        return result
      },
      {
        api: 'unlimited',
        params: DeliveryParams,
        response: { 202: Redelivered, ...errorResponses },
        detail: {
          tags,
          summary: 'Send a failed or delivered delivery again now, with the same webhook-id',
        },
      },
    )
    .post(
      '/subscriptions/:id/redeliver',
      async ({ auth, params, body, set }) => {
        const result = await deps.redeliveries.since(auth.projectId, params.id, body.since)
        set.status = 202
        return result
      },
      {
        api: 'unlimited',
        params: IdParams,
        body: RedeliverSinceBody,
        response: { 202: RedeliveredSince, ...errorResponses },
        detail: { tags, summary: 'Send every failed delivery created since a time again, each with its webhook-id' },
      },
    )
    .post(
      '/resources/subscribe',
      ({ auth, body, set }) => {
        set.status = 201
        return deps.subscriptions.create(auth.projectId, auth.keyId, { uri: body.uri, callback_url: body.callback_url })
      },
      {
        api: 'subscriptions',
        body: ResourceSubscribeBody,
        response: { 201: CreatedSubscription, ...errorResponses },
        detail: { tags, summary: "Subscribe to one resource uri's events" },
      },
    )
    .post(
      '/resources/unsubscribe',
      async ({ auth, body }) => ({
        uri: body.uri,
        deleted: await deps.subscriptions.removeByUri(auth.projectId, body.uri),
      }),
      {
        api: 'resources_misc',
        body: ResourceUnsubscribeBody,
        response: { 200: ResourceUnsubscribed, ...errorResponses },
        detail: { tags, summary: "Remove the project's subscriptions to a resource uri" },
      },
    )
    .post(
      '/resources/subscriptions',
      ({ auth, body, query }) =>
        deps.subscriptions.listResource(auth.projectId, body?.uri, query.limit ?? 50, query.cursor),
      {
        api: 'resources_misc',
        body: ResourceSubscriptionsBody,
        query: ListQuery,
        response: { 200: SubscriptionList, ...errorResponses },
        detail: { tags, summary: 'Active resource-level subscriptions (optionally of one uri)' },
      },
    )
