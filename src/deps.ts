// The composition root: builds every service from the config with real parts. Tests call it with a temp data dir.

import type { PrebuiltToolkit } from './catalog/toolkits'
import type { Config } from './config'
import type { Db } from './db/open'
import type { WriterTarget } from './db/writer-store'
import { createEgress, createStreamingFetch } from './egress/client'
import {
  createRateLimiter,
  type RateDecision,
  type RateGroup,
  type RateLimiter,
  sharedRateLimiter,
} from './http/rate-limit'
import { createScheduler } from './jobs/scheduler'
import type { CredentialAccess } from './lib/credentials-port'
import { createEventBus } from './lib/events'
import { createLogger, type Logger } from './lib/log'
import { createRevocations } from './lib/revocations'
import { type McpBackend, protocolBackend } from './mcp/backend'
import { createTaskStore, expiredTasks } from './mcp/modern/tasks'
import { notifySession } from './mcp/notify'
import { localSessionDirectory, type SessionDirectory } from './mcp/session-directory'
import { sessionIds } from './mcp/session-id'
import { createSessionStore, SESSION_TTL_MS } from './mcp/sessions'
import { adminService } from './modules/admin/service'
import { buildAuditLog } from './modules/audit/build'
import { buildCallLog } from './modules/calls/build'
import { observedPrompts, observedResources, rateLimitedCall } from './modules/calls/observe'
import { completionBackend } from './modules/completion/mcp'
import { buildVault } from './modules/credentials/build'
import { refreshClaimedTokens } from './modules/credentials/oauth/claimed-refresh-job'
import { pruneOAuthFlows } from './modules/credentials/oauth/prune-job'
import { refreshOAuthTokens } from './modules/credentials/oauth/refresh-job'
import type { CredentialOwners } from './modules/credentials/owners'
import { buildHealth } from './modules/health/build'
import { buildIdentity } from './modules/identity/build'
import { createOAuthServer } from './modules/oauth-server/build'
import { buildPolicies } from './modules/policies/build'
import { buildProjects } from './modules/projects/build'
import { buildPrompts } from './modules/prompts/build'
import { promptsBackend } from './modules/prompts/mcp'
import { buildResources } from './modules/resources/build'
import { createReadCache } from './modules/resources/cache'
import { resourcesBackend } from './modules/resources/mcp'
import { buildServers } from './modules/servers/build'
import type { ServerToolsPort } from './modules/servers/service'
import { createToolsFeature } from './modules/tools/build'
import { toolkitChanges } from './modules/tools/changes/service'
import type { LocalServer } from './modules/tools/kinds/local/servers'
import { buildOpenApi } from './modules/tools/kinds/openapi/build'
import { withUpstreamParts } from './modules/tools/kinds/remote/server-mcp'
import type { ToolkitSource } from './modules/tools/sources/source'
import { buildUsers } from './modules/users/build'
import { connectService } from './modules/users/connect'
import { createWebhookFeature } from './modules/webhooks/build'
import type { QueuedDelivery } from './modules/webhooks/repository'
import type { ResourceChanges } from './modules/webhooks/service'
import { createMetrics } from './observability/metrics'
import { createReadModel } from './read-model/read-model'
import { createFunctionRunner } from './runtime/function-runner'
import { createSandboxPool } from './runtime/sandbox-pool'
import { type Storage, sqliteStorage } from './storage'
import { VERSION } from './version'

export interface DepsOverrides {
  log?: Logger
  /** false for one-shot commands (toolyard apply/export): no jobs, no webhook deliveries (a running server sends them). */
  background?: boolean
  /** Toolkit kinds beside `prebuilt` and `hosted` (src/modules/tools/sources): how a new kind is plugged in. */
  toolkitSources?: readonly ToolkitSource[]
  /** Where MCP sessions' mutable part lives; PostgreSQL mode gives pgSessionDirectory (src/db/postgres/shared). */
  sessionDirectory?: SessionDirectory
  /** The pre-built toolkits of functions, instead of the binary's (a test of a release whose catalog changed). */
  prebuiltToolkits?: readonly PrebuiltToolkit[]
  /** Storage opened by the caller (src/storage.ts `openStorage`: PostgreSQL for serve); else the SQLite file. */
  storage?: Storage
}

export function buildDeps(config: Config, overrides: DepsOverrides = {}) {
  const log = overrides.log ?? createLogger(config.logLevel)
  // The storage port features write through, and every repository, for the chosen backend (src/storage.ts;
  // docs/decisions/0043-postgresql-in-serve.md).
  const storage = overrides.storage ?? sqliteStorage(config)
  const { store, repositories: repos } = storage
  const background = overrides.background !== false
  // Jobs that must run once across instances (OAuth refresh, webhook deliveries): this process's own schedule on SQLite;
  // on PostgreSQL they claim their rows from the database instead (docs/decisions/0045-claimed-work-across-instances.md).
  const singleInstanceJobs = background && storage.backend === 'sqlite'
  const claims = background ? storage.claims : undefined

  // The public URL is known only after listening when the port is 0 and no TOOLYARD_PUBLIC_URL is set.
  let publicUrl = config.publicUrl
  const urls = {
    get: () => publicUrl,
    set: (url: string) => {
      publicUrl = url.replace(/\/+$/, '')
    },
  }

  // This app's sandbox workers (TOOLYARD_SANDBOX_WORKERS): its function runner owns them; nothing is shared with
  // another app in the process (docs/decisions/0021-bounded-logs-results-outbox-and-function-memory.md, "One function runner").
  const sandbox = createSandboxPool({ size: config.sandboxWorkers, warmPerWorker: config.sandboxWarmPerWorker })
  // Operating it: metrics (one registry per service) and the call log, which also writes each call's log line.
  const metrics = createMetrics(() => sandbox.stats().calls)
  // The audit trail (docs/decisions/0350-audit-log.md): changes and tool calls, appended to each project's hash chain
  // in batches off the request path; `audit.batch` webhooks join the outbox (bound once the webhook feature exists).
  let enqueueDeliveries: ((rows: QueuedDelivery[]) => void) | undefined
  // The audit trail and the call log are written by threads of their own on either engine
  // (docs/decisions/0381-postgres-call-log-thread.md).
  const writerTarget: WriterTarget | undefined = storage.sqlitePath
    ? { sqlite: storage.sqlitePath }
    : storage.backend === 'postgres' && config.databaseUrl
      ? { postgres: config.databaseUrl, timeoutMs: config.databaseTimeoutMs }
      : undefined
  const audit = buildAuditLog({
    store,
    repo: repos.audit,
    log,
    deliveries: repos.webhooks,
    enqueue: () => enqueueDeliveries,
    ...(writerTarget ? { target: writerTarget } : {}),
  })
  const callLog = buildCallLog({
    repo: repos.calls,
    ...(writerTarget ? { target: writerTarget } : {}),
    log,
    onCall: (event) => {
      metrics.call(event)
      audit.toolCalled(event)
    },
    onDropped: metrics.callLogDropped,
    state: storage.state,
  })
  const calls = callLog.observer
  // On PostgreSQL a key's limit holds across instances: the windows live in the database (src/storage.ts).
  const rawLimiter: RateLimiter = storage.rateWindows
    ? sharedRateLimiter(config.rateLimits, storage.rateWindows)
    : createRateLimiter(config.rateLimits)
  const refused = (group: RateGroup, decision: RateDecision | null) => {
    if (decision && !decision.allowed) metrics.rateLimited(group)
    return decision
  }
  const limiter: RateLimiter = {
    hit(group, subject, n) {
      const decision = rawLimiter.hit(group, subject, n)
      return decision instanceof Promise ? decision.then((d) => refused(group, d)) : refused(group, decision)
    },
  }
  // What the request path reads (keys, servers by slug, tool sets, functions, resources) is answered from memory until
  // a commit by this process or another one touches it (docs/decisions/0015-hot-path.md).
  const readModel = createReadModel(storage.changes)
  const events = createEventBus(store.afterCommit)
  const scheduler = createScheduler(log)
  // One-shot commands (apply, export) build the same services without background jobs, so the process can end.
  if (overrides.background !== false)
    scheduler.every('purge-call-log', 3600, () => callLog.purgeOlderThan(config.callLogDays))
  if (background) scheduler.every('prune-audit', 3600, () => audit.pruneOlderThan(config.auditDays))
  // Every outbound call (functions, api resources, token endpoints, webhooks) goes through this guard.
  const egress = createEgress({ allowPrivate: config.allowPrivateEgress })
  // Credentials vault: sealed secrets, providers, OAuth flows; tokens refreshed on an interval (TOOLYARD_OAUTH_REFRESH_INTERVAL_S) inside the margin.
  // Credentials of end users (docs/decisions/0332-user-credentials.md): stored as theirs; a stored one ends the wait of
  // the sessions that were sent a connect link for it (`connect` is built once the vault exists).
  const owners: CredentialOwners = {
    tx: (fn) => store.tx(fn),
    userExists: async (projectId, userId) => (await repos.users.byId(projectId, userId)) !== null,
    ownCredential: repos.users.ownCredential,
    ownFlow: repos.users.ownFlow,
    flowOwner: repos.users.flowOwner,
    connected: (projectId, userId, providerId) => connect.connected(projectId, userId, providerId),
  }
  const vault = buildVault({ store, repos, config, log, egress, urls, onRefresh: metrics.oauthRefresh, owners })
  const credentials: CredentialAccess = vault.access
  // Connect links and in-band consent: a page where an end user connects their own account at a provider.
  const connect = connectService({
    links: repos.connectLinks,
    userExists: owners.userExists,
    provider: (projectId, providerId) => vault.providers.get(projectId, providerId),
    startOAuth: async (projectId, providerId, userId) =>
      (await vault.oauth.init(projectId, { provider_id: providerId, user_id: userId })).auth_url,
    storeCredential: (projectId, body) => vault.credentials.create(projectId, body),
    publicUrl: urls.get,
    notify: (sessionId, method, params) => notifySession(mcpSessions, sessionId, method, params),
  })
  if (background)
    scheduler.every('prune-connect-links', 3600, async () => {
      await repos.connectLinks.purge(new Date(Date.now() - 86_400_000).toISOString())
    })
  if (singleInstanceJobs)
    scheduler.every('refresh-oauth', config.oauthRefreshIntervalS, () => refreshOAuthTokens({ vault }))
  else if (claims)
    scheduler.every('refresh-oauth', config.oauthRefreshIntervalS, () =>
      refreshClaimedTokens({ vault, claim: claims.credentials }),
    )
  const pruneFlows = () => pruneOAuthFlows({ flows: vault.flows, ttlS: config.oauthFlowTtlS })
  if (background) scheduler.every('prune-oauth-flows', Math.min(3600, config.oauthFlowTtlS), async () => pruneFlows())
  // Revoking a key or an OAuth grant ends its open MCP streams (src/mcp/stream-guard.ts).
  const revocations = createRevocations()
  const projects = buildProjects({ repo: repos.projects, readModel, onKeyRevoked: revocations.revoked })
  const health = buildHealth(repos.health, VERSION, storage.state)
  // The admin API exists only when an admin token is configured.
  const admin = config.adminToken ? adminService(projects, config.adminToken) : undefined

  // The one function runner: tools, resources, prompts, /invoke and the code check at save all run through it.
  const runner = createFunctionRunner({
    pool: sandbox,
    egress,
    credentials,
    queueLimit: config.sandboxQueuePerProject,
    logBytes: config.maxResultBytes,
  })
  // Pinned definitions: what the upstream of a reviewing remote or OpenAPI toolkit changes waits for a person's
  // decision (docs/decisions/0347-pinned-definitions.md); toolkit.changed goes to the webhooks built further down.
  const changes = toolkitChanges({
    store,
    repo: repos.toolkitChanges,
    toolkits: repos.toolkits,
    tools: repos.tools,
    events,
    afterWrite: async (row, operation) => {
      if (operation) await repos.openApi.setOperation(row.id, row.toolkit_id, operation)
    },
    checkNames: (projectId, toolkitId) => toolsFeature.serverTools.assertNoReservedNames(projectId, toolkitId),
    projectEvent: () => webhookFeature.publish,
    audit,
  })
  // OpenAPI documents as toolkits (kind `openapi`): its source joins the tools feature, its import service the routes.
  const openapi = buildOpenApi({
    changes,
    readModel,
    store,
    repos,
    events,
    egress,
    credentials,
    allowPrivateEgress: config.allowPrivateEgress,
    maxSpecBytes: config.maxSpecBytes,
    // The tools feature is built next (it takes this kind's source); a re-import only runs once both exist.
    checkNames: (projectId, toolkitId) => toolsFeature.serverTools.assertNoReservedNames(projectId, toolkitId),
  })
  // Toolkits, tools, functions and server attachments; serverTools is what servers use to attach and describe.
  const toolsFeature = createToolsFeature({
    store,
    repos,
    events,
    credentials,
    runner,
    calls,
    readModel,
    changes,
    maxResultBytes: config.maxResultBytes,
    // A user's own credential for a provider, for attachments whose credential_mode uses it.
    userCredential: async (projectId, userId, providerId) => {
      const id = await repos.users.credentialFor(projectId, userId, providerId)
      return id ? { id, usable: (await credentials.status(projectId, id)) === 'configured' } : null
    },
    consent: connect.consent,
    codeMaxCalls: config.codeMaxCalls,
    ...(config.embeddingsUrl
      ? {
          embeddings: {
            url: config.embeddingsUrl,
            model: config.embeddingsModel,
            ...(config.embeddingsKey ? { key: config.embeddingsKey } : {}),
            log,
          },
        }
      : {}),
    extraSources: [openapi.source, ...(overrides.toolkitSources ?? [])],
    catalog: openapi.catalog,
    ...(overrides.prebuiltToolkits ? { prebuilt: overrides.prebuiltToolkits } : {}),
    // Remote MCP toolkits reach their upstreams through the same address guard, as streams.
    remote: {
      fetch: createStreamingFetch({ allowPrivate: config.allowPrivateEgress }),
      log,
      limits: {
        maxTools: config.maxRemoteTools,
        maxToolBytes: config.maxRemoteToolBytes,
        maxWatchersPerProject: config.maxRemoteWatchersPerProject,
        maxCallsPerProject: config.maxRemoteCallsPerProject,
        logBytes: config.maxResultBytes,
      },
    },
    local: {
      servers: config.localServers as LocalServer[],
      idleS: config.localIdleS,
      maxChildrenPerProject: config.maxLocalChildrenPerProject,
      path: config.localPath,
      dataDir: config.dataDir,
    },
  })
  // Remote toolkits: re-listed every refresh_interval_s (checked every 30 s), their list_changed watchers kept open.
  const remoteToolkits = toolsFeature.remoteToolkits
  // Not awaited: a round left running by a project with stalling upstreams must not hold back the next round of every
  // other project (tick skips a project whose round still runs).
  if (background)
    scheduler.every('refresh-remote-toolkits', 30, async () => {
      void remoteToolkits
        .tick()
        .catch((error: unknown) => log.error('remote toolkit refresh failed', { error: String(error) }))
    })
  const serverTools: ServerToolsPort = toolsFeature.serverTools
  if (background) {
    // Soon after start rather than during it (src/modules/tools/build.ts); the first search does it if it comes first.
    scheduler.every('sync-catalog-search', 5, async () => toolsFeature.syncCatalogSearch())
  }
  const servers = buildServers({ store, repo: repos.servers, readModel, publicUrl: urls.get, tools: serverTools })
  // End users of a project: their tokens end (and open streams close) when they are deleted.
  const users = buildUsers({ repo: repos.users, servers, onTokensEnded: revocations.revoked })
  // A project's identity provider, the users its sign-ins make, and machine clients (src/modules/identity).
  const identity = buildIdentity({
    store,
    repo: repos.identity,
    users: repos.users,
    sealer: vault.sealer,
    egress,
    allowHttp: config.allowPrivateEgress,
    urls,
    servers,
  })

  // Resources and prompts: function-backed ones run by name through the same lookup and runner as tools.
  const resources = buildResources({
    store,
    repo: repos.resources,
    readModel,
    cache: createReadCache(config.resourceCacheBytes),
    events,
    credentials,
    egress,
    dataDir: config.dataDir,
    mustGetServer: servers.mustGet,
    functions: toolsFeature.functionsByName,
    maxResultBytes: config.maxResultBytes,
  })
  const prompts = buildPrompts({
    store,
    repo: repos.prompts,
    events,
    mustGetServer: servers.mustGet,
    functions: toolsFeature.functionsByName,
    maxResultBytes: config.maxResultBytes,
  })

  // Subscriptions and webhooks: outbox rows written inside each resource change's transaction, delivered by a timer queue.
  const resourceChanges: ResourceChanges = { markChanged: resources.markResourceChanged }
  const webhookFeature = createWebhookFeature({
    store,
    repos,
    config,
    events,
    egress,
    log,
    resources: () => resourceChanges,
    sealer: vault.sealer,
    onAttempt: metrics.webhookAttempt,
    onDropped: metrics.webhookDropped,
    ...(claims ? { claim: claims.deliveries } : {}),
  })
  enqueueDeliveries = (rows) => webhookFeature.queue.enqueue(rows)
  // The outbox is read in the background: a failure there is logged by the queue, never fails the start.
  if (singleInstanceJobs || claims) void webhookFeature.queue.start()
  // Idempotent, so every instance may run it (like the OAuth flow pruning).
  if (background) scheduler.every('prune-failed-webhooks', 3600, () => webhookFeature.pruneFailed())

  // Policies and approvals (docs/decisions/0340-policies.md): a gate around the tools' backend.
  const policiesFeature = buildPolicies({
    store,
    repo: repos.policies,
    readModel,
    publish: webhookFeature.publish,
    publicUrl: urls.get,
    approvalTtlS: config.approvalTtlS,
    toolkitOf: toolsFeature.toolkitOf,
    serversFor: async (projectId, name) =>
      Promise.all((await toolsFeature.serversOfTool(projectId, name)).map((id) => servers.mustGet(projectId, id))),
    observer: calls,
    audit,
  })
  const toolCalls = {
    ...toolsFeature.toolCalls,
    restCall: policiesFeature.policeRest(toolsFeature.toolCalls.restCall),
    restList: policiesFeature.policeRestList(toolsFeature.toolCalls.restList),
  }
  // Each feature contributes its part of what servers expose over MCP (tools, resources, prompts, completion).
  // Hosted resources and prompts first, then what each attached remote toolkit's upstream brings.
  const wholeServer = withUpstreamParts(
    { ...resourcesBackend(resources), ...promptsBackend(prompts), ...completionBackend(prompts, resources) },
    toolsFeature.remoteParts.parts,
    toolsFeature.remoteParts.watch,
    log,
  )
  const mcpBackend: McpBackend = protocolBackend({
    ...policiesFeature.police(toolsFeature.toolCalls.backend),
    ...wholeServer,
    readResource: observedResources(wholeServer, calls).readResource,
    getPrompt: observedPrompts(wholeServer, calls).getPrompt,
  })
  // run_code's nested tool calls enter here, as tools/call does (docs/decisions/0370-code-mode.md).
  toolsFeature.toolCalls.routeNestedCalls({
    callTool: mcpBackend.callTool,
    charge: async (ctx) => (await limiter.hit('protocol', ctx.principal, 1))?.allowed ?? true,
  })
  // Toolyard as the OAuth 2.1 authorization server for its own servers (clients that cannot send a key header).
  const oauthServer = createOAuthServer({
    repo: repos.oauthServer,
    keyring: vault.keyring,
    projects,
    servers,
    urls,
    limits: {
      maxClients: config.oauthMaxClients,
      maxClientsPerAddress: config.oauthMaxClientsPerAddress,
      clientUnusedTtlS: config.oauthClientUnusedTtlS,
    },
    onRevoked: revocations.revoked,
    identity,
  })
  if (background)
    scheduler.every('prune-oauth-server', Math.min(3600, config.oauthClientUnusedTtlS), async () =>
      oauthServer.pruneExpired(),
    )
  // MCP sessions (Mcp-Session-Id): ids sealed under the master key, the mutable part in the session directory (this
  // process's memory unless one is given: docs/decisions/0042-mcp-sessions-across-instances.md); closeAll() ends their
  // streams before the HTTP server stops.
  const mcpSessions = createSessionStore(
    {
      maxSessions: config.maxSessions,
      maxSessionsPerKey: config.maxSessionsPerKey,
      maxSubscriptions: config.maxSessionSubscriptions,
      streamBufferBytes: config.streamBufferBytes,
    },
    {
      ids: sessionIds(vault.keyring),
      directory: overrides.sessionDirectory ?? storage.sessionDirectory ?? localSessionDirectory(),
    },
  )

  const sharedSessions = storage.sessionDirectory
  if (sharedSessions && background)
    scheduler.every('prune-mcp-sessions', 3600, async () => {
      await sharedSessions.prune(Date.now() - SESSION_TTL_MS)
    })
  // 2026-07-28 tasks run in this process; the task directory lets other instances answer for them (PostgreSQL), or
  // remembers nothing (SQLite): docs/decisions/0047-tasks-across-instances.md.
  const taskDirectory = storage.taskDirectory
  const mcpTasks = createTaskStore(
    { resultsBytes: config.taskResultsBytes, runMs: config.taskMaxMs },
    {
      ...(taskDirectory ? { directory: taskDirectory } : {}),
      onError: (err) =>
        log.warn('task not recorded for the other instances', { error: String((err as Error).message) }),
    },
  )
  if (taskDirectory && background)
    scheduler.every('prune-mcp-tasks', 300, async () => {
      await taskDirectory.prune(expiredTasks(Date.now(), config.taskMaxMs))
    })

  const deps = {
    config,
    log,
    /** Which backend this app runs on (src/storage.ts). */
    backend: storage.backend,
    store,
    urls,
    limiter,
    events,
    scheduler,
    egress,
    credentials,
    vault,
    /** Runs every function of this app; owns its sandbox pool (stats for diagnostics and tests). */
    runner,
    /** Runs the OAuth flow pruning job now (it also runs hourly); returns how many rows it deleted. */
    pruneFlows,
    projects,
    users,
    identity,
    connect,
    health,
    admin,
    servers,
    toolkits: toolsFeature.toolkits,
    /** Pinned definitions: changes held for review (GET /toolkits/{id}/changes). */
    toolkitChanges: changes,
    remoteToolkits,
    /** Local (stdio) toolkits: their children (tests step past the idle timeout with sweepIdle). */
    localToolkits: toolsFeature.localToolkits,
    /** Hosted resources and prompts with those of the servers' remote toolkits (GET /servers/{id}/held-back). */
    wholeServer,
    openapi: openapi.service,
    tools: toolsFeature.tools,
    toolCalls,
    functions: toolsFeature.functions,
    invokeFunction: toolsFeature.invokeFunction,
    findFunction: toolsFeature.findFunction,
    serverTools: toolsFeature.serverTools,
    /** Searching a server's tools (find_tools, GET /servers/{id}/tools/search). */
    toolSearch: toolsFeature.toolSearch,
    resources,
    prompts,
    /** Policies (REST) and approval requests (REST, the link, the dashboard). */
    policies: policiesFeature.policies,
    approvals: policiesFeature.approvals,
    /** Each project's policies in memory, per server: the gate's lookup on every tool call (bench/policy-eval.ts). */
    policyIndex: policiesFeature.index,
    mcpBackend,
    mcpSessions,
    mcpTasks,
    onRateLimitedCall: (slug: string, tool: string, requestId: string) =>
      void servers.bySlug(slug).then((row) => rateLimitedCall(calls, row, tool, requestId)),
    metrics,
    callLog,
    calls,
    /** The audit trail: changes and tool calls per project, hash-chained (GET /audit). */
    audit,
    oauthServer,
    revocations,
    subscriptions: webhookFeature.subscriptions,
    webhooks: webhookFeature.webhooks,
    deliveryQueue: webhookFeature.queue,
    redeliveries: webhookFeature.redeliveries,
    /** The failed-deliveries retention job (TOOLYARD_WEBHOOK_FAILED_DAYS), run hourly; resolves to the rows deleted. */
    pruneFailedWebhooks: webhookFeature.pruneFailed,
    /** Called on graceful shutdown before the database closes: stop jobs, flush queues. */
    async shutdown() {
      scheduler.stop()
      // Pending deliveries stay in the outbox for the next start.
      await webhookFeature.queue.stop()
      // Tasks still running here end as failed, in the task directory too, before the database closes.
      await mcpTasks.stop()
      // Sandbox worker threads: idle ones end now, busy ones when their calls end (bounded by each call's deadline).
      runner.shutdown()
      remoteToolkits.close()
      toolsFeature.localToolkits.close()
      // Buffered call log rows and audit entries are written before the database closes.
      await callLog.stop()
      await audit.stop()
    },
    close(): Promise<void> {
      return storage.close()
    },
  }
  // The SQLite connection, for tests and diagnostics that look at rows directly; features use `store`. Not enumerable:
  // spreading deps (createApp does) must not touch it, as on PostgreSQL it refuses (src/storage.ts).
  return Object.defineProperty(deps, 'db', { get: () => storage.sqliteDb(), enumerable: false }) as typeof deps & {
    readonly db: Db
  }
}
export type Deps = ReturnType<typeof buildDeps>
