// Admin API (only when TOOLYARD_ADMIN_TOKEN is set): projects and their API keys.

import { createHash, timingSafeEqual } from 'node:crypto'
import { Elysia, t } from 'elysia'
import { errorResponses, IdParams } from '../../http/common-model'
import { AppError } from '../../http/errors'
import { type GuardDeps, guard } from '../../http/guard'
import { parseDuration } from '../projects/service'

const digest = (s: string) => createHash('sha256').update(s).digest()

const Project = t.Object({ id: t.String(), name: t.String(), created_at: t.String() })
const Key = t.Object({
  id: t.String(),
  project_id: t.String(),
  name: t.String(),
  prefix: t.String(),
  created_at: t.String(),
  expires_at: t.Optional(t.String()),
  revoked_at: t.Optional(t.String()),
  last_used_at: t.Optional(t.String()),
})
const CreateProjectBody = t.Object(
  { name: t.String({ minLength: 1, maxLength: 100 }) },
  { additionalProperties: false },
)
const CreateKeyBody = t.Object(
  {
    name: t.Optional(t.String({ minLength: 1, maxLength: 100 })),
    expires_in: t.Optional(t.String({ maxLength: 20, description: 'e.g. 30d, 12h, 15m, 3600s' })),
  },
  { additionalProperties: false },
)

export const adminModule = (deps: GuardDeps & { adminToken: string }) => {
  const expected = digest(deps.adminToken)
  const check = (header: string | null) => {
    const m = header ? /^Bearer\s+(.+)$/i.exec(header.trim()) : null
    // Compare digests so the comparison takes the same time whatever the presented length.
    if (!m || !timingSafeEqual(digest(m[1]!.trim()), expected))
      throw new AppError('unauthorized', 'admin token required (Authorization: Bearer <TOOLYARD_ADMIN_TOKEN>)')
  }
  const tags = ['admin']
  return (
    new Elysia({ name: 'toolyard.admin', prefix: '/admin' })
      .use(guard(deps))
      // Transform runs before body validation, so a caller without the token learns nothing about the body.
      .onTransform(({ request }) => check(request.headers.get('authorization')))
      .post(
        '/projects',
        ({ body, set }) => {
          set.status = 201
          return deps.projects.createProject(body.name)
        },
        {
          limit: 'other',
          body: CreateProjectBody,
          response: { 201: Project, ...errorResponses },
          detail: { tags, summary: 'Create a project' },
        },
      )
      .get('/projects', () => ({ projects: deps.projects.listProjects() }), {
        limit: 'other',
        response: { 200: t.Object({ projects: t.Array(Project) }), ...errorResponses },
        detail: { tags, summary: 'List projects' },
      })
      .post(
        '/projects/:id/keys',
        ({ params, body, set }) => {
          const { apiKey, key } = deps.projects.createKey(params.id, {
            name: body.name,
            expiresInMs: body.expires_in ? parseDuration(body.expires_in) : undefined,
          })
          set.status = 201
          return { ...key, api_key: apiKey }
        },
        {
          limit: 'other',
          params: IdParams,
          body: CreateKeyBody,
          response: { 201: t.Intersect([Key, t.Object({ api_key: t.String() })]), ...errorResponses },
          detail: { tags, summary: 'Create an API key (shown once)' },
        },
      )
      .get(
        '/projects/:id/keys',
        ({ params }) => {
          if (!deps.projects.projectById(params.id)) throw new AppError('not_found', 'project not found')
          return { keys: deps.projects.listKeys(params.id) }
        },
        {
          limit: 'other',
          params: IdParams,
          response: { 200: t.Object({ keys: t.Array(Key) }), ...errorResponses },
          detail: { tags, summary: "List a project's keys" },
        },
      )
      .delete('/keys/:id', ({ params }) => deps.projects.revokeKey(params.id), {
        limit: 'other',
        params: IdParams,
        response: { 200: Key, ...errorResponses },
        detail: { tags, summary: 'Revoke an API key' },
      })
  )
}
