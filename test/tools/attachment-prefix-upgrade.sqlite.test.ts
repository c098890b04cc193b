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

test('a catalog toolkit attached before the upgrade keeps its tools’ names; one attached after gets the service prefix', async () => {
  const dataDir = newDir()
  const before = await startTestApp({}, { dataDir })
  const server = await createServer(before, { name: 'attached before', toolkits: [{ toolkit_id: 'prebuilt-github' }] })
  await before.stop()

  // The schema as it was before the migration that added prefixes: the attachment row as an older release stored it.
  // The schema version just before the migration that adds the column (its index in the list).
  const version = migrations.findIndex((m) => m.includes('ADD COLUMN prefix'))
  expect(version).toBeGreaterThan(0)
  const db = new Database(join(dataDir, 'toolyard.sqlite'))
  db.run('ALTER TABLE server_toolkits DROP COLUMN prefix')
  // Nor the columns later migrations add (they run again after it).
  db.run('ALTER TABLE tools DROP COLUMN meta')
  db.run(`PRAGMA user_version = ${version}`)
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
