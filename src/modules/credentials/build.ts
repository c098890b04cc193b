// Builds the credentials feature from real parts: keyring, sealer, providers, credentials, OAuth flows, refresher, access port.
import type { Config } from '../../config'
import { loadKeyring } from '../../crypto/master-key'
import { createSealer } from '../../crypto/seal'
import type { DataKeysRepository } from '../../crypto/seal-repository'
import type { StoragePort } from '../../db/store'
import type { Egress } from '../../egress/client'
import type { Logger } from '../../lib/log'
import { createCredentialAccess } from './access'
import { createRefresher, type RefresherDeps } from './oauth/refresher'
import type { OAuthFlowsRepository } from './oauth/repository'
import { oauthService } from './oauth/service'
import type { CredentialOwners } from './owners'
import type { ProvidersRepository } from './providers/repository'
import { providersService } from './providers/service'
import type { CredentialsRepository } from './repository'
import { credentialsService } from './service'

export function buildVault(deps: {
  store: StoragePort
  /** Either backend's (src/storage.ts). */
  repos: {
    dataKeys: DataKeysRepository
    providers: ProvidersRepository
    credentials: CredentialsRepository
    oauthFlows: OAuthFlowsRepository
  }
  config: Pick<Config, 'dataDir' | 'masterKey' | 'oauthRefreshMarginS'>
  log: Logger
  egress: Egress
  onRefresh?: RefresherDeps['onRefresh']
  urls: { get(): string }
  /** Users' own credentials (src/modules/users). */
  owners?: CredentialOwners
}) {
  // A bad TOOLYARD_MASTER_KEY stops start-up here with a ConfigError naming the variable.
  const keyring = loadKeyring({ dataDir: deps.config.dataDir, masterKey: deps.config.masterKey })
  const sealer = createSealer(keyring, deps.repos.dataKeys)
  const providers = providersService(deps.repos.providers, sealer)
  const credentialsRepo = deps.repos.credentials
  const flows = deps.repos.oauthFlows
  const credentials = credentialsService(credentialsRepo, sealer, providers, deps.owners)
  const refresher = createRefresher({
    credentials: credentialsRepo,
    providers,
    sealer,
    egress: deps.egress,
    log: deps.log,
    onRefresh: deps.onRefresh,
    marginS: deps.config.oauthRefreshMarginS,
  })
  const oauth = oauthService({
    flows,
    credentialsRepo,
    credentials,
    providers,
    refresher,
    sealer,
    egress: deps.egress,
    log: deps.log,
    hostedRedirectUri: () => `${deps.urls.get()}/mcp/oauth/redirect`,
    store: deps.store,
    ...(deps.owners ? { owners: deps.owners } : {}),
  })
  const access = createCredentialAccess({
    credentials: credentialsRepo,
    providers,
    sealer,
    refresher,
    marginS: deps.config.oauthRefreshMarginS,
    onUnreadable: (projectId, credentialId, err) =>
      deps.log.warn('credential cannot be decrypted', {
        project_id: projectId,
        credential_id: credentialId,
        error: err instanceof Error ? err.message : 'unknown',
      }),
  })
  return {
    /** The master keyring; the OAuth server derives its token-signing key from it. */
    keyring,
    sealer,
    providers,
    credentials,
    oauth,
    refresher,
    access,
    /** The OAuth flows in progress, for the pruning job (oauth/prune-job.ts). */
    flows,
    marginS: deps.config.oauthRefreshMarginS,
    /** OAuth credentials due for a refresh (oauth/due.ts): within the margin, not backing off or claimed. */
    dueForRefresh(now = Date.now()): ReturnType<typeof credentialsRepo.due> {
      return credentialsRepo.due(
        new Date(now + deps.config.oauthRefreshMarginS * 1000).toISOString(),
        new Date(now).toISOString(),
      )
    },
  }
}
export type Vault = ReturnType<typeof buildVault>
