// SQLite only: after an OAuth flow and a refresh, the data dir's file (its pages and WAL) holds no secret in clear
// text; flow.test.ts makes the same promise for the rows on either backend, this one is about the file's bytes.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { join } from 'node:path'
import { refreshOAuthTokens } from '../../src/modules/credentials/oauth/refresh-job'
import { connectProvider, type MockIdp, type RecordingApp, startMockIdp, startRecordingApp } from '../helpers/oauth-idp'

const STATIC_SECRET = 'static-api-key-file-scan-5e19b0c3'
let app: RecordingApp
let idp: MockIdp

beforeAll(async () => {
  idp = await startMockIdp()
  app = await startRecordingApp()
  // Refreshes happen only when the test asks.
  app.server.deps.scheduler.stop()
})
afterAll(async () => {
  await app?.stop()
  await idp?.stop()
})

test('the SQLite file holds no client secret, token, code or verifier in clear text', async () => {
  const credentialId = await connectProvider(app, idp, 'filescan')
  expect(credentialId).toBeString()
  await app.sql('UPDATE credentials SET expires_at = $at WHERE id = $id', {
    at: new Date(Date.now() - 60_000).toISOString(),
    id: credentialId,
  })
  expect((await refreshOAuthTokens(app.server.deps)).refreshed).toBe(1)
  const stat = await app.call('/credentials', {
    body: { name: 'static', provider_id: 'api_key', credential_data: { api_key: STATIC_SECRET } },
  })
  expect(stat.status).toBe(201)

  const secrets = [
    'filescan-secret-value',
    STATIC_SECRET,
    ...idp.issued,
    ...idp.calls.flatMap((c) => [c.body.code, c.body.code_verifier]).filter((v): v is string => !!v),
  ]
  // Access and refresh tokens of the exchange and of the refresh, the code and its verifier.
  expect(idp.issued.length).toBeGreaterThanOrEqual(4)
  expect(secrets.length).toBeGreaterThanOrEqual(8)
  const file = join(app.dataDir, 'toolyard.sqlite')
  const bytes = Buffer.concat(
    await Promise.all(
      [file, `${file}-wal`].map(async (p) =>
        (await Bun.file(p).exists()) ? Buffer.from(await Bun.file(p).bytes()) : Buffer.alloc(0),
      ),
    ),
  )
  // The scan sees the rows: the provider's client id is stored as it is.
  expect(bytes.includes(Buffer.from('filescan-client'))).toBe(true)
  for (const s of secrets) expect(bytes.includes(Buffer.from(s))).toBe(false)
})
