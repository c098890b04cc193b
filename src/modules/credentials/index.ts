// Routes for /mcp/credentials: create (sealed), list (no secrets), delete.
import { Elysia } from 'elysia'
import { errorResponses, IdParams, ListQuery } from '../../http/common-model'
import { type GuardDeps, guard } from '../../http/guard'
import { CreateCredentialBody, CredentialCreated, CredentialList } from './model'
import type { CredentialsService } from './service'

export const credentialsModule = (deps: GuardDeps & { vault: { credentials: CredentialsService } }) =>
  new Elysia({ name: 'toolyard.credentials' })
    .use(guard(deps))
    .post(
      '/credentials',
      ({ auth, body, set }) => {
        set.status = 201
        return deps.vault.credentials.create(auth.projectId, body)
      },
      {
        api: 'credentials_write',
        body: CreateCredentialBody,
        response: { 201: CredentialCreated, ...errorResponses },
        detail: {
          tags: ['credentials'],
          summary: 'Store a credential (credential_data is write-only, sealed at rest)',
        },
      },
    )
    .get(
      '/credentials',
      ({ auth, query }) => deps.vault.credentials.list(auth.projectId, query.limit ?? 50, query.cursor),
      {
        api: 'credentials_read',
        query: ListQuery,
        response: { 200: CredentialList, ...errorResponses },
        detail: { tags: ['credentials'], summary: "The project's credentials, without secrets" },
      },
    )
    .delete(
      '/credentials/:id',
      async ({ auth, params }) => {
        await deps.vault.credentials.remove(auth.projectId, params.id)
        return { id: params.id, deleted: true }
      },
      {
        api: 'credentials_write',
        params: IdParams,
        detail: {
          tags: ['credentials'],
          summary: 'Delete a credential; tools mapped to it report credential_status missing',
        },
      },
    )
