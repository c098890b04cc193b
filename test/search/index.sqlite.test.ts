// SQLite only: the FTS5 index's triggers are re-created at start because a later SQLite migration that rebuilds a
// table drops them; PostgreSQL keeps its triggers in the migration that creates the table and rebuilds no table.
import { afterAll, beforeAll, expect, test } from 'bun:test'
import { ensureToolSearchIndex } from '../../src/db/tool-search-index'
import { call, createServer, createTool, createToolkit } from '../helpers/api'
import { startTestApp, type TestApp } from '../helpers/app'

let app: TestApp
beforeAll(async () => {
  app = await startTestApp()
})
afterAll(async () => {
  await app.stop()
})

async function search(serverId: string, q: string): Promise<string[]> {
  const r = await call(app, `/servers/${serverId}/tools/search?q=${encodeURIComponent(q)}&limit=50`)
  if (r.status !== 200) throw new Error(`search answered ${r.status}: ${r.text}`)
  return (r.body.data.tools as { name: string }[]).map((t) => t.name)
}

test('the index is rebuilt at start when its triggers are missing (a later migration rebuilt the tables)', async () => {
  const kit = await createToolkit(app, 'rebuild-kit')
  await createTool(app, { toolkit_id: kit.id, name: 'okapi_counter', function_name: 'builtin.utilities.echo' })
  const s = await createServer(app, { name: 'rebuild', toolkits: [{ toolkit_id: kit.id }] })
  const { db } = app.server.deps
  db.exec('DROP TRIGGER tool_search_v1_tools_insert')
  db.exec("DELETE FROM tool_search WHERE tool_id NOT LIKE 'prebuilt%'")
  expect(await search(s.id, 'okapi')).toEqual([])
  ensureToolSearchIndex(db)
  expect(await search(s.id, 'okapi')).toEqual(['okapi_counter'])
})
