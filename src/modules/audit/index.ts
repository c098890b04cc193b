// GET /audit (pages of the project's audit trail, oldest first from `since`), GET /audit/export (all of it as JSON
// Lines, streamed) and GET /audit/verify (the hash chain checked: ok, or the first entry removed or altered).
import { Elysia } from 'elysia'
import { errorResponses } from '../../http/common-model'
import { type GuardDeps, guard } from '../../http/guard'
import { AuditPage, AuditQuery, AuditVerifyView } from './model'
import type { AuditLog } from './service'

const tags = ['audit']

export const auditModule = (deps: GuardDeps & { audit: AuditLog }) =>
  new Elysia({ name: 'toolyard.audit' })
    .use(guard(deps))
    .get(
      '/audit',
      ({ auth, query }) =>
        deps.audit.list(auth.projectId, { since: query.since, cursor: query.cursor, limit: query.limit ?? 100 }),
      {
        api: 'misc',
        query: AuditQuery,
        response: { 200: AuditPage, ...errorResponses },
        detail: { tags, summary: "The project's audit trail, oldest first (from `since`, paged by `cursor`)" },
      },
    )
    .get(
      '/audit/export',
      ({ auth, query }) => {
        const lines = deps.audit.exportLines(auth.projectId, query.since)
        const encoder = new TextEncoder()
        const stream = new ReadableStream<Uint8Array>({
          async pull(controller) {
            const next = await lines.next()
            if (next.done) controller.close()
            else controller.enqueue(encoder.encode(next.value))
          },
          async cancel() {
            await lines.return(undefined)
          },
        })
        return new Response(stream, { headers: { 'content-type': 'application/x-ndjson; charset=utf-8' } })
      },
      {
        api: 'misc',
        query: AuditQuery,
        detail: { tags, summary: 'The whole audit trail as JSON Lines (one entry per line), streamed' },
      },
    )
    .get('/audit/verify', ({ auth }) => deps.audit.verify(auth.projectId), {
      api: 'misc',
      response: { 200: AuditVerifyView, ...errorResponses },
      detail: { tags, summary: "Checks the audit trail's hash chain: ok, or the first entry removed or altered" },
    })
