// Runs the official MCP conformance suite (@modelcontextprotocol/conformance, all server scenarios incl. the
// pending ones) against a real Toolyard instance provisioned only through its REST API. No expected failures.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { join } from 'node:path'
import { ROOT, startTestApp, type TestApp, tempDirs } from '../helpers/app'
import { readChecks, runSuite } from '../helpers/conformance-suite'
import { provisionConformanceServer } from './provision'

const SUITE = join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js')
const RUN_TIMEOUT_MS = 120_000

const SCENARIOS = [
  'server-initialize',
  'logging-set-level',
  'ping',
  'completion-complete',
  'tools-list',
  'tools-call-simple-text',
  'tools-call-image',
  'tools-call-audio',
  'tools-call-embedded-resource',
  'tools-call-mixed-content',
  'tools-call-with-logging',
  'tools-call-error',
  'tools-call-with-progress',
  'tools-call-sampling',
  'tools-call-elicitation',
  'json-schema-2020-12',
  'elicitation-sep1034-defaults',
  'server-sse-polling',
  'server-sse-multiple-streams',
  'elicitation-sep1330-enums',
  'resources-list',
  'resources-read-text',
  'resources-read-binary',
  'resources-templates-read',
  'resources-subscribe',
  'resources-unsubscribe',
  'prompts-list',
  'prompts-get-simple',
  'prompts-get-with-args',
  'prompts-get-embedded-resource',
  'prompts-get-with-image',
  'dns-rebinding-protection',
]

let app: TestApp
const outDir = tempDirs('toolyard-conformance-')()

beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

test(
  'every server scenario of the conformance suite passes',
  async () => {
    const { slug } = await provisionConformanceServer(app.base, app.apiKey)
    // The dns-rebinding scenario requires a loopback host name in the URL.
    const url = `http://localhost:${app.server.port}/mcp/${slug}`
    const { stdout, stderr, code } = await runSuite(
      SUITE,
      ['server', '--url', url, '--suite', 'all', '-o', outDir],
      RUN_TIMEOUT_MS,
    )
    const summary = stdout.slice(stdout.indexOf('=== SUMMARY ==='))

    const results = readChecks(outDir, SCENARIOS)
    const failures = [...results].flatMap(([s, checks]) =>
      checks.filter((c) => c.status === 'FAILURE').map((c) => `${s}: ${c.id} ${c.errorMessage ?? ''}`),
    )
    expect({ failures, missing: SCENARIOS.filter((s) => !results.has(s)), stderr: code === 0 ? '' : stderr }).toEqual({
      failures: [],
      missing: [],
      stderr: '',
    })
    expect(code).toBe(0)
    expect(summary).toContain(' 0 failed')
    // Warnings are not failures for the suite, but this server has none; keep it that way.
    const warnings = [...results].flatMap(([s, checks]) =>
      checks.filter((c) => c.status === 'WARNING').map((c) => `${s}: ${c.id}`),
    )
    expect(warnings).toEqual([])
  },
  RUN_TIMEOUT_MS + 30_000,
)
