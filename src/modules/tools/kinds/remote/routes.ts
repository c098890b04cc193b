// GET /servers/{id}/held-back: the uris, uri templates and prompt names of remote toolkits' upstreams that the server
// does not serve because another source holds them (docs/decisions/0360-remote-toolkits-bring-all-of-their-upstream.md).
// Asks the upstreams (as a listing does), so it is a route of its own rather than part of GET /servers/{id}.
import { Elysia, t } from 'elysia'
import { errorResponses, IdParams } from '../../../../http/common-model'
import { type GuardDeps, guard } from '../../../../http/guard'
import type { ServerRef } from '../../../../lib/request-context'
import type { WholeServer } from './server-mcp'

const HeldBack = t.Object({
  held_back: t.Array(
    t.Object({
      kind: t.Union([t.Literal('uri'), t.Literal('uriTemplate'), t.Literal('prompt')]),
      key: t.String(),
      toolkit_id: t.String(),
      held_by: t.Object({ source: t.String(), toolkit_id: t.Optional(t.String()) }),
    }),
  ),
})

export const upstreamPartsModule = (
  deps: GuardDeps & {
    wholeServer: Pick<WholeServer, 'heldBack'>
    servers: { mustGet(projectId: string, id: string): Promise<ServerRef> }
  },
) =>
  new Elysia({ name: 'toolyard.upstream-parts' }).use(guard(deps)).get(
    '/servers/:id/held-back',
    async ({ auth, params }) => ({
      held_back: await deps.wholeServer.heldBack(await deps.servers.mustGet(auth.projectId, params.id)),
    }),
    {
      api: 'other',
      params: IdParams,
      response: { 200: HeldBack, ...errorResponses },
      detail: {
        tags: ['servers'],
        summary: 'Upstream resources, templates and prompts the server holds back (another source has the uri or name)',
      },
    },
  )
