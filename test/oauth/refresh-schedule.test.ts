// The refresh job runs on its own: started with the server (every 30 s), it refreshes a token that expired.

import { Database } from 'bun:sqlite'
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { join } from 'node:path'
import { waitFor } from '../foundation/process'
import { authorize, type MockIdp, type RecordingApp, startMockIdp, startRecordingApp } from './fixture'

let app: RecordingApp
let idp: MockIdp

beforeAll(async () => {
  idp = await startMockIdp()
  app = await startRecordingApp()
})
afterAll(async () => {
  await app?.stop()
  await idp?.stop()
})

test('an expired token is refreshed by the scheduled job without any request', async () => {
  await app.call('/providers', {
    body: {
      id: 'sched',
      name: 'Sched',
      auth_type: 'oauth',
      authorize_url: `${idp.issuer}/authorize`,
      token_url: `${idp.issuer}/token`,
      client_id: 'sched-client',
      client_secret: 'sched-secret-value',
    },
  })
  const init = await app.call('/oauth/init', {
    body: { provider_id: 'sched', redirect_uri: 'http://127.0.0.1:1/cb', scopes: ['read'] },
  })
  const { code, state } = await authorize(init.body.auth_url)
  await app.call('/oauth/callback', { body: { code, state } })
  const { credential_id } = (await app.call('/oauth/exchange-token', { body: { state } })).body

  const sql = new Database(join(app.dataDir, 'toolyard.sqlite'))
  const past = new Date(Date.now() - 60_000).toISOString()
  sql.query('UPDATE credentials SET expires_at = $at WHERE id = $id').run({ at: past, id: credential_id })
  sql.close()
  const before = idp.calls.filter((c) => c.grant_type === 'refresh_token').length

  // The job fires at :00 and :30 of every minute; allow well over one period.
  const refreshed = await waitFor(
    'the scheduled refresh',
    async () => {
      const cred = (await app.call('/credentials')).body.credentials.find((c: { id: string }) => c.id === credential_id)
      return Date.parse(cred.expires_at) > Date.now() ? cred : undefined
    },
    50_000,
  )
  expect(refreshed.status).toBe('active')
  expect(idp.calls.filter((c) => c.grant_type === 'refresh_token').length).toBe(before + 1)
  expect(app.logLines.some((l) => l.includes('oauth token refreshed') && l.includes(credential_id))).toBe(true)
}, 60_000)
