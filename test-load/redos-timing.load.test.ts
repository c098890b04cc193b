// Load tier (npm run test:load, not npm test): catastrophic user patterns answer at once because they run on RE2
// (linear time). That RE2 is the engine, and the 400 each answers, are gated by test/reliability/budgets.test.ts; how
// long eight of them take depends on the machine, so it is measured here.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { call, serverWithToolkits, toolkitWithTools } from '../test/helpers/api'
import { startTestApp, type TestApp } from '../test/helpers/app'

let app: TestApp
let serverId: string
beforeAll(async () => {
  app = await startTestApp()
  const kit = await toolkitWithTools(app, 'budget', [
    {
      name: 'redos',
      code: 'export default async (input) => ({ ok: true })',
      input_schema: { type: 'object', properties: { s: { type: 'string', pattern: '^(a+)+$' } } },
    },
  ])
  serverId = (await serverWithToolkits(app, 'budgets', [kit])).id
})
afterAll(() => app.stop())

test('eight catastrophic patterns answer in under 1.5 s (a backtracking engine spends about 0.5 s on each)', async () => {
  const t0 = performance.now()
  const results = await Promise.all(
    Array.from({ length: 8 }, () =>
      call(app, '/tools/call', {
        body: { name: 'redos', arguments: { s: `${'a'.repeat(32)}!` }, server_id: serverId },
      }),
    ),
  )
  const ms = performance.now() - t0
  console.log(`eight catastrophic patterns: ${Math.round(ms)} ms`)
  for (const r of results) expect(r.status).toBe(400)
  expect(ms).toBeLessThan(1500)
})
