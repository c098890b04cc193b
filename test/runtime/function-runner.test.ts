// One function runner per app (docs/decisions/0021-bounded-logs-results-outbox-and-function-memory.md, "One function runner"): its sandbox pool is an instance sized by
// TOOLYARD_SANDBOX_WORKERS, not shared with another app in the process, used by the code check at save, and closed
// with the app.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test'
import { ConfigError, flagsToEnv, loadConfig } from '../../src/config'
import { createSandboxPool } from '../../src/runtime/sandbox-pool'
import { call, createFunction } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'

const BUSY = 'export default async () => { const t = Date.now(); while (Date.now() - t < 150) {} return 1 }'

describe('TOOLYARD_SANDBOX_WORKERS', () => {
  test('defaults to twice the cores within 4–8; the flag and the variable set it; bounds are named', () => {
    const size = loadConfig({}).sandboxWorkers
    expect(size).toBeGreaterThanOrEqual(4)
    expect(size).toBeLessThanOrEqual(8)
    expect(loadConfig({ TOOLYARD_SANDBOX_WORKERS: '2' }).sandboxWorkers).toBe(2)
    expect(loadConfig(flagsToEnv(['--sandbox-workers', '3'], {})).sandboxWorkers).toBe(3)
    for (const bad of ['0', '65', 'many']) {
      expect(() => loadConfig({ TOOLYARD_SANDBOX_WORKERS: bad })).toThrow(ConfigError)
      expect(() => loadConfig({ TOOLYARD_SANDBOX_WORKERS: bad })).toThrow(
        /TOOLYARD_SANDBOX_WORKERS \(--sandbox-workers\)/,
      )
    }
  })

  test('a pool never runs more workers than its size; a project holds half', async () => {
    const pool = createSandboxPool({ size: 2 })
    expect(pool.stats()).toMatchObject({ poolSize: 2, projectShare: 1 })
    let most = 0
    const calls = Array.from({ length: 6 }, () => pool.run({ code: BUSY, input: {} }))
    const watch = setInterval(() => {
      most = Math.max(most, pool.stats().workers)
    }, 5)
    expect(await Promise.all(calls)).toEqual([1, 1, 1, 1, 1, 1])
    clearInterval(watch)
    expect(most).toBeGreaterThanOrEqual(1)
    expect(most).toBeLessThanOrEqual(2)
    pool.shutdown()
    expect(pool.stats().workers).toBe(0)
  })
})

describe('two apps in one process', () => {
  let small: TestApp
  let other: TestApp
  beforeAll(async () => {
    small = await startTestApp({ TOOLYARD_SANDBOX_WORKERS: '2' })
    other = await startTestApp()
  })
  afterAll(async () => {
    await other.stop()
  })

  test('each has its own pool, sized by its config; the code check at save runs on the app’s own pool', async () => {
    expect(small.server.deps.runner.stats()).toMatchObject({ poolSize: 2, projectShare: 1 })
    expect(other.server.deps.runner.stats().poolSize).toBe(loadConfig({}).sandboxWorkers)
    other.server.deps.runner.shutdown()
    // Saving a javascript function loads it in the sandbox (the check at save): a worker of this app starts.
    await createFunction(small, { name: 'f', runtime: 'javascript', code: 'export default async () => 1' })
    expect(small.server.deps.runner.stats().workers).toBeGreaterThan(0)
    expect(other.server.deps.runner.stats().workers).toBe(0)
    const invoked = await call(small, `/functions/${(await call(small, '/functions')).body.functions[0].id}/invoke`, {
      method: 'POST',
      body: {},
    })
    expect(invoked.status).toBe(200)
    expect(other.server.deps.runner.stats().workers).toBe(0)
  })

  test('stopping an app ends its workers', async () => {
    expect(small.server.deps.runner.stats().workers).toBeGreaterThan(0)
    await small.stop()
    expect(small.server.deps.runner.stats().workers).toBe(0)
  })
})
