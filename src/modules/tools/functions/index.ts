// Routes for /functions: CRUD of the project's javascript, typescript and http functions, and running one (invoke).

import { Elysia } from 'elysia'
import { errorResponses, IdParams, ListQuery } from '../../../http/common-model'
import { type GuardDeps, guard } from '../../../http/guard'
import { requestIdOf } from '../../../http/pipeline'
import type { FunctionInvoker } from './invoke'
import {
  CreateFunctionBody,
  DeleteFunctionQuery,
  FunctionList,
  FunctionView,
  InvokeFunctionBody,
  InvokeResult,
  UpdateFunctionBody,
} from './model'
import type { FunctionsService } from './service'

export const functionsModule = (deps: GuardDeps & { functions: FunctionsService; invokeFunction: FunctionInvoker }) =>
  new Elysia({ name: 'toolyard.functions' })
    .use(guard(deps))
    .post(
      '/functions',
      async ({ auth, body, set }) => {
        const created = await deps.functions.create(auth.projectId, body)
        set.status = 201
        return created
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
      async ({ auth, params, query }) => {
        await deps.functions.remove(auth.projectId, params.id, query.force === 'true')
        return { id: params.id, deleted: true }
      },
      {
        api: 'other',
        params: IdParams,
        query: DeleteFunctionQuery,
        detail: { tags: ['functions'], summary: 'Delete a function (409 in_use while tools or resources use it)' },
      },
    )
    .post(
      '/functions/:id/invoke',
      ({ auth, params, body, request }) =>
        deps.invokeFunction(auth.projectId, params.id, body, request.signal, requestIdOf(request)),
      {
        api: 'functions_invoke',
        params: IdParams,
        body: InvokeFunctionBody,
        response: { 200: InvokeResult, ...errorResponses },
        detail: { tags: ['functions'], summary: 'Run a function with an input, without a tool' },
      },
    )
