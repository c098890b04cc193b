// Load tier (npm run test:load, not npm test): how long planning a large OpenAPI document takes. The plan's content
// (600 tools, counts by tag and method, max_tools) is gated by test/openapi/import.test.ts; its time depends on the
// machine, so it is measured here.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { call } from '../test/helpers/api'
import { startTestApp, type TestApp } from '../test/helpers/app'
import { generatedDocument } from '../test/openapi/fixtures'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(() => app.stop())

test('a generated document of 600 operations plans in under 3 s', async () => {
  const started = performance.now()
  const dry = await call(app, '/toolkits/import/openapi', {
    body: { name: 'big', spec: generatedDocument(600), dry_run: true, max_tools: 1000 },
  })
  const ms = performance.now() - started
  console.log(`openapi plan of 600 operations: ${Math.round(ms)} ms`)
  expect(dry.status).toBe(200)
  expect(ms).toBeLessThan(3000)
})
