// Runs the next conformance suite (0.2.0-alpha.12, installed as `conformance-next`) with --requirements 2026-07-28
// and 2025-11-25 against one instance provisioned only through the REST API. No expected-failures file: every scored
// scenario passes without warnings, and the unscored ones (the tasks extension, pending scenarios) pass as well.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { join } from 'node:path'
import { ROOT, startTestApp, type TestApp, tempDirs } from '../helpers/app'
import { type Check, readChecks, runSuite } from '../helpers/conformance-suite'
import { provisionConformanceServer } from './provision'

const SUITE = join(ROOT, 'node_modules/conformance-next/dist/index.js')
const RUN_TIMEOUT_MS = 150_000

let app: TestApp
let url: string
const dirs = tempDirs('toolyard-conformance-next-')

beforeAll(async () => {
  app = await startTestApp()
  const { slug } = await provisionConformanceServer(app.base, app.apiKey)
  // The dns-rebinding scenario requires a loopback host name in the URL.
  url = `http://localhost:${app.server.port}/mcp/${slug}`
})
afterAll(async () => {
  await app.stop()
})

const run = (args: string[]) => runSuite(SUITE, args, RUN_TIMEOUT_MS)

/** The scored server scenarios and the unscored ones that `list` prints for a revision. */
async function scenarios(revision: string): Promise<{ scored: string[]; unscored: string[] }> {
  const { stdout } = await run(['list', '--server', '--requirements', revision])
  const [required = '', never = ''] = stdout.split('never scored')
  const server = required.slice(required.indexOf('Server scenarios'), required.indexOf('Client scenarios'))
  const scored = [...server.matchAll(/^\s+- (\S+)$/gm)].map((m) => m[1]!)
  const unscored = [...never.matchAll(/^\s+- (\S+) \[server\]$/gm)].map((m) => m[1]!)
  return { scored, unscored }
}

for (const revision of ['2026-07-28', '2025-11-25']) {
  test(
    `every scored scenario of --requirements ${revision} passes, without warnings`,
    async () => {
      const { scored, unscored } = await scenarios(revision)
      expect(scored.length).toBeGreaterThan(20)
      const outDir = dirs()
      const { stdout, stderr, code } = await run(['server', '--url', url, '--requirements', revision, '-o', outDir])
      const got = readChecks(outDir, [...scored, ...unscored])
      const of = (names: string[], status: Check['status']) =>
        names.flatMap((s) =>
          (got.get(s) ?? []).filter((c) => c.status === status).map((c) => `${s}: ${c.id} ${c.errorMessage ?? ''}`),
        )
      expect({
        failures: of(scored, 'FAILURE'),
        // The unscored ones (the tasks extension, pending scenarios) pass too.
        unscored: of(unscored, 'FAILURE'),
        warnings: of(scored, 'WARNING'),
        missing: scored.filter((s) => !got.has(s)),
        stderr: code === 0 ? '' : `${stdout.slice(stdout.indexOf('=== SUMMARY ==='))}\n${stderr}`,
      }).toEqual({ failures: [], unscored: [], warnings: [], missing: [], stderr: '' })
      expect(code).toBe(0)
    },
    RUN_TIMEOUT_MS + 30_000,
  )
}
