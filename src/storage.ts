// The one place storage is chosen and opened for serve (docs/decisions.md, "PostgreSQL in serve"): SQLite (the file in
// the data dir) or PostgreSQL (TOOLYARD_DATABASE_URL), each as the store services write through, every repository the
// features take, and what the read model watches. src/deps.ts only wires what this returns.
import { join } from 'node:path'
import type { Config } from './config'
import { loadKeyring } from './crypto/master-key'
import { type DataKeysRepository, dataKeysRepository } from './crypto/seal-repository'
import { DB_FILE, ensureDataDir } from './db/data-dir'
import type { Async } from './db/postgres/async'
import type { PeerChannel } from './db/postgres/change-feed'
import type { PgStore } from './db/postgres/store'
import { openSqliteStorage } from './db/sqlite-storage'
import type { StoragePort, Store } from './db/store'
import type { SharedWindows } from './http/rate-limit'
import type { SessionDirectory } from './mcp/session-directory'
import { type CallsRepository, callsRepository } from './modules/calls/repository'
import { type OAuthFlowsRepository, oauthFlowsRepository } from './modules/credentials/oauth/repository'
import { type ProvidersRepository, providersRepository } from './modules/credentials/providers/repository'
import { type CredentialsRepository, credentialsRepository } from './modules/credentials/repository'
import { type HealthRepository, healthRepository } from './modules/health/repository'
import { type OAuthServerRepository, oauthServerRepository } from './modules/oauth-server/repository'
import { type OpenApiRepository, openApiRepository } from './modules/openapi/repository'
import { type ProjectsRepository, projectsRepository } from './modules/projects/repository'
import { type PromptsRepository, promptsRepository } from './modules/prompts/repository'
import { type ResourcesRepository, resourcesRepository } from './modules/resources/repository'
import { type ServersRepository, serversRepository } from './modules/servers/repository'
import { type FunctionsRepository, functionsRepository } from './modules/tools/functions/repository'
import { type RemoteRepository, remoteRepository } from './modules/tools/remote/repository'
import { type ToolsRepository, toolsRepository } from './modules/tools/repository'
import { type ToolSearchRepository, toolSearchRepository } from './modules/tools/search/repository'
import { type ServerToolsRepository, serverToolsRepository } from './modules/tools/server-tools/repository'
import { type ToolkitsRepository, toolkitsRepository } from './modules/tools/toolkits/repository'
import { type WebhooksRepository, webhooksRepository } from './modules/webhooks/repository'
import { type SubscriptionsRepository, subscriptionsRepository } from './modules/webhooks/subscriptions/repository'
import type { ReadModelDeps } from './read-model/read-model'

interface Repositories {
  // On the asynchronous ports: both backends.
  projects: ProjectsRepository
  servers: ServersRepository
  prompts: PromptsRepository
  resources: ResourcesRepository
  health: HealthRepository
  oauthServer: OAuthServerRepository
  // Not converted yet (synchronous interfaces): on PostgreSQL these are bridged in src/storage.ts until they are.
  tools: ToolsRepository
  toolkits: ToolkitsRepository
  functions: FunctionsRepository
  serverTools: ServerToolsRepository
  toolSearch: ToolSearchRepository
  remote: RemoteRepository
  openApi: OpenApiRepository
  credentials: CredentialsRepository
  providers: ProvidersRepository
  oauthFlows: OAuthFlowsRepository
  dataKeys: DataKeysRepository
  subscriptions: SubscriptionsRepository
  webhooks: WebhooksRepository
  calls: CallsRepository
}

/** Every repository's SQLite factory over one store. */
function sqliteRepositories(store: Store): Repositories {
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
    openApi: openApiRepository(store),
    credentials: credentialsRepository(store),
    providers: providersRepository(store),
    oauthFlows: oauthFlowsRepository(store),
    dataKeys: dataKeysRepository(store),
    subscriptions: subscriptionsRepository(store),
    webhooks: webhooksRepository(store),
    calls: callsRepository(store),
  }
}

/** Storage opened for the composition root. */
export interface Storage {
  backend: 'sqlite' | 'postgres'
  /** What services write through: transactions and after-commit callbacks, whatever the backend. */
  store: StoragePort
  /**
   * The store of the features whose repositories are not on the asynchronous ports yet (tools, credentials, webhooks,
   * call log: they still call `txSync`). On PostgreSQL its `txSync` and `db` refuse; it goes once they are converted.
   */
  syncStore: Store
  repositories: Repositories
  /** What the read model watches (src/read-model). */
  changes: ReadModelDeps
  /** Rate-limit windows every instance counts into (PostgreSQL); absent: the in-memory limiter (SQLite). */
  rateWindows?: SharedWindows
  /** MCP sessions' mutable part shared by every instance (PostgreSQL); absent: this process's memory. */
  sessionDirectory?: SessionDirectory & { prune(idleBefore: number): Promise<number> }
  /** The channel protocol events travel between instances on (PostgreSQL); absent: one process, nothing to bridge. */
  peers?: PeerChannel
  /** SQLite's database file (the call log's writer thread opens its own connection); absent on PostgreSQL. */
  sqlitePath?: string
  close(): Promise<void>
}

/** The SQLite file in the data dir, every repository built by its SQLite factory over one store. */
export function sqliteStorage(dataDir: string): Storage {
  const path = join(dataDir, DB_FILE)
  const sqlite = openSqliteStorage(path)
  return {
    backend: 'sqlite',
    store: sqlite.store,
    syncStore: sqlite.store,
    repositories: sqliteRepositories(sqlite.store),
    changes: sqlite.changes,
    sqlitePath: path,
    close: async () => sqlite.close(),
  }
}

/** The store the unconverted features get on PostgreSQL: the same transactions; `txSync` and `db` refuse, saying why. */
function notConvertedStore(pg: PgStore): Store {
  const refuse = (): never => {
    throw new Error('this feature does not run on PostgreSQL yet: its repositories are still synchronous')
  }
  return {
    tx: (fn) => pg.tx(fn),
    afterCommit: (fn) => pg.afterCommit(fn),
    inTransaction: () => pg.inTransaction(),
    txSync: refuse,
    run: async (fn) => fn(),
    get db(): never {
      return refuse()
    },
  }
}

/**
 * The not-converted PostgreSQL repositories with a handler on every promise they return: their synchronous callers
 * never look at it, and a rejection nobody handles would end the process. A caller that awaits still sees it.
 */
function containRejections(repos: Record<string, object>): unknown {
  const contained =
    (method: (...args: unknown[]) => unknown) =>
    (...args: unknown[]) => {
      const result = method(...args)
      if (result instanceof Promise) result.catch(() => {})
      return result
    }
  return Object.fromEntries(
    Object.entries(repos).map(([name, repo]) => [
      name,
      Object.fromEntries(Object.entries(repo).map(([k, v]) => [k, typeof v === 'function' ? contained(v) : v])),
    ]),
  )
}

/**
 * The PostgreSQL database at `config.databaseUrl`, migrated under its advisory lock, the master key checked against its
 * sealed data, the change feed listening; every repository in its PostgreSQL dialect (src/db/postgres/repositories).
 */
async function postgresStorage(config: Pick<Config, 'databaseUrl' | 'dataDir' | 'masterKey'>): Promise<Storage> {
  // The data dir still holds the master key file (when TOOLYARD_MASTER_KEY is not set) and file resources.
  ensureDataDir(config.dataDir)
  const keyring = loadKeyring({ dataDir: config.dataDir, masterKey: config.masterKey })
  // Loaded only in PostgreSQL mode: a SQLite start never loads the PostgreSQL client and repositories.
  const { openPostgresStorage } = await import('./db/postgres/storage')
  const { postgresRepositories } = await import('./db/postgres/repositories')
  const pg = await openPostgresStorage(config.databaseUrl!, keyring)
  const all = postgresRepositories(pg.store)
  const converted: Pick<
    Repositories,
    | 'projects'
    | 'servers'
    | 'prompts'
    | 'resources'
    | 'health'
    | 'oauthServer'
    | 'credentials'
    | 'providers'
    | 'oauthFlows'
    | 'dataKeys'
    | 'subscriptions'
    | 'webhooks'
    | 'calls'
  > = {
    projects: all.projects,
    servers: all.servers,
    prompts: all.prompts,
    resources: all.resources,
    health: all.health,
    oauthServer: all.oauthServer,
    credentials: all.credentials,
    providers: all.providers,
    oauthFlows: all.oauthFlows,
    dataKeys: all.dataKeys,
    subscriptions: all.subscriptions,
    webhooks: all.webhooks,
    calls: all.calls,
  }
  // ---------------------------------------------------------------------------------------------------------------
  // INTEGRATOR — THE ONE CAST TO REMOVE. These PostgreSQL repositories are typed Async<X> (src/db/postgres/async.ts)
  // because their features' interfaces X are still synchronous. When a feature is converted to the asynchronous
  // ports, type its pg*Repository as X, move it up into `converted`, and delete it here; when this object is empty,
  // delete it, the cast, `containRejections` and `notConvertedStore` (and `syncStore`, and in src/deps.ts the
  // `unconvertedJobs` condition and the webhooks' detached event bus). Until then these features do not run on
  // PostgreSQL (their synchronous code gets promises).
  const notConverted: { [K in Exclude<keyof Repositories, keyof typeof converted>]: Async<Repositories[K]> } = {
    tools: all.tools,
    toolkits: all.toolkits,
    functions: all.functions,
    serverTools: all.serverTools,
    toolSearch: all.toolSearch,
    remote: all.remote,
    openApi: all.openApi,
  }
  const bridged = containRejections(notConverted) as Omit<Repositories, keyof typeof converted>
  // ---------------------------------------------------------------------------------------------------------------
  return {
    backend: 'postgres',
    store: pg.store,
    syncStore: notConvertedStore(pg.store),
    repositories: { ...converted, ...bridged },
    changes: pg.changes,
    rateWindows: pg.rateWindows,
    sessionDirectory: pg.sessionDirectory,
    peers: pg.peers,
    close: pg.close,
  }
}

/** The backend the configuration names: PostgreSQL with TOOLYARD_DATABASE_URL, else the SQLite file in the data dir. */
export const openStorage = (config: Config): Promise<Storage> =>
  config.databaseUrl ? postgresStorage(config) : Promise.resolve(sqliteStorage(config.dataDir))
