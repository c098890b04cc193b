// A provider whose access tokens live shorter than the refresh margin (900 s by default): the scheduled job refreshes
// at most about once per token lifetime (the margin is capped at half the lifetime), not on every run.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { connectProvider, type MockIdp, type RecordingApp, startMockIdp, startRecordingApp } from '../helpers/oauth-idp'
import { waitFor } from '../helpers/poll'

// Short enough to keep the test quick, long enough that several one-second runs of the job fall inside one
// half-lifetime, where a capped margin refreshes nothing and an uncapped one refreshes on every run.
const LIFETIME_S = 8
const WINDOW_MS = 3_500
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

test('tokens living 8 s, the job running every second: one refresh per half-lifetime (4 s), not one per run', async () => {
  expect(await connectProvider(app, idp, 'short')).toBeString()

  const refreshes = () => idp.calls.filter((c) => c.grant_type === 'refresh_token').length
  const before = refreshes()
  // The first refresh comes once the token is inside its (capped) margin.
  await waitFor('the first refresh', () => refreshes() > before, { timeoutMs: 20_000 })
  const first = refreshes()
  // The fresh token is due again only after half its lifetime (4 s): in the next 3.5 s the job runs about three
  // times. Before the cap every run refreshed (about 3); now none. The bound leaves room for a slow machine.
  await Bun.sleep(WINDOW_MS)
  expect(refreshes() - first).toBeLessThanOrEqual(1)
}, 30_000)
