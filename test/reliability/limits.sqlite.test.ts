// SQLite only (the PostgreSQL pass skips *.sqlite.test.ts): the subject is a PRAGMA of the app's own SQLite connection.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { startTestApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

test('SQLite runs with synchronous = FULL', () => {
  const row = app.server.deps.db.query('PRAGMA synchronous').get() as { synchronous: number }
  expect(row.synchronous).toBe(2)
})
