// The conformance suite's authorization-server scenarios (@modelcontextprotocol/conformance 0.2.0-alpha.12, installed
// as conformance-next): authorization-server-metadata-endpoint and authorization-code-grant against Toolyard's issuer.
// The suite prints the authorization URL for a person to open; the test approves it with a key and follows the
// redirect to the suite's callback listener.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { json, serverWithToolkits } from '../helpers/api'
import { ROOT, startTestApp, type TestApp, tempDirs } from '../helpers/app'
import { approve } from '../helpers/oauth-consent'
import { waitFor } from '../helpers/poll'

const BUN = join(ROOT, 'node_modules/.bin/bun')
const SUITE = join(ROOT, 'node_modules/conformance-next/dist/index.js')
const SCENARIOS = ['authorization-server-metadata-endpoint', 'authorization-code-grant']

let app: TestApp
const outDir = tempDirs('toolyard-conformance-auth-')()

beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

function freePort(): number {
  const s = Bun.serve({ hostname: '127.0.0.1', port: 0, fetch: () => new Response() })
  const port = s.port!
  s.stop(true)
  return port
}

test('authorization-server-metadata-endpoint and authorization-code-grant pass against the issuer', async () => {
  const server = await serverWithToolkits(app, 'conformance auth', [])
  const port = freePort()
  const reg = await json(
    await fetch(`${app.server.origin}/mcp/oauth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_name: 'conformance', redirect_uris: [`http://127.0.0.1:${port}/callback`] }),
    }),
    201,
  )
  const args = ['authorization', '--url', app.server.origin, '--client-id', reg.client_id]
  const proc = Bun.spawn([BUN, SUITE, ...args, '--resource', server.url, '-p', String(port), '-o', outDir], {
    cwd: ROOT,
    stdout: 'pipe',
    stderr: 'pipe',
  })
  const timer = setTimeout(() => proc.kill(), 60_000)
  let stdout = ''
  const reading = (async () => {
    for await (const chunk of proc.stdout) stdout += new TextDecoder().decode(chunk)
  })()
  try {
    // The suite waits for a person to open this URL and finish; the test is that person and the browser.
    const authUrl = await waitFor(
      'the authorization URL from the suite',
      () => stdout.match(/^(http\S+\/mcp\/oauth\/authorize\?\S+)$/m)?.[1],
      { timeoutMs: 30_000 },
    )
    const back = await approve(authUrl, app.apiKey)
    expect(`${back.origin}${back.pathname}`).toBe(`http://127.0.0.1:${port}/callback`)
    expect((await fetch(back)).status).toBe(200)
    const code = await proc.exited
    await reading

    const results = new Map<string, { id: string; status: string; errorMessage?: string }[]>()
    for (const dir of readdirSync(outDir)) {
      const scenario = SCENARIOS.find((s) => dir.startsWith(`${s}-`) || dir.includes(s))
      if (scenario) results.set(scenario, JSON.parse(readFileSync(join(outDir, dir, 'checks.json'), 'utf8')))
    }
    const failures = [...results].flatMap(([s, checks]) =>
      checks.filter((c) => c.status !== 'SUCCESS').map((c) => `${s}: ${c.id} ${c.status} ${c.errorMessage ?? ''}`),
    )
    expect({ failures, found: [...results.keys()].sort() }).toEqual({ failures: [], found: [...SCENARIOS].sort() })
    expect(code).toBe(0)
  } finally {
    clearTimeout(timer)
    proc.kill()
  }
}, 90_000)
