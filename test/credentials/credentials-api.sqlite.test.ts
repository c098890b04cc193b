// SQLite only: the data dir's file (its pages and WAL) holds no secret in clear text; credentials-api.test.ts makes
// the same promise for the rows on either backend, this one is about the file's bytes.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { join } from 'node:path'
import { startTestApp, type TestApp } from '../helpers/app'

const SECRET = 'sk-live-credentials-file-test-2c81e4'
const CLIENT_SECRET = 'client-secret-providers-file-test-9a07'
let app: TestApp

beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

test('secrets are not stored in clear text in the SQLite file', async () => {
  const cred = await app.api('/credentials', {
    body: { name: 'openai key', provider_id: 'api_key', credential_data: { api_key: SECRET } },
  })
  expect(cred.status).toBe(201)
  const provider = await app.api('/providers', {
    body: {
      id: 'acme',
      name: 'Acme',
      auth_type: 'oauth',
      authorize_url: 'http://127.0.0.1:9/authorize',
      token_url: 'http://127.0.0.1:9/token',
      client_id: 'acme-client',
      client_secret: CLIENT_SECRET,
    },
  })
  expect(provider.status).toBe(201)

  await app.sql('PRAGMA wal_checkpoint(PASSIVE)')
  const file = join(app.dataDir, 'toolyard.sqlite')
  const bytes = Buffer.concat(
    [
      await Bun.file(file).bytes(),
      (await Bun.file(`${file}-wal`).exists()) ? await Bun.file(`${file}-wal`).bytes() : new Uint8Array(),
    ].map((b) => Buffer.from(b)),
  )
  expect(bytes.includes(Buffer.from(SECRET))).toBe(false)
  expect(bytes.includes(Buffer.from(CLIENT_SECRET))).toBe(false)
  // The rows exist and carry sealed values with a data-key id.
  const [row] = await app.sql("SELECT data_sealed FROM credentials WHERE name = 'openai key'")
  expect(String(row!.data_sealed)).toMatch(/^v1\.[0-9a-f-]{36}\.[\w-]+\.[\w-]+$/)
  const [own] = await app.sql("SELECT client_secret_sealed FROM providers WHERE id = 'acme'")
  expect(String(own!.client_secret_sealed)).toMatch(/^v1\./)
})
