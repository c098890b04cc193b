// The one place storage is chosen and opened for serve (docs/decisions/0043-postgresql-in-serve.md): SQLite (the file in
// the data dir) or PostgreSQL (TOOLYARD_DATABASE_URL), each as the store services write through, every repository the
// features take, and what the read model watches. src/deps.ts only wires what this returns.
import { join } from 'node:path'
import type { Config } from './config'
import { loadKeyring } from './crypto/master-key'
import { type DataKeysRepository, dataKeysRepository } from './crypto/seal-repository'
import { DB_FILE, ensureDataDir } from './db/data-dir'
import type { Db } from './db/open'
import type { PeerChannel } from './db/postgres/change-feed'
import type { SqlStore } from './db/queries'
import { openSqliteStorage } from './db/sqlite-storage'
import type { StoragePort } from './db/store'
import type { SharedWindows } from './http/rate-limit'
import type { StorageState } from './lib/storage-errors'
import type { TaskDirectory } from './mcp/modern/task-directory'
import type { SessionDirectory } from './mcp/session-directory'
import { type AuditRepository, auditRepository } from './modules/audit/repository'
import { type CallsRepository, callsRepository } from './modules/calls/repository'
import type { ClaimCredentials } from './modules/credentials/oauth/claimed-refresh-job'
import { claimDueCredentials } from './modules/credentials/oauth/refresh-claims'
import { type OAuthFlowsRepository, oauthFlowsRepository } from './modules/credentials/oauth/repository'
import { type ProvidersRepository, providersRepository } from './modules/credentials/providers/repository'
import { type CredentialsRepository, credentialsRepository } from './modules/credentials/repository'
import { type HealthRepository, healthRepository } from './modules/health/repository'
import { type IdentityRepository, identityRepository } from './modules/identity/repository'
import { type OAuthServerRepository, oauthServerRepository } from './modules/oauth-server/repository'
import { type PoliciesRepository, policiesRepository } from './modules/policies/repository'
import { type ProjectsRepository, projectsRepository } from './modules/projects/repository'
import { type PromptsRepository, promptsRepository } from './modules/prompts/repository'
import { type ResourcesRepository, resourcesRepository } from './modules/resources/repository'
import { type ServersRepository, serversRepository } from './modules/servers/repository'
import { type ToolkitChangesRepository, toolkitChangesRepository } from './modules/tools/changes/repository'
import { type FunctionsRepository, functionsRepository } from './modules/tools/functions/repository'
import { type LocalRepository, localRepository } from './modules/tools/kinds/local/repository'
import { type OpenApiRepository, openApiRepository } from './modules/tools/kinds/openapi/repository'
import { type RemoteRepository, remoteRepository } from './modules/tools/kinds/remote/repository'
import { type ToolsRepository, toolsRepository } from './modules/tools/repository'
import { type ToolSearchRepository, toolSearchRepository } from './modules/tools/search/repository'
import {
  type CredentialModesRepository,
  credentialModesRepository,
} from './modules/tools/server-tools/credential-modes'
import { type ServerToolsRepository, serverToolsRepository } from './modules/tools/server-tools/repository'
import { type ToolkitsRepository, toolkitsRepository } from './modules/tools/toolkits/repository'
import { type ConnectLinksRepository, connectLinksRepository } from './modules/users/connect-repository'
import { type UsersRepository, usersRepository } from './modules/users/repository'
import type { ClaimDeliveries } from './modules/webhooks/claiming-queue'
import { claimDueDeliveries } from './modules/webhooks/outbox-claims'
import { type WebhooksRepository, webhooksRepository } from './modules/webhooks/repository'
import { type SubscriptionsRepository, subscriptionsRepository } from './modules/webhooks/subscriptions/repository'
import type { ReadModelDeps } from './read-model/read-model'

/** Every repository port the features take, each written once in its feature folder (docs/decisions/0056-one-query-interface.md). */
export interface Repositories {
  projects: ProjectsRepository
  servers: ServersRepository
  prompts: PromptsRepository
  resources: ResourcesRepository
  health: HealthRepository
  oauthServer: OAuthServerRepository
  tools: ToolsRepository
  toolkits: ToolkitsRepository
  functions: FunctionsRepository
  serverTools: ServerToolsRepository
  toolSearch: ToolSearchRepository
  remote: RemoteRepository
  local: LocalRepository
  openApi: OpenApiRepository
  credentials: CredentialsRepository
  providers: ProvidersRepository
  oauthFlows: OAuthFlowsRepository
  dataKeys: DataKeysRepository
  subscriptions: SubscriptionsRepository
  webhooks: WebhooksRepository
  calls: CallsRepository
  users: UsersRepository
  connectLinks: ConnectLinksRepository
  credentialModes: CredentialModesRepository
  identity: IdentityRepository
  policies: PoliciesRepository
  toolkitChanges: ToolkitChangesRepository
  audit: AuditRepository
}

/** Every repository over one store, the same factories on either engine. */
export function repositories(store: SqlStore): Repositories {
  return {
    projects: projectsRepository(store),
    servers: serversRepository(store),
    prompts: promptsRepository(store),
    resources: resourcesRepository(store),
    health: healthRepository(store),
    oauthServer: oauthServerRepository(store),
    tools: toolsRepository(store),
    toolkits: toolkitsRepository(store),
    functions: functionsRepository(store),
    serverTools: serverToolsRepository(store),
    toolSearch: toolSearchRepository(store),
    remote: remoteRepository(store),
    local: localRepository(store),
    openApi: openApiRepository(store),
    credentials: credentialsRepository(store),
    providers: providersRepository(store),
    oauthFlows: oauthFlowsRepository(store),
    dataKeys: dataKeysRepository(store),
    subscriptions: subscriptionsRepository(store),
    webhooks: webhooksRepository(store),
    calls: callsRepository(store),
    users: usersRepository(store),
    connectLinks: connectLinksRepository(store),
    credentialModes: credentialModesRepository(store),
    identity: identityRepository(store),
    policies: policiesRepository(store),
    toolkitChanges: toolkitChangesRepository(store),
    audit: auditRepository(store),
  }
}

/** Storage opened for the composition root. */
export interface Storage {
  backend: 'sqlite' | 'postgres'
  /** What services write through: transactions and after-commit callbacks, whatever the backend. */
  store: StoragePort
  /** The SQLite connection, for tests and diagnostics that look at rows directly; on PostgreSQL it refuses. */
  sqliteDb(): Db
  repositories: Repositories
  /** What the read model watches (src/read-model). */
  changes: ReadModelDeps
  /** Rate-limit windows every instance counts into (PostgreSQL); absent: the in-memory limiter (SQLite). */
  rateWindows?: SharedWindows
  /** MCP sessions' mutable part shared by every instance (PostgreSQL); absent: this process's memory. */
  sessionDirectory?: SessionDirectory & { prune(idleBefore: number): Promise<number> }
  /** 2026-07-28 tasks as every instance sees them (PostgreSQL); absent: this process's memory. */
  taskDirectory?: TaskDirectory & { prune(o: { endedBefore: number; createdBefore: number }): Promise<number> }
  /**
   * Work done once across instances, claimed row by row from the shared tables (PostgreSQL): webhook deliveries and
   * OAuth refreshes. Absent: this process is the only one and runs them on its own schedule (SQLite).
   */
  claims?: { deliveries: ClaimDeliveries; credentials: ClaimCredentials }
  /** The channel protocol events travel between instances on (PostgreSQL); absent: one process, nothing to bridge. */
  peers?: PeerChannel
  /** SQLite's database file (the call log's writer thread opens its own connection); absent on PostgreSQL. */
  sqlitePath?: string
  /** Whether the last write found the storage full (docs/reliability.md, "Faults"): the health check reports it. */
  state: StorageState
  close(): Promise<void>
}

/** The SQLite file in the data dir, every repository over its one store. */
export function sqliteStorage(config: Pick<Config, 'dataDir' | 'databaseTimeoutMs' | 'masterKey'>): Storage {
  const path = join(config.dataDir, DB_FILE)
  const sqlite = openSqliteStorage(path, {
    busyTimeoutMs: config.databaseTimeoutMs,
    keys: { dataDir: config.dataDir, masterKey: config.masterKey },
  })
  return {
    backend: 'sqlite',
    store: sqlite.store,
    state: sqlite.state,
    sqliteDb: () => sqlite.store.db,
    repositories: repositories(sqlite.store),
    changes: sqlite.changes,
    sqlitePath: path,
    close: async () => sqlite.close(),
  }
}

/**
 * The PostgreSQL database at `config.databaseUrl`, migrated under its advisory lock, the master key checked against its
 * sealed data, the change feed listening; every repository over its store.
 */
async function postgresStorage(
  config: Pick<Config, 'databaseUrl' | 'databasePoolSize' | 'databaseTimeoutMs' | 'dataDir' | 'masterKey'>,
): Promise<Storage> {
  // The data dir still holds the master key file (when TOOLYARD_MASTER_KEY is not set) and file resources.
  ensureDataDir(config.dataDir)
  const keyring = loadKeyring({ dataDir: config.dataDir, masterKey: config.masterKey })
  // Loaded only in PostgreSQL mode: a SQLite start never loads the PostgreSQL client.
  const { openPostgresStorage } = await import('./db/postgres/storage')
  const pg = await openPostgresStorage(config.databaseUrl!, keyring, {
    max: config.databasePoolSize,
    timeoutMs: config.databaseTimeoutMs,
  })
  return {
    backend: 'postgres',
    store: pg.store,
    state: pg.state,
    repositories: repositories(pg.store),
    sqliteDb: () => {
      throw new Error('this app runs on PostgreSQL: there is no SQLite connection (look at rows through the store)')
    },
    changes: pg.changes,
    rateWindows: pg.rateWindows,
    sessionDirectory: pg.sessionDirectory,
    taskDirectory: pg.taskDirectory,
    // Work one instance does per row: webhook deliveries and OAuth refreshes claimed from the shared tables
    // (docs/decisions/0045-claimed-work-across-instances.md).
    claims: {
      deliveries: (opts) => claimDueDeliveries(pg.db, opts),
      credentials: (opts) => claimDueCredentials(pg.db, opts),
    },
    peers: pg.peers,
    close: pg.close,
  }
}

/** The backend the configuration names: PostgreSQL with TOOLYARD_DATABASE_URL, else the SQLite file in the data dir. */
export const openStorage = (config: Config): Promise<Storage> =>
  config.databaseUrl ? postgresStorage(config) : Promise.resolve(sqliteStorage(config))
