// Routes for policies and approvals (admin keys), and the single-use approval link (no key: its token decides once).
import { Elysia } from 'elysia'
import { errorResponses, IdParams } from '../../http/common-model'
import { type GuardDeps, guard } from '../../http/guard'
import { actorOfRequest } from '../audit/actor'
import type { ApprovalsService } from './approvals'
import { linkPage } from './link-page'
import {
  ApprovalList,
  ApprovalListQuery,
  ApprovalView,
  DecisionBody,
  LinkQuery,
  PolicyBody,
  PolicyDeleted,
  PolicyList,
  PolicyPatch,
  PolicyView,
} from './model'
import type { PoliciesService } from './service'

const tags = ['policies']

export const policiesModule = (deps: GuardDeps & { policies: PoliciesService; approvals: ApprovalsService }) =>
  new Elysia({ name: 'toolyard.policies' })
    .use(guard(deps))
    .post(
      '/policies',
      ({ auth, body, set }) => {
        set.status = 201
        return deps.policies.create(auth.projectId, body)
      },
      {
        api: 'misc',
        body: PolicyBody,
        response: { 201: PolicyView, ...errorResponses },
        detail: { tags, summary: 'Create a policy: allow, deny or require approval for matching tool calls' },
      },
    )
    .get('/policies', ({ auth }) => deps.policies.list(auth.projectId), {
      api: 'unlimited',
      response: { 200: PolicyList, ...errorResponses },
      detail: { tags, summary: "The project's policies, highest priority first" },
    })
    .get('/policies/:id', ({ auth, params }) => deps.policies.get(auth.projectId, params.id), {
      api: 'unlimited',
      params: IdParams,
      response: { 200: PolicyView, ...errorResponses },
      detail: { tags, summary: 'One policy' },
    })
    .put('/policies/:id', ({ auth, params, body }) => deps.policies.replace(auth.projectId, params.id, body), {
      api: 'misc',
      params: IdParams,
      body: PolicyBody,
      response: { 200: PolicyView, ...errorResponses },
      detail: { tags, summary: 'Replace a policy (its version goes up)' },
    })
    .patch('/policies/:id', ({ auth, params, body }) => deps.policies.patch(auth.projectId, params.id, body), {
      api: 'misc',
      params: IdParams,
      body: PolicyPatch,
      response: { 200: PolicyView, ...errorResponses },
      detail: { tags, summary: 'Change some fields of a policy (its version goes up)' },
    })
    .delete('/policies/:id', ({ auth, params }) => deps.policies.remove(auth.projectId, params.id), {
      api: 'misc',
      params: IdParams,
      response: { 200: PolicyDeleted, ...errorResponses },
      detail: { tags, summary: 'Delete a policy' },
    })
    .get(
      '/approvals',
      ({ auth, query }) => deps.approvals.list(auth.projectId, query.status, query.limit ?? 50, query.cursor),
      {
        api: 'unlimited',
        query: ApprovalListQuery,
        response: { 200: ApprovalList, ...errorResponses },
        detail: { tags, summary: 'Approval requests, newest first (status=pending|approved|denied|expired)' },
      },
    )
    .get('/approvals/:id', ({ auth, params }) => deps.approvals.get(auth.projectId, params.id), {
      api: 'unlimited',
      params: IdParams,
      response: { 200: ApprovalView, ...errorResponses },
      detail: { tags, summary: 'One approval request' },
    })
    .post(
      '/approvals/:id',
      ({ auth, params, body, request }) =>
        deps.approvals.decide(
          auth.projectId,
          params.id,
          body.decision,
          body.note,
          `key:${auth.keyId}`,
          actorOfRequest(request, auth),
        ),
      {
        api: 'misc',
        params: IdParams,
        body: DecisionBody,
        response: { 200: ApprovalView, ...errorResponses },
        detail: { tags, summary: 'Approve or deny a pending request (409 once decided or expired)' },
      },
    )
    // The link in approval.requested: a page with the request and two buttons, and the POST they send.
    .get(
      '/approvals/:id/link',
      async ({ params, query, set }) => {
        set.headers['content-type'] = 'text/html; charset=utf-8'
        set.headers['cache-control'] = 'no-store'
        set.headers['referrer-policy'] = 'no-referrer'
        return linkPage(await deps.approvals.byLink(params.id, query.token), params.id, query.token)
      },
      {
        limit: 'misc',
        params: IdParams,
        query: LinkQuery,
        detail: { tags, summary: 'The single-use approval link: a page to approve or deny the request' },
      },
    )
    .post(
      '/approvals/:id/link',
      ({ params, query, body }) => deps.approvals.decideByLink(params.id, query.token, body.decision, body.note),
      {
        limit: 'misc',
        params: IdParams,
        query: LinkQuery,
        body: DecisionBody,
        response: { 200: ApprovalView, ...errorResponses },
        detail: { tags, summary: 'Decide through the single-use link (403 once used, 409 once decided or expired)' },
      },
    )
