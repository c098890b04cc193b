// Routes for /functions: CRUD of the project's javascript and http functions.
import { Elysia } from 'elysia'
import { errorResponses, IdParams, ListQuery } from '../../../http/common-model'
import { type GuardDeps, guard } from '../../../http/guard'
import { CreateFunctionBody, FunctionList, FunctionView, UpdateFunctionBody } from './model'
import type { FunctionsService } from './service'

export const functionsModule = (deps: GuardDeps & { functions: FunctionsService }) =>
  new Elysia({ name: 'toolyard.functions' })
    .use(guard(deps))
    .post(
      '/functions',
      ({ auth, body, set }) => {
        set.status = 201
        return deps.functions.create(auth.projectId, body)
      },
      {
        api: 'register',
        body: CreateFunctionBody,
        response: { 201: FunctionView, ...errorResponses },
        detail: { tags: ['functions'], summary: 'Create a function' },
      },
    )
    .get('/functions', ({ auth, query }) => deps.functions.list(auth.projectId, query.limit ?? 50, query.cursor), {
      api: 'other',
      query: ListQuery,
      response: { 200: FunctionList, ...errorResponses },
      detail: { tags: ['functions'], summary: "List the project's functions" },
    })
    .get('/functions/:id', ({ auth, params }) => deps.functions.get(auth.projectId, params.id), {
      api: 'other',
      params: IdParams,
      response: { 200: FunctionView, ...errorResponses },
      detail: { tags: ['functions'], summary: 'Get a function' },
    })
    .patch('/functions/:id', ({ auth, params, body }) => deps.functions.update(auth.projectId, params.id, body), {
      api: 'other',
      params: IdParams,
      body: UpdateFunctionBody,
      response: { 200: FunctionView, ...errorResponses },
      detail: { tags: ['functions'], summary: 'Update a function' },
    })
    .delete(
      '/functions/:id',
      ({ auth, params }) => {
        deps.functions.remove(auth.projectId, params.id)
        return { id: params.id, deleted: true }
      },
      { api: 'other', params: IdParams, detail: { tags: ['functions'], summary: 'Delete a function' } },
    )
