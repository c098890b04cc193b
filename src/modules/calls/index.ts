// GET /calls: the project's call log (tool calls, resource reads, prompt gets), newest first.
import { Elysia } from 'elysia'
import { errorResponses } from '../../http/common-model'
import { type GuardDeps, guard } from '../../http/guard'
import { CallList, CallsQuery } from './model'
import type { CallLog } from './service'

export const callsModule = (deps: GuardDeps & { callLog: CallLog }) =>
  new Elysia({ name: 'toolyard.calls' })
    .use(guard(deps))
    .get(
      '/calls',
      ({ auth, query }) =>
        deps.callLog.list(
          auth.projectId,
          { server_id: query.server_id, user_id: query.user_id, name: query.tool, outcome: query.outcome },
          query.limit ?? 50,
          query.cursor,
        ),
      {
        api: 'misc',
        query: CallsQuery,
        response: { 200: CallList, ...errorResponses },
        detail: {
          tags: ['calls'],
          summary: 'The call log: tool calls, resource reads and prompt gets (no arguments or results)',
        },
      },
    )
