// Routes for /users: a project's end users, their tokens (shown once) and connections. Admin keys only (the guard
// refuses an mcp key here). Rate groups: credentials_write / credentials_read, as users hold credentials and tokens.
import { Elysia, t } from 'elysia'
import { errorResponses, IdParams } from '../../http/common-model'
import { type GuardDeps, guard } from '../../http/guard'
import type { ConnectService } from './connect'
import { connectResponse, foreignPost } from './connect-page'
import {
  ConnectLinkView,
  ConnectTokenParams,
  CreateConnectBody,
  CreatedTokenView,
  CreateTokenBody,
  CreateUserBody,
  UserDeleted,
  UserDetailView,
  UserList,
  UsersQuery,
  UserView,
} from './model'
import type { UsersService } from './service'

const tags = ['users']

export const usersModule = (deps: GuardDeps & { users: UsersService; connect: ConnectService }) =>
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
    .get(
      '/users',
      ({ auth, query }) => deps.users.list(auth.projectId, query.limit ?? 50, query.cursor, query.external_id),
      {
        api: 'credentials_read',
        query: UsersQuery,
        response: { 200: UserList, ...errorResponses },
        detail: { tags, summary: "The project's end users" },
      },
    )
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
        const token = await deps.users.createToken(auth.projectId, params.id, body ?? {})
        set.status = 201
        return token
      },
      {
        api: 'credentials_write',
        params: IdParams,
        // No body at all is a default token (24 h, every server).
        body: t.Optional(CreateTokenBody),
        response: { 201: CreatedTokenView, ...errorResponses },
        detail: { tags, summary: 'Mint an mcp-role token bound to this user (default 24 h; shown once)' },
      },
    )
    .post(
      '/users/:id/connect',
      async ({ auth, params, body, set }) => {
        const link = await deps.connect.create(auth.projectId, params.id, body.provider_id)
        set.status = 201
        return link
      },
      {
        api: 'credentials_write',
        params: IdParams,
        body: CreateConnectBody,
        response: { 201: ConnectLinkView, ...errorResponses },
        detail: {
          tags,
          summary:
            'A connect link: a page where the user connects their own account at the provider (single use, 10 minutes)',
        },
      },
    )
    // The link's page needs no key: the single-use, unguessable token in the path is the proof.
    .get('/connect/:token', async ({ params }) => connectResponse(await deps.connect.open(params.token)), {
      limit: 'other',
      params: ConnectTokenParams,
      detail: { tags, summary: "Connect link page: the provider's sign-in, or a form for an API key" },
    })
    .post(
      '/connect/:token',
      async ({ params, body, request }) => {
        if (foreignPost(request))
          return connectResponse({
            kind: 'message',
            status: 403,
            title: 'Not connected',
            message: 'The form was posted from another site; nothing was stored.',
          })
        const form = Object.fromEntries(
          Object.entries(typeof body === 'object' && body !== null ? body : {}).filter(
            (e): e is [string, string] => typeof e[1] === 'string',
          ),
        )
        return connectResponse(await deps.connect.submit(params.token, form))
      },
      {
        limit: 'other',
        params: ConnectTokenParams,
        detail: { tags, summary: 'Connect link form: stores the API key for the user, once' },
      },
    )
