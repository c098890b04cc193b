// Admin API (only when TOOLYARD_ADMIN_TOKEN is set): projects and their API keys.
import { Elysia } from 'elysia'
import { errorResponses, IdParams } from '../../http/common-model'
import { type GuardDeps, guard } from '../../http/guard'
import { Project, PublicKey } from '../projects/model'
import { CreatedKey, CreateKeyBody, CreateProjectBody, KeyList, ProjectList } from './model'
import type { AdminService } from './service'

const tags = ['admin']

export const adminModule = (deps: GuardDeps & { admin: AdminService }) =>
  new Elysia({ name: 'toolyard.admin', prefix: '/admin' })
    .use(guard(deps))
    // Transform runs before body validation, so a caller without the token learns nothing about the body.
    .onTransform(({ request }) => deps.admin.checkToken(request.headers.get('authorization')))
    .post(
      '/projects',
      ({ body, set }) => {
        set.status = 201
        return deps.admin.createProject(body.name)
      },
      {
        limit: 'other',
        body: CreateProjectBody,
        response: { 201: Project, ...errorResponses },
        detail: { tags, summary: 'Create a project' },
      },
    )
    .get('/projects', async () => ({ projects: await deps.admin.listProjects() }), {
      limit: 'other',
      response: { 200: ProjectList, ...errorResponses },
      detail: { tags, summary: 'List projects' },
    })
    .post(
      '/projects/:id/keys',
      async ({ params, body, set }) => {
        const created = await deps.admin.createKey(params.id, body)
        set.status = 201
        return created
      },
      {
        limit: 'other',
        params: IdParams,
        body: CreateKeyBody,
        response: { 201: CreatedKey, ...errorResponses },
        detail: { tags, summary: 'Create an API key (shown once)' },
      },
    )
    .get('/projects/:id/keys', async ({ params }) => ({ keys: await deps.admin.listKeys(params.id) }), {
      limit: 'other',
      params: IdParams,
      response: { 200: KeyList, ...errorResponses },
      detail: { tags, summary: "List a project's keys" },
    })
    .delete('/keys/:id', ({ params }) => deps.admin.revokeKey(params.id), {
      limit: 'other',
      params: IdParams,
      response: { 200: PublicKey, ...errorResponses },
      detail: { tags, summary: 'Revoke an API key' },
    })
