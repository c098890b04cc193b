// The key commands and key records: read-only commands never create a database, `--expires-in 0d` is refused (it
// made a key that never expires), `keys list` shows the role and when a key was last used, and "last used" is set
// on use (at most once a minute per key). Real CLI processes and a real server on the same data dir.
import { afterAll, describe, expect, setDefaultTimeout, test } from 'bun:test'
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { call } from '../helpers/api'
import { runCli, startTestApp, type TestApp, tempDirs } from '../helpers/app'

setDefaultTimeout(30_000)
const fresh = tempDirs('toolyard-keys-cli-')
const apps: TestApp[] = []
afterAll(async () => {
  for (const a of apps) await a.stop()
})

describe('key commands', () => {
  test('read-only commands in a directory without a data dir say there is no database and create nothing', async () => {
    const dir = fresh()
    for (const args of [
      ['keys', 'list', '--project', 'acme'],
      ['keys', 'revoke', '01900000-0000-7000-8000-000000000000'],
      ['keys', 'rotate-master'],
      ['projects', 'list'],
      ['export', '--project', 'acme'],
    ]) {
      // As in the issue: the default ./data, relative to the directory the command runs in.
      const r = await runCli(args, './data', {}, { cwd: dir })
      expect({ args, code: r.code }).toEqual({ args, code: 2 })
      expect(r.stderr).toContain('no database in ./data')
      expect(readdirSync(dir)).toEqual([])
    }
  })

  test('keys create on a fresh directory still creates the database and the project (as the README says)', async () => {
    const dir = fresh()
    const r = await runCli(['keys', 'create', '--project', 'acme', '--json'], './data', {}, { cwd: dir })
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout).role).toBe('admin')
    expect(existsSync(join(dir, 'data', 'toolyard.sqlite'))).toBe(true)
  })

  test('--expires-in 0d (or 0h, 0s, or past 3650d) is refused and makes no key; 1d still works', async () => {
    const dir = fresh()
    expect((await runCli(['projects', 'create', 'p'], dir)).code).toBe(0)
    for (const d of ['0d', '0h', '0s', '3651d', '99999999999w']) {
      const r = await runCli(['keys', 'create', '--project', 'p', '--expires-in', d], dir)
      expect({ d, code: r.code }).toEqual({ d, code: 2 })
      expect(r.stderr).toContain('above zero')
    }
    expect(JSON.parse((await runCli(['keys', 'list', '--project', 'p', '--json'], dir)).stdout)).toEqual([])
    const ok = await runCli(['keys', 'create', '--project', 'p', '--expires-in', '1d', '--json'], dir)
    expect(ok.code).toBe(0)
    const [key] = JSON.parse((await runCli(['keys', 'list', '--project', 'p', '--json'], dir)).stdout)
    expect(Date.parse(key.expires_at)).toBeGreaterThan(Date.now())
  })

  test('the admin API refuses expires_in "0d" too', async () => {
    const token = 'admin-token-for-key-commands-0123'
    const app = await startTestApp({ TOOLYARD_ADMIN_TOKEN: token })
    apps.push(app)
    const r = await call(app, `/admin/projects/${app.projectId}/keys`, {
      body: { expires_in: '0d' },
      key: null,
      headers: { authorization: `Bearer ${token}` },
    })
    expect(r.status).toBe(400)
    expect(r.body.error).toContain('above zero')
  })

  test('keys list shows each key role; last used is set on use, at most once a minute, and shown', async () => {
    const dir = fresh()
    const app = await startTestApp({}, { dataDir: dir })
    apps.push(app)
    const mcp = await runCli(['keys', 'create', '--project', 'test', '--role', 'mcp', '--name', 'client'], dir)
    expect(mcp.code).toBe(0)
    const before = await runCli(['keys', 'list', '--project', 'test'], dir)
    const lines = before.stdout.trim().split('\n')
    expect(lines).toHaveLength(2)
    expect(lines.find((l) => l.includes('  test  '))).toMatch(/ {2}admin {2}active {2}last used never$/)
    expect(lines.find((l) => l.includes('  client  '))).toMatch(/ {2}mcp {2}active {2}last used never$/)

    // Set by this use: between the clock before and after it (an order; a stored time may drop its milliseconds).
    const usedFrom = Date.now() - 1000
    expect((await call(app, '/servers')).status).toBe(200)
    const usedBy = Date.now()
    const usedAt = (await call(app, '/keys')).body.keys.find((k: { name: string }) => k.name === 'test').last_used_at
    expect(Date.parse(usedAt)).toBeGreaterThanOrEqual(usedFrom)
    expect(Date.parse(usedAt)).toBeLessThanOrEqual(usedBy)
    // Used again within the minute: not written again.
    expect((await call(app, '/servers')).status).toBe(200)
    const again = (await call(app, '/keys')).body.keys.find((k: { name: string }) => k.name === 'test')
    expect(again.last_used_at).toBe(usedAt)
    const after = await runCli(['keys', 'list', '--project', 'test'], dir)
    expect(after.stdout).toContain(`admin  active  last used ${usedAt}`)
  })
})
