// An installation upgraded to attachment prefixes keeps its servers' tool names: a pre-built toolkit attached before
// (no prefix then) is not moved under its service name by the new default; only new attachments get it
// (docs/decisions/0211-attachment-prefix.md). The data dir is taken back to the schema before the prefix column.
import { Database } from 'bun:sqlite'
import { expect, test } from 'bun:test'
import { join } from 'node:path'
import { migrations } from '../../src/db/migrations'
import { createServer, serverDetail } from '../helpers/api'
import { startTestApp, tempDirs } from '../helpers/app'

const newDir = tempDirs('toolyard-prefix-upgrade-')

test('a pre-built toolkit attached before the upgrade keeps its tools’ names; one attached after gets the service prefix', async () => {
  const dataDir = newDir()
  // A database as a release before the prefix column left it: the migrations before that one, and an attachment row
  // as that release stored it. Later migrations then run once, as on a real upgrade.
  const version = migrations.findIndex((m) => m.includes('ADD COLUMN prefix'))
  expect(version).toBeGreaterThan(0)
  const db = new Database(join(dataDir, 'toolyard.sqlite'))
  for (const m of migrations.slice(0, version)) db.exec(m)
  db.run(`PRAGMA user_version = ${version}`)
  const at = new Date().toISOString()
  const server = { id: Bun.randomUUIDv7() }
  db.query('INSERT INTO projects (id, name, created_at) VALUES ($id, $name, $at)').run({
    id: 'p-before',
    name: 'test',
    at,
  })
  db.query(
    `INSERT INTO servers (id, project_id, slug, name, created_at, updated_at)
     VALUES ($id, 'p-before', 'attached-before', 'attached before', $at, $at)`,
  ).run({ id: server.id, at })
  db.query(
    `INSERT INTO server_toolkits (server_id, toolkit_id, position, created_at)
     VALUES ($id, 'prebuilt-github', 0, $at)`,
  ).run({ id: server.id, at })
  db.close()

  const after = await startTestApp({}, { dataDir })
  try {
    const detail = await serverDetail(after, server.id)
    expect(detail.toolkits).toEqual([expect.objectContaining({ toolkit_id: 'prebuilt-github', prefix: '' })])
    expect(detail.tools.map((t: { name: string }) => t.name)).toContain('create_issue')
    const fresh = await createServer(after, { name: 'attached after', toolkits: [{ toolkit_id: 'prebuilt-github' }] })
    expect((await serverDetail(after, fresh.id)).tools.map((t: { name: string }) => t.name)).toContain(
      'github_create_issue',
    )
  } finally {
    await after.stop()
  }
})
