// Routes of the identity feature: the project's identity provider (PUT/GET/DELETE /identity-provider; the secret is
// write-only) and machine clients (POST /oauth/clients; listed and deleted with the authorized clients under
// /oauth/clients). Admin keys only (the guard refuses an mcp key here).
import { Elysia, t } from 'elysia'
import { errorResponses } from '../../http/common-model'
import { type GuardDeps, guard } from '../../http/guard'
import type { Identity } from './build'
import {
  CreatedMachineClientView,
  CreateMachineClientBody,
  IdentityProviderView,
  PutIdentityProviderBody,
} from './model'

const tags = ['identity']

export const identityModule = (deps: GuardDeps & { identity: Identity }) => {
  const { providers, machineClients } = deps.identity
  return new Elysia({ name: 'toolyard.identity' })
    .use(guard(deps))
    .put('/identity-provider', ({ auth, body }) => providers.put(auth.projectId, body), {
      api: 'credentials_write',
      body: PutIdentityProviderBody,
      response: { 200: IdentityProviderView, ...errorResponses },
      detail: {
        tags,
        summary:
          "Set the project's OpenID Connect identity provider (checked by its discovery document; the secret is sealed and never returned)",
      },
    })
    .get('/identity-provider', ({ auth }) => providers.get(auth.projectId), {
      api: 'credentials_read',
      response: { 200: IdentityProviderView, ...errorResponses },
      detail: { tags, summary: "The project's identity provider (without its client secret)" },
    })
    .delete('/identity-provider', ({ auth }) => providers.remove(auth.projectId), {
      api: 'credentials_write',
      response: { 200: t.Object({ deleted: t.Literal(true) }), ...errorResponses },
      detail: { tags, summary: 'Remove the identity provider: the consent page asks for a key again' },
    })
    .post(
      '/oauth/clients',
      async ({ auth, body, set }) => {
        const made = await machineClients.create(auth.projectId, body)
        set.status = 201
        return made
      },
      {
        api: 'oauth_write',
        body: CreateMachineClientBody,
        response: { 201: CreatedMachineClientView, ...errorResponses },
        detail: {
          tags: ['oauth-server'],
          summary:
            'Register a machine client for the client_credentials grant, bound to a user or the project (the secret is shown once)',
        },
      },
    )
}
