// Every repository's PostgreSQL dialect over one store: what the composition root will build in PostgreSQL mode in
// place of the SQLite factories (docs/decisions/0039-postgresql-repositories.md).

import { dataKeysRepository } from '../../../crypto/seal-repository'
import { oauthFlowsRepository } from '../../../modules/credentials/oauth/repository'
import { providersRepository } from '../../../modules/credentials/providers/repository'
import { healthRepository } from '../../../modules/health/repository'
import { openApiRepository } from '../../../modules/openapi/repository'
import { projectsRepository } from '../../../modules/projects/repository'
import { promptsRepository } from '../../../modules/prompts/repository'
import { resourcesRepository } from '../../../modules/resources/repository'
import { serversRepository } from '../../../modules/servers/repository'
import { functionsRepository } from '../../../modules/tools/functions/repository'
import { remoteRepository } from '../../../modules/tools/remote/repository'
import { toolsRepository } from '../../../modules/tools/repository'
import { serverToolsRepository } from '../../../modules/tools/server-tools/repository'
import { toolkitsRepository } from '../../../modules/tools/toolkits/repository'
import type { PgStore } from '../store'
import { pgCallsRepository } from './calls'
import { pgCredentialsRepository } from './credentials'
import { pgOAuthServerRepository } from './oauth-server'
import { pgSubscriptionsRepository } from './subscriptions'
import { pgToolSearchRepository } from './tool-search'
import { pgWebhooksRepository } from './webhooks'

export function postgresRepositories(pg: PgStore) {
  return {
    projects: projectsRepository(pg),
    servers: serversRepository(pg),
    dataKeys: dataKeysRepository(pg),
    health: healthRepository(pg),
    tools: toolsRepository(pg),
    toolkits: toolkitsRepository(pg),
    serverTools: serverToolsRepository(pg),
    functions: functionsRepository(pg),
    toolSearch: pgToolSearchRepository(pg),
    remote: remoteRepository(pg),
    openApi: openApiRepository(pg),
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
