// Admin API (only when TOOLYARD_ADMIN_TOKEN is set): projects and their API keys.
import { Elysia, t } from 'elysia'
import { timingSafeEqual, createHash } from 'node:crypto'
import { AppError } from '../../http/errors'
import { IdParams } from '../../http/common-model'
import { parseDuration, type ProjectsService } from '../projects/service'

const digest = (s: string) => createHash('sha256').update(s).digest()

export const adminModule = (deps: { projects: ProjectsService; adminToken: string }) => {
  const expected = digest(deps.adminToken)
  const check = (header: string | null) => {
    const m = header ? /^Bearer\s+(.+)$/i.exec(header.trim()) : null
    if (!m || !timingSafeEqual(digest(m[1]!), expected)) throw new AppError('unauthorized', 'admin token required (Authorization: Bearer <TOOLYARD_ADMIN_TOKEN>)')
  }
  return new Elysia({ name: 'toolyard.admin', prefix: '/admin' })
    .onBeforeHandle(({ request }) => check(request.headers.get('authorization')))
    .post(
      '/projects',
      ({ body, set }) => {
        set.status = 201
        return deps.projects.createProject(body.name)
      },
      { body: t.Object({ name: t.String({ minLength: 1, maxLength: 100 }) }, { additionalProperties: false }), detail: { tags: ['admin'] } },
    )
    .get('/projects', () => ({ projects: deps.projects.listProjects() }), { detail: { tags: ['admin'] } })
    .post(
      '/projects/:id/keys',
      ({ params, body, set }) => {
        const { apiKey, key } = deps.projects.createKey(params.id, { name: body.name, expiresInMs: body.expires_in ? parseDuration(body.expires_in) : undefined })
        set.status = 201
        return { ...key, api_key: apiKey }
      },
      {
        params: IdParams,
        body: t.Object({ name: t.Optional(t.String({ minLength: 1, maxLength: 100 })), expires_in: t.Optional(t.String({ maxLength: 20 })) }, { additionalProperties: false }),
        detail: { tags: ['admin'] },
      },
    )
    .get(
      '/projects/:id/keys',
      ({ params }) => {
        if (!deps.projects.projectById(params.id)) throw new AppError('not_found', 'project not found')
        return { keys: deps.projects.listKeys(params.id) }
      },
      { params: IdParams, detail: { tags: ['admin'] } },
    )
    .delete('/keys/:id', ({ params }) => deps.projects.revokeKey(params.id), { params: IdParams, detail: { tags: ['admin'] } })
}
