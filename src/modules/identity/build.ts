// Builds the identity feature: the project's identity provider, the users its sign-ins find or make, and machine
// clients. The OAuth server takes all three (consent-page sign-in, client_credentials); the dashboard takes the
// provider for members' sign-in.
import type { Sealer } from '../../crypto/seal'
import type { SqlStore } from '../../db/queries'
import type { Egress } from '../../egress/client'
import type { UsersRepository } from '../users/repository'
import { identityUsers } from './identity-users'
import { machineClients } from './machine-clients'
import { oidcRelyingParty } from './oidc'
import { identityProviders } from './provider'
import type { IdentityRepository } from './repository'

export function buildIdentity(deps: {
  store: Pick<SqlStore, 'tx'>
  repo: IdentityRepository
  users: UsersRepository
  sealer: Sealer
  egress: Egress
  /** TOOLYARD_ALLOW_PRIVATE_EGRESS: a plain-http issuer (a provider on this machine) is allowed only with it. */
  allowHttp: boolean
  urls: { get(): string }
  servers: { mustGet(projectId: string, id: string): Promise<unknown> }
}) {
  const oidc = oidcRelyingParty({ egress: deps.egress, allowHttp: deps.allowHttp })
  return {
    providers: identityProviders({ repo: deps.repo, sealer: deps.sealer, oidc, urls: deps.urls }),
    users: identityUsers({ store: deps.store, repo: deps.repo, users: deps.users }),
    machineClients: machineClients({
      repo: deps.repo,
      users: deps.users,
      serverExists: (projectId, id) =>
        deps.servers.mustGet(projectId, id).then(
          () => true,
          () => false,
        ),
      tokenEndpoint: () => `${deps.urls.get()}/mcp/oauth/token`,
    }),
    bindGrant: deps.repo.bindGrant,
  }
}
export type Identity = ReturnType<typeof buildIdentity>
