// Every repository's PostgreSQL dialect over one store: what the composition root will build in PostgreSQL mode in
// place of the SQLite factories (docs/decisions/0039-postgresql-repositories.md).

import { dataKeysRepository } from '../../../crypto/seal-repository'
import { oauthFlowsRepository } from '../../../modules/credentials/oauth/repository'
import { providersRepository } from '../../../modules/credentials/providers/repository'
import { healthRepository } from '../../../modules/health/repository'
import { projectsRepository } from '../../../modules/projects/repository'
import { promptsRepository } from '../../../modules/prompts/repository'
import { resourcesRepository } from '../../../modules/resources/repository'
import { serversRepository } from '../../../modules/servers/repository'
import type { PgStore } from '../store'
import { pgCallsRepository } from './calls'
import { pgCredentialsRepository } from './credentials'
import { pgFunctionsRepository } from './functions'
import { pgOAuthServerRepository } from './oauth-server'
import { pgOpenApiRepository } from './openapi-toolkits'
import { pgRemoteRepository } from './remote-toolkits'
import { pgServerToolsRepository } from './server-tools'
import { pgSubscriptionsRepository } from './subscriptions'
import { pgToolSearchRepository } from './tool-search'
import { pgToolkitsRepository } from './toolkits'
import { pgToolsRepository } from './tools'
import { pgWebhooksRepository } from './webhooks'

export function postgresRepositories(pg: PgStore) {
  return {
    projects: projectsRepository(pg),
    servers: serversRepository(pg),
    dataKeys: dataKeysRepository(pg),
    health: healthRepository(pg),
    tools: pgToolsRepository(pg),
    toolkits: pgToolkitsRepository(pg),
    serverTools: pgServerToolsRepository(pg),
    functions: pgFunctionsRepository(pg),
    toolSearch: pgToolSearchRepository(pg),
    remote: pgRemoteRepository(pg),
    openApi: pgOpenApiRepository(pg),
    resources: resourcesRepository(pg),
    prompts: promptsRepository(pg),
    credentials: pgCredentialsRepository(pg),
    oauthFlows: oauthFlowsRepository(pg),
    providers: providersRepository(pg),
    subscriptions: pgSubscriptionsRepository(pg),
    webhooks: pgWebhooksRepository(pg),
    calls: pgCallsRepository(pg),
    oauthServer: pgOAuthServerRepository(pg),
  }
}
