// Routes for /users: a project's end users, their tokens (shown once) and connections. Admin keys only (the guard
// refuses an mcp key here). Rate groups: credentials_write / credentials_read, as users hold credentials and tokens.
import { Elysia } from 'elysia'
import { errorResponses, IdParams, ListQuery } from '../../http/common-model'
import { type GuardDeps, guard } from '../../http/guard'
import {
  CreatedTokenView,
  CreateTokenBody,
  CreateUserBody,
  UserDeleted,
  UserDetailView,
  UserList,
  UserView,
} from './model'
import type { UsersService } from './service'

const tags = ['users']

export const usersModule = (deps: GuardDeps & { users: UsersService }) =>
  new Elysia({ name: 'toolyard.users' })
    .use(guard(deps))
    .post(
      '/users',
      async ({ auth, body, set }) => {
        const user = await deps.users.create(auth.projectId, body)
        set.status = 201
        return user
      },
      {
        api: 'credentials_write',
        body: CreateUserBody,
        response: { 201: UserView, ...errorResponses },
        detail: { tags, summary: "Create an end user (external_id: the app's own id, unique per project)" },
      },
    )
    .get('/users', ({ auth, query }) => deps.users.list(auth.projectId, query.limit ?? 50, query.cursor), {
      api: 'credentials_read',
      query: ListQuery,
      response: { 200: UserList, ...errorResponses },
      detail: { tags, summary: "The project's end users" },
    })
    .get('/users/:id', ({ auth, params }) => deps.users.detail(auth.projectId, params.id), {
      api: 'credentials_read',
      params: IdParams,
      response: { 200: UserDetailView, ...errorResponses },
      detail: { tags, summary: 'A user with its connections and tokens (never a secret)' },
    })
    .delete('/users/:id', ({ auth, params }) => deps.users.remove(auth.projectId, params.id), {
      api: 'credentials_write',
      params: IdParams,
      response: { 200: UserDeleted, ...errorResponses },
      detail: { tags, summary: 'Delete a user: its tokens, grants and credentials end with it' },
    })
    .post(
      '/users/:id/tokens',
      async ({ auth, params, body, set }) => {
        const token = await deps.users.createToken(auth.projectId, params.id, body)
        set.status = 201
        return token
      },
      {
        api: 'credentials_write',
        params: IdParams,
        body: CreateTokenBody,
        response: { 201: CreatedTokenView, ...errorResponses },
        detail: { tags, summary: 'Mint an mcp-role token bound to this user (default 24 h; shown once)' },
      },
    )
