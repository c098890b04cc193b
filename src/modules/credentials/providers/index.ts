// Routes for /mcp/providers: list built-ins + the project's own; define or configure one; remove the project's own.
import { Elysia } from 'elysia'
import { errorResponses } from '../../../http/common-model'
import { type GuardDeps, guard } from '../../../http/guard'
import type { OAuthService } from '../oauth/service'
import { CreateProviderBody, ProviderIdParams, ProviderList, ProviderView } from './model'
import type { ProvidersService } from './service'

export const providersModule = (deps: GuardDeps & { vault: { providers: ProvidersService; oauth: OAuthService } }) =>
  new Elysia({ name: 'toolyard.providers' })
    .use(guard(deps))
    .get(
      '/providers',
      async ({ auth }) => ({
        providers: await deps.vault.providers.list(auth.projectId),
        redirect_uri: deps.vault.oauth.hostedRedirectUri(),
      }),
      {
        api: 'credentials_read',
        response: { 200: ProviderList, ...errorResponses },
        detail: {
          tags: ['providers'],
          summary: 'Built-in providers and the project’s own, with whether OAuth is configured',
        },
      },
    )
    .post(
      '/providers',
      ({ auth, body, set }) => {
        set.status = 201
        return deps.vault.providers.create(auth.projectId, body)
      },
      {
        api: 'credentials_write',
        body: CreateProviderBody,
        response: { 201: ProviderView, ...errorResponses },
        detail: {
          tags: ['providers'],
          summary: 'Define a provider, or configure a built-in one (same id) with OAuth client details',
        },
      },
    )
    .delete(
      '/providers/:id',
      async ({ auth, params }) => {
        await deps.vault.providers.remove(auth.projectId, params.id)
        return { id: params.id, deleted: true }
      },
      {
        api: 'credentials_write',
        params: ProviderIdParams,
        detail: {
          tags: ['providers'],
          summary: 'Remove the project’s own provider (or its configuration of a built-in)',
        },
      },
    )
