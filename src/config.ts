// Configuration: read once from the environment (and `serve` flags), validated with TypeBox, frozen.
// Nothing else in the code reads process.env.
import { type Static, Type } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { DEFAULT_LIMITS } from './http/rate-limit'
import { LOG_LEVELS } from './lib/log'

// Group ids accepted in TOOLYARD_RATE_LIMITS (docs/decisions.md, Foundation); `unlimited` is internal only.
const RATE_GROUPS: readonly string[] = Object.keys(DEFAULT_LIMITS).filter((g) => g !== 'unlimited')

const RateLimits = Type.Union([Type.Literal('off'), Type.Record(Type.String(), Type.Integer({ minimum: 1 }))])

const ConfigSchema = Type.Object({
  host: Type.String({ minLength: 1 }),
  port: Type.Integer({ minimum: 0, maximum: 65535 }),
  dataDir: Type.String({ minLength: 1 }),
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
  // Isolation between projects (docs/decisions.md, "Isolation").
  sandboxQueuePerProject: Type.Integer({ minimum: 1 }),
  maxSubscriptionsPerProject: Type.Integer({ minimum: 1 }),
  webhookConcurrency: Type.Integer({ minimum: 1 }),
})
export type Config = Static<typeof ConfigSchema>

/** Which environment variable feeds which field; used for error messages that name the variable. */
const ENV_NAMES: Record<keyof Config, string> = {
  host: 'TOOLYARD_HOST',
  port: 'TOOLYARD_PORT',
  dataDir: 'TOOLYARD_DATA_DIR',
  publicUrl: 'TOOLYARD_PUBLIC_URL',
  masterKey: 'TOOLYARD_MASTER_KEY',
  adminToken: 'TOOLYARD_ADMIN_TOKEN',
  rateLimits: 'TOOLYARD_RATE_LIMITS',
  allowPrivateEgress: 'TOOLYARD_ALLOW_PRIVATE_EGRESS',
  webhookRetryBaseMs: 'TOOLYARD_WEBHOOK_RETRY_BASE_MS',
  webhookTimeoutMs: 'TOOLYARD_WEBHOOK_TIMEOUT_MS',
  oauthRefreshMarginS: 'TOOLYARD_OAUTH_REFRESH_MARGIN_S',
  oauthRefreshIntervalS: 'TOOLYARD_OAUTH_REFRESH_INTERVAL_S',
  allowedOrigins: 'TOOLYARD_ALLOWED_ORIGINS',
  logLevel: 'TOOLYARD_LOG_LEVEL',
  sandboxQueuePerProject: 'TOOLYARD_SANDBOX_QUEUE_PER_PROJECT',
  maxSubscriptionsPerProject: 'TOOLYARD_MAX_SUBSCRIPTIONS_PER_PROJECT',
  webhookConcurrency: 'TOOLYARD_WEBHOOK_CONCURRENCY',
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>

function integer(env: Env, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  if (!/^-?\d+$/.test(raw.trim())) throw new ConfigError(`${name} must be an integer, got "${raw}"`)
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

/** `http://HOST:PORT`; a wildcard bind address is not an address clients can use, so loopback stands in. */
function defaultPublicUrl(host: string, port: number): string {
  const h = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host
  return `http://${h.includes(':') ? `[${h}]` : h}:${port}`
}

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
    sandboxQueuePerProject: integer(env, 'TOOLYARD_SANDBOX_QUEUE_PER_PROJECT', 32),
    maxSubscriptionsPerProject: integer(env, 'TOOLYARD_MAX_SUBSCRIPTIONS_PER_PROJECT', 100),
    webhookConcurrency: integer(env, 'TOOLYARD_WEBHOOK_CONCURRENCY', 8),
  }
  const firstError = Value.Errors(ConfigSchema, candidate).First()
  if (firstError) {
    const field = firstError.path.split('/')[1] as keyof Config
    const name = ENV_NAMES[field] ?? field
    const shown =
      field === 'masterKey' || field === 'adminToken'
        ? '(hidden)'
        : JSON.stringify((candidate as Record<string, unknown>)[field])
    throw new ConfigError(`${name} is invalid: ${firstError.message} (got ${shown})`)
  }
  return Object.freeze(candidate as Config)
}

/** `serve --host x --port 1 --data-dir d` flags map onto the same variables. */
export function flagsToEnv(args: string[], env: Env): Env {
  const out: Env = { ...env }
  const names: Record<string, string> = {
    '--host': 'TOOLYARD_HOST',
    '--port': 'TOOLYARD_PORT',
    '--data-dir': 'TOOLYARD_DATA_DIR',
    '--public-url': 'TOOLYARD_PUBLIC_URL',
    '--log-level': 'TOOLYARD_LOG_LEVEL',
    '--sandbox-queue-per-project': 'TOOLYARD_SANDBOX_QUEUE_PER_PROJECT',
    '--max-subscriptions-per-project': 'TOOLYARD_MAX_SUBSCRIPTIONS_PER_PROJECT',
    '--webhook-concurrency': 'TOOLYARD_WEBHOOK_CONCURRENCY',
  }
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
