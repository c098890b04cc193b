// Configuration: read once from the environment (and `serve` flags), validated with TypeBox, frozen.
// Nothing else in the code reads process.env.
import { type Static, Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { ALLOWED, ENV_NAMES, FLAG_NAMES, nameOf } from './config-names'
import { DEFAULT_LIMITS } from './http/rate-limit'
import { dataDirProblem } from './lib/data-dir-problem'
import { LOG_LEVELS } from './lib/log'
import { isIP } from './lib/net'
import { type LocalServer, LocalServersError, readLocalServers } from './modules/tools/kinds/local/servers'
import { DEFAULT_WARM_PER_WORKER, defaultPoolSize } from './runtime/sandbox-job'

// Group ids accepted in TOOLYARD_RATE_LIMITS (docs/decisions/README.md, Foundation); `unlimited` is internal only.
const RATE_GROUPS: readonly string[] = Object.keys(DEFAULT_LIMITS).filter((g) => g !== 'unlimited')

const RateLimits = Type.Union([Type.Literal('off'), Type.Record(Type.String(), Type.Integer({ minimum: 1 }))])

const ConfigSchema = Type.Object({
  host: Type.String({ minLength: 1 }),
  port: Type.Integer({ minimum: 0, maximum: 65535 }),
  dataDir: Type.String({ minLength: 1 }),
  // PostgreSQL instead of the SQLite file, for serve and the CLI (docs/decisions/0043-postgresql-in-serve.md; one
  // database shared by several instances, docs/scale-out.md): parsed and checked here, opened by src/storage.ts.
  databaseUrl: Type.Optional(Type.String()),
  // Connections this instance keeps to PostgreSQL at most (the change feed's listener is one more).
  databasePoolSize: Type.Integer({ minimum: 1, maximum: 100 }),
  // How long one database statement (or the wait for a connection or a lock) may take before the request answers 503
  // database_unavailable instead of hanging (docs/reliability.md, "Faults"): PostgreSQL's statement_timeout and a bound
  // in this process, SQLite's busy_timeout.
  databaseTimeoutMs: Type.Integer({ minimum: 100, maximum: 600_000 }),
  // How long SIGTERM waits for in-flight requests before it closes what is left (docs/reliability.md, "Faults").
  shutdownGraceS: Type.Integer({ minimum: 0, maximum: 3600 }),
  publicUrl: Type.String({ pattern: '^https?://[^/]+$' }),
  masterKey: Type.Optional(Type.String()),
  adminToken: Type.Optional(Type.String({ minLength: 16 })),
  rateLimits: RateLimits,
  allowPrivateEgress: Type.Boolean(),
  webhookRetryBaseMs: Type.Integer({ minimum: 1 }),
  webhookTimeoutMs: Type.Integer({ minimum: 1 }),
  oauthRefreshMarginS: Type.Integer({ minimum: 0 }),
  oauthRefreshIntervalS: Type.Integer({ minimum: 1 }),
  allowedOrigins: Type.Optional(Type.Array(Type.String())),
  logLevel: Type.Union(LOG_LEVELS.map((level) => Type.Literal(level))),
  taskMaxMs: Type.Integer({ minimum: 1000 }),
  approvalTtlS: Type.Integer({ minimum: 10, maximum: 604_800 }),
  callLogDays: Type.Integer({ minimum: 1, maximum: 3650 }),
  auditDays: Type.Integer({ minimum: 1, maximum: 3650 }),
  /** Where OpenTelemetry spans go (OTLP/HTTP); absent: tracing is off (docs/decisions/0351-opentelemetry-traces.md). */
  otelTracesUrl: Type.Optional(Type.String()),
  otelServiceName: Type.String({ minLength: 1 }),
  webhookFailedDays: Type.Integer({ minimum: 1, maximum: 3650 }),
  // Isolation between projects (docs/decisions/0013-isolation.md).
  sandboxQueuePerProject: Type.Integer({ minimum: 1 }),
  // Each worker holds a WASM heap; a project may hold half of them (docs/decisions/0021-bounded-logs-results-outbox-and-function-memory.md, "One function runner").
  sandboxWorkers: Type.Integer({ minimum: 1, maximum: 64 }),
  // Warm function VMs each worker keeps (docs/functions.md, "Warm JavaScript"): each holds a QuickJS runtime and its
  // module's state inside the worker's WASM heap, which is recycled past 64 MB anyway; 0 turns warm reuse off.
  sandboxWarmPerWorker: Type.Integer({ minimum: 0, maximum: 256 }),
  maxSubscriptionsPerProject: Type.Integer({ minimum: 1 }),
  webhookConcurrency: Type.Integer({ minimum: 1 }),
  // PostgreSQL mode (docs/decisions/0045-claimed-work-across-instances.md): how long a claimed webhook delivery is this
  // instance's before another may take it (default: the attempt's timeout plus 30 s for signing and recording), and how
  // often each instance looks for due deliveries.
  webhookLeaseS: Type.Integer({ minimum: 1 }),
  webhookPollMs: Type.Integer({ minimum: 10 }),
  // Limits that protect every tenant (docs/decisions/0016-limits.md).
  maxBodyBytes: Type.Integer({ minimum: 1024 }),
  // The largest OpenAPI document: fetched from spec_url, given inline on the import routes, or read by apply.
  maxSpecBytes: Type.Integer({ minimum: 1024 }),
  maxJsonDepth: Type.Integer({ minimum: 2, maximum: 1000 }),
  maxBatchSize: Type.Integer({ minimum: 1 }),
  batchConcurrency: Type.Integer({ minimum: 1 }),
  maxResultBytes: Type.Integer({ minimum: 1024 }),
  // Optional semantic tool search (docs/decisions/0371-semantic-tool-search.md): an OpenAI-compatible /v1/embeddings.
  embeddingsUrl: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$' })),
  embeddingsModel: Type.String({ minLength: 1, maxLength: 200 }),
  embeddingsKey: Type.Optional(Type.String({ minLength: 1 })),
  // Code mode's run_code: nested tool calls per run (docs/decisions/0370-code-mode.md).
  codeMaxCalls: Type.Integer({ minimum: 1, maximum: 10_000 }),
  resourceCacheBytes: Type.Integer({ minimum: 0 }),
  maxSessionSubscriptions: Type.Integer({ minimum: 1 }),
  maxSessions: Type.Integer({ minimum: 1 }),
  maxSessionsPerKey: Type.Integer({ minimum: 1 }),
  oauthFlowTtlS: Type.Integer({ minimum: 60 }),
  dashboardSigninPerMinute: Type.Integer({ minimum: 1, maximum: 10000 }),
  dashboardSessions: Type.Integer({ minimum: 1, maximum: 100000 }),
  // Keyless client registration of the OAuth server (docs/decisions/0020-oauth-grants-registration-and-streams.md).
  oauthMaxClients: Type.Integer({ minimum: 1, maximum: 10_000_000 }),
  oauthMaxClientsPerAddress: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  oauthClientUnusedTtlS: Type.Integer({ minimum: 60, maximum: 31_536_000 }),
  // How often open MCP streams re-check their key or grant (besides at once on a revocation in this process).
  streamRecheckS: Type.Integer({ minimum: 1, maximum: 3600 }),
  // Memory bounds (docs/decisions/0021-bounded-logs-results-outbox-and-function-memory.md).
  streamBufferBytes: Type.Integer({ minimum: 65536 }),
  taskResultsBytes: Type.Integer({ minimum: 1024 }),
  webhookPendingPerProject: Type.Integer({ minimum: 1 }),
  // What one remote MCP toolkit's upstream may list (docs/decisions/0038-review-of-the-third-round.md).
  maxRemoteTools: Type.Integer({ minimum: 1 }),
  maxRemoteToolBytes: Type.Integer({ minimum: 1024 }),
  maxRemoteWatchersPerProject: Type.Integer({ minimum: 0 }),
  maxRemoteCallsPerProject: Type.Integer({ minimum: 1 }),
  // The operator's local (stdio) MCP servers, read from TOOLYARD_LOCAL_SERVERS at start (docs/decisions/0365-local-servers.md),
  // how long a child may sit unused before it is stopped, and the PATH children get (nothing else of this environment).
  localServers: Type.Array(Type.Any()),
  localIdleS: Type.Integer({ minimum: 1, maximum: 86_400 }),
  maxLocalChildrenPerProject: Type.Integer({ minimum: 1, maximum: 1000 }),
  localPath: Type.String(),
})
export type Config = Static<typeof ConfigSchema>

const MIB = 1024 * 1024

export class ConfigError extends Error {}
type Env = Record<string, string | undefined>

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (!/^-?\d+$/.test(raw.trim())) {
    const field = (Object.keys(ENV_NAMES) as (keyof Config)[]).find((f) => ENV_NAMES[f] === name)
    const allowed = field && ALLOWED[field] ? `; allowed: ${ALLOWED[field]}` : ''
    throw new ConfigError(`${field ? nameOf(field) : name} must be an integer, got "${raw}"${allowed}`)
  }
  return Number(raw)
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase()
  if (raw === undefined || raw === '') return fallback
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true
  if (['0', 'false', 'no', 'off'].includes(raw)) return false
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`)
}

function rateLimits(env: Env): Config['rateLimits'] {
  const raw = env.TOOLYARD_RATE_LIMITS?.trim()
  if (!raw) return {}
  if (raw === 'off') return 'off'
  let parsed: unknown
  try {
    parsed = JSON.parse(raw)
  } catch {
    throw new ConfigError(`TOOLYARD_RATE_LIMITS must be "off" or a JSON object {group: perMinute}, got "${raw}"`)
  }
  // A misspelt group would silently keep its default limit, so unknown names are refused.
  if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
    const unknown = Object.keys(parsed).filter((k) => !RATE_GROUPS.includes(k))
    if (unknown.length)
      throw new ConfigError(
        `TOOLYARD_RATE_LIMITS names unknown group(s) ${unknown.join(', ')}; known: ${RATE_GROUPS.join(', ')}`,
      )
  }
  return parsed as Config['rateLimits']
}

function masterKey(env: Env): string | undefined {
  const raw = env.TOOLYARD_MASTER_KEY?.trim()
  if (!raw) return undefined
  // Never echo the value: it is the key that protects every stored secret.
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(raw) || Buffer.from(raw, 'base64').length !== 32)
    throw new ConfigError('TOOLYARD_MASTER_KEY must be 32 bytes encoded as base64 (e.g. `openssl rand -base64 32`)')
  return raw
}

/** The URL for messages: its password (if any) replaced by ***, so an error never shows it. */
export function redactedDatabaseUrl(url: URL): string {
  const shown = new URL(url.toString())
  if (shown.password) shown.password = '***'
  return shown.toString()
}

function databaseUrl(env: Env): string | undefined {
  const raw = env.TOOLYARD_DATABASE_URL?.trim()
  if (!raw) return undefined
  const allowed = 'a postgres:// or postgresql:// URL, e.g. postgres://toolyard:PASSWORD@db.internal:5432/toolyard'
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    // Not even a URL: nothing of it is shown, as it may hold a password.
    throw new ConfigError(`${nameOf('databaseUrl')} is not a URL (value hidden); allowed: ${allowed}`)
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:')
    throw new ConfigError(
      `${nameOf('databaseUrl')} must use postgres:// or postgresql:// (got ${url.protocol}//…); allowed: ${allowed}`,
    )
  if (!url.hostname && !url.searchParams.get('host'))
    throw new ConfigError(
      `${nameOf('databaseUrl')} names no host (got ${redactedDatabaseUrl(url)}); allowed: ${allowed}`,
    )
  return raw
}

/**
 * The OTLP/HTTP traces URL the standard variables name: OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as it is, else
 * OTEL_EXPORTER_OTLP_ENDPOINT with /v1/traces; none (tracing off) when neither is set, or OTEL_SDK_DISABLED=true, or
 * OTEL_TRACES_EXPORTER=none.
 */
function otelTracesUrl(env: Env): string | undefined {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return undefined
  if (env.OTEL_TRACES_EXPORTER?.trim().toLowerCase() === 'none') return undefined
  const traces = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim()
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim()
  const name = traces ? 'OTEL_EXPORTER_OTLP_TRACES_ENDPOINT' : 'OTEL_EXPORTER_OTLP_ENDPOINT'
  const url = traces || (base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined)
  if (!url) return undefined
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new ConfigError(
      `${name} is not a URL (got ${JSON.stringify(traces || base)}); allowed: an http:// or https:// URL`,
    )
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new ConfigError(`${name} must be an http:// or https:// URL (got ${parsed.protocol}//…)`)
  return url
}

/** The servers of TOOLYARD_LOCAL_SERVERS' file (none when unset); a bad file names its field. */
function localServers(env: Env): LocalServer[] {
  const path = env.TOOLYARD_LOCAL_SERVERS?.trim()
  if (!path) return []
  try {
    return readLocalServers(path)
  } catch (error) {
    if (error instanceof LocalServersError)
      throw new ConfigError(`${nameOf('localServers')} (${path}): ${error.message}; allowed: ${ALLOWED.localServers}`)
    throw error
  }
}

/** `http://HOST:PORT`; a wildcard bind address is not an address clients can use, so loopback stands in. */
export function defaultPublicUrl(host: string, port: number): string {
  const h = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host
  return `http://${h.includes(':') ? `[${h}]` : h}:${port}`
}

/** Host names per RFC 1123 (which covers IPv4 literals), or an IP literal (asked second: node:net loads then). */
const validHost = (host: string) =>
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/.test(
    host,
  ) || isIP(host) !== 0

/** Parses the environment into a Config or throws ConfigError naming the offending variable. */
export function loadConfig(env: Env = process.env): Readonly<Config> {
  const host = env.TOOLYARD_HOST || '127.0.0.1'
  const port = integer(env, 'TOOLYARD_PORT', 8080)
  const origins = env.TOOLYARD_ALLOWED_ORIGINS?.split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  const candidate = {
    host,
    port,
    dataDir: env.TOOLYARD_DATA_DIR || './data',
    databaseUrl: databaseUrl(env),
    databasePoolSize: integer(env, 'TOOLYARD_DATABASE_POOL_SIZE', 10),
    databaseTimeoutMs: integer(env, 'TOOLYARD_DATABASE_TIMEOUT_MS', 5000),
    // Below Docker's and Kubernetes' default stop timeouts (10 s, 30 s): the drain ends before the SIGKILL.
    shutdownGraceS: integer(env, 'TOOLYARD_SHUTDOWN_GRACE_S', 8),
    // When the port is 0 the real port is only known after listening; the server fills it in then.
    publicUrl: (env.TOOLYARD_PUBLIC_URL || defaultPublicUrl(host, port)).replace(/\/+$/, ''),
    masterKey: masterKey(env),
    adminToken: env.TOOLYARD_ADMIN_TOKEN || undefined,
    rateLimits: rateLimits(env),
    allowPrivateEgress: boolean(env, 'TOOLYARD_ALLOW_PRIVATE_EGRESS', false),
    webhookRetryBaseMs: integer(env, 'TOOLYARD_WEBHOOK_RETRY_BASE_MS', 2000),
    webhookTimeoutMs: integer(env, 'TOOLYARD_WEBHOOK_TIMEOUT_MS', 10000),
    oauthRefreshMarginS: integer(env, 'TOOLYARD_OAUTH_REFRESH_MARGIN_S', 900),
    oauthRefreshIntervalS: integer(env, 'TOOLYARD_OAUTH_REFRESH_INTERVAL_S', 30),
    allowedOrigins: origins?.length ? origins : undefined,
    logLevel: (env.TOOLYARD_LOG_LEVEL || 'info').toLowerCase(),
    // How long a tool call run as a task (2026-07-28 tasks extension) may take, whatever its function's timeout_ms.
    taskMaxMs: integer(env, 'TOOLYARD_TASK_MAX_MS', 600_000),
    approvalTtlS: integer(env, 'TOOLYARD_APPROVAL_TTL_S', 600),
    callLogDays: integer(env, 'TOOLYARD_CALL_LOG_DAYS', 7),
    auditDays: integer(env, 'TOOLYARD_AUDIT_DAYS', 90),
    otelTracesUrl: otelTracesUrl(env),
    otelServiceName: env.OTEL_SERVICE_NAME?.trim() || 'toolyard',
    webhookFailedDays: integer(env, 'TOOLYARD_WEBHOOK_FAILED_DAYS', 7),
    sandboxQueuePerProject: integer(env, 'TOOLYARD_SANDBOX_QUEUE_PER_PROJECT', 32),
    sandboxWorkers: integer(env, 'TOOLYARD_SANDBOX_WORKERS', defaultPoolSize()),
    sandboxWarmPerWorker: integer(env, 'TOOLYARD_SANDBOX_WARM_PER_WORKER', DEFAULT_WARM_PER_WORKER),
    maxSubscriptionsPerProject: integer(env, 'TOOLYARD_MAX_SUBSCRIPTIONS_PER_PROJECT', 100),
    webhookConcurrency: integer(env, 'TOOLYARD_WEBHOOK_CONCURRENCY', 8),
    webhookLeaseS: integer(
      env,
      'TOOLYARD_WEBHOOK_LEASE_S',
      Math.ceil(integer(env, 'TOOLYARD_WEBHOOK_TIMEOUT_MS', 10000) / 1000) + 30,
    ),
    webhookPollMs: integer(env, 'TOOLYARD_WEBHOOK_POLL_MS', 250),
    maxBodyBytes: integer(env, 'TOOLYARD_MAX_BODY_BYTES', 4 * MIB),
    maxSpecBytes: integer(env, 'TOOLYARD_MAX_SPEC_BYTES', 32 * MIB),
    maxJsonDepth: integer(env, 'TOOLYARD_MAX_JSON_DEPTH', 64),
    maxBatchSize: integer(env, 'TOOLYARD_MAX_BATCH_SIZE', 50),
    batchConcurrency: integer(env, 'TOOLYARD_BATCH_CONCURRENCY', 4),
    maxResultBytes: integer(env, 'TOOLYARD_MAX_RESULT_BYTES', 4 * MIB),
    codeMaxCalls: integer(env, 'TOOLYARD_CODE_MAX_CALLS', 50),
    embeddingsUrl: env.TOOLYARD_EMBEDDINGS_URL?.trim() || undefined,
    embeddingsModel: env.TOOLYARD_EMBEDDINGS_MODEL?.trim() || 'text-embedding-3-small',
    embeddingsKey: env.TOOLYARD_EMBEDDINGS_KEY || undefined,
    resourceCacheBytes: integer(env, 'TOOLYARD_RESOURCE_CACHE_BYTES', 64 * MIB),
    maxSessionSubscriptions: integer(env, 'TOOLYARD_MAX_SESSION_SUBSCRIPTIONS', 1000),
    maxSessions: integer(env, 'TOOLYARD_MAX_SESSIONS', 10000),
    maxSessionsPerKey: integer(env, 'TOOLYARD_MAX_SESSIONS_PER_KEY', 100),
    oauthFlowTtlS: integer(env, 'TOOLYARD_OAUTH_FLOW_TTL_S', 86400),
    dashboardSigninPerMinute: integer(env, 'TOOLYARD_DASHBOARD_SIGNIN_PER_MINUTE', 10),
    dashboardSessions: integer(env, 'TOOLYARD_DASHBOARD_SESSIONS', 1000),
    oauthMaxClients: integer(env, 'TOOLYARD_OAUTH_MAX_CLIENTS', 10_000),
    oauthMaxClientsPerAddress: integer(env, 'TOOLYARD_OAUTH_MAX_CLIENTS_PER_ADDRESS', 20),
    oauthClientUnusedTtlS: integer(env, 'TOOLYARD_OAUTH_CLIENT_UNUSED_TTL_S', 86400),
    streamRecheckS: integer(env, 'TOOLYARD_STREAM_RECHECK_S', 30),
    streamBufferBytes: integer(env, 'TOOLYARD_STREAM_BUFFER_BYTES', 16 * MIB),
    taskResultsBytes: integer(env, 'TOOLYARD_TASK_RESULTS_BYTES', 64 * MIB),
    webhookPendingPerProject: integer(env, 'TOOLYARD_WEBHOOK_PENDING_PER_PROJECT', 10_000),
    maxRemoteTools: integer(env, 'TOOLYARD_MAX_REMOTE_TOOLS', 1000),
    maxRemoteToolBytes: integer(env, 'TOOLYARD_MAX_REMOTE_TOOL_BYTES', 64 * 1024),
    maxRemoteWatchersPerProject: integer(env, 'TOOLYARD_MAX_REMOTE_WATCHERS_PER_PROJECT', 50),
    maxRemoteCallsPerProject: integer(env, 'TOOLYARD_MAX_REMOTE_CALLS_PER_PROJECT', 64),
    localServers: localServers(env),
    localIdleS: integer(env, 'TOOLYARD_LOCAL_IDLE_S', 300),
    maxLocalChildrenPerProject: integer(env, 'TOOLYARD_MAX_LOCAL_CHILDREN_PER_PROJECT', 8),
    localPath: env.PATH || '/usr/local/bin:/usr/bin:/bin',
  }
  const firstError = Value.Errors(ConfigSchema, candidate).First()
  if (firstError) {
    const field = firstError.path.split('/')[1] as keyof Config
    const shown =
      field === 'masterKey' || field === 'adminToken' || field === 'databaseUrl' || field === 'embeddingsKey'
        ? '(hidden)'
        : JSON.stringify((candidate as Record<string, unknown>)[field])
    const allowed = ALLOWED[field] ? `; allowed: ${ALLOWED[field]}` : ''
    throw new ConfigError(`${nameOf(field) ?? field} is invalid: ${firstError.message} (got ${shown})${allowed}`)
  }
  if (!validHost(host))
    throw new ConfigError(`${nameOf('host')} is invalid (got ${JSON.stringify(host)}); allowed: ${ALLOWED.host}`)
  const dirProblem = dataDirProblem(candidate.dataDir)
  if (dirProblem)
    throw new ConfigError(
      `${nameOf('dataDir')} is invalid: ${dirProblem} (got ${JSON.stringify(candidate.dataDir)}); allowed: ${ALLOWED.dataDir}`,
    )
  return Object.freeze(candidate as Config)
}

/** `serve --host x --port 1 --data-dir d` flags map onto the same variables. */
export function flagsToEnv(args: string[], env: Env): Env {
  const out: Env = { ...env }
  // Every flag is FLAG_NAMES' (so an error can name it), mapped onto its variable.
  const names: Record<string, string> = Object.fromEntries(
    Object.entries(FLAG_NAMES).map(([field, flag]) => [flag, ENV_NAMES[field as keyof Config]]),
  )
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i]!.split('=', 2) as [string, string | undefined]
    const name = names[flag]
    if (!name) throw new ConfigError(`unknown flag ${flag} (serve accepts ${Object.keys(names).join(', ')})`)
    const value = inline ?? args[++i]
    if (value === undefined) throw new ConfigError(`${flag} needs a value`)
    out[name] = value
  }
  return out
}
