// The isolation limits are configuration: TOOLYARD_* variables or serve flags, defaults as documented, bad values named.
import { describe, expect, test } from 'bun:test'
import { ConfigError, flagsToEnv, loadConfig } from './config'

describe('isolation limits in the configuration', () => {
  test('defaults: 32 waiting calls per project, 100 subscriptions per project, 8 webhook attempts in flight', () => {
    const config = loadConfig({})
    expect(config.sandboxQueuePerProject).toBe(32)
    expect(config.maxSubscriptionsPerProject).toBe(100)
    expect(config.webhookConcurrency).toBe(8)
  })

  test('serve flags set the same values as the variables', () => {
    const env = flagsToEnv(
      ['--sandbox-queue-per-project', '5', '--max-subscriptions-per-project=7', '--webhook-concurrency', '2'],
      {},
    )
    const config = loadConfig(env)
    expect(config.sandboxQueuePerProject).toBe(5)
    expect(config.maxSubscriptionsPerProject).toBe(7)
    expect(config.webhookConcurrency).toBe(2)
  })

  test('a value below 1 is refused, naming the variable', () => {
    for (const name of [
      'TOOLYARD_SANDBOX_QUEUE_PER_PROJECT',
      'TOOLYARD_MAX_SUBSCRIPTIONS_PER_PROJECT',
      'TOOLYARD_WEBHOOK_CONCURRENCY',
    ]) {
      expect(() => loadConfig({ [name]: '0' })).toThrow(ConfigError)
      expect(() => loadConfig({ [name]: '0' })).toThrow(name)
    }
  })
})
