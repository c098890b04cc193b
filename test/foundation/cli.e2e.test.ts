// Every CLI command, run as a real child process against a temp data dir.
import { describe, expect, setDefaultTimeout, test } from 'bun:test'
import pkg from '../../package.json'
import { runCli, startServe, tempDirs } from '../helpers/app'

const fresh = tempDirs('toolyard-cli-')
// Concurrent tests do not take bunfig's timeout: ten CLI children at once on a busy machine need more than 5 s.
setDefaultTimeout(30_000)

const lastLine = (s: string) => s.trimEnd().split('\n').pop()!

// Every test has its own data dir and processes, so they run side by side.
describe('toolyard CLI', () => {
  test('--version prints the version and --help lists every command', async () => {
    const dir = fresh()
    const v = await runCli(['--version'], dir)
    expect(v.code).toBe(0)
    expect(v.stdout.trim()).toBe(pkg.version)
    const h = await runCli(['--help'], dir)
    expect(h.code).toBe(0)
    for (const cmd of [
      'serve',
      'projects create',
      'projects list',
      'keys create',
      'keys list',
      'keys revoke',
      'migrate',
      '--version',
    ])
      expect(h.stdout).toContain(cmd)
  })

  test('an unknown command or option fails with a usage message', async () => {
    const dir = fresh()
    const r = await runCli(['frobnicate'], dir)
    expect(r.code).not.toBe(0)
    expect(r.stderr).toContain('unknown command')
    const o = await runCli(['projects', 'list', '--bogus'], dir)
    expect(o.code).not.toBe(0)
    expect(o.stderr).toContain('--bogus')
  })

  test('migrate brings an empty database to the latest version, then reports it up to date', async () => {
    const dir = fresh()
    const first = await runCli(['migrate'], dir)
    expect(first.code).toBe(0)
    expect(first.stdout).toMatch(/migrated database from version 0 to \d+/)
    const second = await runCli(['migrate'], dir)
    expect(second.code).toBe(0)
    expect(second.stdout).toContain('up to date')
  })

  test('projects create and list; a duplicate name is refused', async () => {
    const dir = fresh()
    const created = await runCli(['projects', 'create', 'acme', '--json'], dir)
    expect(created.code).toBe(0)
    const project = JSON.parse(created.stdout)
    expect(project.name).toBe('acme')
    expect(project.id).toMatch(/^[0-9a-f-]{36}$/)
    expect((await runCli(['projects', 'create', 'globex'], dir)).stdout).toContain('globex')

    const list = await runCli(['projects', 'list', '--json'], dir)
    expect(list.code).toBe(0)
    expect(JSON.parse(list.stdout).map((p: { name: string }) => p.name)).toEqual(['acme', 'globex'])
    const plain = await runCli(['projects', 'list'], dir)
    expect(plain.stdout).toContain(project.id)

    const dup = await runCli(['projects', 'create', 'acme'], dir)
    expect(dup.code).not.toBe(0)
    expect(dup.stderr).toContain('already exists')
  })

  test('keys create prints the key alone on the last line, or one JSON line with --json', async () => {
    const dir = fresh()
    const plain = await runCli(['keys', 'create', '--project', 'acme', '--name', 'ci'], dir)
    expect(plain.code).toBe(0)
    expect(lastLine(plain.stdout)).toMatch(/^tyk_[A-Za-z0-9_-]{43}$/)

    const json = await runCli(['keys', 'create', '--project', 'acme', '--json'], dir)
    expect(json.code).toBe(0)
    const lines = json.stdout.trim().split('\n')
    expect(lines).toHaveLength(1)
    const out = JSON.parse(lines[0]!)
    expect(Object.keys(out).sort()).toEqual(['api_key', 'key_id', 'project_id', 'role', 'server_ids'])
    expect(out).toMatchObject({ role: 'admin', server_ids: null })
    expect(out.api_key).toMatch(/^tyk_[A-Za-z0-9_-]{43}$/)

    // The project was created on the fly, and both keys belong to it.
    const projects = JSON.parse((await runCli(['projects', 'list', '--json'], dir)).stdout)
    expect(projects.map((p: { id: string }) => p.id)).toEqual([out.project_id])

    const keys = await runCli(['keys', 'list', '--project', 'acme', '--json'], dir)
    const listed = JSON.parse(keys.stdout)
    expect(listed).toHaveLength(2)
    expect(listed.map((k: { id: string }) => k.id)).toContain(out.key_id)
    expect(listed.find((k: { name: string }) => k.name === 'ci')).toBeDefined()
    // Only the display prefix is ever shown again, never the key or its hash.
    expect(keys.stdout).not.toContain(out.api_key)
    expect(keys.stdout).not.toContain('hash')
    expect(out.api_key.startsWith(listed[1].prefix)).toBe(true)
  })

  test('keys create --expires-in sets an expiry; a bad duration names the problem', async () => {
    const dir = fresh()
    const r = await runCli(['keys', 'create', '--project', 'p', '--expires-in', '30d', '--json'], dir)
    expect(r.code).toBe(0)
    const [key] = JSON.parse((await runCli(['keys', 'list', '--project', 'p', '--json'], dir)).stdout)
    const days = (Date.parse(key.expires_at) - Date.now()) / 86_400_000
    expect(days).toBeGreaterThan(29)
    expect(days).toBeLessThanOrEqual(30)
    const bad = await runCli(['keys', 'create', '--project', 'p', '--expires-in', 'soon'], dir)
    expect(bad.code).not.toBe(0)
    expect(bad.stderr).toContain('expires_in')
  })

  test('keys list for an unknown project fails; keys revoke of an unknown id fails', async () => {
    const dir = fresh()
    // A database to look in (without one, both say there is none: test/keys/key-commands.e2e.test.ts).
    expect((await runCli(['projects', 'create', 'other'], dir)).code).toBe(0)
    const list = await runCli(['keys', 'list', '--project', 'nope'], dir)
    expect(list.code).not.toBe(0)
    expect(list.stderr).toContain('nope')
    const revoke = await runCli(['keys', 'revoke', '01900000-0000-7000-8000-000000000000'], dir)
    expect(revoke.code).not.toBe(0)
    expect(revoke.stderr).toContain('not found')
  })

  test('keys revoke: a running server answers 401 for the revoked key from then on', async () => {
    const dir = fresh()
    const server = await startServe(dir)
    try {
      const created = JSON.parse((await runCli(['keys', 'create', '--project', 'acme', '--json'], dir)).stdout)
      const get = () => fetch(`${server.base}/servers`, { headers: { 'X-API-Key': created.api_key } })
      expect((await get()).status).toBe(200)

      const revoked = await runCli(['keys', 'revoke', created.key_id], dir)
      expect(revoked.code).toBe(0)
      expect(revoked.stdout).toContain(created.key_id)

      const after = await get()
      expect(after.status).toBe(401)
      expect((await after.json()).code).toBe('unauthorized')
      const listed = JSON.parse((await runCli(['keys', 'list', '--project', 'acme', '--json'], dir)).stdout)
      expect(listed[0].revoked_at).toBeString()
    } finally {
      expect(await server.stop()).toBe(0)
    }
  })

  test('--data-dir works on the key commands as on serve', async () => {
    const dir = fresh()
    const other = fresh()
    const r = await runCli(['keys', 'create', '--project', 'x', '--json', '--data-dir', other], dir)
    expect(r.code).toBe(0)
    expect(JSON.parse((await runCli(['projects', 'list', '--json'], other)).stdout)).toHaveLength(1)
    // Nothing was written to the default dir: it still has no database.
    const empty = await runCli(['projects', 'list', '--json'], dir)
    expect(empty.code).toBe(2)
    expect(empty.stderr).toContain('no database')
  })

  test('a bad configuration value stops the process with exit code 2 naming the variable', async () => {
    const dir = fresh()
    const cases: [Record<string, string>, string][] = [
      [{ TOOLYARD_PORT: 'eighty' }, 'TOOLYARD_PORT'],
      [{ TOOLYARD_PORT: '70000' }, 'TOOLYARD_PORT'],
      [{ TOOLYARD_LOG_LEVEL: 'loud' }, 'TOOLYARD_LOG_LEVEL'],
      [{ TOOLYARD_PUBLIC_URL: 'not a url' }, 'TOOLYARD_PUBLIC_URL'],
      [{ TOOLYARD_RATE_LIMITS: '{"servers_read":"many"}' }, 'TOOLYARD_RATE_LIMITS'],
      [{ TOOLYARD_RATE_LIMITS: '{"sever_read":3}' }, 'TOOLYARD_RATE_LIMITS'],
      [{ TOOLYARD_ALLOW_PRIVATE_EGRESS: 'maybe' }, 'TOOLYARD_ALLOW_PRIVATE_EGRESS'],
      [{ TOOLYARD_MASTER_KEY: 'short' }, 'TOOLYARD_MASTER_KEY'],
      [{ TOOLYARD_ADMIN_TOKEN: 'tiny' }, 'TOOLYARD_ADMIN_TOKEN'],
    ]
    const results = await Promise.all(cases.map(([env]) => runCli(['serve'], dir, { TOOLYARD_PORT: '0', ...env })))
    cases.forEach(([env, name], i) => {
      expect({ env, code: results[i]!.code }).toEqual({ env, code: 2 })
      expect(results[i]!.stderr).toContain(name)
    })
    // The master key is never echoed back.
    const mk = await runCli(['serve'], dir, { TOOLYARD_MASTER_KEY: 'c2VjcmV0LXZhbHVl' })
    expect(mk.stderr).not.toContain('c2VjcmV0LXZhbHVl')
    // A serve flag is checked the same way.
    const flag = await runCli(['serve', '--port', 'x'], dir)
    expect(flag.code).toBe(2)
    expect(flag.stderr).toContain('TOOLYARD_PORT')
  })
})
