// Unit tests of configuration parsing for the OAuth refresh settings and the serve flags.
import { describe, expect, test } from 'bun:test'
import { ConfigError, flagsToEnv, loadConfig } from './config'

describe('TOOLYARD_OAUTH_REFRESH_INTERVAL_S', () => {
  test('defaults to 30 seconds and takes any whole number of seconds from 1', () => {
    expect(loadConfig({}).oauthRefreshIntervalS).toBe(30)
    expect(loadConfig({ TOOLYARD_OAUTH_REFRESH_INTERVAL_S: '1' }).oauthRefreshIntervalS).toBe(1)
    expect(loadConfig({ TOOLYARD_OAUTH_REFRESH_INTERVAL_S: ' 3600 ' }).oauthRefreshIntervalS).toBe(3600)
    expect(loadConfig({ TOOLYARD_OAUTH_REFRESH_INTERVAL_S: '' }).oauthRefreshIntervalS).toBe(30)
  })

  test.each(['0', '-5', '1.5', 'often', '30s'])('refuses %p, naming the variable', (value) => {
    expect(() => loadConfig({ TOOLYARD_OAUTH_REFRESH_INTERVAL_S: value })).toThrow(ConfigError)
    expect(() => loadConfig({ TOOLYARD_OAUTH_REFRESH_INTERVAL_S: value })).toThrow('TOOLYARD_OAUTH_REFRESH_INTERVAL_S')
  })

  test('is independent of the refresh margin', () => {
    const c = loadConfig({ TOOLYARD_OAUTH_REFRESH_INTERVAL_S: '5', TOOLYARD_OAUTH_REFRESH_MARGIN_S: '0' })
    expect([c.oauthRefreshIntervalS, c.oauthRefreshMarginS]).toEqual([5, 0])
  })
})

describe('TOOLYARD_WEBHOOK_LEASE_S and TOOLYARD_WEBHOOK_POLL_MS (PostgreSQL mode)', () => {
  test('the lease defaults to the attempt timeout, rounded up to seconds, plus 30 s; the poll to 250 ms', () => {
    expect(loadConfig({}).webhookLeaseS).toBe(40)
    expect(loadConfig({ TOOLYARD_WEBHOOK_TIMEOUT_MS: '2500' }).webhookLeaseS).toBe(33)
    expect(loadConfig({ TOOLYARD_WEBHOOK_LEASE_S: '3' }).webhookLeaseS).toBe(3)
    expect(loadConfig({}).webhookPollMs).toBe(250)
    expect(loadConfig({ TOOLYARD_WEBHOOK_POLL_MS: '50' }).webhookPollMs).toBe(50)
  })

  test.each([
    ['TOOLYARD_WEBHOOK_LEASE_S', '0'],
    ['TOOLYARD_WEBHOOK_LEASE_S', 'long'],
    ['TOOLYARD_WEBHOOK_POLL_MS', '5'],
    ['TOOLYARD_WEBHOOK_POLL_MS', '-1'],
  ])('%s refuses %p, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError)
    expect(() => loadConfig({ [name]: value })).toThrow(name)
  })
})

describe('flagsToEnv', () => {
  test('maps serve flags (spaced or with =) onto the variables, over the environment', () => {
    const env = flagsToEnv(['--port', '0', '--host=::', '--log-level', 'warn'], { TOOLYARD_PORT: '9000', OTHER: 'x' })
    expect(env).toMatchObject({ TOOLYARD_PORT: '0', TOOLYARD_HOST: '::', TOOLYARD_LOG_LEVEL: 'warn', OTHER: 'x' })
  })

  test('refuses unknown flags and flags without a value', () => {
    expect(() => flagsToEnv(['--oauth-refresh-interval', '1'], {})).toThrow('unknown flag --oauth-refresh-interval')
    expect(() => flagsToEnv(['--port'], {})).toThrow('--port needs a value')
  })
})

describe('limits (docs/decisions/0016-limits.md)', () => {
  const limits = {
    TOOLYARD_MAX_BODY_BYTES: ['maxBodyBytes', 4 * 1024 * 1024, '--max-body-bytes'],
    TOOLYARD_MAX_JSON_DEPTH: ['maxJsonDepth', 64, '--max-json-depth'],
    TOOLYARD_MAX_BATCH_SIZE: ['maxBatchSize', 50, '--max-batch-size'],
    TOOLYARD_BATCH_CONCURRENCY: ['batchConcurrency', 4, '--batch-concurrency'],
    TOOLYARD_MAX_RESULT_BYTES: ['maxResultBytes', 4 * 1024 * 1024, '--max-result-bytes'],
    TOOLYARD_CODE_MAX_CALLS: ['codeMaxCalls', 50, '--code-max-calls'],
    TOOLYARD_RESOURCE_CACHE_BYTES: ['resourceCacheBytes', 64 * 1024 * 1024, '--resource-cache-bytes'],
    TOOLYARD_MAX_SESSION_SUBSCRIPTIONS: ['maxSessionSubscriptions', 1000, '--max-session-subscriptions'],
    TOOLYARD_MAX_SESSIONS: ['maxSessions', 10_000, '--max-sessions'],
    TOOLYARD_MAX_SESSIONS_PER_KEY: ['maxSessionsPerKey', 100, '--max-sessions-per-key'],
    TOOLYARD_OAUTH_FLOW_TTL_S: ['oauthFlowTtlS', 86_400, '--oauth-flow-ttl-s'],
    TOOLYARD_STREAM_BUFFER_BYTES: ['streamBufferBytes', 16 * 1024 * 1024, '--stream-buffer-bytes'],
    TOOLYARD_TASK_RESULTS_BYTES: ['taskResultsBytes', 64 * 1024 * 1024, '--task-results-bytes'],
    TOOLYARD_WEBHOOK_PENDING_PER_PROJECT: ['webhookPendingPerProject', 10_000, '--webhook-pending-per-project'],
    TOOLYARD_MAX_REMOTE_TOOLS: ['maxRemoteTools', 1000, '--max-remote-tools'],
    TOOLYARD_MAX_REMOTE_TOOL_BYTES: ['maxRemoteToolBytes', 64 * 1024, '--max-remote-tool-bytes'],
    TOOLYARD_MAX_REMOTE_WATCHERS_PER_PROJECT: ['maxRemoteWatchersPerProject', 50, '--max-remote-watchers-per-project'],
    TOOLYARD_MAX_REMOTE_CALLS_PER_PROJECT: ['maxRemoteCallsPerProject', 64, '--max-remote-calls-per-project'],
  } as const

  test.each(Object.entries(limits))('%s: its default, a value, its flag, and a refusal naming it', (name, spec) => {
    const [field, fallback, flag] = spec
    const value = field === 'maxJsonDepth' ? 100 : field === 'streamBufferBytes' ? 65536 : 4096
    expect(loadConfig({})[field]).toBe(fallback)
    expect(loadConfig({ [name]: String(value) })[field]).toBe(value)
    expect(flagsToEnv([flag, '4096'], {})[name]).toBe('4096')
    expect(() => loadConfig({ [name]: '-1' })).toThrow(name)
    expect(() => loadConfig({ [name]: 'lots' })).toThrow(name)
  })
})

describe('TOOLYARD_DATABASE_URL (--database-url)', () => {
  test('is unset by default (SQLite) and takes postgres:// and postgresql:// URLs', () => {
    expect(loadConfig({}).databaseUrl).toBeUndefined()
    expect(loadConfig({ TOOLYARD_DATABASE_URL: '' }).databaseUrl).toBeUndefined()
    const url = 'postgres://toolyard:s3cret@db.internal:5432/toolyard?sslmode=require'
    expect(loadConfig({ TOOLYARD_DATABASE_URL: url }).databaseUrl).toBe(url)
    expect(loadConfig({ TOOLYARD_DATABASE_URL: ' postgresql://db/toolyard ' }).databaseUrl).toBe(
      'postgresql://db/toolyard',
    )
    expect(loadConfig({ TOOLYARD_DATABASE_URL: 'postgres:///toolyard?host=/run/postgresql' }).databaseUrl).toBeDefined()
    expect(flagsToEnv(['--database-url', url], {}).TOOLYARD_DATABASE_URL).toBe(url)
  })

  test.each([
    ['mysql://root:hunter2-secret@db/toolyard', 'must use postgres:// or postgresql://'],
    ['sqlite:///data/toolyard.sqlite', 'must use postgres:// or postgresql://'],
    ['db.internal:5432/hunter2-secret', 'must use postgres:// or postgresql://'],
    ['not a url hunter2-secret', 'is not a URL'],
    ['postgres:///toolyard', 'names no host'],
  ])('refuses %p, naming the variable and never showing the password', (value, reason) => {
    let message = ''
    try {
      loadConfig({ TOOLYARD_DATABASE_URL: value })
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError)
      message = (e as Error).message
    }
    expect(message).toContain('TOOLYARD_DATABASE_URL (--database-url)')
    expect(message).toContain(reason)
    expect(message).not.toContain('hunter2')
  })
})

describe('semantic tool search settings', () => {
  test('TOOLYARD_EMBEDDINGS_URL is optional, must be an http(s) URL, and the key is never shown in an error', () => {
    expect(loadConfig({}).embeddingsUrl).toBeUndefined()
    expect(loadConfig({}).embeddingsModel).toBe('text-embedding-3-small')
    const set = loadConfig({
      TOOLYARD_EMBEDDINGS_URL: 'http://127.0.0.1:11434/v1/embeddings',
      TOOLYARD_EMBEDDINGS_MODEL: 'nomic-embed-text',
    })
    expect(set.embeddingsUrl).toBe('http://127.0.0.1:11434/v1/embeddings')
    expect(set.embeddingsModel).toBe('nomic-embed-text')
    expect(() => loadConfig({ TOOLYARD_EMBEDDINGS_URL: 'ftp://x/v1/embeddings' })).toThrow('TOOLYARD_EMBEDDINGS_URL')
    expect(() => loadConfig({ TOOLYARD_EMBEDDINGS_URL: 'not a url' })).toThrow('TOOLYARD_EMBEDDINGS_URL')
  })
})
