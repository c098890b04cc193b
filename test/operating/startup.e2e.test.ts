// Safe start-up over the real CLI: per-command help, bad values named with what is allowed, one server per data dir,
// a busy port refused, owner-only files, and backup/restore.
import { describe, expect, test } from 'bun:test'
import { existsSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { runCli, startServe, tempDirs } from '../helpers/app'

const fresh = tempDirs('toolyard-ops-')
const mode = (path: string) => statSync(path).mode & 0o777

describe.concurrent('operating: start-up and CLI', () => {
  test('no command prints the usage on stderr and exits 2; <command> --help prints that command', async () => {
    const dir = fresh()
    const none = await runCli([], dir)
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('Usage:')
    expect(none.stdout).toBe('')
    for (const [cmd, marker] of [
      ['backup', 'VACUUM INTO'],
      ['restore', 'Refused while a server runs'],
      ['serve', '--log-level L'],
      ['keys', 'rotate-master'],
    ] as const) {
      const h = await runCli([cmd, '--help'], dir)
      expect(h.code).toBe(0)
      expect(h.stdout).toStartWith(`Usage: toolyard ${cmd}`)
      expect(h.stdout).toContain(marker)
    }
  }, 30_000)

  test('every bad config value exits 2 naming the variable, its flag and the allowed values, without a stack', async () => {
    const dir = fresh()
    const file = join(dir, 'a-file')
    writeFileSync(file, 'x')
    const cases: [Record<string, string>, string, string][] = [
      [{ TOOLYARD_HOST: 'not a host!' }, 'TOOLYARD_HOST (--host)', 'IP address or a host name'],
      [{ TOOLYARD_PORT: '70000' }, 'TOOLYARD_PORT (--port)', '0 to 65535'],
      [{ TOOLYARD_PORT: 'eighty' }, 'TOOLYARD_PORT (--port)', '0 to 65535'],
      [{ TOOLYARD_LOG_LEVEL: 'loud' }, 'TOOLYARD_LOG_LEVEL (--log-level)', 'debug, info, warn, error, silent'],
      [{ TOOLYARD_DATA_DIR: file }, 'TOOLYARD_DATA_DIR (--data-dir)', 'a directory'],
      [{ TOOLYARD_DATA_DIR: join(file, 'sub') }, 'TOOLYARD_DATA_DIR (--data-dir)', 'not a directory'],
      [{ TOOLYARD_CALL_LOG_DAYS: '0' }, 'TOOLYARD_CALL_LOG_DAYS', 'days'],
    ]
    const results = await Promise.all(cases.map(([env]) => runCli(['serve'], dir, { TOOLYARD_PORT: '0', ...env })))
    cases.forEach(([env, name, allowed], i) => {
      const r = results[i]!
      expect({ env, code: r.code }).toEqual({ env, code: 2 })
      expect(r.stderr).toContain(name)
      expect(r.stderr).toContain(allowed)
      expect(r.stderr).not.toContain('    at ')
    })
    const flag = await runCli(['serve', '--host', 'bad_host!'], dir)
    expect(flag.code).toBe(2)
    expect(flag.stderr).toContain('--host')
  }, 30_000)

  test('one server per data dir; a busy port exits 2; the data dir is 0700 and its files 0600', async () => {
    const dir = join(fresh(), 'data')
    const first = await startServe(dir)
    try {
      expect(mode(dir)).toBe(0o700)
      for (const f of [
        'toolyard.sqlite',
        'toolyard.sqlite-wal',
        'toolyard.sqlite-shm',
        'master.key',
        'toolyard.lock',
        'toolyard.pid',
      ])
        expect({ f, mode: mode(join(dir, f)) }).toEqual({ f, mode: 0o600 })
      const second = await runCli(['serve'], dir, { TOOLYARD_PORT: '0' })
      expect(second.code).toBe(2)
      expect(second.stderr).toContain(`data dir ${dir} is in use by pid ${first.proc.pid}`)
      const busyPort = await runCli(['serve'], fresh(), { TOOLYARD_PORT: String(first.port) })
      expect(busyPort.code).toBe(2)
      expect(busyPort.stderr).toContain(`port ${first.port} is already in use`)
      // The first server still answers: the second did not take over its port.
      expect((await fetch(`${first.base}/health`)).status).toBe(200)
    } finally {
      expect(await first.stop()).toBe(0)
    }
    // The pid file goes with a clean stop; the lock file stays (it is only ever locked, never read).
    expect(existsSync(join(dir, 'toolyard.pid'))).toBe(false)
  }, 30_000)

  test('a stale lock of a dead process is taken over', async () => {
    const dir = fresh()
    const dead = Bun.spawnSync(['true'])
    writeFileSync(join(dir, 'toolyard.lock'), `${dead.pid}\n`)
    const server = await startServe(dir)
    const code = await server.stop()
    expect({ code, out: code === 0 ? '' : server.output() }).toEqual({ code: 0, out: '' })
  }, 30_000)

  test('backup is online and says the master key is not in it; restore is refused while a server runs', async () => {
    const dir = fresh()
    const out = fresh()
    const server = await startServe(dir)
    let backupFile = ''
    try {
      const created = await runCli(['projects', 'create', 'acme'], dir)
      expect(created.code).toBe(0)
      backupFile = join(out, 'backup.sqlite')
      const b = await runCli(['backup', backupFile], dir)
      expect(b.code).toBe(0)
      expect(b.stdout).toContain('master key is not in the backup')
      expect(mode(backupFile)).toBe(0o600)
      const again = await runCli(['backup', backupFile], dir)
      expect(again.code).toBe(2)
      expect(again.stderr).toContain('already exists')
      const refused = await runCli(['restore', backupFile], dir)
      expect(refused.code).toBe(2)
      expect(refused.stderr).toContain(`is in use by pid ${server.proc.pid}`)
      // Made after the backup: gone once the backup is restored.
      expect((await runCli(['projects', 'create', 'later'], dir)).code).toBe(0)
    } finally {
      expect(await server.stop()).toBe(0)
    }
    const junk = join(out, 'junk.sqlite')
    writeFileSync(junk, 'not a database')
    const bad = await runCli(['restore', junk], dir)
    expect(bad.code).toBe(2)
    const r = await runCli(['restore', backupFile], dir)
    expect(r.code).toBe(0)
    const names = JSON.parse((await runCli(['projects', 'list', '--json'], dir)).stdout).map(
      (p: { name: string }) => p.name,
    )
    expect(names).toContain('acme')
    expect(names).not.toContain('later')
  }, 30_000)
})
