// Routes for /keys: an admin key creates, lists and revokes the project's keys (admin or mcp role).
// Rate groups: credentials_write for create/revoke, credentials_read for the list (keys are secrets like credentials).
import { Elysia } from 'elysia'
import { errorResponses, IdParams } from '../../http/common-model'
import { type GuardDeps, guard } from '../../http/guard'
import type { ProjectsService } from '../projects/service'
import type { ServersService } from '../servers/service'
import { CreatedKeyView, CreateKeyBody, KeyListView, KeyView } from './model'
import { keysService } from './service'

const tags = ['keys']

export const keysModule = (deps: GuardDeps & { projects: ProjectsService; servers: ServersService }) => {
  const keys = keysService(deps)
  return new Elysia({ name: 'toolyard.keys' })
    .use(guard(deps))
    .post(
      '/keys',
      async ({ auth, body, set }) => {
        const created = await keys.create(auth.projectId, body)
        set.status = 201
        return created
      },
      {
        api: 'credentials_write',
        body: CreateKeyBody,
        response: { 201: CreatedKeyView, ...errorResponses },
        detail: { tags, summary: 'Create an API key (admin, or mcp limited to the protocol and use endpoints)' },
      },
    )
    .get('/keys', async ({ auth }) => ({ keys: await keys.list(auth.projectId) }), {
      api: 'credentials_read',
      response: { 200: KeyListView, ...errorResponses },
      detail: { tags, summary: "The project's API keys (never the keys themselves)" },
    })
    .delete('/keys/:id', ({ auth, params }) => keys.revoke(auth.projectId, params.id), {
      api: 'credentials_write',
      params: IdParams,
      response: { 200: KeyView, ...errorResponses },
      detail: { tags, summary: 'Revoke a key; it is refused from the next request on' },
    })
}
