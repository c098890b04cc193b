// A provider whose access tokens live shorter than the refresh margin (900 s by default): the scheduled job refreshes
// at most about once per token lifetime (the margin is capped at half the lifetime), not on every run.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { connectProvider, type MockIdp, type RecordingApp, startMockIdp, startRecordingApp } from '../helpers/oauth-idp'

const LIFETIME_S = 10
let app: RecordingApp
let idp: MockIdp

beforeAll(async () => {
  idp = await startMockIdp()
  // Every token the provider issues lives LIFETIME_S seconds.
  idp.server.service.on('beforeResponse', (response: { body: Record<string, unknown> }) => {
    if (typeof response.body.access_token === 'string') response.body.expires_in = LIFETIME_S
  })
  app = await startRecordingApp({ TOOLYARD_OAUTH_REFRESH_INTERVAL_S: '1' })
})
afterAll(async () => {
  await app?.stop()
  await idp?.stop()
})

test('tokens living 10 s, the job running every second: about one refresh per 5 s, not one per run', async () => {
  expect(await connectProvider(app, idp, 'short')).toBeString()

  const refreshes = () => idp.calls.filter((c) => c.grant_type === 'refresh_token').length
  const before = refreshes()
  // 12 runs of the job; a refresh is due once half a lifetime (5 s) passed since the token was obtained.
  await Bun.sleep(12_000)
  const count = refreshes() - before
  // Before the cap every run refreshed (about 12); now about 2. The bounds leave room for a slow machine.
  expect(count).toBeGreaterThanOrEqual(1)
  expect(count).toBeLessThanOrEqual(5)
}, 30_000)
