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

test('a flush of a large call-log batch (multi-row statements) keeps synchronous = FULL', async () => {
  const { deps } = app.server
  for (let i = 0; i < 123; i++)
    deps.callLog.observer.called({ kind: 'tool', projectId: app.projectId, name: 'bulk', outcome: 'ok', durationMs: i })
  await deps.callLog.flush()
  const [row] = await app.sql(`SELECT COUNT(*) AS n FROM call_log WHERE name = 'bulk'`)
  expect(row?.n).toBe(123)
  expect(deps.db.query<{ synchronous: number }, []>('PRAGMA synchronous').get()?.synchronous).toBe(2)
})
