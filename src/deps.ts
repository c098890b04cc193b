// The composition root: builds every service from the config with real parts. Tests call it with a temp data dir.
import { join } from 'node:path'
import type { Config } from './config'
import { migrate } from './db/migrate'
import { type Db, openDatabase } from './db/open'
import { createEgress } from './egress/client'
import { createRateLimiter } from './http/rate-limit'
import { createScheduler } from './jobs/scheduler'
import type { CredentialAccess } from './lib/credentials-port'
import { createEventBus } from './lib/events'
import { createLogger, type Logger } from './lib/log'
import { type McpBackend, protocolBackend } from './mcp/backend'
import { createSessionStore } from './mcp/sessions'
import { adminService } from './modules/admin/service'
import { completionBackend } from './modules/completion/mcp'
import { buildVault } from './modules/credentials/build'
import { refreshOAuthTokens } from './modules/credentials/oauth/refresh-job'
import { healthRepository } from './modules/health/repository'
import { healthService } from './modules/health/service'
import { projectsRepository } from './modules/projects/repository'
import { projectsService } from './modules/projects/service'
import { promptsBackend } from './modules/prompts/mcp'
import { promptsRepository } from './modules/prompts/repository'
import { promptsService } from './modules/prompts/service'
import { createReadCache } from './modules/resources/cache'
import { resourcesBackend } from './modules/resources/mcp'
import { resourcesRepository } from './modules/resources/repository'
import { resourcesService } from './modules/resources/service'
import type { ResourceFunctionRunner } from './modules/resources/sources/read'
import { serversRepository } from './modules/servers/repository'
import { type ServerToolsPort, serversService } from './modules/servers/service'
import { createToolsFeature } from './modules/tools/build'
import { createWebhookFeature } from './modules/webhooks/build'
import type { ResourceChanges } from './modules/webhooks/service'
import { cachedKeys, cachedResources, cachedSlugs } from './read-model/cached-repositories'
import { ensureChangeCounters, readChangeCounters } from './read-model/change-counters'
import { sqliteChangeSignal } from './read-model/change-signal'
import { createReadModel } from './read-model/read-model'
import { runFunction } from './runtime/run-function'
import { shutdownSandbox } from './runtime/sandbox-pool'

export const VERSION: string = process.env.TOOLYARD_BUILD_VERSION ?? '0.1.0'

export interface DepsOverrides {
  log?: Logger
}

export function buildDeps(config: Config, overrides: DepsOverrides = {}) {
  const log = overrides.log ?? createLogger(config.logLevel)
  const dbPath = join(config.dataDir, 'toolyard.sqlite')
  const db: Db = openDatabase(dbPath)
  migrate(db)
  ensureChangeCounters(db)

  // The public URL is known only after listening when the port is 0 and no TOOLYARD_PUBLIC_URL is set.
  let publicUrl = config.publicUrl
  const urls = {
    get: () => publicUrl,
    set: (url: string) => {
      publicUrl = url.replace(/\/+$/, '')
    },
  }

  // What the request path reads (keys, servers by slug, tool sets, functions, resources) is answered from memory until
  // a commit by this process or another one touches it (docs/decisions.md, "Hot path").
  const readModel = createReadModel({
    signal: sqliteChangeSignal(db, dbPath),
    counters: readChangeCounters(db),
    inTransaction: () => db.inTransaction,
  })

  const limiter = createRateLimiter(config.rateLimits)
  const events = createEventBus()
  const scheduler = createScheduler(log)
  // Every outbound call (functions, api resources, token endpoints, webhooks) goes through this guard.
  const egress = createEgress({ allowPrivate: config.allowPrivateEgress })
  // Credentials vault: sealed secrets, providers, OAuth flows; tokens refreshed on an interval (TOOLYARD_OAUTH_REFRESH_INTERVAL_S) inside the margin.
  const vault = buildVault({ db, config, log, egress })
  const credentials: CredentialAccess = vault.access
  scheduler.every('refresh-oauth', config.oauthRefreshIntervalS, () => refreshOAuthTokens({ vault }))
  const projects = projectsService(cachedKeys(readModel, projectsRepository(db)))
  const health = healthService(healthRepository(db), VERSION)
  // The admin API exists only when an admin token is configured.
  const admin = config.adminToken ? adminService(projects, config.adminToken) : undefined

  // Toolkits, tools, functions and server attachments; serverTools is what servers use to attach and describe.
  const toolsFeature = createToolsFeature({ db, events, credentials, egress, readModel })
  const serverTools: ServerToolsPort = toolsFeature.serverTools
  const servers = serversService(db, cachedSlugs(readModel, serversRepository(db)), urls.get, serverTools)

  // Resources and prompts. Resource functions run like tool functions (same lookup, runtime and host).
  const resourceFunctions: ResourceFunctionRunner = {
    async run(projectId, name, input, { host, credentials }) {
      const fn = toolsFeature.findFunction(projectId, name)
      if (!fn) return { ok: false, missing: true, message: `function "${name}" does not exist` }
      return runFunction(fn, input, { host, egress, credentials })
    },
  }
  const resources = resourcesService({
    db,
    repo: cachedResources(readModel, resourcesRepository(db)),
    cache: createReadCache(),
    events,
    credentials,
    egress,
    dataDir: config.dataDir,
    mustGetServer: servers.mustGet,
    functions: resourceFunctions,
  })
  const prompts = promptsService({ db, repo: promptsRepository(db), events, mustGetServer: servers.mustGet })

  // Subscriptions and webhooks: outbox rows written inside each resource change's transaction, delivered by a timer queue.
  const resourceChanges: ResourceChanges = { markChanged: resources.markResourceChanged }
  const webhookFeature = createWebhookFeature({
    db,
    config,
    events,
    egress,
    log,
    resources: () => resourceChanges,
    sealer: vault.sealer,
  })
  webhookFeature.queue.start()

  // Each feature contributes its part of what servers expose over MCP (tools, resources, prompts, completion).
  const mcpBackend: McpBackend = protocolBackend({
    ...toolsFeature.toolCalls.backend,
    ...resourcesBackend(resources),
    ...promptsBackend(prompts),
    ...completionBackend(prompts, resources),
  })
  // MCP sessions (Mcp-Session-Id) live in memory; closeAll() ends their streams before the HTTP server stops.
  const mcpSessions = createSessionStore()

  return {
    config,
    log,
    db,
    urls,
    limiter,
    events,
    scheduler,
    egress,
    credentials,
    vault,
    projects,
    health,
    admin,
    servers,
    toolkits: toolsFeature.toolkits,
    tools: toolsFeature.tools,
    toolCalls: toolsFeature.toolCalls,
    functions: toolsFeature.functions,
    serverTools: toolsFeature.serverTools,
    resources,
    prompts,
    mcpBackend,
    mcpSessions,
    subscriptions: webhookFeature.subscriptions,
    webhooks: webhookFeature.webhooks,
    deliveryQueue: webhookFeature.queue,
    /** Called on graceful shutdown before the database closes: stop jobs, flush queues. */
    async shutdown() {
      scheduler.stop()
      // Pending deliveries stay in the outbox for the next start.
      await webhookFeature.queue.stop()
      // Sandbox worker threads: idle ones end now, busy ones when their calls end (bounded by each call's deadline).
      shutdownSandbox()
    },
    close() {
      db.close()
    },
  }
}
export type Deps = ReturnType<typeof buildDeps>
