// The command line and the audit trail: the commands that change state (projects create, keys create and revoke,
// apply) join their project's chain naming the command line's user, and `toolyard audit verify` checks every chain,
// naming the first entry removed or altered (exit 1).
import { Database } from 'bun:sqlite'
import { describe, expect, test } from 'bun:test'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runCli, tempDirs } from '../helpers/app'

const dirs = tempDirs('toolyard-audit-cli-')

const rows = (dataDir: string) => {
  const db = new Database(join(dataDir, 'toolyard.sqlite'), { readonly: true })
  try {
    return db
      .query('SELECT seq, actor, action, resource, resource_id FROM audit_entries ORDER BY project_id, seq')
      .all() as any[]
  } finally {
    db.close()
  }
}

describe('toolyard audit', () => {
  test('projects create, keys create and revoke, and apply are entries by the command line; verify finds an altered one', async () => {
    const dataDir = dirs()
    expect((await runCli(['projects', 'create', 'shop'], dataDir)).code).toBe(0)
    const created = await runCli(['keys', 'create', '--project', 'shop', '--json'], dataDir)
    expect(created.code).toBe(0)
    const { key_id, api_key } = JSON.parse(created.stdout.trim().split('\n').pop()!)
    expect((await runCli(['keys', 'revoke', key_id], dataDir)).code).toBe(0)
    const file = join(dataDir, 'toolyard.yaml')
    writeFileSync(file, 'project: shop\nservers:\n  - name: storefront\n')
    const applied = await runCli(['apply', '-f', file], dataDir)
    expect(applied.code).toBe(0)

    const entries = rows(dataDir)
    expect(entries.map((e) => `${e.action} ${e.resource}`)).toEqual([
      'create projects',
      'create keys',
      'delete keys',
      'create servers',
    ])
    expect(entries.map((e) => e.seq)).toEqual([1, 2, 3, 4])
    for (const e of entries) expect(JSON.parse(e.actor).kind).toBe('cli')
    expect(JSON.stringify(entries)).not.toContain(api_key)

    const ok = await runCli(['audit', 'verify', '--project', 'shop'], dataDir)
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain('ok      shop: 4 entries')

    const db = new Database(join(dataDir, 'toolyard.sqlite'))
    db.run(`UPDATE audit_entries SET resource_id = 'someone-else' WHERE seq = 3`)
    db.close()
    const broken = await runCli(['audit', 'verify', '--json'], dataDir)
    expect(broken.code).toBe(1)
    const [result] = JSON.parse(broken.stdout)
    expect(result).toMatchObject({ project: 'shop', ok: false, first_bad: { seq: 3, problem: 'altered' } })
  })

  test('verify names an unknown project and refuses another sub-command', async () => {
    const dataDir = dirs()
    expect((await runCli(['projects', 'create', 'shop'], dataDir)).code).toBe(0)
    const unknown = await runCli(['audit', 'verify', '--project', 'nope'], dataDir)
    expect(unknown.code).toBe(2)
    expect(unknown.stderr).toContain('no project named "nope"')
    const other = await runCli(['audit', 'list'], dataDir)
    expect(other.code).toBe(2)
    expect(other.stderr).toContain('audit verify')
  })
})
