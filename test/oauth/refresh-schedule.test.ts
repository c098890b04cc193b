// The refresh job runs on its own: started with the server (every TOOLYARD_OAUTH_REFRESH_INTERVAL_S, here 1 s), it
// refreshes a token that expired.

import { afterAll, beforeAll, expect, test } from 'bun:test'
import { connectProvider, type MockIdp, type RecordingApp, startMockIdp, startRecordingApp } from '../helpers/oauth-idp'
import { waitFor } from '../helpers/poll'

let app: RecordingApp
let idp: MockIdp

beforeAll(async () => {
  idp = await startMockIdp()
  app = await startRecordingApp({ TOOLYARD_OAUTH_REFRESH_INTERVAL_S: '1' })
})
afterAll(async () => {
  await app?.stop()
  await idp?.stop()
})

test('an expired token is refreshed by the scheduled job without any request', async () => {
  const credential_id = await connectProvider(app, idp, 'sched')

  const past = new Date(Date.now() - 60_000).toISOString()
  await app.sql('UPDATE credentials SET expires_at = $at WHERE id = $id', { at: past, id: credential_id })
  const before = idp.calls.filter((c) => c.grant_type === 'refresh_token').length

  // The job fires every second; the poll's deadline allows many periods.
  const refreshed = await waitFor('the scheduled refresh', async () => {
    const cred = (await app.call('/credentials')).body.credentials.find((c: { id: string }) => c.id === credential_id)
    return Date.parse(cred.expires_at) > Date.now() ? cred : undefined
  })
  expect(refreshed.status).toBe('active')
  expect(idp.calls.filter((c) => c.grant_type === 'refresh_token').length).toBe(before + 1)
  // The line is written once the refresh committed, which a reader may see a moment before it (PostgreSQL's job).
  await waitFor('the refresh log line', () =>
    app.logLines.some((l) => l.includes('oauth token refreshed') && l.includes(credential_id)),
  )
})
