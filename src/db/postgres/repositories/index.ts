// Every repository's PostgreSQL dialect over one store: what the composition root will build in PostgreSQL mode in
// place of the SQLite factories (docs/decisions/0039-postgresql-repositories.md).
import type { PgStore } from '../store'
import { pgCallsRepository } from './calls'
import { pgCredentialsRepository } from './credentials'
import { pgDataKeysRepository } from './data-keys'
import { pgFunctionsRepository } from './functions'
import { pgHealthRepository } from './health'
import { pgOAuthFlowsRepository } from './oauth-flows'
import { pgOAuthServerRepository } from './oauth-server'
import { pgOpenApiRepository } from './openapi-toolkits'
import { pgProjectsRepository } from './projects'
import { pgPromptsRepository } from './prompts'
import { pgProvidersRepository } from './providers'
import { pgRemoteRepository } from './remote-toolkits'
import { pgResourcesRepository } from './resources'
import { pgServerToolsRepository } from './server-tools'
import { pgServersRepository } from './servers'
import { pgSubscriptionsRepository } from './subscriptions'
import { pgToolSearchRepository } from './tool-search'
import { pgToolkitsRepository } from './toolkits'
import { pgToolsRepository } from './tools'
import { pgWebhooksRepository } from './webhooks'

export function postgresRepositories(pg: PgStore) {
  return {
    projects: pgProjectsRepository(pg),
    servers: pgServersRepository(pg),
    dataKeys: pgDataKeysRepository(pg),
    health: pgHealthRepository(pg),
    tools: pgToolsRepository(pg),
    toolkits: pgToolkitsRepository(pg),
    serverTools: pgServerToolsRepository(pg),
    functions: pgFunctionsRepository(pg),
    toolSearch: pgToolSearchRepository(pg),
    remote: pgRemoteRepository(pg),
    openApi: pgOpenApiRepository(pg),
    resources: pgResourcesRepository(pg),
    prompts: pgPromptsRepository(pg),
    credentials: pgCredentialsRepository(pg),
    oauthFlows: pgOAuthFlowsRepository(pg),
    providers: pgProvidersRepository(pg),
    subscriptions: pgSubscriptionsRepository(pg),
    webhooks: pgWebhooksRepository(pg),
    calls: pgCallsRepository(pg),
    oauthServer: pgOAuthServerRepository(pg),
  }
}
