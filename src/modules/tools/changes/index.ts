// Routes for reviewing a toolkit's held changes: the list with each diff, and a person's decision on one.
import { Elysia } from 'elysia'
import { errorResponses, IdParams } from '../../../http/common-model'
import { type GuardDeps, guard } from '../../../http/guard'
import { actorOfRequest } from '../../audit/actor'
import { ChangeList, ChangeParams, ChangesQuery, ChangeView, DecisionBody } from './model'
import type { ToolkitChanges } from './service'

export const toolkitChangesModule = (deps: GuardDeps & { toolkitChanges: ToolkitChanges }) =>
  new Elysia({ name: 'toolyard.toolkit-changes' })
    .use(guard(deps))
    .get(
      '/toolkits/:id/changes',
      ({ auth, params, query }) =>
        deps.toolkitChanges.listFor(auth.projectId, params.id, query.status, query.limit ?? 100),
      {
        api: 'toolkits_read',
        params: IdParams,
        query: ChangesQuery,
        response: { 200: ChangeList, ...errorResponses },
        detail: {
          tags: ['toolkits'],
          summary: "A toolkit's tool changes held for review (pending and decided), each with its diff and flags",
        },
      },
    )
    .post(
      '/toolkits/:id/changes/:change_id',
      ({ auth, params, body, request }) =>
        deps.toolkitChanges.decideFor(
          auth.projectId,
          params.id,
          params.change_id,
          body.decision,
          auth.keyId,
          actorOfRequest(request, auth),
        ),
      {
        api: 'toolkits_update',
        params: ChangeParams,
        body: DecisionBody,
        response: { 200: ChangeView, ...errorResponses },
        detail: {
          tags: ['toolkits'],
          summary: 'Approve (serve it) or reject a held change; a change decided already is 409',
        },
      },
    )
