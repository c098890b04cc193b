// `toolyard health`: the container's HEALTHCHECK (the runtime image has no curl). It asks /mcp/health on the
// configured host and port, or --url, and exits 0 only for a 200.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { runCli, startTestApp, type TestApp, tempDirs } from '../helpers/app'

setDefaultTimeout(30_000)
const fresh = tempDirs('toolyard-health-')

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app?.stop())

describe('toolyard health', () => {
  test('exits 0 for a server that answers 200, asked on TOOLYARD_HOST and TOOLYARD_PORT (a wildcard over loopback)', async () => {
    const port = String(app.server.port)
    const byUrl = await runCli(['health', '--url', `${app.base}/health`], fresh())
    expect(byUrl.code).toBe(0)
    expect(byUrl.stdout).toContain('HTTP 200')
    const bySettings = await runCli(['health'], fresh(), { TOOLYARD_HOST: '0.0.0.0', TOOLYARD_PORT: port })
    expect(bySettings.code).toBe(0)
    expect(bySettings.stdout).toContain(`http://127.0.0.1:${port}/mcp/health`)
  })

  test('exits 1 when the server answers 503, and when nothing listens', async () => {
    const unhealthy = Bun.serve({
      hostname: '127.0.0.1',
      port: 0,
      fetch: () => Response.json({ status: 'degraded', database: 'unavailable' }, { status: 503 }),
    })
    try {
      const sick = await runCli(['health', '--url', `http://127.0.0.1:${unhealthy.port}/mcp/health`], fresh())
      expect(sick.code).toBe(1)
      expect(sick.stderr).toContain('HTTP 503')
    } finally {
      unhealthy.stop(true)
    }
    // A port that was just free: nothing answers there.
    const gone = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() })
    const closedPort = gone.port
    gone.stop(true)
    const down = await runCli(['health'], fresh(), { TOOLYARD_HOST: '127.0.0.1', TOOLYARD_PORT: String(closedPort) })
    expect(down.code).toBe(1)
    expect(down.stderr).toContain(`127.0.0.1:${closedPort}`)
  })

  test('a --url that is not an http(s) URL is a usage error (exit 2)', async () => {
    const bad = await runCli(['health', '--url', 'ftp://example.com/health'], fresh())
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--url must be an http(s) URL')
  })
})
